//! A cross-slider request as the puzzle reads it from the request's fields.

use serde::{Deserialize, Serialize};

/// A cross-slider instance, as flags give it.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct CrossInstance {
    /// `ROWSxCOLS`; `None` is 5x5 (or the orientation grid's size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// 1-based `ROW,COL` cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cross: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// An orientation grid's text (`+ . - | ?`), which fixes size, cross and empty cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orientations: Option<String>,
    /// Where the grid came from, for messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orientations_origin: Option<String>,
}

/// `solve cross`: the instance and the longest plan to look for (`None` is 60).
pub type CrossRequest = puzzlec_engine::plan::PlanRequest<CrossInstance>;

/// The keys of a JSON `solve cross` request beyond the shared options.
pub const KEYS: &[&str] = &["size", "cross", "empty", "target", "orientations", "max_moves"];
