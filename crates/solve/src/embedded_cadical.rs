//! The embedded SAT solver: CaDiCaL compiled into the binary (the `cadical` crate builds it
//! from source with the C++ compiler, no other system library).

use std::time::Duration;

use puzzlec_ir::{Assignment, Cnf, CnfModel};

use crate::backend::{Outcome, SolveCnf, SolveError};

pub struct EmbeddedCadical;

impl SolveCnf for EmbeddedCadical {
    fn solve_cnf(&self, cnf: &Cnf, limit: Duration) -> Result<Outcome<CnfModel>, SolveError> {
        let mut solver: cadical::Solver = cadical::Solver::new();
        solver.set_callbacks(Some(cadical::Timeout::new(limit.as_secs_f32())));
        solver.reserve(cnf.num_vars() as i32);
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().copied());
        }
        Ok(match solver.solve() {
            Some(true) => {
                let mut assignment = Assignment::new(cnf.num_vars());
                for v in 1..=cnf.num_vars() as i32 {
                    if let Some(value) = solver.value(v) {
                        assignment.set(if value { v } else { -v });
                    }
                }
                Outcome::Sat(CnfModel::new(cnf.names(), assignment))
            }
            Some(false) => Outcome::Unsat,
            None => Outcome::Unknown(format!(
                "time limit of {:.1} s reached",
                limit.as_secs_f64()
            )),
        })
    }
}
