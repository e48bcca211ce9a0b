//! z3 linked as a library (the `z3` crate on Debian's libz3): parses the script's declarations
//! and assertions, checks them, and reads back the output constants.

use std::time::Duration;

use puzzlec_ir::{SmtModel, SmtScript, SmtValue, Sort};
use z3::ast::{Bool, Int, BV};

use crate::backend::{Outcome, SolveError, SolveSmt};

pub struct LinkedZ3;

impl SolveSmt for LinkedZ3 {
    fn solve_smt(&self, script: &SmtScript, limit: Duration) -> Result<Outcome<SmtModel>, SolveError> {
        // Rendering and parsing a large script take seconds too: the limit covers them.
        let started = std::time::Instant::now();
        let timed_out = || Ok(Outcome::Unknown("time limit reached while loading the script".into()));
        let body = script.body();
        if started.elapsed() >= limit || puzzlec_core::stop::requested() {
            return timed_out();
        }
        let solver = z3::Solver::new();
        solver.from_string(body);
        let Some(left) = limit.checked_sub(started.elapsed()).filter(|l| !l.is_zero()) else {
            return timed_out();
        };
        let mut params = z3::Params::new();
        params.set_u32("timeout", left.as_millis().clamp(1, u32::MAX as u128) as u32);
        // z3 installs its own SIGINT handler during a check unless told not to; puzzlec's
        // handler must see Ctrl-C (it stops every racer and exits 130, not 3).
        params.set_bool("ctrl_c", false);
        solver.set_params(&params);
        // A portfolio (or Ctrl-C) stops z3 from another thread through the context's interrupt.
        let token = puzzlec_core::stop::current().unwrap_or_default();
        let handle = solver.get_context().handle();
        let done = std::sync::atomic::AtomicBool::new(false);
        let outcome = std::thread::scope(|s| {
            s.spawn(|| {
                while !done.load(std::sync::atomic::Ordering::SeqCst) {
                    // Again and again: an interrupt before the check starts is lost.
                    if token.is_stopped() {
                        handle.interrupt();
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            });
            let outcome = solver.check();
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            outcome
        });
        Ok(match outcome {
            z3::SatResult::Unsat => Outcome::Unsat,
            z3::SatResult::Unknown => {
                Outcome::Unknown(solver.get_reason_unknown().unwrap_or_else(|| "z3 gave no reason".into()))
            }
            z3::SatResult::Sat => {
                let internal = |reason: String| SolveError::Internal { id: "z3".into(), reason };
                let model = solver.get_model().ok_or_else(|| internal("sat without a model".into()))?;
                let mut values = SmtModel::default();
                let wanted: std::collections::HashSet<&str> = script.outputs().iter().map(String::as_str).collect();
                for (name, sort) in script.declarations().iter().filter(|(n, _)| wanted.contains(n.as_str())) {
                    let value = match sort {
                        Sort::Bool => model
                            .eval(&Bool::new_const(name.as_str()), true)
                            .and_then(|v| v.as_bool())
                            .map(SmtValue::Bool),
                        Sort::Int => {
                            model.eval(&Int::new_const(name.as_str()), true).and_then(|v| v.as_i64()).map(SmtValue::Int)
                        }
                        Sort::BitVec(w) => model
                            .eval(&BV::new_const(name.as_str(), *w), true)
                            .and_then(|v| v.as_u64())
                            .map(|v| SmtValue::Int(v as i64)),
                    };
                    let value = value.ok_or_else(|| internal(format!("no value for {name} in the model")))?;
                    values.values.insert(name.clone(), value);
                }
                Outcome::Sat(values)
            }
        })
    }
}

impl crate::backend::Solve for LinkedZ3 {
    fn id(&self) -> &str {
        "z3"
    }

    fn form(&self) -> crate::Form {
        crate::Form::Smt2
    }

    fn version(&self) -> Option<String> {
        Some(crate::version::linked_z3())
    }

    fn smt(&self) -> Option<&dyn SolveSmt> {
        Some(self)
    }
}
