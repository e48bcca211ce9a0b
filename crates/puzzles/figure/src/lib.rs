//! Magic figures described in a file: any cells, any lines, any values, one sum. The file
//! format, the symmetries found from the lines (and the drawing), and the puzzle's verbs,
//! text, drawing and proofs behind [`Figure`].
//!
//! The encodings, their driver and the checks are the line-sum machinery of the hexagon
//! crate (`puzzlec_hex::encodings`, `drive`, `rules::shape`), which sees a figure only as
//! a shape: this crate turns a file into one.

pub mod draw;
pub mod file;
#[cfg(feature = "cli")]
pub mod options;
pub mod prove;
pub mod request;
pub mod symmetry;
pub mod text;
pub mod verbs;

use puzzlec_engine::{About, Kind, Puzzle};

/// The puzzle's name in requests and on the command line.
pub const NAME: &str = "figure";

/// What the registry holds: the puzzle, which implements [`Puzzle`] here and its parts
/// beside the code they describe (`verbs.rs`, `options.rs`, `text.rs`, `prove.rs`).
pub struct Figure;

static ABOUT: About = About {
    name: NAME,
    line: "Magic figure from a TOML file (squares, stars, triangles): every line the same sum.",
    kind: Kind::Filling,
    keys: request::KEYS,
    encodings: || puzzlec_engine::puzzle::infos(&puzzlec_hex::encodings::ALL),
    solve: verbs::solve,
};

impl Puzzle for Figure {
    fn about(&self) -> &'static About {
        &ABOUT
    }
}
