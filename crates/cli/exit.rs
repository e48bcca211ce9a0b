//! Exit codes of the CLI contract and the error type that carries one.

use std::process::ExitCode;

/// 0 solved (or valid), 1 proved no solution (or invalid plan), 2 bad input, 3 unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    Solved = 0,
    NoSolution = 1,
    BadInput = 2,
    Unknown = 3,
}

impl From<Code> for ExitCode {
    fn from(c: Code) -> ExitCode {
        ExitCode::from(c as u8)
    }
}

/// An error and the exit code it ends the process with.
#[derive(Debug)]
pub struct Failure {
    pub code: Code,
    pub error: anyhow::Error,
}

/// Wraps an error as bad input (exit 2).
pub fn bad_input(error: impl Into<anyhow::Error>) -> Failure {
    Failure {
        code: Code::BadInput,
        error: error.into(),
    }
}

/// Wraps an error as "unknown" (exit 3): a solver failed or a limit was reached.
pub fn unknown(error: impl Into<anyhow::Error>) -> Failure {
    Failure {
        code: Code::Unknown,
        error: error.into(),
    }
}

/// "1 plan", "6 plans": a count with its noun.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
