//! The cross slider (seed 002): choose each piece's orientation so the cross can travel to the
//! target; the rules, the orientation grid, and the exact search used as the oracle.

pub(crate) mod grid;
pub(crate) mod model;
pub(crate) mod search;

pub use grid::{parse_orientation_grid, ParsedGrid};
pub use model::{replay, Cell, CrossError, CrossMoveError, CrossPuzzle, CrossState, Orientation, OrientationGrid};
pub use search::{
    relaxed_distances, relaxed_from_start, shortest_solutions, target_reachable, CrossSearch, UNREACHABLE,
};
