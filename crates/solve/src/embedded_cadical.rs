//! The embedded SAT solver: CaDiCaL compiled into the binary (the `cadical` crate builds it
//! from source with the C++ compiler, no other system library).

use std::time::Duration;

use puzzlec_ir::{Assignment, Cnf, CnfModel};

use crate::backend::{Outcome, SolveCnf, SolveError};

pub struct EmbeddedCadical;

impl SolveCnf for EmbeddedCadical {
    fn solve_cnf(&self, cnf: &Cnf, limit: Duration) -> Result<Outcome<CnfModel>, SolveError> {
        // Loading millions of clauses takes seconds too: the limit covers it.
        let started = std::time::Instant::now();
        let mut solver: cadical::Solver = cadical::Solver::new();
        solver.reserve(cnf.num_vars() as i32);
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().copied());
        }
        let Some(left) = limit.checked_sub(started.elapsed()).filter(|l| !l.is_zero()) else {
            return Ok(Outcome::Unknown("time limit reached while loading the clauses".into()));
        };
        solver.set_callbacks(Some(cadical::Timeout::new(left.as_secs_f32())));
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
            None => Outcome::Unknown(format!("time limit of {:.1} s reached", limit.as_secs_f64())),
        })
    }
}

/// Encoders can write straight into a live solver (incremental use).
impl puzzlec_ir::ClauseSink for CadicalSession {
    fn new_var(&mut self, name: Option<String>) -> i32 {
        let v = CadicalSession::new_var(self);
        if let Some(name) = name {
            self.names.push((v as u32, name));
        }
        v
    }

    fn add_clause(&mut self, clause: &[i32]) {
        CadicalSession::add_clause(self, clause);
    }

    fn num_vars(&self) -> u32 {
        self.num_vars
    }
}

/// A live CaDiCaL holding one formula, for incremental use: more clauses, more solves.
pub struct CadicalSession {
    solver: cadical::Solver,
    names: Vec<(u32, String)>,
    num_vars: u32,
}

impl CadicalSession {
    /// A session with no clauses yet (encoders add them through `ClauseSink`).
    pub fn empty() -> CadicalSession {
        CadicalSession::new(&Cnf::new())
    }

    pub fn new(cnf: &Cnf) -> CadicalSession {
        CadicalSession::with_config(cnf, None)
    }

    /// A session with one of CaDiCaL's preset configurations (`sat`, `unsat`, `plain`), for
    /// problems where one was measured to pay; an unknown name falls back to the default.
    pub fn with_config(cnf: &Cnf, config: Option<&str>) -> CadicalSession {
        let mut solver: cadical::Solver = config
            .and_then(|c| cadical::Solver::with_config(c).ok())
            .unwrap_or_default();
        solver.reserve(cnf.num_vars() as i32);
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().copied());
        }
        CadicalSession {
            solver,
            names: cnf.names().to_vec(),
            num_vars: cnf.num_vars(),
        }
    }

    /// A fresh variable beyond the formula's (for activation literals).
    pub fn new_var(&mut self) -> i32 {
        self.num_vars += 1;
        self.num_vars as i32
    }

    pub fn add_clause(&mut self, clause: &[i32]) {
        self.num_vars = self
            .num_vars
            .max(clause.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0));
        self.solver.add_clause(clause.iter().copied());
    }

    /// Solves under `assumptions` within `limit`.
    pub fn solve(&mut self, assumptions: &[i32], limit: Duration) -> Outcome<CnfModel> {
        self.solver
            .set_callbacks(Some(cadical::Timeout::new(limit.as_secs_f32())));
        match self.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => {
                let mut assignment = Assignment::new(self.num_vars);
                for v in 1..=self.num_vars as i32 {
                    if let Some(value) = self.solver.value(v) {
                        assignment.set(if value { v } else { -v });
                    }
                }
                Outcome::Sat(CnfModel::new(&self.names, assignment))
            }
            Some(false) => Outcome::Unsat,
            None => Outcome::Unknown(format!("time limit of {:.1} s reached", limit.as_secs_f64())),
        }
    }
}
