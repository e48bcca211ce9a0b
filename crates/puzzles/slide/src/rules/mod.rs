//! Sliding tiles (the 15-puzzle at any size from 2x2 to 8x8): board, moves, parsing,
//! solvability and the exact searches that serve as oracle and as the `search` solver.

pub mod anytime;
pub mod benchset;
pub mod bfs;
pub mod board;
pub mod constructive;
pub mod heuristic;
pub mod ida;
pub mod parse;
pub mod pdb;
pub mod solvability;
pub mod tabled;

pub use bfs::Search;
pub use board::{Board, IllegalMove, BLANK};
pub use constructive::constructive_plan;
pub use heuristic::Heuristic;
pub use parse::{parse_board, to_compact, BoardError};
pub use puzzlec_core::moves::{moves_to_string, parse_moves, Move};
pub use solvability::{check_solvable, ParityMismatch};

use std::time::Instant;

/// The exact search the `search` solver runs: bidirectional BFS up to 12 cells, IDA* above
/// (on the pattern databases up to 16 cells).
///
/// Check solvability first; on an unsolvable board this only ends at the deadline or, for
/// small boards, when BFS exhausts the component.
pub fn exact_shortest_path(start: &Board, goal: &Board, deadline: Option<Instant>) -> Search {
    if start.len() <= bfs::MAX_BFS_CELLS {
        return bfs::shortest_path(start, goal, deadline);
    }
    if start.len() > pdb::MAX_CELLS {
        return ida::shortest_path(start, goal, deadline);
    }
    // With the tables in the cache (or this process), they cost milliseconds: use them.
    // Without, most boards finish within a second on Manhattan + linear conflict; the
    // others pay seconds to build the tables once (cached for later runs).
    if !pdb::PatternDb::cached(goal) {
        let first = Instant::now() + std::time::Duration::from_secs(1);
        let quick = ida::shortest_path(start, goal, Some(deadline.map_or(first, |d| d.min(first))));
        let out_of_time = deadline.is_some_and(|d| Instant::now() >= d) || puzzlec_core::stop::requested();
        if !matches!(quick, Search::TimedOut) || out_of_time {
            return quick;
        }
    }
    match build_tables(goal, deadline).and_then(|db| tabled::shortest_path(start, &db, deadline)) {
        Some(found) => found,
        None => ida::shortest_path(start, goal, deadline),
    }
}

/// The shared tables, read or built within `deadline` (none when it passes first).
fn build_tables(goal: &Board, deadline: Option<Instant>) -> Option<std::sync::Arc<pdb::PatternDb>> {
    match deadline {
        Some(d) => puzzlec_core::stop::building_until(d, || pdb::PatternDb::shared_if_fits(goal)),
        None => pdb::PatternDb::shared_if_fits(goal),
    }
}
