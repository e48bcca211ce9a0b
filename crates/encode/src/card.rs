//! Cardinality constraints: exactly-one (pairwise), and at-most-k through rustsat's totalizer,
//! written into our clause sink. The
//! totalizer allocates its variables after the sink's, and its clauses are copied over as
//! DIMACS literals; nothing else of rustsat leaks into the encodings.

use puzzlec_ir::{ClauseSink, Lit};
use rustsat::encodings::card::{BoundUpper, Totalizer};
use rustsat::instances::{BasicVarManager, Cnf as RsCnf, ManageVars};
use rustsat::types::{Lit as RsLit, Var};

/// Exactly one of `lits` (at least one, and pairwise at most one: the lists are short).
pub fn exactly_one(sink: &mut impl ClauseSink, lits: &[Lit]) {
    sink.add_clause(lits);
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            sink.add_clause(&[-a, -b]);
        }
    }
}

/// Adds `lits[0] + lits[1] + ... <= k`; with a `guard`, only when the guard literal is true
/// (the totalizer's definitions are unconditional, its bound is not).
pub fn at_most(sink: &mut impl ClauseSink, lits: &[Lit], k: usize, guard: Option<Lit>) {
    if lits.len() <= k {
        return;
    }
    let mut tot: Totalizer = lits.iter().map(|&l| RsLit::from_ipasir(l).expect("non-zero literal")).collect();
    let mut vars = BasicVarManager::from_next_free(Var::new(sink.num_vars()));
    let mut clauses = RsCnf::new();
    tot.encode_ub(k..=k, &mut clauses, &mut vars).expect("memory for a small totalizer");
    while sink.num_vars() < vars.n_used() {
        sink.new_var(None);
    }
    for clause in clauses.iter() {
        let lits: Vec<Lit> = clause.iter().map(|l| l.to_ipasir()).collect();
        sink.add_clause(&lits);
    }
    for unit in tot.enforce_ub(k).expect("encoded for k just above") {
        let clause: Vec<Lit> = guard.map(|g| -g).into_iter().chain([unit.to_ipasir()]).collect();
        sink.add_clause(&clause);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlec_ir::Cnf;

    /// Every assignment of 5 inputs: the constraint admits exactly those with at most k true.
    #[test]
    fn agrees_with_the_truth_table() {
        for k in 0..=5 {
            let mut cnf = Cnf::new();
            let inputs: Vec<Lit> = (0..5).map(|_| cnf.new_var(None)).collect();
            at_most(&mut cnf, &inputs, k, None);
            for mask in 0u32..32 {
                let mut solver = cadical_check::CaDiCal::new();
                for c in cnf.clauses() {
                    solver.clause6(c);
                }
                for (i, &l) in inputs.iter().enumerate() {
                    solver.assume(if mask >> i & 1 == 1 { l } else { -l });
                }
                let sat = solver.solve() == cadical_check::Status::SATISFIABLE;
                assert_eq!(sat, mask.count_ones() as usize <= k, "k={k} mask={mask:05b}");
            }
        }
    }
}
