//! Where a request runs: which solver registry, and the time limit turned into a deadline.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use puzzlec_solve::{Registry, Solver};

use crate::error::{Error, Result};

/// The surroundings of a request that are not part of it.
#[derive(Clone, Debug, Default)]
pub struct Env {
    /// `--solvers FILE`: a registry the user named (it must exist and parse); `None` looks
    /// for `./solvers.toml`, then uses the built-in defaults.
    pub registry: Option<PathBuf>,
}

impl Env {
    /// The solver registry, read strictly.
    ///
    /// # Errors
    /// A named or local registry file that cannot be read or does not parse (bad input).
    pub fn registry(&self) -> Result<Registry> {
        Ok(Registry::load(self.registry.as_deref())?)
    }

    /// The solver with id `id`.
    ///
    /// # Errors
    /// An unknown id (bad input), a registered solver whose binary is missing (unknown).
    pub fn solver(&self, id: &str) -> Result<Solver> {
        Ok(Solver::resolve(id, &self.registry()?)?)
    }
}

/// The longest `--timeout` accepted: ten million seconds (about 115 days). Longer limits
/// overflow the solvers' own limit flags and mean "no limit" in practice.
pub const MAX_TIMEOUT_SECS: f64 = 1e7;

/// Turns a time limit in seconds into a deadline.
///
/// # Errors
/// Zero, negative, not a number, or above [`MAX_TIMEOUT_SECS`] (bad input).
pub fn deadline(timeout: Option<f64>) -> Result<Option<Instant>> {
    match timeout {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 && s <= MAX_TIMEOUT_SECS => {
            Ok(Some(Instant::now() + Duration::from_secs_f64(s)))
        }
        Some(s) if s.is_finite() && s > MAX_TIMEOUT_SECS => Err(Error::bad_input(format!(
            "--timeout {s}: at most {MAX_TIMEOUT_SECS:.0} seconds (about 115 days) is accepted; leave it out for no limit"
        ))),
        Some(s) => Err(Error::bad_input(format!(
            "--timeout {s}: expected a positive number of seconds"
        ))),
    }
}

/// Time left before `deadline` (see `puzzlec_core::stop::time_left`).
pub fn left(deadline: Option<Instant>) -> Duration {
    puzzlec_core::stop::time_left(deadline)
}

/// "time limit of 3 s reached" naming the user's limit when it was the deadline that ended it.
pub fn limit_reason(timeout: Option<f64>, deadline: Option<Instant>, reason: &str) -> String {
    if puzzlec_core::stop::interrupted() {
        return "interrupted (Ctrl-C or SIGTERM)".to_owned();
    }
    match (timeout, deadline) {
        (Some(t), Some(d)) if Instant::now() + std::time::Duration::from_millis(50) >= d => {
            format!("time limit of {t} s reached")
        }
        // A backend's own limit is the time that was left, not the user's number.
        (Some(t), Some(_)) if reason.starts_with("time limit") => format!("time limit of {t} s reached"),
        _ => reason.to_owned(),
    }
}
