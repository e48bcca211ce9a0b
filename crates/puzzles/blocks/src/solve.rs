//! `solve blocks`: the exact search by default, else the plan search on a SAT/SMT backend
//! from the lower bound in steps of one (the encodings say "at most H moves"), after the
//! checks that need no solver (a goal piece that cannot reach its goal even alone).

use std::time::{Duration, Instant};

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_engine::answer::{Answer, Status};
use puzzlec_engine::certify::Certification;
use puzzlec_engine::env::{self, Env};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::event::Event;
use puzzlec_engine::opinion::Opinion;
use puzzlec_engine::plan::{Case, Plans as _};
use puzzlec_engine::{plan, policy, Request};

use crate::request::BlocksRequest;
use crate::rules::search::{lower_bound, shortest, Found};
use crate::rules::{self, BlockMove, BlocksPuzzle};
use crate::verbs::{check_metric, instance, set_plans, PUZZLE};

/// The longest plan a SAT/SMT search climbs to when the request names none.
pub const DEFAULT_MAX_MOVES: usize = 200;

/// Solves a sliding-blocks request.
///
/// # Errors
/// Bad input (flags, names, conflicting options); unknown when a solver fails.
pub fn solve(request: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let req: &BlocksRequest = &request.read()?;
    let options = &request.options;
    let started = Instant::now();
    let puzzle = instance(&req.instance)?;
    let deadline = env::deadline(options.timeout)?;
    let max = policy::max_moves(req.max_moves, DEFAULT_MAX_MOVES, puzzlec_engine::files::MAX_HORIZON)?;
    let solver = env.solver(options.solver.as_deref().unwrap_or(puzzlec_solve::Solver::SEARCH_ID))?;
    let mut answer = Answer::new(PUZZLE, Status::Solved);
    answer.solver = Some(solver.id().to_owned());
    answer.set_own("metric", Some(puzzle.metric.name()));
    let finish = |mut a: Answer| {
        a.time_ms = Some(started.elapsed().as_millis() as u64);
        Ok(a)
    };
    let Some(lb) = lower_bound(&puzzle) else {
        return finish(answer.no_solution(Some("unreachable"), alone_words(&puzzle)));
    };
    answer.lower_bound = Some(lb);
    let cert = Certification::start(options, &solver, env, deadline)?;
    let Some(backend) = solver.backend() else {
        policy::search_refusals(options, false)?;
        answer.encoding = Some("none".into());
        let limit = req.max_moves.unwrap_or(usize::MAX);
        return finish(match shortest(&puzzle, limit, deadline) {
            Found::Plan { plan, .. } => {
                rules::replay(&puzzle, &plan)
                    .map_err(|e| Error::unknown(format!("the exact search returned a plan that fails replay: {e}")))?;
                set_plans(&mut answer, &puzzle, &[plan], true, None);
                answer
            }
            Found::Never { states } => answer.no_solution(Some("unreachable"), never_words(states)),
            Found::NoneWithin { max, .. } => answer.no_solution(Some("max-moves"), within_words(max)),
            Found::Limit(why) => answer.unknown(env::limit_reason(options.timeout, deadline, &why)),
        });
    };
    // Unnamed, the CNF encoding is the one that suits the instance (a backend that takes
    // SMT-LIB2 gets the first SMT encoding as usual).
    let cnf = (backend.form() == puzzlec_ir::Form::Dimacs).then(|| crate::encodings::preferred(&puzzle));
    let encoding = puzzlec_engine::choose::for_backend(
        PUZZLE,
        &crate::encodings::ALL,
        options.encoding.as_deref().or(cnf),
        backend,
    )?;
    check_metric(encoding, &puzzle)?;
    answer.encoding = Some(encoding.name().into());
    puzzlec_engine::certify::needs_cnf(
        cert.is_some(),
        encoding.name(),
        encoding.writes(puzzlec_ir::Form::Dimacs),
        None,
    )?;
    // Climbing every horizon to the bound for an unreachable goal is waste: a short look at
    // every reachable position first.
    let look = Instant::now() + Duration::from_secs(5);
    if let Found::Never { states } = shortest(&puzzle, usize::MAX, Some(deadline.map_or(look, |d| d.min(look)))) {
        return finish(answer.no_solution(Some("unreachable"), never_words(states)));
    }
    let search = plan::Search::new(backend, options, (lb, 1), max, deadline);
    let case = Case::<crate::Blocks> { encoding, backend, board: puzzle, deadline };
    finish(plan::search(&case, &search, answer, cert, on)?)
}

