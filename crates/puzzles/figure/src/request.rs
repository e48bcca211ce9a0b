//! A magic-figure request as the puzzle reads it from the request's fields.

use puzzlec_engine::fill::FillOptions;
use serde::{Deserialize, Serialize};

/// A magic-figure instance: one definition for its JSON keys and, with the `cli` feature,
/// its command-line flags and their help.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct FigureInstance {
    /// The figure file (TOML): cells, lines, values, sum; see `examples/figures/`.
    #[cfg_attr(feature = "cli", arg(value_name = "FILE"))]
    pub file: String,
    /// Givens (cells by the names the file gives them: a=8,e=5) and symmetry classes.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub fill: FillOptions,
}

/// The keys of a JSON `solve figure` request beyond the shared options.
pub const KEYS: &[&str] = &["file", "givens", "up_to_symmetry"];

#[cfg(test)]
mod tests {
    #[test]
    fn the_keys_are_the_instance_fields() {
        let fill = puzzlec_engine::fill::FillOptions { givens: Some("a=1".into()), up_to_symmetry: true };
        let full = super::FigureInstance { file: "f".into(), fill };
        assert!(puzzlec_engine::request::keys_are_fields(super::KEYS, &full));
    }
}
