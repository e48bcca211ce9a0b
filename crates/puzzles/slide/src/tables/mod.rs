//! Pattern databases: additive tables of the fewest moves of a group of tiles, the heuristic
//! of the exact searches and of the SAT path's propagator. Sparse 4-bit-digit tables for
//! boards of up to 16 cells ([`pdb`]), densely ranked ones for 17 to 25 cells ([`dense`]).

pub mod dense;
pub mod pdb;

use crate::rules::{Board, BLANK};

/// Most cells a board with a transpose symmetry has here (the dense tables' largest board).
pub const MIRROR_CELLS: usize = dense::MAX_CELLS;

/// The goal's transpose symmetry: where each cell goes, and which tile takes each tile's
/// part (the tile whose goal cell is the transposed goal cell). When the goal is its own
/// transpose up to renaming tiles, the transposed board is exactly as far from the goal, so
/// the same tables looked up on it give a second admissible estimate.
#[derive(Clone, Copy)]
pub struct Mirror {
    pub cell: [u8; MIRROR_CELLS],
    pub tile: [u8; MIRROR_CELLS],
}

/// The transpose symmetry of `goal`, if the transposed goal is the goal up to renaming
/// tiles (a square board with the blank on the diagonal).
pub fn mirror(goal: &Board) -> Option<Mirror> {
    let n = goal.rows();
    if goal.cols() != n || goal.len() > MIRROR_CELLS {
        return None;
    }
    let mut m = Mirror { cell: [0; MIRROR_CELLS], tile: [0; MIRROR_CELLS] };
    for r in 0..n {
        for c in 0..n {
            m.cell[r * n + c] = (c * n + r) as u8;
            m.tile[goal.at(r, c) as usize] = goal.at(c, r);
        }
    }
    (m.tile[BLANK as usize] == BLANK).then_some(m)
}

/// What the SAT path reads of a goal's tables, whichever kind holds them (sparse on up to 16
/// cells, dense on 17 to 25): the propagator and the frontier are written once over it, so
/// the 24-puzzle's horizons get the same pruning inside the solver as the 15-puzzle's.
pub trait Tables: Send + Sync {
    /// The admissible estimate for `board`: the larger of the direct and transposed sums.
    fn estimate(&self, board: &Board) -> usize;
    /// The groups' tiles, in table order (disjoint; together every tile).
    fn members(&self) -> Vec<Vec<u8>>;
    /// Group `g`'s entry with its tiles on `cells` (in the order of [`Tables::members`]).
    fn group_estimate(&self, g: usize, cells: &[usize]) -> usize;
    /// The goal's transpose symmetry, when it has one.
    fn mirror(&self) -> Option<&Mirror>;
    /// The moves from `board` that may start a plan of at most `room` moves, whether any
    /// legal move is left out (a short search of `depth` moves below it proves its board too
    /// far), and the boards that search looked at; `None` when `board` is not the tables'
    /// shape. See [`crate::search::tabled::Walk::moves_within`].
    fn moves_within(&self, board: &Board, room: usize, depth: usize) -> Option<(Vec<crate::rules::Move>, bool, u64)>;
    /// The tables themselves, which a certificate's checker reads.
    fn kind(self: std::sync::Arc<Self>) -> Kind;
}

/// Tables of either kind, as a certificate's checker reads them.
#[derive(Clone)]
pub enum Kind {
    Sparse(std::sync::Arc<pdb::PatternDb>),
    Dense(std::sync::Arc<dense::DenseDb>),
}

/// The tables for `goal` of either kind, made once per process and shared (read from the
/// cache or built); `None` when no tables fit the board or this thread's run was stopped.
pub fn shared(goal: &Board) -> Option<std::sync::Arc<dyn Tables>> {
    match dense::DenseDb::fits(goal) {
        true => dense::DenseDb::shared(goal, &mut |_, _| {}).map(|db| db as std::sync::Arc<dyn Tables>),
        false => pdb::PatternDb::shared(goal).map(|db| db as std::sync::Arc<dyn Tables>),
    }
}

/// True when the tables for `goal` of either kind are in this process or the cache folder.
pub fn cached(goal: &Board) -> bool {
    pdb::PatternDb::cached(goal) || dense::DenseDb::cached(goal)
}
