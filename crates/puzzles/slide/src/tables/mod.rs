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
