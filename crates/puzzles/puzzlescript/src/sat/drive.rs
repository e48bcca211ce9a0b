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

/// How much dearer than the last UNSAT the next probe up may be expected to be. A horizon
/// costs a growing multiple of the one below (each walks every level the one below walked,
/// and those one step further), so the climb measures that growth from its last two UNSAT
/// answers and takes the longest stride (at most double the last) whose expected cost stays
/// within this factor: the probes' costs then grow geometrically, and the ones below the
/// last cost a third of it together. A fixed rule overshoots: with the guide's lemmas push's
/// fourth level answers horizon 7 in 0.1 s and then 15 not in a minute (its plan has 11
/// inputs; a horizon past the plan walks deeper branches before it meets it).
const GROWTH: f64 = 4.0;

/// Answers faster than this are too small to measure growth by.
const TINY: f64 = 0.005;

/// An answer slower than this, with no earlier one to measure growth by, is followed by a
/// step of one.
const SLOW: f64 = 0.1;

/// The next stride of the climb after an UNSAT at `now` (horizon, seconds), the one before
/// at `last`. See [`GROWTH`].
fn next_stride(stride: usize, last: Option<(usize, f64)>, now: (usize, f64)) -> usize {
    let (h1, t1) = (now.0, now.1.max(TINY));
    let Some((h0, t0)) = last.filter(|l| l.0 < h1) else {
        // Nothing to measure growth by (the first answer, or the first on a formula written
        // anew with raised bounds): a dear answer goes one step, to measure it.
        return if t1 < SLOW { stride * 2 } else { 1 };
    };
    let per_step = (t1 / t0.max(TINY)).powf(1.0 / (h1 - h0) as f64);
    if per_step <= 1.0 {
        return stride * 2;
    }
    let room = (GROWTH * t1).max(TINY * GROWTH) / t1;
    let steps = (room.ln() / per_step.ln()).floor();
    (steps.min((stride * 2) as f64) as usize).max(1)
}

