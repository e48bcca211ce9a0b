//! Magic hexagons of order n: geometry derived from coordinates (never a typed table), the
//! magic sum, checking a filling and printing it as a hexagon.

pub mod brute;
pub mod filling;
pub mod geometry;

pub use filling::{check_filling, render, FillingError};
pub use geometry::{Hexagon, OrderError};
