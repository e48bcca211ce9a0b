//! Sliding tiles (any RxC): the board and its rules, the exact searches and pattern databases, the SAT/SMT encodings, and the drivers that search horizons with them.
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through the puzzle registry.

pub mod drive;
pub mod encodings;
pub mod rules;
