//! `solve slide --anytime`: a plan at once, better plans while time allows, and the gap to
//! optimal always known. The constructive plan comes first (milliseconds on 8x8); windows of
//! it are shortened by exact searches for part of the time; then the exact search of the
//! whole board runs until the limit, raising the lower bound with every IDA* iteration it
//! completes, and replacing the plan when it finds an optimal one.

use std::time::{Duration, Instant};

use crate::rules::{Board, Move};
use crate::search::Search;
use crate::search::{self, bfs, ida, shorten as anytime};
use crate::tables::dense;

use puzzlec_engine::answer::Answer;
use puzzlec_engine::event::Event;

/// Without a time limit, how long the shortening may run before the exact search starts.
const SHORTEN_WITHOUT_LIMIT: Duration = Duration::from_secs(10);

/// The share of the time limit given to shortening windows.
const SHORTEN_SHARE: f64 = 0.4;

/// Improves `known` (already replayed) until `deadline`; the answer ends solved, with the
/// best plan, the best proved lower bound and the gap.
pub fn run(
    mut answer: Answer,
    start: &Board,
    goal: &Board,
    known: Vec<Move>,
    deadline: Option<Instant>,
    on: &mut dyn FnMut(Event),
) -> Answer {
    let started = Instant::now();
    let seconds = || started.elapsed().as_secs_f64();
    on(Event::Plan { length: known.len(), seconds: seconds() });
    let mut lower = answer.lower_bound.unwrap_or(0);
    on(Event::Bound { lower_bound: lower, seconds: seconds() });
    let until = match deadline {
        Some(d) => started + d.saturating_duration_since(started).mul_f64(SHORTEN_SHARE),
        None => started + SHORTEN_WITHOUT_LIMIT,
    };
    let best = anytime::shorten(start, known, until, &mut |p| on(Event::Plan { length: p.len(), seconds: seconds() }));
    let mut raise = |b: usize| {
        lower = lower.max(b);
        on(Event::Bound { lower_bound: lower, seconds: seconds() });
    };
    let exact = if start.len() <= bfs::MAX_BFS_CELLS {
        bfs::shortest_path(start, goal, deadline)
    } else if dense::DenseDb::cached(goal) {
        // The 5x5 tables once built (their first build takes minutes, more than an anytime
        // run should spend on them).
        search::exact_shortest_path_with(start, goal, deadline, &mut |p| {
            if let search::Progress::Bound(b) = p {
                raise(b);
            }
        })
    } else {
        ida::shortest_path_with_bounds(start, goal, deadline, &mut raise)
    };
    match exact {
        Search::Found(plan) if start.apply_strict(&plan).ok() == Some(*goal) => {
            if plan.len() < best.len() {
                on(Event::Plan { length: plan.len(), seconds: seconds() });
            }
            answer.set_plan(&plan, true);
            answer.lower_bound = Some(plan.len());
        }
        _ => answer.set_best(&best, lower),
    }
    answer
}
