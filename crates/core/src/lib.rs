//! What every puzzle shares below its own crate: the stop token (time limits and Ctrl-C,
//! seen by searches and solvers alike), the four grid moves of sliding puzzles, and the
//! cache of files worth keeping between runs, and the tuning read from the environment.
//!
//! Nothing here knows about a particular puzzle, SAT, SMT or solvers.

pub mod cache;
pub mod moves;
pub mod stop;
pub mod tuning;

pub use moves::{moves_to_string, parse_moves, BadMoveLetter, Move};
