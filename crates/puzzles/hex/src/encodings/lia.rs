//! `lia`: the seed's SMT-LIB2 script (004), generalised to any figure and values: one Int per
//! cell named by its number (`V1` ... `V19`), bounds LO..HI, `distinct`, and one sum per
//! line; givens and the symmetry-breaking order as extra assertions.

use puzzlec_ir::{SmtScript, Sort};

use super::MagicProblem;

/// The readable name of a cell (0-based index in, number from 1 out), as in the seed.
pub fn cell_name(cell: usize) -> String {
    format!("V{}", cell + 1)
}

pub fn encode(p: &MagicProblem) -> SmtScript {
    let n = p.shape.cells();
    let mut s = SmtScript::new("QF_LIA");
    let cells: Vec<_> = (0..n).map(|c| s.declare(&cell_name(c), Sort::Int, true)).collect();
    let (first, last) = (p.values[0], p.values[p.values.len() - 1]);
    for &v in &cells {
        let (lo, hi) = (s.int(first), s.int(last));
        let bounds = s.ctx().and(s.ctx().gte(v, lo), s.ctx().lte(v, hi));
        s.assert(bounds);
        // Values with gaps: each cell one of them.
        if !p.consecutive() {
            let choices: Vec<_> = p.values.iter().map(|&x| s.ctx().eq(v, s.int(x))).collect();
            let one_of = s.any(choices);
            s.assert(one_of);
        }
    }
    if n > 1 && p.distinct {
        let all = s.ctx().distinct_many(cells.clone());
        s.assert(all);
    }
    // An open sum is one more Int, the same for every line.
    let magic = match p.magic {
        Some(m) => s.int(m),
        None => s.declare("S", Sort::Int, false),
    };
    for line in &p.shape.lines {
        let terms: Vec<_> = line.iter().map(|&c| cells[c]).collect();
        let sum = if terms.len() == 1 { terms[0] } else { s.ctx().plus_many(terms) };
        let eq = s.ctx().eq(sum, magic);
        s.assert(eq);
    }
    for &(c, v) in &p.givens {
        let eq = s.ctx().eq(cells[c], s.int(v));
        s.assert(eq);
    }
    for &(a, b) in p.breaking() {
        let lt = s.ctx().lt(cells[a], cells[b]);
        s.assert(lt);
    }
    s
}

/// `lia` in the registry.
pub struct Lia;

puzzlec_encode::describe!(
    Lia,
    "lia",
    "SMT-LIB2 (QF_LIA) as in seed 004: bounded Ints, distinct, one sum per line",
    [Smt2]
);

impl super::MagicEncoding for Lia {
    fn write_cnf(&self, _: &MagicProblem, _: &mut dyn puzzlec_ir::ClauseSink) {
        unreachable!("lia is SMT-LIB2 only; callers check is_cnf")
    }

    fn smt(&self, p: &MagicProblem) -> SmtScript {
        encode(p)
    }

    fn decode(&self, model: &dyn puzzlec_ir::Model, p: &MagicProblem) -> Result<Vec<i64>, puzzlec_encode::DecodeError> {
        (0..p.shape.cells())
            .map(|c| {
                let name = cell_name(c);
                model.int(&name).ok_or(puzzlec_encode::DecodeError::Missing(name))
            })
            .collect()
    }

    fn blocking(&self, values: &[i64]) -> Vec<(String, i64)> {
        values.iter().enumerate().map(|(c, &v)| (cell_name(c), v)).collect()
    }
}
