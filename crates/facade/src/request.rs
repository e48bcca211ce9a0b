//! What a front end asks for. Instances are given as text (boards, grids, givens), exactly as
//! a user types them, so the same request can come from CLI flags, a JSON line of a batch
//! file or a service; the facade parses and checks them.

use puzzlec_solve::InputKind;
use serde::{Deserialize, Serialize};

/// The solving options every puzzle shares.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SolveOptions {
    /// Encoding name; `None` picks the puzzle's default for the solver's input form.
    #[serde(default)]
    pub encoding: Option<String>,
    /// Solver id; `None` picks the puzzle's default.
    #[serde(default)]
    pub solver: Option<String>,
    /// Every (shortest) solution, with a proof that there are no more.
    #[serde(default)]
    pub all: bool,
    /// Seconds for the whole request, encoding included.
    #[serde(default)]
    pub timeout: Option<f64>,
    /// Prove every UNSAT the answer rests on with a checked DRAT proof.
    #[serde(default)]
    pub certify: bool,
    /// Keep each claim's CNF and proof here (with `certify`).
    #[serde(default)]
    pub proof_dir: Option<std::path::PathBuf>,
}

/// A sliding-tile instance.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SlideInstance {
    /// The start board in the compact or table form.
    pub board: String,
    /// The goal board; `None` is tiles in order, blank last.
    #[serde(default)]
    pub goal: Option<String>,
    /// Where the board text came from, for messages (`--board`, `board in FILE`).
    #[serde(default, skip)]
    pub origin: Option<String>,
}

/// `solve slide`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct SlideRequest {
    #[serde(flatten)]
    pub instance: SlideInstance,
    #[serde(flatten)]
    pub options: SolveOptions,
    /// Proved "no solution" when every plan needs more moves.
    #[serde(default)]
    pub max_moves: Option<usize>,
    /// Keep one incremental solver across horizons.
    #[serde(default)]
    pub incremental: bool,
    /// A plan at once, better plans while time allows, the gap to optimal always reported.
    #[serde(default)]
    pub anytime: bool,
}

/// A cross-slider instance, as flags give it.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct CrossInstance {
    /// `ROWSxCOLS`; `None` is 5x5 (or the orientation grid's size).
    #[serde(default)]
    pub size: Option<String>,
    /// 1-based `ROW,COL` cells.
    #[serde(default)]
    pub cross: Option<String>,
    #[serde(default)]
    pub empty: Option<String>,
    #[serde(default)]
    pub target: Option<String>,
    /// An orientation grid's text (`+ . - | ?`), which fixes size, cross and empty cell.
    #[serde(default)]
    pub orientations: Option<String>,
    /// Where the grid came from, for messages.
    #[serde(default, skip)]
    pub orientations_origin: Option<String>,
}

/// `solve cross`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct CrossRequest {
    #[serde(flatten)]
    pub instance: CrossInstance,
    #[serde(flatten)]
    pub options: SolveOptions,
    /// Longest plan to look for; `None` is 60.
    #[serde(default)]
    pub max_moves: Option<usize>,
}

/// A magic-hexagon instance.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct HexInstance {
    #[serde(default = "default_order")]
    pub order: usize,
    /// `CELL=VALUE,...` with 1-based cells.
    #[serde(default)]
    pub givens: Option<String>,
}

impl Default for HexInstance {
    fn default() -> HexInstance {
        HexInstance { order: default_order(), givens: None }
    }
}

fn default_order() -> usize {
    3
}

/// `solve hex`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct HexRequest {
    #[serde(flatten)]
    pub instance: HexInstance,
    #[serde(flatten)]
    pub options: SolveOptions,
    /// One filling per class of rotations and reflections.
    #[serde(default)]
    pub up_to_symmetry: bool,
}

/// Any `solve` request; in JSON the `puzzle` field picks the kind.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "puzzle", rename_all = "lowercase")]
pub enum Request {
    Slide(SlideRequest),
    Cross(CrossRequest),
    Hex(HexRequest),
}

