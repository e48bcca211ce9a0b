//! The horizon search through SAT: horizons 1, 2, ... each encoded from the level's start
//! and solved by the embedded CaDiCaL. A horizon proved unsatisfiable proves that no plan
//! that short exists; the first satisfiable one gives a plan, which is read back and
//! replayed (a model that leans on a short bound raises it and solves the horizon again).

use std::time::{Duration, Instant};

use puzzlec_solve::Outcome;

use super::turn::Loop;
use crate::lang::Game;
use crate::run::{Input, Session};
use crate::search::{Found, Limits};

/// How a SAT search ended, with what it did.
pub struct Report {
    pub found: Found,
    /// Horizons answered, with their result and seconds.
    pub horizons: Vec<(usize, &'static str, f64)>,
    /// Times a short bound was raised.
    pub raised: usize,
}

/// CaDiCaL without chronological backtracking. A horizon whose bounds were raised can have
/// a trail of thousands of decision levels; backtracking one level per conflict there runs
/// conflict after conflict, each with a long clause to minimize, and CaDiCaL looks at its
/// terminator only between them: slidings level 11 ran for more than ten minutes past a
/// 20 s limit. Without it the limit holds (the solve stopped 2 s before it), and the demo
/// levels solved within 20 s were as fast either way.
const CONFIG: &str = "chrono=0";

/// The most inputs a plan may have (horizons past it are not tried).
pub const MAX_HORIZON: usize = 500;

/// The shortest plan that wins entry `index`, horizon by horizon.
///
/// # Errors
/// A game the encoding cannot treat, a rule too large for it, a solver that fails, or a
/// plan that fails its replay with no bound short (the encoding and the interpreter differ).
pub fn shortest(
    game: &Game,
    index: usize,
    limits: Limits,
    on_horizon: &mut dyn FnMut(usize, &'static str, f64),
) -> Result<Report, String> {
    if let Some(why) = super::refusal(game) {
        return Err(why);
    }
    let start = Session::new(game, index).ok_or("the game has no level")?;
    if start.wins > 0 {
        // Won as it loads (its start's again turns): no input is needed.
        return Ok(Report { found: Found::Plan(Vec::new()), horizons: Vec::new(), raised: 0 });
    }
    let cells = start.level.cells.clone();
    let mut bounds = super::first_bounds(game);
    let mut report = Report { found: Found::Unsolvable, horizons: Vec::new(), raised: 0 };
    let mut horizon = 1;
    let session =
        || puzzlec_solve::embedded_cadical::CadicalSession::with_config(&puzzlec_ir::Cnf::new(), Some(CONFIG));
    let mut u = super::Unroll::new(game, index, &cells, bounds.clone(), session())?;
    while horizon <= MAX_HORIZON {
        if let Some(why) = stopped(&limits) {
            report.found = Found::GaveUp { depth: horizon - 1, why };
            return Ok(report);
        }
        let t = Instant::now();
        if let Some(why) = unroll_to(&mut u, horizon, &limits)? {
            report.found = Found::GaveUp { depth: horizon - 1, why };
            return Ok(report);
        }
        let left = limits
            .deadline
            .map_or(Duration::from_secs(30 * 24 * 3600), |d| d.saturating_duration_since(Instant::now()));
        let goal = u.goal();
        let outcome = match goal {
            super::circuit::F => Outcome::Unsat,
            super::circuit::T => u.c.sink.solve(&[], left),
            g => u.c.sink.solve(&[g], left),
        };
        let model = match outcome {
            Outcome::Unsat => {
                report.horizons.push((horizon, "unsat", t.elapsed().as_secs_f64()));
                on_horizon(horizon, "unsat", t.elapsed().as_secs_f64());
                horizon += 1;
                continue;
            }
            Outcome::Unknown(why) => {
                report.found = Found::GaveUp { depth: horizon - 1, why };
                return Ok(report);
            }
            Outcome::Sat(m) => m,
        };
        report.horizons.push((horizon, "sat", t.elapsed().as_secs_f64()));
        on_horizon(horizon, "sat", t.elapsed().as_secs_f64());
        let won_at = (0..horizon)
            .find(|&s| model.lit(u.won[s]) == Some(true) || u.won[s] == super::circuit::T)
            .ok_or("the model wins at no step")?;
        let short: Vec<Loop> = u.overflow[..=won_at]
            .iter()
            .flatten()
            .filter(|(l, _)| model.lit(*l) == Some(true) || *l == super::circuit::T)
            .map(|o| o.1)
            .collect();
        if !short.is_empty() {
            let mut any = false;
            for what in short {
                any |= super::raise(&mut bounds, what);
            }
            if !any {
                report.found = Found::GaveUp {
                    depth: horizon - 1,
                    why: "a loop of the game runs past every bound the encoding unrolls".into(),
                };
                return Ok(report);
            }
            report.raised += 1;
            // The bounds shape every step: the steps are written again.
            u = super::Unroll::new(game, index, &cells, bounds.clone(), session())?;
            continue;
        }
        let plan: Vec<Input> = u.inputs[..=won_at]
            .iter()
            .map(|step| {
                step.iter().find(|(l, _)| model.lit(*l) == Some(true)).map(|s| s.1).ok_or("a step with no input")
            })
            .collect::<Result<_, _>>()?;
        report.found = Found::Plan(plan);
        return Ok(report);
    }
    report.found = Found::GaveUp { depth: MAX_HORIZON, why: format!("no plan of at most {MAX_HORIZON} inputs") };
    Ok(report)
}

/// Unrolls `u` to `horizon` steps; `Some` with the reason when the run stops first.
fn unroll_to<S: puzzlec_ir::ClauseSink>(
    u: &mut super::Unroll<'_, S>,
    horizon: usize,
    limits: &Limits,
) -> Result<Option<String>, String> {
    while u.steps() < horizon {
        // A live solver does not drop what it is given past the deadline: look between steps.
        if let Some(why) = stopped(limits) {
            return Ok(Some(why));
        }
        if let Err(e) = puzzlec_core::stop::building_until(limits.deadline.unwrap_or_else(far), || u.step()) {
            return stopped(limits).map(Some).ok_or(e);
        }
    }
    Ok(None)
}

fn far() -> Instant {
    Instant::now() + Duration::from_secs(30 * 24 * 3600)
}

fn stopped(limits: &Limits) -> Option<String> {
    if limits.stop.is_some_and(|s| s()) {
        return Some("interrupted".into());
    }
    if limits.deadline.is_some_and(|d| Instant::now() >= d) {
        return Some("time limit".into());
    }
    None
}
