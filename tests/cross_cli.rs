//! `solve cross --solver search` and `verify cross` through the binary.

use crate::util::{fixture, puzzlec};

const SEED_PLAN: &str = "drurdrdrddluruldluruldluruldlur";

#[test]
fn the_seed_plan_verifies_and_prints_its_grid() {
    let run = puzzlec(&["verify", "cross", "--moves", SEED_PLAN]).expect_code(0);
    assert!(run.stdout.starts_with("+-???\n||-??\n-||-?\n?-|-|\n??-|.\n"), "{}", run.stdout);
}

#[test]
fn a_move_against_an_orientation_is_named() {
    // The seed plan starts by sliding the piece above the empty corner down; a grid that fixes
    // that piece horizontal must reject move 0.
    let dir = tempfile::tempdir().unwrap();
    let grid = dir.path().join("grid.txt");
    std::fs::write(&grid, "+????\n?????\n?????\n????-\n????.\n").unwrap();
    let v = puzzlec(&["verify", "cross", "--orientations", grid.to_str().unwrap(), "--moves", SEED_PLAN, "--json"])
        .expect_code(1)
        .json();
    let err = v["error"].as_str().unwrap();
    assert!(err.starts_with("move 0 (D): the piece from row 4, column 5 is horizontal"), "{err}");
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

#[test]
fn sat_default_proves_the_5x5_optimum() {
    let run = puzzlec(&["solve", "cross", "--json"]).expect_code(0);
    let v = run.json();
    assert_eq!((v["encoding"].as_str(), v["solver"].as_str()), (Some("sat"), Some("cadical")));
    assert_eq!(v["length"], 31);
    assert_eq!(v["optimal"], true);
    // The proof: the horizon two below the optimum was unsatisfiable.
    assert!(run.stderr.contains("horizon  29: unsat"), "{}", run.stderr);
    puzzlec(&["verify", "cross", "--moves", v["moves"].as_str().unwrap()]).expect_code(0);
}

#[test]
fn sat_all_shortest_equals_the_search_oracle_on_5x5() {
    let sat = puzzlec(&["solve", "cross", "--all", "--json", "-q"]).expect_code(0).json();
    let oracle = puzzlec(&["solve", "cross", "--all", "--json", "--solver", "search"]).expect_code(0).json();
    assert_eq!(sat["complete"], true);
    let moves = |v: &serde_json::Value| {
        let mut m: Vec<String> =
            v["solutions"].as_array().unwrap().iter().map(|s| s["moves"].as_str().unwrap().to_owned()).collect();
        m.sort();
        m
    };
    assert_eq!(moves(&sat), moves(&oracle));
    assert_eq!(sat["count"].as_u64().unwrap() as usize, moves(&sat).len());
}

#[test]
fn a_grid_that_blocks_the_cross_is_proved_impossible() {
    let grid = fixture("cross/all-horizontal-3x3.txt");
    let v = puzzlec(&["solve", "cross", "--orientations", grid.to_str().unwrap(), "--json"]).expect_code(1).json();
    assert_eq!(v["status"], "no-solution");
    assert!(v["detail"].as_str().unwrap().contains("never reach"), "{v}");
}

#[test]
fn smt_encoding_through_linked_z3_on_3x3() {
    let v =
        puzzlec(&["solve", "cross", "--size", "3x3", "--solver", "z3", "--all", "--json", "-q"]).expect_code(0).json();
    assert_eq!(v["encoding"], "smt");
    assert_eq!(v["length"], 15);
    assert_eq!(v["count"], 2);
}

#[test]
fn emit_run_by_hand_and_decode_cross() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("cross.cnf");
    puzzlec(&["emit", "cross", "--size", "3x3", "--horizon", "15", "--format", "dimacs", "-o", cnf.to_str().unwrap()])
        .expect_code(0);
    let mut cases = Vec::new();
    if crate::support::have("cadical") {
        cases.push((cnf.clone(), crate::support::run_by_hand("cadical", &[cnf.to_str().unwrap()])));
    }
    if crate::support::have("z3") {
        let smt = dir.path().join("cross.smt2");
        let args = ["emit", "cross", "--size", "3x3", "--horizon", "15", "--encoding", "smt", "--format", "smt2", "-o"];
        let mut args = args.to_vec();
        args.push(smt.to_str().unwrap());
        puzzlec(&args).expect_code(0);
        let answer = crate::support::run_by_hand("z3", &[smt.to_str().unwrap()]);
        cases.push((smt, answer));
    }
    for (encoding, answer) in cases {
        let model = dir.path().join("answer.txt");
        std::fs::write(&model, answer).unwrap();
        let v = puzzlec(&[
            "decode",
            "cross",
            "--size",
            "3x3",
            "--formula",
            encoding.to_str().unwrap(),
            "--model",
            model.to_str().unwrap(),
            "--json",
        ])
        .expect_code(0)
        .json();
        assert_eq!(v["length"], 15);
        puzzlec(&["verify", "cross", "--size", "3x3", "--moves", v["moves"].as_str().unwrap()]).expect_code(0);
        // The same file decoded against another instance is refused.
        puzzlec(&[
            "decode",
            "cross",
            "--size",
            "3x4",
            "--formula",
            encoding.to_str().unwrap(),
            "--model",
            model.to_str().unwrap(),
        ])
        .expect_code(2);
    }
}

#[test]
fn emit_snapshots_of_3x3_encodings() {
    for (encoding, format) in [("sat", "dimacs"), ("smt", "smt2")] {
        let out = puzzlec(&[
            "emit",
            "cross",
            "--size",
            "3x3",
            "--cross",
            "2,2",
            "--horizon",
            "3",
            "--encoding",
            encoding,
            "--format",
            format,
        ])
        .expect_code(0);
        let suffix = format!("{encoding}.{format}");
        insta::with_settings!({ snapshot_suffix => suffix }, {
            insta::assert_snapshot!("emit_cross_3x3_h3", out.stdout);
        });
    }
}

#[test]
fn a_2x2_board_is_proved_impossible_outright() {
    // Every piece would have to slide both ways to let the cross round the corner.
    for solver in ["cadical", "search"] {
        let v = puzzlec(&["solve", "cross", "--size", "2x2", "--solver", solver, "--json", "-q"]).expect_code(1).json();
        assert!(v["detail"].as_str().unwrap().contains("never reach"), "{solver}: {v}");
    }
}

/// The grid given inline, rows split by `/`, reads as its file does; a bad one is named.
#[test]
fn an_orientation_grid_given_inline_reads_as_its_file() {
    let text = std::fs::read_to_string(fixture("cross/all-horizontal-3x3.txt")).unwrap();
    let inline: Vec<String> = text.lines().map(|l| l.replace(' ', "")).filter(|l| !l.is_empty()).collect();
    let v = puzzlec(&["solve", "cross", "--orientations", &inline.join("/"), "--json"]).expect_code(1).json();
    assert_eq!(v["status"], "no-solution", "{v}");
    let free = puzzlec(&["solve", "cross", "--orientations", "+-?/|??/??.", "--json"]).expect_code(0).json();
    assert_eq!(free["length"], 15, "{free}");
    let bad = puzzlec(&["solve", "cross", "--orientations", "+-?/|??/?."]).expect_code(2);
    assert!(bad.stderr.contains("line 3") && bad.stderr.contains("first row has 3"), "{}", bad.stderr);
}
