//! The horizon search through SAT on one live solver (the embedded CaDiCaL, guided by the
//! interpreter: [`super::guide`]). A horizon says "a win within H inputs": one proved
//! unsatisfiable proves every plan longer, and a satisfiable one gives a plan, which is read
//! back and replayed (a model that leans on a short bound raises it and solves the horizon
//! again). See [`climb`] for the order of the horizons.

use std::time::{Duration, Instant};

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::DriveError;
use puzzlec_encode::DecodeError;
use puzzlec_solve::Outcome;

use super::live::{Read, Solver};
use super::turn::Bounds;
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
    /// A plan found but not proved shortest (the run stopped first).
    pub best: Option<Vec<Input>>,
    /// Lemmas the guide gave and turns it played (the last solver's).
    pub guided: (usize, usize),
}

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

/// Probes answered within a tenth of this time let the climb double its stride, within it
/// keep it, and a slower one halves it. A horizon can cost many times the one below
/// (kettle: horizon 3 in 0.7 s, 7 unanswered in a minute), so only quick answers leap; but
/// each UNSAT walks again every level the one below walked, so a slow climb that falls
/// back to one step at a time pays for most levels many times over. Measured on ten demo
/// levels, 60 s each, two at a time: setting the stride back to one solved 5 (push 5, 6,
/// microban 10, kettle 7, slidings 10 in 35, 36, 53, 20 and 48 s); halving it solved those
/// in 26, 24, 42, 16 and 31 s, and lunar_lockout 1 in 45 s.
const QUICK: Duration = Duration::from_secs(1);

/// The shortest plan that wins entry `index` from its start `cells`, with horizons from
/// `from` to `max` on one live solver of `backend`; `bounds` raised where a model leans on
/// one (and left raised, for the formulas written after).
///
/// A horizon's formula says "a win within H inputs", so an UNSAT proves every plan longer
/// and a model gives a plan of at most H: the climb gallops up from `from` (doubling its
/// stride while the answers come quickly), then comes down from the plan it found (halfway
/// to the bound proved while the gap is wide, then its length less one) until the horizon
/// below the plan is proved UNSAT.
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
    let mut report =
        Report { found: Found::NoneWithin(max), horizons: Vec::new(), raised: 0, best: None, guided: (0, 0) };
    if from == 0 {
        // Won as it loads (its start's again turns): no input is needed.
        report.found = Found::Plan(Vec::new());
        return Ok(report);
    }
    let shared = std::sync::Arc::new(game.clone());
    let mut solver = Solver::new(game, &shared, index, cells, bounds.clone(), backend)?;
    // Every plan has more than `proved` inputs; `stride` is the gallop's next step up.
    let (mut proved, mut stride) = (from - 1, 1);
    let mut best: Option<Vec<Input>> = None;
    loop {
        let horizon = match &best {
            Some(plan) if plan.len() == proved + 1 => break,
            Some(plan) if plan.len() - proved > 8 => (proved + plan.len()) / 2,
            Some(plan) => plan.len() - 1,
            None if proved >= max => break,
            None => (proved + stride).min(max),
        };
        if let Some(why) = stopped(limits).or(solver.unroll(horizon, limits)?) {
            report.found = Found::GaveUp { depth: proved, why };
            break;
        }
        let t = Instant::now();
        let left = limits
            .deadline
            .map_or(Duration::from_secs(30 * 24 * 3600), |d| d.saturating_duration_since(Instant::now()));
        let outcome = solver.solve(horizon, left);
        let took = t.elapsed();
        let word = match &outcome {
            Outcome::Unsat => "unsat",
            Outcome::Sat(_) => "sat",
            Outcome::Unknown(_) => "unknown",
        };
        report.horizons.push((horizon, word, took.as_secs_f64()));
        on_horizon(horizon, word, took.as_secs_f64());
        match outcome {
            Outcome::Unsat => {
                proved = horizon;
                stride = match took {
                    t if t < QUICK / 10 => stride * 2,
                    t if t < QUICK => stride,
                    _ => (stride / 2).max(1),
                };
            }
            Outcome::Unknown(why) => {
                report.found = Found::GaveUp { depth: proved, why };
                break;
            }
            Outcome::Sat(model) => match solver.read(&model, horizon)? {
                Read::Plan(plan) => best = Some(plan),
                Read::Short(short) => {
                    let mut any = false;
                    for what in short {
                        any |= super::raise(game, bounds, what);
                    }
                    if !any {
                        let why = "a loop of the game runs past every bound the encoding unrolls".into();
                        report.found = Found::GaveUp { depth: proved, why };
                        break;
                    }
                    report.raised += 1;
                    // The bounds shape every step: the steps are written again.
                    solver = Solver::new(game, &shared, index, cells, bounds.clone(), backend)?;
                }
            },
        }
    }
    report.guided = solver.guided();
    match best {
        Some(plan) if plan.len() == proved + 1 => report.found = Found::Plan(plan),
        Some(plan) => report.best = Some(plan),
        None => {}
    }
    Ok(report)
}

pub(crate) fn stopped(limits: &Limits) -> Option<String> {
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
        Found::GaveUp { depth, why } => match r.best {
            Some(plan) => Shortest::Found { horizon: plan.len(), plan, optimal: false },
            None => Shortest::Unknown { horizon: depth + 1, reason: why },
        },
    })
}
