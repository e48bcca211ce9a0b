//! Every solution of one horizon, by blocking each decoded solution and solving again. The
//! embedded SAT solver keeps its state between solves (one live CaDiCaL); other backends
//! re-read the grown problem each time.

use std::collections::HashMap;
use std::time::Instant;

use puzzlec_ir::Cnf;
use puzzlec_solve::{Backend, Outcome};

use crate::{solve_form, AnyModel, DriveError, Formula};

/// What an enumeration found.
pub struct Enumeration<P> {
    pub solutions: Vec<P>,
    /// True when the solver proved there are no more.
    pub complete: bool,
    /// Why it stopped early, when it did.
    pub stopped: Option<String>,
}

/// How an enumeration runs, beyond the formula.
#[derive(Default)]
pub struct Settings {
    /// Stop after this many solutions (`None`: all).
    pub max: Option<usize>,
    /// A CaDiCaL preset for the embedded solver.
    pub cadical_config: Option<&'static str>,
}

/// Enumerates the models of `form`. `decode` turns a model into a solution (replayed by the
/// caller's decoder); `block` names the assignment `(variable, value)` that identifies it, so
/// the next solve must differ in at least one of them (booleans are 0/1); `found` hears the
/// count after each solution.
///
/// # Errors
/// Solver failures and decode failures.
pub fn enumerate<P>(
    backend: &Backend,
    mut form: Formula,
    deadline: Option<Instant>,
    settings: Settings,
    mut decode: impl FnMut(&AnyModel) -> Result<P, DriveError>,
    block: impl Fn(&P) -> Vec<(String, i64)>,
    found: &mut dyn FnMut(usize),
) -> Result<Enumeration<P>, DriveError> {
    let remaining = || puzzlec_core::stop::time_left(deadline);
    let mut out = Enumeration { solutions: Vec::new(), complete: false, stopped: None };
    // Loading is cut at the deadline, and a session loaded in part is never asked.
    let mut session = match &form {
        Formula::Cnf(cnf) => crate::build_by(deadline, || backend.session(cnf, settings.cadical_config)),
        Formula::Smt(_) => None,
    };
    if form.abandoned() || puzzlec_core::stop::passed(deadline) {
        out.stopped = Some(crate::ENCODING_TIMED_OUT.into());
        return Ok(out);
    }
    let index: HashMap<String, u32> = match &form {
        Formula::Cnf(cnf) => cnf.names().iter().map(|(v, n)| (n.clone(), *v)).collect(),
        Formula::Smt(_) => HashMap::new(),
    };
    loop {
        if settings.max.is_some_and(|max| out.solutions.len() >= max) {
            out.stopped = Some(format!("stopped after {} solutions", out.solutions.len()));
            return Ok(out);
        }
        let outcome = match &mut session {
            Some(s) => match s.solve(&[], remaining()) {
                Outcome::Sat(m) => Outcome::Sat(AnyModel::Cnf(m)),
                Outcome::Unsat => Outcome::Unsat,
                Outcome::Unknown(r) => Outcome::Unknown(r),
            },
            None => solve_form(backend, &form, remaining())?,
        };
        let model = match outcome {
            Outcome::Sat(m) => m,
            Outcome::Unsat => {
                out.complete = true;
                return Ok(out);
            }
            Outcome::Unknown(reason) => {
                out.stopped = Some(reason);
                return Ok(out);
            }
        };
        let solution = decode(&model)?;
        let assignment = block(&solution);
        match &mut form {
            Formula::Cnf(cnf) => {
                let clause = blocking_clause(&index, &assignment);
                match &mut session {
                    Some(s) => s.add_clause(&clause),
                    None => puzzlec_ir::ClauseSink::add_clause(cnf, &clause),
                }
            }
            Formula::Smt(script) => {
                let ctx = script.ctx();
                let parts = assignment
                    .iter()
                    .map(|(name, value)| {
                        let c = script.constant(name);
                        match script.declarations().iter().find(|(n, _)| n == name).map(|(_, s)| *s) {
                            Some(puzzlec_ir::Sort::Bool) => {
                                if *value != 0 {
                                    c
                                } else {
                                    ctx.not(c)
                                }
                            }
                            // A bit-vector equals a bit-vector literal; an Int numeral there is
                            // a sort error some solvers read as something else entirely.
                            Some(puzzlec_ir::Sort::BitVec(w)) => ctx.eq(c, ctx.binary(w as usize, *value as u64)),
                            _ => ctx.eq(c, script.int(*value)),
                        }
                    })
                    .collect();
                let same = script.all(parts);
                let differ = script.ctx().not(same);
                script.assert(differ);
            }
        }
        out.solutions.push(solution);
        found(out.solutions.len());
    }
}

/// The clause that forbids `assignment` (booleans as 0/1, by variable name): at least one of
/// its variables must differ.
fn blocking_clause(index: &HashMap<String, u32>, assignment: &[(String, i64)]) -> Vec<i32> {
    assignment
        .iter()
        .map(|(name, value)| {
            let v = index[name.as_str()] as i32;
            if *value != 0 {
                -v
            } else {
                v
            }
        })
        .collect()
}

/// The CNF an enumeration's last answer was about: `cnf` with every solution found blocked.
/// This is the formula "no more solutions" claims unsatisfiable.
pub fn blocked(mut cnf: Cnf, assignments: &[Vec<(String, i64)>]) -> Cnf {
    let index: HashMap<String, u32> = cnf.names().iter().map(|(v, n)| (n.clone(), *v)).collect();
    for a in assignments {
        let clause = blocking_clause(&index, a);
        puzzlec_ir::ClauseSink::add_clause(&mut cnf, &clause);
    }
    cnf
}
