//! Magic hexagons of any order: the geometry and the filling rules, the SAT/SMT encodings,
//! the enumeration over symmetry classes, and the puzzle's verbs, text, drawing, benchmark
//! family and proofs behind [`Hex`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

pub mod draw;
pub mod drive;
pub mod encodings;
pub mod family;
#[cfg(feature = "cli")]
pub mod options;
pub mod prove;
pub mod request;
pub mod rules;
pub mod text;
pub mod verbs;

use puzzlec_engine::{About, Kind, Puzzle};

/// The puzzle's name in requests and on the command line.
pub const NAME: &str = "hex";

/// What the registry holds: the puzzle, which implements [`Puzzle`] here and its parts
/// beside the code they describe (`verbs.rs`, `options.rs`, `text.rs`, `prove.rs`).
pub struct Hex;

static ABOUT: About = About {
    name: NAME,
    line: "Magic hexagon: fill cells 1..N so every line has the same sum.",
    kind: Kind::Filling,
    keys: request::KEYS,
    encodings: || puzzlec_engine::puzzle::infos(&encodings::ALL),
    solve: verbs::solve,
};

impl Puzzle for Hex {
    fn about(&self) -> &'static About {
        &ABOUT
    }
}
