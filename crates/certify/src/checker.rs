//! The independent checker: `rate` (a DRAT checker written in Rust by other people, installed
//! with `cargo install rate`), run as a process on the claim's files.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// A DRAT checker binary.
pub struct Checker {
    binary: PathBuf,
    name: String,
}

impl Checker {
    /// `rate` on `PATH`, else in `~/.cargo/bin` (where `cargo install` puts it).
    pub fn find() -> Option<Checker> {
        let on_path = std::env::var_os("PATH")
            .and_then(|p| std::env::split_paths(&p).map(|d| d.join("rate")).find(|p| p.is_file()));
        let cargo = std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo/bin/rate")).filter(|p| p.is_file());
        let binary = on_path.or(cargo)?;
        let limit = Some(Duration::from_secs(5));
        let version = puzzlec_solve::version::output_of(&binary, &["--version"], limit).filter(|o| o.0)?.1;
        let name = version.lines().next().unwrap_or("").trim().to_owned();
        Some(Checker { binary, name: if name.is_empty() { "rate".into() } else { name } })
    }

    /// "rate 0.x".
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Checks `proof` against `cnf`; `Err` holds the checker's words when it does not accept.
    /// Unit deletions are skipped, as drat-trim does: CaDiCaL's proofs are written for that
    /// reading (rate's stricter default would reject sound proofs that delete units).
    pub fn check(&self, cnf: &Path, proof: &Path, limit: Duration) -> Result<(), String> {
        let out = tempfile::NamedTempFile::new().map_err(|e| e.to_string())?;
        let args: Vec<String> =
            vec!["--skip-unit-deletions".into(), cnf.display().to_string(), proof.display().to_string()];
        // The one runner: a stop (a lost portfolio race, Ctrl-C) or the limit kills it.
        let job = puzzlec_solve::runner::Job {
            program: &self.binary,
            args: &args,
            stdout: out.reopen().map_err(|e| e.to_string())?,
            stderr: out.reopen().map_err(|e| e.to_string())?,
            limit: Some(limit.max(Duration::from_secs(1))),
            dir: None,
            watch: Some(out.path()),
            max_output: 64 << 20,
        };
        let started = format!("could not start {}", self.binary.display());
        let status = match puzzlec_solve::runner::run(job).map_err(|e| format!("{started}: {e}"))? {
            puzzlec_solve::runner::Ended::Exited { status, .. } => status,
            puzzlec_solve::runner::Ended::TimedOut { .. } => {
                return Err(format!("the checker did not finish within {:.1} s", limit.as_secs_f64()))
            }
            puzzlec_solve::runner::Ended::Stopped => return Err("the checker was stopped".into()),
            puzzlec_solve::runner::Ended::TooMuchOutput { bytes } => {
                return Err(format!("the checker printed {} MiB, more than puzzlec reads", bytes >> 20))
            }
        };
        let text = std::fs::read_to_string(out.path()).unwrap_or_default();
        let verified = text.lines().any(|l| l.trim() == "s VERIFIED");
        if status.success() && verified {
            Ok(())
        } else {
            let head: Vec<&str> = text.lines().take(8).collect();
            Err(format!("  | {} ({status})", head.join("\n  | ")))
        }
    }
}
