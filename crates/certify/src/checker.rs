//! The independent checker: `rate` (a DRAT checker written in Rust by other people, installed
//! with `cargo install rate`), run as a process on the claim's files.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

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
        let version = Command::new(&binary).arg("--version").output().ok()?;
        let name = String::from_utf8_lossy(&version.stdout).trim().to_owned();
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
        let mut child = Command::new(&self.binary)
            .arg("--skip-unit-deletions")
            .arg(cnf)
            .arg(proof)
            .stdin(Stdio::null())
            .stdout(out.reopen().map_err(|e| e.to_string())?)
            .stderr(out.reopen().map_err(|e| e.to_string())?)
            .spawn()
            .map_err(|e| format!("could not start {}: {e}", self.binary.display()))?;
        let status = match child.wait_timeout(limit.max(Duration::from_secs(1))).map_err(|e| e.to_string())? {
            Some(status) => status,
            None => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("the checker did not finish within {:.1} s", limit.as_secs_f64()));
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
