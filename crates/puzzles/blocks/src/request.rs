//! A sliding-blocks request as the puzzle reads it from the request's fields.

use serde::{Deserialize, Serialize};

/// A sliding-blocks instance, as flags give it.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct BlocksInstance {
    /// The drawing (rows separated by newlines or `/`), or a Rush Hour line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Where the board came from, for messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_origin: Option<String>,
    /// Rush Hour rules on a drawing (`o`/`.` empty, `x`/`#` wall, vehicles on their axes, A
    /// must exit right). A one-row board of 36 characters is read this way without it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rush_hour: bool,
    /// Pieces kept to their row, and to their column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizontal: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vertical: Option<String>,
    /// `A@4,2 B@1,1`: pieces and the top-left corner of their bounding box at the end (a
    /// JSON request may also list them: `["A@4,2", "B@1,1"]`, as --goal repeated).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "goals")]
    pub goal: Option<String>,
    /// A goal drawing of the board's size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal_board: Option<String>,
    /// `step`, `slide` (the default) or `path`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
}

/// A goal as one string of words or a list of them.
fn goals<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Goals {
        Words(String),
        List(Vec<String>),
    }
    Ok(
        match Option::<Goals>::deserialize(d).map_err(|_| {
            serde::de::Error::custom("goal: a string (\"A@4,2 B@1,1\") or a list of strings ([\"A@4,2\", \"B@1,1\"])")
        })? {
            None => None,
            Some(Goals::Words(w)) => Some(w),
            Some(Goals::List(l)) => Some(l.join(" ")),
        },
    )
}

/// The keys of a JSON `solve blocks` request beyond the shared options.
pub const KEYS: &[&str] =
    &["board", "rush_hour", "horizontal", "vertical", "goal", "goal_board", "metric", "max_moves"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_goal_reads_as_words_or_as_a_list() {
        let words: BlocksInstance = serde_json::from_str(r#"{"goal": "A@4,2 B@1,1"}"#).unwrap();
        let list: BlocksInstance = serde_json::from_str(r#"{"goal": ["A@4,2", "B@1,1"]}"#).unwrap();
        assert_eq!(words.goal.as_deref(), Some("A@4,2 B@1,1"));
        assert_eq!(list.goal, words.goal);
        let none: BlocksInstance = serde_json::from_str("{}").unwrap();
        assert_eq!(none.goal, None);
        let bad = serde_json::from_str::<BlocksInstance>(r#"{"goal": 3}"#).unwrap_err().to_string();
        assert!(bad.contains("a list of strings"), "{bad}");
    }

    #[test]
    fn the_keys_are_the_request_fields() {
        let given = || Some(String::from("x"));
        let instance = super::BlocksInstance {
            board: given(),
            board_origin: None,
            rush_hour: true,
            horizontal: given(),
            vertical: given(),
            goal: given(),
            goal_board: given(),
            metric: given(),
        };
        let full = puzzlec_engine::plan::PlanRequest { instance, max_moves: Some(9) };
        assert!(puzzlec_engine::request::keys_are_fields(super::KEYS, &full));
    }
}
