//! Pattern databases: additive tables of the fewest moves of a group of tiles, the heuristic
//! of the exact searches and of the SAT path's propagator. Sparse 4-bit-digit tables for
//! boards of up to 16 cells ([`pdb`]), densely ranked ones for 17 to 25 cells ([`dense`]).

pub mod dense;
pub mod pdb;
