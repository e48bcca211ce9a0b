//! Magic figures described in a file: any cells, any lines, any values, one sum. The file
//! format, the symmetries found from the lines (and the drawing), and the puzzle's verbs,
//! text, drawing and proofs behind [`Figure`].
//!
//! The encodings, their driver and the checks are the line-sum machinery of the hexagon
//! crate (`puzzlec_hex::encodings`, `drive`, `rules::shape`), which sees a figure only as
//! a shape: this crate turns a file into one.

mod draw;
mod file;
#[cfg(feature = "cli")]
mod options;
mod prove;
mod request;
mod symmetry;
mod text;
mod verbs;

puzzlec_engine::puzzle! {
    /// Magic figures: the value the registry holds.
    Figure {
        name: "figure",
        line: "Magic figure from a TOML file (squares, stars, triangles): every line the same sum.",
        kind: Filling,
        encodings: || puzzlec_engine::puzzle::infos(&puzzlec_hex::encodings::ALL),
        solve: verbs::solve,
    }
}
