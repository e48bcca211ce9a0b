//! What `solve blocks` needs besides the facts the generic verbs read: the exact search as
//! the solver (the default), its second opinion, the live solvers of `sat`, and the checks
//! that need no solver (a goal piece that cannot reach its goal even alone, a goal no
//! reachable position reaches). The solve itself is `puzzlec_engine::plan::solve`.

use std::time::{Duration, Instant};

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_engine::opinion::Opinion;
use puzzlec_engine::plan::{Case, Plans as _, Searched};

use crate::rules::search::{lower_bound, shortest, Found};
use crate::rules::{self, BlockMove, BlocksPuzzle};

/// The longest plan a SAT/SMT search climbs to when the request names none.
pub const DEFAULT_MAX_MOVES: usize = 200;

/// The exact search (breadth first, every reachable position stored): one shortest plan.
pub(crate) fn search(
    puzzle: &BlocksPuzzle,
    max_moves: Option<usize>,
    deadline: Option<Instant>,
) -> Searched<BlockMove> {
    match shortest(puzzle, max_moves.unwrap_or(usize::MAX), deadline) {
        Found::Plan { plan, .. } => Searched::Plans { plans: vec![plan], complete: false },
        Found::Never { states } => Searched::None(Some("unreachable"), never_words(states)),
        Found::NoneWithin { max, .. } => Searched::None(Some("max-moves"), within_words(max)),
        Found::Limit(why) => Searched::Limit { why, lower_bound: None },
    }
}

/// A goal piece that cannot reach its goal even with every other piece off the board.
pub(crate) fn hopeless(puzzle: &BlocksPuzzle) -> Option<(Option<&'static str>, String)> {
    lower_bound(puzzle).is_none().then(|| (Some("unreachable"), alone_words(puzzle)))
}

/// Climbing every horizon to the bound for an unreachable goal is waste: a short look (5 s at
/// most) at every reachable position first.
pub(crate) fn look(puzzle: &BlocksPuzzle, deadline: Option<Instant>) -> Option<(Option<&'static str>, String)> {
    let look = Instant::now() + Duration::from_secs(5);
    match shortest(puzzle, usize::MAX, Some(deadline.map_or(look, |d| d.min(look)))) {
        Found::Never { states } => Some((Some("unreachable"), never_words(states))),
        _ => None,
    }
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
    if crate::encodings::transitions(case.board, cap) > cap {
        return None;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
    let fresh = |horizon, limit| case.probe(horizon, limit);
    let shorten = |plan| rules::shorten::shorten(case.board, plan);
    let race = (h, threads, puzzlec_drive::at_most::QUICK);
    crate::drive::live::shortest(case.backend, case.board, race, fresh, shorten, progress)
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
