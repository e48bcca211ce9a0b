//! A sliding-tile request as the puzzle reads it from the request's fields.

use serde::{Deserialize, Serialize};

/// A sliding-tile instance.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SlideInstance {
    /// The start board in the compact or table form.
    pub board: String,
    /// The goal board; `None` is tiles in order, blank last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// Where the board text came from, for messages (`--board`, `board in FILE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
}

/// `solve slide`: the instance and this puzzle's own options.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SlideRequest {
    #[serde(flatten)]
    pub instance: SlideInstance,
    /// Proved "no solution" when every plan needs more moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_moves: Option<usize>,
    /// Keep one incremental solver across horizons.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub incremental: bool,
    /// A plan at once, better plans while time allows, the gap to optimal always reported.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub anytime: bool,
}

/// The keys of a JSON `solve slide` request beyond the shared options.
pub const KEYS: &[&str] = &["board", "goal", "max_moves", "incremental", "anytime"];

#[cfg(test)]
mod tests {
    #[test]
    fn the_keys_are_the_request_fields() {
        let instance = super::SlideInstance { board: "1 _ / 2 3".into(), goal: Some("_ 1 / 2 3".into()), origin: None };
        let full = super::SlideRequest { instance, max_moves: Some(9), incremental: true, anytime: true };
        assert!(puzzlec_engine::request::keys_are_fields(super::KEYS, &full));
    }
}