impl Request {
    /// Every key a JSON request of `puzzle` may have (batch lines), `None` for no puzzle.
    pub fn keys(puzzle: &str) -> Option<Vec<&'static str>> {
        const SHARED: [&str; 7] = ["id", "encoding", "solver", "all", "timeout", "certify", "proof_dir"];
        let own: &[&str] = match puzzle {
            "slide" => &["board", "goal", "max_moves", "incremental", "anytime"],
            "cross" => &["size", "cross", "empty", "target", "orientations", "max_moves"],
            "hex" => &["order", "givens", "up_to_symmetry"],
            _ => return None,
        };
        Some(SHARED.iter().chain(own).copied().collect())
    }

    /// The options every puzzle shares.
    pub fn options(&self) -> &SolveOptions {
        match self {
            Request::Slide(r) => &r.options,
            Request::Cross(r) => &r.options,
            Request::Hex(r) => &r.options,
        }
    }

    /// The instance asked about.
    pub fn instance(&self) -> Instance {
        match self {
            Request::Slide(r) => Instance::Slide(r.instance.clone()),
            Request::Cross(r) => Instance::Cross(r.instance.clone()),
            Request::Hex(r) => Instance::Hex(r.instance.clone()),
        }
    }

    pub fn options_mut(&mut self) -> &mut SolveOptions {
        match self {
            Request::Slide(r) => &mut r.options,
            Request::Cross(r) => &mut r.options,
            Request::Hex(r) => &mut r.options,
        }
    }
}

/// Any instance, for `emit`, `decode` and `verify`; in JSON the `puzzle` field picks the kind.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(tag = "puzzle", rename_all = "lowercase")]
pub enum Instance {
    Slide(SlideInstance),
    Cross(CrossInstance),
    Hex(HexInstance),
}

/// `emit`: one horizon (or the hexagon) in one form. Every verb's request reads from JSON
/// (`{"puzzle": "slide", "board": "...", "encoding": "compact", "format": "dimacs",
/// "horizon": 15}`), so a batch line, a binding or a service can drive it as data.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct EmitRequest {
    #[serde(flatten)]
    pub instance: Instance,
    pub encoding: String,
    /// The form to write (`dimacs` or `smt2`): the same kind that says what a solver reads.
    pub format: InputKind,
    /// Moves (ignored for hexagons).
    #[serde(default)]
    pub horizon: usize,
    /// Hexagons: add the symmetry-breaking facts.
    #[serde(default)]
    pub up_to_symmetry: bool,
}

/// `decode`: an emitted file and a solver's answer to it.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DecodeRequest {
    /// The instance (hexagons read theirs from the file's header; this one is ignored).
    #[serde(flatten)]
    pub instance: Instance,
    /// The text `emit` wrote, and where it came from (for messages).
    pub encoded: String,
    #[serde(default)]
    pub encoded_origin: String,
    /// The solver's answer, and where it came from.
    pub answer: String,
    #[serde(default)]
    pub answer_origin: String,
}

/// `verify`: a plan to replay.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct VerifyRequest {
    #[serde(flatten)]
    pub instance: Instance,
    pub moves: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_reads_its_request_from_json() {
        let board = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";
        let emit: EmitRequest = serde_json::from_value(serde_json::json!({
            "puzzle": "slide", "board": board, "encoding": "compact", "format": "dimacs", "horizon": 15
        }))
        .unwrap();
        assert!(matches!(&emit.instance, Instance::Slide(i) if i.board == board));
        let text = crate::emit(&emit).unwrap();
        assert!(text.contains("horizon=15"), "{}", &text[..200]);
        let verify: VerifyRequest =
            serde_json::from_value(serde_json::json!({"puzzle": "slide", "board": board, "moves": "DDDLUUULDDDLUUU"}))
                .unwrap();
        assert_eq!(crate::verify(&verify).unwrap().exit_code(), 0);
        let hex: EmitRequest =
            serde_json::from_value(serde_json::json!({"puzzle": "hex", "encoding": "lia", "format": "smt2"})).unwrap();
        assert!(crate::emit(&hex).unwrap().contains("check-sat"));
        let jobs: crate::jobs::JobsRequest = serde_json::from_value(serde_json::json!({
            "puzzle": "slide", "board": board, "encoding": null, "solver": "cadical-bin",
            "horizons": {"start": 13, "end": 15}, "cubes": 8, "out": "jobs", "certify": false
        }))
        .unwrap();
        assert_eq!((jobs.horizons, jobs.cubes), (13..=15, 8));
        let family: crate::family::FamilyRequest = serde_json::from_value(serde_json::json!({
            "puzzle": "slide", "rows": 4, "cols": 4, "walk": null, "count": 3, "seed": 1, "out": "fam"
        }))
        .unwrap();
        assert!(matches!(family.puzzle, crate::family::FamilyPuzzle::Slide { rows: 4, cols: 4, walk: None }));
        let back = serde_json::to_value(&verify).unwrap();
        assert_eq!(back["puzzle"], "slide");
        assert_eq!(back["moves"], "DDDLUUULDDDLUUU");
    }
}
