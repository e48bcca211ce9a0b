//! A magic-hexagon request as the puzzle reads it from the request's fields.

use serde::{Deserialize, Serialize};

/// A magic-hexagon instance.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct HexInstance {
    #[serde(default = "default_order")]
    pub order: usize,
    /// `CELL=VALUE,...` with 1-based cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub givens: Option<String>,
    /// `LO..HI`: the values to place, each once (as many as the cells); `None` is 1..cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<String>,
    /// The magic sum the user expects, checked against the one the values imply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<i64>,
    /// One filling per class of rotations and reflections (`solve`: the answer; `emit`: the
    /// symmetry-breaking facts in the file).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub up_to_symmetry: bool,
}

impl Default for HexInstance {
    fn default() -> HexInstance {
        HexInstance { order: default_order(), givens: None, values: None, sum: None, up_to_symmetry: false }
    }
}

fn default_order() -> usize {
    3
}

/// The keys of a JSON `solve hex` request beyond the shared options.
pub const KEYS: &[&str] = &["order", "values", "sum", "givens", "up_to_symmetry"];