/// The shortest plan that wins entry `index` from its start `cells`, with horizons from
/// `from` to `max` on one live solver of `backend`; `bounds` raised where a model leans on
/// one (and left raised, for the formulas written after).
///
/// A horizon's formula says "a win within H inputs", so an UNSAT proves every plan longer
/// and a model gives a plan of at most H: the climb gallops up from `from` (its stride
/// measured on the growth of the answers' cost, see [`GROWTH`]). A solve that meets plans
/// comes down to the shortest itself (the guide asks it for shorter ones), and ends UNSAT
/// for the horizon below the last; one that stops on a model leaning on a short bound (the
/// bounds raised, the steps written anew) leaves the climb to come down from the plan found
/// (halfway to the bound proved while the gap is wide, then its length less one) until the
/// horizon below the plan is proved UNSAT.
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
    // What the guides learn of the interpreter's turns, over every solver of the climb.
    let memory = std::sync::Arc::new(std::sync::Mutex::new(super::shared::Memory::default()));
    let mut solver = Solver::new(game, &shared, index, cells, bounds.clone(), backend, &memory)?;
    // Every plan has more than `proved` inputs; `stride` is the gallop's next step up.
    let (mut proved, mut stride) = (from - 1, 1);
    // The last UNSAT answered on this solver: horizon and seconds.
    let mut last: Option<(usize, f64)> = None;
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
        let outcome = solver.solve(horizon, proved, left);
        let took = t.elapsed();
        // Plans found on the way, each then asked for a shorter one in the same solve.
        let mut since = 0.0;
        for (plan, at) in solver.better() {
            report.horizons.push((plan.len(), "sat", at - since));
            on_horizon(plan.len(), "sat", at - since);
            since = at;
            best = Some(plan);
        }
        let bound = best.as_ref().map_or(horizon, |p| horizon.min(p.len() - 1));
        let word = match &outcome {
            Outcome::Unsat => "unsat",
            Outcome::Sat(_) => "sat",
            Outcome::Unknown(_) => "unknown",
        };
        let secs = took.as_secs_f64() - since;
        report.horizons.push((bound, word, secs));
        on_horizon(bound, word, secs);
        match outcome {
            Outcome::Unsat => {
                proved = bound;
                stride = next_stride(stride, last, (bound, secs));
                last = Some((bound, secs));
            }
            Outcome::Unknown(why) => {
                report.found = Found::GaveUp { depth: proved, why };
                break;
            }
            Outcome::Sat(model) => match solver.read(&model, bound)? {
                Read::Plan(plan) => best = Some(plan),
                // The model's inputs may win in the interpreter all the same (within the
                // horizon, where the bounds did not matter): a plan found, no bound raised.
                Read::Short(_, inputs) if let Some(plan) = crate::judge::first_win(game, index, &inputs) => {
                    best = Some(plan)
                }
                Read::Short(short, _) => {
                    // To how far the guide saw the interpreter run each loop, else double
                    // what the model leans on. (Raised before a model needs it, the bounds
                    // made every step dearer than the raises they saved: slidings level 7
                    // and kettle level 9 were lost.)
                    let mut any = super::lift(game, bounds, &memory.lock().unwrap_or_else(|e| e.into_inner()).usage);
                    if !any {
                        for what in short {
                            any |= super::raise(game, bounds, what);
                        }
                    }
                    if !any {
                        let why = "a loop of the game runs past every bound the encoding unrolls".into();
                        report.found = Found::GaveUp { depth: proved, why };
                        break;
                    }
                    report.raised += 1;
                    // The bounds shape every step: the steps are written again.
                    solver = Solver::new(game, &shared, index, cells, bounds.clone(), backend, &memory)?;
                    last = None;
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

#[cfg(test)]
mod tests {
    use super::{climb, next_stride};
    use crate::search::{shortest, Found, Limits};

    /// Each horizon solved alone, on a fresh solver, answers as the search does: a plan at
    /// the optimum, none a step below (so a lemma that cut a plan the horizon holds, such as
    /// one given a step too early, fails here, whatever order the climb would try them in).
    #[test]
    fn each_horizon_alone_answers_as_the_search() {
        let backend = puzzlec_solve::Backend::embedded_sat();
        let files = [
            "examples/puzzlescript/crates.txt",
            "tests/fixtures/puzzlescript/chain_loop.txt",
            "tests/fixtures/puzzlescript/quiet_row.txt",
            "tests/fixtures/puzzlescript/ice_slide.txt",
            "tests/fixtures/puzzlescript/row_train.txt",
            "tests/fixtures/puzzlescript/collide.txt",
        ];
        for file in files {
            let game = crate::fixture(file);
            let boards: Vec<usize> = game.boards().map(|(i, _)| i).collect();
            for &index in &boards {
                let none = Limits { max_states: None, max_depth: None, deadline: None, stop: None };
                let Found::Plan(plan) = shortest(&game, index, none, &mut |_, _| {}).unwrap().found else { continue };
                let cells = crate::run::Session::new(&game, index).unwrap().level.cells;
                for h in [plan.len() - 1, plan.len()].into_iter().filter(|&h| h > 0) {
                    let mut bounds = super::super::first_bounds(&game);
                    let none = Limits { max_states: None, max_depth: None, deadline: None, stop: None };
                    let r = climb(&game, index, &cells, &mut bounds, (h, h), &none, &backend, &mut |_, _, _| {});
                    let r = r.unwrap();
                    if file.contains("chain") && index == 1 && h == plan.len() {
                        // The chain's plan runs its rule loop past the first bounds: the
                        // model leans on them, its inputs do not win, a bound is raised.
                        assert!(r.raised >= 1, "{file} entry {index}, horizon {h}: no raise");
                    }
                    if file.contains("quiet") && index == boards[0] {
                        // The condition row matches nearly every cell, the others once: the
                        // rule is written for one match per row, and no model leans on it
                        // (one that did would have the rule written for every combination).
                        assert!(bounds.products.is_empty(), "{file} entry {index}, horizon {h}: {:?}", bounds.products);
                    }
                    let got = match r.found {
                        Found::Plan(p) => Some(p.len()),
                        Found::NoneWithin(_) => None,
                        other => panic!("{file} {index} horizon {h}: {other:?}"),
                    };
                    let want = (h == plan.len()).then_some(h);
                    assert_eq!(got, want, "{file} entry {index}, horizon {h} alone");
                }
            }
        }
    }

    /// A model that leans on a short bound is replayed before any bound is raised: the fuse's
    /// move needs more repetitions of its group than the first bounds write (so the formula
    /// only says the bound was short), and wins all the same, so it is the plan.
    #[test]
    fn a_model_whose_inputs_win_needs_no_raise() {
        let game = crate::fixture("tests/fixtures/puzzlescript/fuse.txt");
        let (index, _) = game.boards().next().unwrap();
        let mut bounds = super::super::first_bounds(&game);
        let cells = crate::run::Session::new(&game, index).unwrap().level.cells;
        let none = Limits { max_states: None, max_depth: None, deadline: None, stop: None };
        let backend = puzzlec_solve::Backend::embedded_sat();
        let r = climb(&game, index, &cells, &mut bounds, (1, 3), &none, &backend, &mut |_, _, _| {}).unwrap();
        let Found::Plan(plan) = r.found else { panic!("{:?}", r.found) };
        assert_eq!(plan.iter().map(|i| i.letter()).collect::<String>(), "r");
        assert_eq!(r.raised, 0, "the model's inputs win: no bound is raised");
        // The move does run its group past the first bounds.
        let mut s = crate::run::Session::new(&game, index).unwrap();
        s.level.usage = Some(Box::default());
        s.step(crate::run::Step::Input(plan[0]));
        let used = s.level.usage.as_deref().unwrap();
        assert!(super::super::lift(&game, &mut super::super::first_bounds(&game), used));
    }

    /// One solve of a horizon past the optimum comes down to it: each plan the guide meets
    /// is recorded and the same solve asked for a shorter one, until none is left; the last
    /// plan recorded is as short as the search's, and the solve ends UNSAT.
    #[test]
    fn one_solve_comes_down_to_the_optimum() {
        let game = crate::fixture("examples/puzzlescript/crates.txt");
        let shared = std::sync::Arc::new(game.clone());
        let backend = puzzlec_solve::Backend::embedded_sat();
        let none = Limits { max_states: None, max_depth: None, deadline: None, stop: None };
        let mut tried = 0;
        for (index, _) in game.boards() {
            let Found::Plan(plan) = shortest(&game, index, none, &mut |_, _| {}).unwrap().found else { continue };
            if plan.len() < 2 {
                // One input is as short as a plan can be: the model is the answer.
                continue;
            }
            let cells = crate::run::Session::new(&game, index).unwrap().level.cells;
            let memory = std::sync::Arc::default();
            let bounds = super::super::first_bounds(&game);
            let mut solver = super::Solver::new(&game, &shared, index, &cells, bounds, &backend, &memory).unwrap();
            let horizon = plan.len() + 4;
            assert!(solver.unroll(horizon, &none).unwrap().is_none());
            let outcome = solver.solve(horizon, 0, std::time::Duration::from_secs(600));
            let better = solver.better();
            assert!(matches!(outcome, puzzlec_solve::Outcome::Unsat), "entry {index}: the solve ends UNSAT");
            let lengths: Vec<usize> = better.iter().map(|(p, _)| p.len()).collect();
            assert!(lengths.windows(2).all(|w| w[1] < w[0]), "entry {index}: each plan shorter: {lengths:?}");
            let (last, _) = better.last().unwrap_or_else(|| panic!("entry {index}: no plan recorded"));
            assert_eq!(last.len(), plan.len(), "entry {index}: the last plan is the optimum");
            assert!(crate::judge::replay(&game, index, last).is_ok());
            tried += 1;
        }
        assert!(tried >= 1, "the example's levels with plans of two inputs or more");
    }

    #[test]
    fn the_stride_follows_the_growth_of_the_cost() {
        // Too quick to measure: double.
        assert_eq!(next_stride(4, Some((3, 0.001)), (7, 0.002)), 8);
        assert_eq!(next_stride(4, None, (7, 0.05)), 8);
        // Dear, with nothing to measure by: one step, to measure.
        assert_eq!(next_stride(4, None, (7, 0.5)), 1);
        // 0.001 s at 3, 0.1 s at 7: about 3.2 times a step, so one step keeps within 4 times.
        assert_eq!(next_stride(4, Some((3, 0.001)), (7, 0.1)), 1);
        // 1.1 times a step: 14 steps would stay within 4 times, but at most double.
        assert_eq!(next_stride(4, Some((10, 1.0)), (11, 1.1)), 8);
        assert_eq!(next_stride(16, Some((10, 1.0)), (11, 1.1)), 14);
        // Cheaper than the last: double.
        assert_eq!(next_stride(2, Some((10, 2.0)), (12, 1.0)), 4);
    }
}
