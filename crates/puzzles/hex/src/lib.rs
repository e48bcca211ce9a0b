//! Magic hexagons of any order: the geometry and the filling rules, the SAT/SMT encodings, and the enumeration over symmetry classes.
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through the puzzle registry.

pub mod drive;
pub mod encodings;
pub mod rules;
