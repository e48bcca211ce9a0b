//! What `solve cross` needs besides the facts the generic verbs read: the exact search as a
//! solver, and the checks that need no solver (a target the relaxed puzzle cannot reach, or
//! one no reachable position reaches). The solve itself is `puzzlec_engine::plan::solve`.

use std::time::{Duration, Instant};

use puzzlec_core::Move;
use puzzlec_engine::plan::Searched;

use crate::rules::{self, CrossPuzzle, CrossSearch, Orientation};

/// Positions the exhaustive unreachability proof may visit before giving up.
const REACH_CAP: usize = 2_000_000;

/// The longest plan looked for when the request names none.
pub const DEFAULT_MAX_MOVES: usize = 60;
/// The largest `--max-moves`: beyond it the horizon search would run for days.
pub const MAX_MOVES_CAP: usize = 1000;

/// The words of a target even the relaxed puzzle (every piece free) cannot reach.
pub(crate) const NEVER_RELAXED: &str = "the cross cannot reach the target even with every piece free";
/// The words of a target no reachable position reaches.
const NEVER: &str = "the cross can never reach the target (every reachable position was visited)";

/// The exact search (IDA* guided by the relaxed puzzle): one shortest plan, or every one.
pub(crate) fn search(
    puzzle: &CrossPuzzle,
    max_moves: Option<usize>,
    all: bool,
    deadline: Option<Instant>,
) -> Searched<Move> {
    let keep = if all { usize::MAX } else { 1 };
    match rules::shortest_solutions(puzzle, max_moves.unwrap_or(DEFAULT_MAX_MOVES), keep, deadline) {
        CrossSearch::Found { solutions, complete, .. } => Searched::Plans { plans: solutions, complete },
        CrossSearch::NoneWithin { max_moves: Some(m) } => Searched::None(None, none_within(puzzle, m, deadline)),
        CrossSearch::NoneWithin { max_moves: None } => Searched::None(None, NEVER_RELAXED.into()),
        CrossSearch::TimedOut => Searched::Limit { why: "time limit reached".into(), lower_bound: None },
    }
}

/// With fixed orientations, or a bound above the default (climbing to it could take long),
/// a look at every reachable position before the horizons: at most a quarter of the time
/// (2 s without a limit), so that a target reachable after all is still searched for.
pub(crate) fn look(puzzle: &CrossPuzzle, max: usize, deadline: Option<Instant>) -> Option<String> {
    let fixed = puzzle.fixed.iter().any(|&o| o != Orientation::Free);
    if !fixed && max <= DEFAULT_MAX_MOVES {
        return None;
    }
    let now = Instant::now();
    let two = Duration::from_secs(2);
    let look = now + deadline.map_or(two, |d| (d.saturating_duration_since(now) / 4).min(two));
    (rules::target_reachable(puzzle, REACH_CAP, Some(look)) == Some(false)).then(|| NEVER.into())
}

/// "None within max" from a solver, upgraded to "never" when the positions are few enough to
/// visit them all.
pub(crate) fn none_within(puzzle: &CrossPuzzle, max: usize, deadline: Option<Instant>) -> String {
    // Only the words depend on it: a short look (half a second) within the run's time.
    let look = Instant::now() + Duration::from_millis(500);
    let look = deadline.map_or(look, |d| d.min(look));
    match rules::target_reachable(puzzle, REACH_CAP, Some(look)) {
        Some(false) => NEVER.into(),
        _ => format!("no plan of at most {} brings the cross to the target", puzzlec_engine::answer::moves(max)),
    }
}
