//! Sliding tiles (any RxC): the board and its rules, the exact searches and pattern
//! databases, the SAT/SMT encodings, the drivers that search horizons with them, and the
//! puzzle's verbs, text, drawing, benchmark family and proofs behind [`Slide`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

mod anytime;
mod certify;
mod draw;
pub mod drive;
pub mod encodings;
mod family;
mod guided;
#[cfg(feature = "cli")]
mod options;
pub mod prove;
pub mod request;
pub mod rules;
pub mod search;
mod solve;
pub mod tables;
mod text;
mod verbs;

use puzzlec_solve::Form;

puzzlec_engine::puzzle! {
    /// Sliding tiles: the value the registry holds.
    Slide {
        name: "slide",
        line: "Sliding tiles: reach the goal board in the fewest moves.",
        kind: Plan,
        solve: solve::solve,
    }

    fn default_encoding(&self, form: Form) -> Option<&'static str> {
        Some(drive::default_encoding(form).name())
    }
}
