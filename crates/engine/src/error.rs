//! Why a request got no answer, with the kind that decides the exit code. A front end needs
//! one match on [`ErrorKind`]; the message is complete on its own (no chain to walk).

use std::fmt;

/// What kind of failure this is; the CLI turns it into its exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The request itself is wrong: unreadable input, unknown names, conflicting options.
    BadInput,
    /// The question has a definite answer "none" that is not an answer object (emitting an
    /// order with no magic sum).
    NoSolution,
    /// A solver failed, lied, or a resource ran out: nothing can be said.
    Unknown,
    /// The run was interrupted (Ctrl-C, SIGTERM) before it could answer.
    Interrupted,
}

impl ErrorKind {
    /// The CLI contract's exit code: 1 proved none, 2 bad input, 3 unknown, 130 interrupted.
    pub fn exit_code(self) -> u8 {
        match self {
            ErrorKind::NoSolution => 1,
            ErrorKind::BadInput => 2,
            ErrorKind::Unknown => 3,
            ErrorKind::Interrupted => 130,
        }
    }

    /// The word used in JSON errors (`"kind": "bad-input"`).
    pub fn word(self) -> &'static str {
        match self {
            ErrorKind::BadInput => "bad-input",
            ErrorKind::NoSolution => "no-solution",
            ErrorKind::Unknown => "unknown",
            ErrorKind::Interrupted => "interrupted",
        }
    }
}

/// A failed request: its kind and a message meant for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl fmt::Display) -> Error {
        Error { kind, message: message.to_string() }
    }

    /// The run was interrupted (exit 130).
    pub fn interrupted() -> Error {
        Error::new(ErrorKind::Interrupted, "interrupted (Ctrl-C or SIGTERM): every solver was stopped")
    }

    /// The request was wrong (exit 2).
    pub fn bad_input(message: impl fmt::Display) -> Error {
        Error::new(ErrorKind::BadInput, message)
    }

    /// Nothing can be said: a solver failed or a limit was reached (exit 3).
    pub fn unknown(message: impl fmt::Display) -> Error {
        Error::new(ErrorKind::Unknown, message)
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same error with `context: ` in front of its message.
    pub fn context(self, context: impl fmt::Display) -> Error {
        Error { kind: self.kind, message: format!("{context}: {}", self.message) }
    }

    /// The one JSON object `--json` prints for an error.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "status": "error", "kind": self.kind.word(), "exit_code": self.kind.exit_code(), "message": self.message })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Solver errors: an id or input the user chose wrongly is bad input; everything else
/// (a missing binary, a crash, garbage output) is unknown.
impl From<puzzlec_solve::SolveError> for Error {
    fn from(e: puzzlec_solve::SolveError) -> Error {
        use puzzlec_solve::SolveError as S;
        let kind = match &e {
            S::UnknownId { .. } | S::WrongInput { .. } => ErrorKind::BadInput,
            _ => ErrorKind::Unknown,
        };
        Error::new(kind, e)
    }
}

impl From<puzzlec_drive::DriveError> for Error {
    fn from(e: puzzlec_drive::DriveError) -> Error {
        match e {
            puzzlec_drive::DriveError::Solve(s) => s.into(),
            other => Error::unknown(other),
        }
    }
}

impl From<puzzlec_solve::RegistryError> for Error {
    fn from(e: puzzlec_solve::RegistryError) -> Error {
        Error::bad_input(e)
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
