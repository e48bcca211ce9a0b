//! Helpers shared by the tests that need external solver binaries.

use std::path::Path;

/// True when `binary` is on PATH. Outside CI a missing binary skips the test (with a note);
/// under CI (`CI` set) it fails, because `.ci/run` installs every binary the tests use.
pub fn have(binary: &str) -> bool {
    let found =
        std::env::var_os("PATH").map(|p| std::env::split_paths(&p).any(|d| d.join(binary).is_file())).unwrap_or(false);
    if !found {
        if std::env::var_os("CI").is_some() {
            panic!("{binary} is not installed, but CI installs it (see scripts/install-deps.sh)");
        }
        eprintln!("skipped: {binary} is not installed (make test installs it)");
    }
    found
}

/// Writes a registry naming `id` -> `command` into `dir` and returns its path.
pub fn registry_with(dir: &Path, entries: &[(&str, &str, &[&str])]) -> std::path::PathBuf {
    let mut text = String::new();
    for (id, input, command) in entries {
        let cmd: Vec<String> = command.iter().map(|c| format!("{c:?}")).collect();
        text.push_str(&format!("[[solver]]\nid = {id:?}\ninput = {input:?}\ncommand = [{}]\n\n", cmd.join(", ")));
    }
    let path = dir.join("solvers.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs a solver binary by hand, as a user would; returns its stdout.
pub fn run_by_hand(binary: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(binary).args(args).output().expect("solver runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Puts the 15-puzzle's pattern databases into the cache when they are not there (building
/// them takes seconds), for tests of what the SAT path does with the tables cached: without
/// them, as on a fresh machine, it uses them only from horizon 30 (`FRONTIER_FROM`), so the
/// same run takes another path. `jobs` builds them for any lemma horizon, cache or none.
pub fn cache_the_tables() {
    let out = tempfile::tempdir().unwrap();
    let board = "1 7 _ 2 / 5 15 4 3 / 9 13 11 8 / 10 6 14 12";
    let args = ["jobs", "slide", "--board", board, "--horizons", "20..20", "--out", out.path().to_str().unwrap(), "-q"];
    crate::util::puzzlec(&args).expect_code(0);
}
