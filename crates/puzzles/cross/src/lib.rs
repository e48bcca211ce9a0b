//! The cross slider: the grid and its rules, the exact search, the SAT/SMT encodings and their driver.
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through the puzzle registry.

pub mod drive;
pub mod encodings;
pub mod rules;
