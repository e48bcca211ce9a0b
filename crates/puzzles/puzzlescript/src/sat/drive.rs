//! The horizon search through SAT: horizons 1, 2, ... each encoded from the level's start
//! and solved on one live solver (the embedded CaDiCaL). A horizon proved unsatisfiable proves that no plan
//! that short exists; the first satisfiable one gives a plan, which is read back and
//! replayed (a model that leans on a short bound raises it and solves the horizon again).

use std::time::{Duration, Instant};

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::DriveError;
use puzzlec_encode::DecodeError;
use puzzlec_solve::Outcome;

use super::turn::{Bounds, Loop};
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

/// The shortest plan that wins entry `index`, horizon by horizon from 1, on the embedded
/// CaDiCaL, loops unrolled from their first bounds.
///
/// # Errors
/// As [`climb`].
pub fn shortest(
    game: &Game,
    index: usize,
    limits: Limits,
    on_horizon: &mut dyn FnMut(usize, &'static str, f64),
) -> Result<Report, String> {
    let start = Session::new(game, index).ok_or("the game has no level")?;
    let (cells, from) = (start.level.cells.clone(), usize::from(start.wins == 0));
    drop(start);
    let mut bounds = super::first_bounds(game);
    let backend = puzzlec_solve::Backend::embedded_sat();
    let span = (from, MAX_HORIZON);
    climb(game, index, &cells, &mut bounds, span, &limits, &backend, on_horizon)
}

/// The shortest plan that wins entry `index` from its start `cells`, horizon by horizon from
/// `from` to `max` on one live solver of `backend`; `bounds` raised where a model leans on
/// one (and left raised, for the formulas written after).
///
/// # Errors
/// A game the encoding cannot treat, a rule too large for it, a backend with no live solver,
/// a solver that fails, or a model that wins at no step.
#[allow(clippy::too_many_arguments)]
pub fn climb(
    game: &Game,
    index: usize,
    cells: &[u64],
    bounds: &mut Bounds,
    (from, max): (usize, usize),
    limits: &Limits,
    backend: &puzzlec_solve::Backend,
    on_horizon: &mut dyn FnMut(usize, &'static str, f64),
) -> Result<Report, String> {
    if let Some(why) = super::refusal(game) {
        return Err(why);
    }
    let mut report = Report { found: Found::NoneWithin(max), horizons: Vec::new(), raised: 0 };
    if from == 0 {
        // Won as it loads (its start's again turns): no input is needed.
        report.found = Found::Plan(Vec::new());
        return Ok(report);
    }
    let session = || -> Result<Live, String> {
        let live = backend.session(&puzzlec_ir::Cnf::new(), Some(CONFIG));
        live.map(Live).ok_or_else(|| format!("{} offers no live solver", backend.id()))
    };
    let mut horizon = from;
    let mut u = super::Unroll::new(game, index, cells, bounds.clone(), session()?)?;
    while horizon <= max {
        if let Some(why) = stopped(limits).or(unroll_to(&mut u, horizon, limits)?) {
            report.found = Found::GaveUp { depth: horizon - 1, why };
            return Ok(report);
        }
        let t = Instant::now();
        let left = limits
            .deadline
            .map_or(Duration::from_secs(30 * 24 * 3600), |d| d.saturating_duration_since(Instant::now()));
        let outcome = match u.goal() {
            super::circuit::F => Outcome::Unsat,
            super::circuit::T => u.c.sink.0.solve(&[], left),
            g => u.c.sink.0.solve(&[g], left),
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
                any |= super::raise(bounds, what);
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
            u = super::Unroll::new(game, index, cells, bounds.clone(), session()?)?;
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
    Ok(report)
}

/// A backend's live solver, as the circuit's sink.
pub struct Live(Box<dyn puzzlec_solve::Incremental>);

impl puzzlec_ir::ClauseSink for Live {
    fn new_var(&mut self, name: Option<String>) -> puzzlec_ir::Lit {
        self.0.new_var(name)
    }

    fn add_clause(&mut self, clause: &[puzzlec_ir::Lit]) {
        self.0.add_clause(clause)
    }

    fn num_vars(&self) -> u32 {
        self.0.num_vars()
    }

    fn abandoned(&self) -> bool {
        self.0.abandoned()
    }
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

/// The plan search's live session on `level`: horizons `h` on one solver of `backend`, the
/// level's loop bounds raised where a model needs it (and kept raised for the formulas
/// written after, certificates' among them).
///
/// # Errors
/// A solver whose model wins at no step or gives a step no input.
pub fn session(
    level: &crate::level::Level,
    backend: &puzzlec_solve::Backend,
    h: Horizons,
    progress: &mut dyn FnMut(&Attempt),
) -> Result<Shortest<Vec<Input>>, DriveError> {
    // The run's stop token, asked between steps and horizons (Ctrl-C, a portfolio's loser).
    let token = puzzlec_core::stop::current();
    let stop = move || puzzlec_core::stop::interrupted() || token.as_ref().is_some_and(|t| t.is_stopped());
    let limits = Limits { max_states: None, max_depth: None, deadline: h.deadline, stop: Some(&stop) };
    let mut bounds = level.bounds();
    let mut on = |horizon, result, seconds| progress(&Attempt { horizon, result, seconds });
    let span = (h.lower_bound, h.max);
    let r = climb(&level.game, level.index, &level.start, &mut bounds, span, &limits, backend, &mut on);
    *level.bounds.lock().unwrap_or_else(|e| e.into_inner()) = bounds;
    let bad = |why| DriveError::Decode { solver: backend.id().to_owned(), source: DecodeError::Inconsistent(why) };
    let r = r.map_err(bad)?;
    level.saw(|s| s.raised += r.raised);
    Ok(match r.found {
        Found::Plan(plan) => Shortest::Found { horizon: plan.len(), plan, optimal: true },
        Found::NoneWithin(max) => Shortest::NoneWithin { max },
        Found::Unsolvable => Shortest::NoneWithin { max: h.max },
        Found::GaveUp { depth, why } => Shortest::Unknown { horizon: depth + 1, reason: why },
    })
}
