//! The cross slider: the grid and its rules, the exact search, the SAT/SMT encodings and
//! their driver, and the puzzle's verbs, text, drawing, benchmark family and proofs behind
//! [`Cross`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

mod draw;
mod drive;
pub mod encodings;
mod family;
#[cfg(feature = "cli")]
mod options;
mod prove;
pub mod request;
pub mod rules;
mod solve;
mod text;
mod verbs;

puzzlec_engine::puzzle! {
    /// The cross slider: the value the registry holds.
    Cross {
        name: "cross",
        line: "Cross slider: choose orientations so the cross reaches the target.",
        kind: Plan,
        solve: puzzlec_engine::plan::solve::<Cross>,
    }
}
