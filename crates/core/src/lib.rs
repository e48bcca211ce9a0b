//! puzzlec's puzzle layer: instances, the reference models that judge every decoded solution,
//! and the exact searches used as test oracles and as the `search` solver.
//!
//! Nothing here knows about SAT, SMT or solvers; encodings and drivers build on top.

pub mod cross;
pub mod hex;
pub mod moves;
pub mod slide;
pub mod stop;

pub use moves::{moves_to_string, parse_moves, BadMoveLetter, Move};
