//! Sliding tiles (the 15-puzzle at any size from 2x2 to 8x8), the board model: the board and
//! its moves, parsing, solvability, the admissible estimates, the benchmark boards. Every
//! plan is replayed through this model.

pub mod benchset;
pub(crate) mod board;
pub(crate) mod heuristic;
pub(crate) mod parse;
pub(crate) mod solvability;

pub use board::{Board, IllegalMove, BLANK};
pub use heuristic::Heuristic;
pub use parse::{parse_board, to_compact, BoardError};
pub use puzzlec_core::moves::{moves_to_string, parse_moves, Move};
pub use solvability::{check_solvable, ParityMismatch};
