//! What a front end asks for. Instances are given as text (boards, grids, givens), exactly as
//! a user types them, so the same request can come from CLI flags, a JSON line of a batch
//! file, a binding or a service. A request names its puzzle and carries the puzzle's own
//! fields untouched; the puzzle reads them into its typed request ([`Request::read`]) and
//! checks them, so nothing here knows any puzzle.

use puzzlec_solve::Form;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// A puzzle's own fields of a request, as JSON.
pub type Fields = serde_json::Map<String, serde_json::Value>;

/// The solving options every puzzle shares.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SolveOptions {
    /// Encoding name; `None` picks the puzzle's default for the solver's input form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// Solver id; `None` picks the puzzle's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
    /// Every (shortest) solution, with a proof that there are no more.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all: bool,
    /// Seconds for the whole request, encoding included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// Prove every UNSAT the answer rests on with a checked DRAT proof.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub certify: bool,
    /// Keep each claim's CNF and proof here (with `certify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_dir: Option<std::path::PathBuf>,
}

impl SolveOptions {
    /// The keys of these options in a JSON request.
    pub const KEYS: [&'static str; 6] = ["encoding", "solver", "all", "timeout", "certify", "proof_dir"];
}

/// An instance: the puzzle's name and its fields (`{"puzzle": "slide", "board": "..."}`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
pub struct Instance {
    pub puzzle: String,
    #[serde(flatten)]
    pub fields: Fields,
}

impl Instance {
    /// An instance of `puzzle` from its typed fields.
    pub fn new(puzzle: &str, fields: &impl Serialize) -> Instance {
        Instance { puzzle: puzzle.to_owned(), fields: to_fields(fields) }
    }

    /// The fields read as the puzzle's typed instance.
    ///
    /// # Errors
    /// Bad input naming the field that does not read.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T> {
        read(&self.puzzle, &self.fields)
    }
}

/// Any `solve` request: the puzzle, the options every puzzle shares, and the puzzle's own
/// fields (its instance and its options).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct Request {
    pub puzzle: String,
    #[serde(flatten)]
    pub options: SolveOptions,
    #[serde(flatten)]
    pub fields: Fields,
}

impl Request {
    /// A request of `puzzle` from its typed fields and the shared options.
    pub fn new(puzzle: &str, fields: &impl Serialize, options: SolveOptions) -> Request {
        Request { puzzle: puzzle.to_owned(), options, fields: to_fields(fields) }
    }

    /// The options every puzzle shares.
    pub fn options(&self) -> &SolveOptions {
        &self.options
    }

    pub fn options_mut(&mut self) -> &mut SolveOptions {
        &mut self.options
    }

    /// The instance asked about (the puzzle's fields; its solve options among them are
    /// ignored by the other verbs).
    pub fn instance(&self) -> Instance {
        Instance { puzzle: self.puzzle.clone(), fields: self.fields.clone() }
    }

    /// The puzzle's fields read as its typed request.
    ///
    /// # Errors
    /// Bad input naming the field that does not read.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T> {
        read(&self.puzzle, &self.fields)
    }
}

/// Typed fields as a request's field map (a value that is not a JSON object gives none).
pub fn to_fields(fields: &impl Serialize) -> Fields {
    match serde_json::to_value(fields) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => Fields::new(),
    }
}

/// Whether `keys` (a puzzle's `KEYS`) are exactly the fields `full` (a request with every
/// field given) has as JSON, in any order: the test that keeps the two listings one.
pub fn keys_are_fields(keys: &[&str], full: &impl Serialize) -> bool {
    let mut fields: Vec<String> = to_fields(full).keys().cloned().collect();
    let mut keys: Vec<String> = keys.iter().map(|k| (*k).to_owned()).collect();
    fields.sort_unstable();
    keys.sort_unstable();
    fields == keys
}

fn read<T: DeserializeOwned>(puzzle: &str, fields: &Fields) -> Result<T> {
    serde_json::from_value(serde_json::Value::Object(fields.clone()))
        .map_err(|e| Error::bad_input(format!("a {puzzle} request: {e}")))
}

/// `emit`: one horizon (or a whole filling puzzle) in one form. Every verb's request reads
/// from JSON (`{"puzzle": "slide", "board": "...", "encoding": "compact", "format":
/// "dimacs", "horizon": 15}`), so a batch line, a binding or a service can drive it as data.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct EmitRequest {
    #[serde(flatten)]
    pub instance: Instance,
    /// `None` is the puzzle's default encoding in `format`.
    #[serde(default)]
    pub encoding: Option<String>,
    /// The form to write (`dimacs` or `smt2`): the same kind that says what a solver reads.
    pub format: Form,
    /// Moves (plans only).
    #[serde(default)]
    pub horizon: usize,
}

/// `decode`: an emitted file and a solver's answer to it.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DecodeRequest {
    /// The instance (puzzles whose files carry their instance in the header ignore it).
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
    /// How the solver answers (a job manifest knows it from the registry); `None` reads a
    /// DIMACS answer by its first line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<puzzlec_ir::Answers>,
}

/// `verify`: a plan to replay.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct VerifyRequest {
    #[serde(flatten)]
    pub instance: Instance,
    pub moves: String,
}
