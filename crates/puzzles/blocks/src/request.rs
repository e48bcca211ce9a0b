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
    /// `A@4,2 B@1,1`: pieces and the top-left corner of their bounding box at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// A goal drawing of the board's size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal_board: Option<String>,
    /// `step`, `slide` (the default) or `path`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
}

/// `solve blocks`: the instance and this puzzle's own options.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct BlocksRequest {
    #[serde(flatten)]
    pub instance: BlocksInstance,
    /// Longest plan to look for; `None` is 200 (the exact search has no limit by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_moves: Option<usize>,
}

/// The keys of a JSON `solve blocks` request beyond the shared options.
pub const KEYS: &[&str] =
    &["board", "rush_hour", "horizontal", "vertical", "goal", "goal_board", "metric", "max_moves"];
