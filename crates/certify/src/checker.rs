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
        let tuning = puzzlec_core::tuning::get();
        let on_path = tuning.on_path(Path::new("rate")).into_iter().find(|p| p.is_file());
        let cargo = tuning.home.as_ref().map(|h| h.join(".cargo/bin/rate")).filter(|p| p.is_file());
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
            watch: &[out.path()],
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A checker that never finishes (a hung `rate`) is stopped by its run's token, as a
    /// portfolio's loser or Ctrl-C stops it, and leaves no process behind.
    #[test]
    fn a_stop_ends_a_checker_that_hangs() {
        let dir = tempfile::tempdir().unwrap();
        let fake = dir.path().join("rate");
        let pidfile = dir.path().join("pid");
        std::fs::write(&fake, format!("#!/bin/sh\nsleep 1000 &\necho $! > {}\nwait\n", pidfile.display())).unwrap();
        std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        let checker = Checker { binary: fake, name: "hung".into() };
        let token = puzzlec_core::stop::Token::new();
        let (tx, rx) = std::sync::mpsc::channel();
        let running = token.clone();
        let (cnf, proof) = (dir.path().join("a.cnf"), dir.path().join("a.drat"));
        std::thread::spawn(move || {
            let verdict =
                puzzlec_core::stop::within(&running, || checker.check(&cnf, &proof, Duration::from_secs(600)));
            let _ = tx.send(verdict);
        });
        // Wait for the checker's child to exist, then stop the run.
        let until = std::time::Instant::now() + Duration::from_secs(60);
        while std::fs::read_to_string(&pidfile).map_or(true, |p| p.trim().is_empty()) {
            assert!(std::time::Instant::now() < until, "the fake checker never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        token.stop();
        let verdict = rx.recv_timeout(Duration::from_secs(60)).expect("the stop was not honoured");
        assert_eq!(verdict, Err("the checker was stopped".into()));
        let pid = std::fs::read_to_string(&pidfile).unwrap().trim().to_owned();
        let gone =
            |pid: &str| std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |s| s.contains(") Z "));
        while !gone(&pid) {
            assert!(std::time::Instant::now() < until, "the checker's child {pid} outlived the stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