fn alone_words(p: &BlocksPuzzle) -> String {
    format!("the goal {} cannot be reached even with every other piece off the board", p.goals_text())
}

fn never_words(states: usize) -> String {
    format!("the goal is unreachable (all {states} reachable positions were visited)")
}

fn within_words(max: usize) -> String {
    format!("no plan of at most {}", puzzlec_engine::answer::moves(max))
}

/// `sat` on a backend with live solvers: one per core (two at most), raced on each horizon
/// and kept from horizon to horizon ([`crate::drive::live`]).
pub(crate) fn session(
    case: &Case<'_, crate::Blocks>,
    h: Horizons,
    progress: &mut dyn FnMut(&Attempt),
) -> Option<std::result::Result<Shortest<Vec<BlockMove>>, puzzlec_drive::DriveError>> {
    if case.encoding.name() != puzzlec_encode::Encoding::name(&crate::encodings::classes::Sat) {
        return None;
    }
    let cap = crate::encodings::LIVE_TRANSITIONS;
    if crate::encodings::transitions(&case.board, cap) > cap {
        return None;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
    let fresh = |horizon, limit| case.probe(horizon, limit);
    let shorten = |plan| rules::shorten::shorten(&case.board, plan);
    let race = (h, threads, puzzlec_drive::at_most::QUICK);
    crate::drive::live::shortest(case.backend, &case.board, race, fresh, shorten, progress)
}

/// Breadth first for a quarter of the time, half a second at most (it settles boards with few
/// positions and long plans, as Rush Hour cards, in far less), then depth first with a bound
/// (crowded boards with short plans, where breadth first drowns in positions). A plan counts
/// only once it replays.
pub(crate) fn exact(puzzle: &BlocksPuzzle, below: usize, deadline: Instant) -> Opinion {
    let now = Instant::now();
    let quarter = now + (deadline.saturating_duration_since(now) / 4).min(Duration::from_millis(500));
    let shorter = |plan: Vec<BlockMove>| match rules::replay(puzzle, &plan) {
        Ok(_) if plan.len() < below => Opinion::Shorter(plan.len()),
        _ => Opinion::NoTime,
    };
    match shortest(puzzle, below, Some(quarter)) {
        Found::Plan { plan, .. } if plan.len() < below => return shorter(plan),
        Found::Plan { .. } | Found::Never { .. } | Found::NoneWithin { .. } => return Opinion::Confirmed,
        Found::Limit(_) => {}
    }
    match rules::deepening::shorter_than(puzzle, below, deadline) {
        rules::deepening::Bounded::Plan(plan) => shorter(plan),
        rules::deepening::Bounded::NoneBelow => Opinion::Confirmed,
        rules::deepening::Bounded::Limit => Opinion::NoTime,
    }
}

/// "Never" when a short look within the run's time visits every position, else "none within".
pub(crate) fn none_within(
    puzzle: &BlocksPuzzle,
    max: usize,
    deadline: Option<Instant>,
) -> (Option<&'static str>, String) {
    let look = puzzlec_engine::opinion::deadline(deadline).unwrap_or_else(Instant::now);
    match shortest(puzzle, usize::MAX, Some(look)) {
        Found::Never { states } => (Some("unreachable"), never_words(states)),
        _ => (Some("max-moves"), within_words(max)),
    }
}
