//! The exact searches, the oracle and the `search` solver: breadth-first up to 12 cells,
//! IDA* on the pattern databases up to 25 ([`tabled`] on the 4x4 ones, [`dense`] on the
//! larger), IDA* on Manhattan distance beyond; the constructive plan any board has at once,
//! and the shortening of a plan window by window.

pub mod bfs;
pub(crate) mod constructive;
pub mod dense;
pub mod ida;
pub(crate) mod shorten;
pub mod tabled;

pub use bfs::Search;
pub use constructive::constructive_plan;

use crate::rules::Board;
use crate::tables::{dense as dense_tables, pdb};
use std::time::Instant;

/// The exact search the `search` solver runs: bidirectional BFS up to 12 cells, IDA* above
/// (on the pattern databases up to 16 cells, on the dense ones up to 25).
///
/// Check solvability first; on an unsolvable board this only ends at the deadline or, for
/// small boards, when BFS exhausts the component.
pub fn exact_shortest_path(start: &Board, goal: &Board, deadline: Option<Instant>) -> Search {
    exact_shortest_path_with(start, goal, deadline, &mut |_| {})
}

/// What the exact search tells while it runs.
pub enum Progress {
    /// `done` of the `of` dense tables (17 to 25 cells) are ready (the first build: minutes).
    Tables { done: usize, of: usize },
    /// An IDA* iteration on the tables proved that every plan has at least this many moves.
    Bound(usize),
}

/// [`exact_shortest_path`], telling `on` of its [`Progress`].
pub fn exact_shortest_path_with(
    start: &Board,
    goal: &Board,
    deadline: Option<Instant>,
    on: &mut dyn FnMut(Progress),
) -> Search {
    if start.len() <= bfs::MAX_BFS_CELLS {
        return bfs::shortest_path(start, goal, deadline);
    }
    let tabled = start.len() <= pdb::MAX_CELLS || dense_tables::DenseDb::fits(goal);
    if !tabled {
        return ida::shortest_path(start, goal, deadline);
    }
    // With the tables in the cache (or this process), they cost milliseconds (the 5x5 ones,
    // a second): use them. Without, most boards finish within a second on Manhattan +
    // linear conflict; the others pay for building the tables once (seconds on 4x4, minutes
    // on 5x5; cached for later runs).
    let cached = match start.len() <= pdb::MAX_CELLS {
        true => pdb::PatternDb::cached(goal),
        false => dense_tables::DenseDb::cached(goal),
    };
    if !cached {
        let first = Instant::now() + std::time::Duration::from_secs(1);
        let quick = ida::shortest_path(start, goal, Some(deadline.map_or(first, |d| d.min(first))));
        let out_of_time = deadline.is_some_and(|d| Instant::now() >= d) || puzzlec_core::stop::requested();
        if !matches!(quick, Search::TimedOut) || out_of_time {
            return quick;
        }
    }
    let found = match start.len() <= pdb::MAX_CELLS {
        true => build_tables(deadline, || pdb::PatternDb::shared_if_fits(goal))
            .and_then(|db| tabled::shortest_path(start, &db, deadline)),
        false => {
            let tables = build_tables(deadline, || {
                dense_tables::DenseDb::shared(goal, &mut |done, of| on(Progress::Tables { done, of }))
            });
            tables.and_then(|db| dense::shortest_path(start, &db, deadline, &mut |i| on(Progress::Bound(i.next))))
        }
    };
    match found {
        Some(found) => found,
        None => ida::shortest_path(start, goal, deadline),
    }
}

/// The shared tables, read or built within `deadline` (none when it passes first).
fn build_tables<T>(deadline: Option<Instant>, build: impl FnOnce() -> Option<T>) -> Option<T> {
    match deadline {
        Some(d) => puzzlec_core::stop::building_until(d, build),
        None => build(),
    }
}
