//! `solve cross --solver search` and `verify cross` through the binary.

use crate::util::{fixture, puzzlec};

const SEED_PLAN: &str = "drurdrdrddluruldluruldluruldlur";

#[test]
fn the_seed_plan_verifies_and_prints_its_grid() {
    let run = puzzlec(&["verify", "cross", "--moves", SEED_PLAN]).expect_code(0);
    assert!(
        run.stdout.starts_with("+-???\n||-??\n-||-?\n?-|-|\n??-|.\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_move_against_an_orientation_is_named() {
    // The seed plan starts by sliding the piece above the empty corner down; a grid that fixes
    // that piece horizontal must reject move 0.
    let dir = tempfile::tempdir().unwrap();
    let grid = dir.path().join("grid.txt");
    std::fs::write(&grid, "+????\n?????\n?????\n????-\n????.\n").unwrap();
    let v = puzzlec(&[
        "verify",
        "cross",
        "--orientations",
        grid.to_str().unwrap(),
        "--moves",
        SEED_PLAN,
        "--json",
    ])
    .expect_code(1)
    .json();
    let err = v["error"].as_str().unwrap();
    assert!(
        err.starts_with("move 0 (D): the piece from row 4, column 5 is horizontal"),
        "{err}"
    );
}

#[test]
fn a_plan_that_stops_short_is_invalid() {
    let run = puzzlec(&["verify", "cross", "--moves", "dr"]).expect_code(1);
    assert!(run.stdout.contains("not at the target"), "{}", run.stdout);
}

#[test]
fn bad_instances_exit_2_with_the_reason() {
    let bad_grid = fixture("cross/bad-char.txt");
    let cases: [(&[&str], &str); 5] = [
        (&["--cross", "6,1"], "cross at row 6, column 1 is off the 5x5 board"),
        (&["--cross", "5,5"], "both at row 5, column 5"),
        (&["--target", "0,3"], "expected ROW,COL counted from 1"),
        (&["--size", "5by5"], "expected ROWSxCOLS"),
        (&["--orientations", bad_grid.to_str().unwrap()], "line 2: column 2: 'x'"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["solve", "cross"];
        args.extend_from_slice(extra);
        let run = puzzlec(&args).expect_code(2);
        assert!(run.stderr.contains(needle), "{extra:?}: {}", run.stderr);
    }
}

#[test]
fn search_solves_the_default_5x5_optimally() {
    let v = puzzlec(&["solve", "cross", "--json", "--all"]).expect_code(0).json();
    assert_eq!(v["length"], 31);
    assert_eq!(v["complete"], true);
    let count = v["count"].as_u64().unwrap() as usize;
    assert_eq!(v["solutions"].as_array().unwrap().len(), count);
    for s in v["solutions"].as_array().unwrap() {
        let moves = s["moves"].as_str().unwrap();
        puzzlec(&["verify", "cross", "--moves", moves]).expect_code(0);
    }
}
