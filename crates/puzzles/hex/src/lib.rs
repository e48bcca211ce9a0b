//! Magic hexagons of any order: the geometry and the filling rules, the SAT/SMT encodings,
//! the enumeration over symmetry classes, and the puzzle's verbs, text, drawing, benchmark
//! family and proofs behind [`Hex`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

mod draw;
pub mod drive;
pub mod encodings;
mod family;
#[cfg(feature = "cli")]
mod options;
mod prove;
pub mod request;
pub mod rules;
mod text;
mod verbs;

puzzlec_engine::puzzle! {
    /// Magic hexagons: the value the registry holds.
    Hex {
        name: "hex",
        line: "Magic hexagon: fill cells 1..N so every line has the same sum.",
        kind: Filling,
        solve: verbs::solve,
    }
}
