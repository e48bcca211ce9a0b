//! What the facade's verbs and the puzzles share: the [`Puzzle`] trait every puzzle crate
//! implements, the request and answer types (the JSON contract), errors with the kind that
//! decides the exit code, progress events, the time limit, certification of UNSAT claims, and
//! the generic drivers a puzzle's `solve` runs on (the plan search over horizons, the
//! enumeration of fillings).
//!
//! Nothing here knows a particular puzzle: the facade holds the registry, the one list.

pub mod answer;
pub mod certify;
pub mod choose;
mod declare;
pub mod draw;
pub mod env;
pub mod error;
pub mod event;
pub mod family;
pub mod files;
pub mod fill;
pub mod opinion;
pub mod options;
pub mod plan;
pub mod policy;
pub mod prove;
pub mod puzzle;
pub mod request;
pub mod text;

pub use answer::{Answer, Solution, Status};
pub use env::Env;
pub use error::{Error, ErrorKind, Result};
pub use event::Event;
#[cfg(feature = "cli")]
pub use puzzle::CommandLine;
pub use puzzle::{
    About, Bench, Cli, EncodingInfo, JobChecker, JobFacts, JobLemma, JobLemmas, Kind, Puzzle, Show, Verbs,
};
/// The intermediate forms: what `emit` writes and what a solver reads.
pub use puzzlec_solve::Form;
pub use request::{DecodeRequest, EmitRequest, Fields, Instance, Request, SolveOptions, VerifyRequest};
