//! Encodings: each writes a puzzle instance into an intermediate form (`Cnf` through a
//! `ClauseSink`, or an `SmtScript`) and decodes a model back into the puzzle's terms. No
//! encoding ever sees a solver; drivers and backends live in other crates.

pub mod card;
pub mod cross;
pub mod hex;
pub mod slide;

/// A model that does not decode into a solution. The CLI reports it as the solver's fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the model gives no value for {0}")]
    Missing(String),
    #[error("{0}")]
    Inconsistent(String),
}
