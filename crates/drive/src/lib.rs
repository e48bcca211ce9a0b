//! Drivers: the puzzle-level algorithms on top of encodings and backends. A horizon search
//! grows the plan length from a lower bound and proves optimality with an UNSAT answer; every
//! decoded plan is replayed through the reference model before it leaves this crate.

pub mod horizon;
pub mod slide;

use puzzlec_encode::DecodeError;
use puzzlec_solve::SolveError;

/// Why a drive did not produce an answer. Every variant names the solver.
#[derive(Debug, thiserror::Error)]
pub enum DriveError {
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error("solver {solver} returned a model that does not decode ({source})")]
    Decode { solver: String, source: DecodeError },
    #[error("solver {solver} returned a plan that fails replay: {detail}")]
    Replay { solver: String, detail: String },
}
