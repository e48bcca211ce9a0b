//! A magic-figure request as the puzzle reads it from the request's fields.

use serde::{Deserialize, Serialize};

/// A figure file and what to do with it.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct FigureInstance {
    /// The figure file (TOML; see [`crate::file`]).
    pub file: String,
    /// `CELL=VALUE,...` with the cells' names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub givens: Option<String>,
    /// One filling per symmetry class (`solve`: the answer; `emit`: the symmetry-breaking
    /// facts in the file).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub up_to_symmetry: bool,
}

/// The keys of a JSON `solve figure` request beyond the shared options.
pub const KEYS: &[&str] = &["file", "givens", "up_to_symmetry"];

#[cfg(test)]
mod tests {
    #[test]
    fn the_keys_are_the_instance_fields() {
        let full = super::FigureInstance { file: "f".into(), givens: Some("a=1".into()), up_to_symmetry: true };
        assert!(puzzlec_engine::request::keys_are_fields(super::KEYS, &full));
    }
}
