//! A magic-hexagon request as the puzzle reads it from the request's fields.

use puzzlec_engine::fill::FillOptions;
use serde::{Deserialize, Serialize};

/// A magic-hexagon instance: one definition for its JSON keys and, with the `cli` feature,
/// its command-line flags and their help.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct HexInstance {
    /// Order (side length): 3 is Hex38 with 19 cells; order n has 3n(n-1)+1 cells.
    #[serde(default = "default_order")]
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 3))]
    pub order: usize,
    /// The values, each placed once: a range LO..HI holding as many values as there are
    /// cells (default 1..cells; e.g. 3..39 for order 4, -30..30 for a zero-sum order 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long, value_name = "LO..HI", allow_hyphen_values = true))]
    pub values: Option<String>,
    /// The magic sum you expect: checked against the one the values imply (their total over
    /// the number of rows), an error when they differ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long, value_name = "S", allow_hyphen_values = true))]
    pub sum: Option<i64>,
    /// Givens (cells numbered from 1, row by row: 1=3,10=5) and symmetry classes.
    #[serde(flatten)]
    #[cfg_attr(feature = "cli", command(flatten))]
    pub fill: FillOptions,
}

impl Default for HexInstance {
    fn default() -> HexInstance {
        HexInstance { order: default_order(), values: None, sum: None, fill: FillOptions::default() }
    }
}

fn default_order() -> usize {
    3
}

/// The keys of a JSON `solve hex` request beyond the shared options: the fields of
/// [`HexInstance`] (a test holds them equal).
pub const KEYS: &[&str] = &["order", "values", "sum", "givens", "up_to_symmetry"];

#[cfg(test)]
mod tests {
    use puzzlec_engine::fill::FillOptions;

    #[test]
    fn the_keys_are_the_instance_fields() {
        let full = super::HexInstance {
            order: 4,
            values: Some("3..39".into()),
            sum: Some(111),
            fill: FillOptions { givens: Some("1=3".into()), up_to_symmetry: true },
        };
        assert!(puzzlec_engine::request::keys_are_fields(super::KEYS, &full));
    }
}
