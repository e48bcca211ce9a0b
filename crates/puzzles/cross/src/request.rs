//! A cross-slider request as the puzzle reads it from the request's fields.

use serde::{Deserialize, Serialize};

/// A cross-slider instance: one definition for its JSON keys and, with the `cli` feature,
/// its command-line flags and their help.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct CrossInstance {
    /// Board size as ROWSxCOLS [default: 5x5, or the orientation grid's size].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long))]
    pub size: Option<String>,
    /// Where the cross starts, ROW,COL from 1,1 (default top-left).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long))]
    pub cross: Option<String>,
    /// Where the empty cell starts (default bottom-right).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long))]
    pub empty: Option<String>,
    /// Where the cross must go (default bottom-right).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long))]
    pub target: Option<String>,
    /// Orientation grid fixed before play (+ cross, . empty, - horizontal, | vertical, ?
    /// free): a FILE, or the grid itself with rows split by / (e.g. "+-?/|.-"); it sets
    /// size, cross and empty cell.
    // In a request this is the grid's text: the command line reads a file into it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE|GRID"))]
    pub orientations: Option<String>,
    /// Where the grid came from, for messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(skip))]
    pub orientations_origin: Option<String>,
}

/// The keys of a JSON `solve cross` request beyond the shared options: the fields of
/// [`CrossInstance`] a request gives (a test holds them equal) and `max_moves`.
pub const KEYS: &[&str] = &["size", "cross", "empty", "target", "orientations", "max_moves"];

#[cfg(test)]
mod tests {
    #[test]
    fn the_keys_are_the_instance_fields() {
        let given = || Some(String::from("x"));
        let full = super::CrossInstance {
            size: given(),
            cross: given(),
            empty: given(),
            target: given(),
            orientations: given(),
            orientations_origin: None,
        };
        let request = puzzlec_engine::plan::PlanRequest { instance: full, max_moves: Some(1) };
        assert!(puzzlec_engine::request::keys_are_fields(super::KEYS, &request));
    }
}
