//! A PuzzleScript request as the puzzle reads it from the request's fields.

use serde::{Deserialize, Serialize};

/// A game file and which of its levels.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct PuzzleScriptInstance {
    /// The game's source file.
    pub file: String,
    /// The level as a player counts them, from 1 (messages are not levels); `None` is every
    /// level in turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<usize>,
    /// The most states the breadth-first search stores (bounded memory); `None` is
    /// [`crate::level::MAX_STATES`].
    #[serde(default)]
    pub max_states: Option<usize>,
}

/// The keys of a JSON `solve puzzlescript` request beyond the shared options.
pub const KEYS: &[&str] = &["file", "level", "max_states", "max_moves"];

#[cfg(test)]
mod tests {
    #[test]
    fn the_keys_are_the_request_fields() {
        let instance = super::PuzzleScriptInstance { file: "game".into(), level: Some(1), max_states: Some(9) };
        let full = puzzlec_engine::plan::PlanRequest { instance, max_moves: Some(3) };
        assert!(puzzlec_engine::request::keys_are_fields(super::KEYS, &full));
    }
}
