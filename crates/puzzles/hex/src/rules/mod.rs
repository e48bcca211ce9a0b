//! Line-sum figures: the shape every encoding sees, checking a filling; magic hexagons of
//! order n (geometry derived from coordinates, never a typed table) and their printing.

pub(crate) mod anneal;
pub mod brute;
pub(crate) mod filling;
pub(crate) mod geometry;
pub mod shape;

pub use filling::{check_filling, render, FillingError, Rules};
pub use geometry::{Hexagon, OrderError};
pub use shape::Shape;

/// The largest value a cell may hold, either side of 0: the sums of a line (up to the 397
/// cells of order 12) then fit in 64 bits with room to spare.
pub const MAX_VALUE: i64 = 1_000_000_000_000_000;
