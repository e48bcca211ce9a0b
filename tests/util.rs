//! Running the real binary and reading what it printed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of `puzzlec` produced.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The stdout parsed as the one JSON object `--json` promises.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!("stdout is not JSON ({e}):\n--- stdout\n{}\n--- stderr\n{}", self.stdout, self.stderr)
        })
    }

    /// Fails with both streams shown when the exit code is not `want`.
    pub fn expect_code(self, want: i32) -> Run {
        assert_eq!(self.code, want, "exit code\n--- stdout\n{}\n--- stderr\n{}", self.stdout, self.stderr);
        self
    }
}

pub fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(rel)
}

/// The seed 15-puzzle (its unique optimum is DDDLUUULDDDLUUU).
pub const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

/// Runs `puzzlec args...` with `stdin` fed in.
pub fn puzzlec_stdin(args: &[&str], stdin: &str) -> Run {
    run_with(args, stdin, &[])
}

/// Runs `puzzlec args...` with extra environment variables.
pub fn puzzlec_env(args: &[&str], env: &[(&str, &str)]) -> Run {
    run_with(args, "", env)
}

fn run_with(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the puzzlec binary starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

pub fn puzzlec(args: &[&str]) -> Run {
    puzzlec_stdin(args, "")
}

/// True when process `pid` runs (a zombie waiting for its reaper does not count).
pub fn alive(pid: &str) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z "))
}
