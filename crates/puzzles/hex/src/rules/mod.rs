//! Line-sum figures: the shape every encoding sees, checking a filling; magic hexagons of
//! order n (geometry derived from coordinates, never a typed table) and their printing.

pub mod anneal;
pub mod brute;
pub mod filling;
pub mod geometry;
pub mod shape;

pub use filling::{check_filling, render, FillingError, Rules};
pub use geometry::{Hexagon, OrderError};
pub use shape::Shape;
