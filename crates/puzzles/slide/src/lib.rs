//! Sliding tiles (any RxC): the board and its rules, the exact searches and pattern
//! databases, the SAT/SMT encodings, the drivers that search horizons with them, and the
//! puzzle's verbs, text, drawing, benchmark family and proofs behind [`Slide`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

pub mod anytime;
pub mod draw;
pub mod drive;
pub mod encodings;
pub mod family;
pub mod jobs;
#[cfg(feature = "cli")]
pub mod options;
pub mod prove;
pub mod request;
pub mod rules;
pub mod solve;
pub mod text;
pub mod verbs;

use puzzlec_engine::{About, Kind, Puzzle};
use puzzlec_solve::Form;

/// The puzzle's name in requests and on the command line.
pub const NAME: &str = "slide";

/// What the registry holds: the puzzle, which implements [`Puzzle`] here and its parts
/// beside the code they describe (`verbs.rs`, `options.rs`, `text.rs`, `prove.rs`).
pub struct Slide;

static ABOUT: About = About {
    name: NAME,
    line: "Sliding tiles: reach the goal board in the fewest moves.",
    kind: Kind::Plan,
    keys: request::KEYS,
    encodings: || puzzlec_engine::puzzle::infos(&encodings::ALL),
    solve: solve::solve,
};

impl Puzzle for Slide {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn default_encoding(&self, form: Form) -> Option<&'static str> {
        Some(drive::default_encoding(form).name())
    }
}
