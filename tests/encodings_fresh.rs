//! The canonical encodings in `encodings/` must match what the code emits today.
//! `make encodings` reruns this with PUZZLEC_WRITE_ENCODINGS=1 to regenerate them.

use std::path::Path;

use crate::util::puzzlec;

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

/// Every file of `encodings/` and the `puzzlec` arguments that produce it.
fn canonical() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        (
            "slide-seed-bright-h15.cnf",
            vec!["emit", "slide", "--board", SEED, "--encoding", "bright", "--format", "dimacs", "--horizon", "15"],
        ),
        (
            "slide-seed-bright-h15.smt2",
            vec!["emit", "slide", "--board", SEED, "--encoding", "bright", "--format", "smt2", "--horizon", "15"],
        ),
    ]
}

#[test]
fn canonical_encodings_are_fresh() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("encodings");
    let write = std::env::var_os("PUZZLEC_WRITE_ENCODINGS").is_some();
    assert!(
        !(write && std::env::var_os("CI").is_some()),
        "PUZZLEC_WRITE_ENCODINGS is for `make encodings`, never for CI: CI checks the files"
    );
    let mut stale = Vec::new();
    for (file, args) in canonical() {
        let path = dir.join(file);
        if write {
            std::fs::write(&path, puzzlec(&args).expect_code(0).stdout).unwrap();
        }
        // Emitted again after writing: the files must match a fresh run (and emitting must
        // be deterministic), so even `make encodings` fails when something is off.
        let emitted = puzzlec(&args).expect_code(0).stdout;
        if std::fs::read_to_string(&path).ok().as_deref() != Some(emitted.as_str()) {
            stale.push(file);
        }
    }
    assert!(stale.is_empty(), "stale files in encodings/ (run `make encodings`): {stale:?}");
}
