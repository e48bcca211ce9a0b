//! `solve cross`: the exact search by default on request, else the plan search on a SAT/SMT
//! backend, after the checks that need no solver (a target the relaxed puzzle cannot reach,
//! or one no reachable position reaches).

use std::time::{Duration, Instant};

use puzzlec_engine::answer::{Answer, Status};
use puzzlec_engine::certify::Certification;
use puzzlec_engine::env::{self, Env};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::event::Event;
use puzzlec_engine::{plan, policy, Request};

use crate::request::CrossRequest;
use crate::rules::{self, relaxed_distances, CrossPuzzle, CrossSearch, UNREACHABLE};
use crate::verbs::{instance, set_plans, PUZZLE};

/// Every neighbour of the target has one colour and the empty cell ends on one of them, so
/// plan lengths have one parity and horizons go up by two.
const STEP: usize = 2;

/// Positions the exhaustive unreachability proof may visit before giving up.
const REACH_CAP: usize = 2_000_000;

/// The longest plan looked for when the request names none.
pub const DEFAULT_MAX_MOVES: usize = 60;
/// The largest `--max-moves`: beyond it the horizon search would run for days.
pub const MAX_MOVES_CAP: usize = 1000;

/// Solves a cross-slider request.
///
/// # Errors
/// Bad input (flags, names, conflicting options); unknown when a solver fails.
pub fn solve(request: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let req: &CrossRequest = &request.read()?;
    let options = &request.options;
    let started = Instant::now();
    let puzzle = instance(&req.instance)?;
    let deadline = env::deadline(options.timeout)?;
    let max = policy::max_moves(req.max_moves, DEFAULT_MAX_MOVES, MAX_MOVES_CAP)?;
    let solver = env.solver(options.solver.as_deref().unwrap_or("cadical"))?;
    let n = puzzle.cells();
    let h0 = relaxed_distances(&puzzle)[puzzle.index(puzzle.cross) * n + puzzle.index(puzzle.empty)];
    let mut answer = Answer::new(PUZZLE, Status::Solved);
    answer.solver = Some(solver.id().to_owned());
    answer.lower_bound = Some(if h0 == UNREACHABLE { 0 } else { h0 as usize });
    let finish = |mut a: Answer| {
        a.time_ms = Some(started.elapsed().as_millis() as u64);
        Ok(a)
    };
    let all = options.all.then_some(());
    let cert = Certification::start(options, &solver, env, deadline)?;
    let Some(backend) = solver.backend() else {
        policy::search_refusals(options, true)?;
        answer.encoding = Some("none".into());
        let keep = if options.all { usize::MAX } else { 1 };
        return finish(match rules::shortest_solutions(&puzzle, max, keep, deadline) {
            CrossSearch::Found { solutions, complete, .. } => {
                for plan in &solutions {
                    rules::replay(&puzzle, plan).map_err(|e| {
                        Error::unknown(format!("the exact search returned a plan that fails replay: {e}"))
                    })?;
                }
                set_plans(&mut answer, &puzzle, &solutions, true, all.map(|()| complete));
                answer
            }
            CrossSearch::NoneWithin { max_moves: Some(m) } => {
                answer.no_solution(None, none_within(&puzzle, m, deadline))
            }
            CrossSearch::NoneWithin { max_moves: None } => {
                answer.no_solution(None, "the cross cannot reach the target even with every piece free")
            }
            CrossSearch::TimedOut => answer.unknown(limit(options, deadline, "time limit reached")),
        });
    };
    let encoding =
        puzzlec_engine::choose::for_backend(PUZZLE, &crate::encodings::ALL, options.encoding.as_deref(), backend)?;
    answer.encoding = Some(encoding.name().into());
    puzzlec_engine::certify::needs_cnf(
        cert.is_some(),
        encoding.name(),
        encoding.writes(puzzlec_ir::Form::Dimacs),
        None,
    )?;
    if h0 == UNREACHABLE {
        return finish(answer.no_solution(None, "the cross cannot reach the target even with every piece free"));
    }
    // With fixed orientations, or a bound above the default (climbing to it could take
    // long), first try to prove the target unreachable by visiting every position.
    let prove_first = req.instance.orientations.is_some() || max > DEFAULT_MAX_MOVES;
    // A look, not the run: at most a quarter of the time (2 s without a limit), so that a
    // target reachable after all is still searched for.
    let now = Instant::now();
    let look = now
        + deadline
            .map_or(Duration::from_secs(2), |d| (d.saturating_duration_since(now) / 4).min(Duration::from_secs(2)));
    if prove_first && rules::target_reachable(&puzzle, REACH_CAP, Some(look)) == Some(false) {
        return finish(
            answer.no_solution(None, "the cross can never reach the target (every reachable position was visited)"),
        );
    }
    let search = plan::Search::new(backend, options, (h0 as usize, STEP), max, deadline);
    let case = plan::Case::<crate::Cross> { encoding, backend, board: puzzle, deadline };
    finish(plan::search(&case, &search, answer, cert, on)?)
}

fn limit(options: &puzzlec_engine::SolveOptions, deadline: Option<Instant>, reason: &str) -> String {
    env::limit_reason(options.timeout, deadline, reason)
}

/// "None within max" from a solver, upgraded to "never" when the positions are few enough to
/// visit them all.
pub(crate) fn none_within(puzzle: &CrossPuzzle, max: usize, deadline: Option<Instant>) -> String {
    // Only the words depend on it: a short look (half a second) within the run's time.
    let look = Instant::now() + std::time::Duration::from_millis(500);
    let look = deadline.map_or(look, |d| d.min(look));
    match rules::target_reachable(puzzle, REACH_CAP, Some(look)) {
        Some(false) => "the cross can never reach the target (every reachable position was visited)".into(),
        _ => format!("no plan of at most {} brings the cross to the target", puzzlec_engine::answer::moves(max)),
    }
}
