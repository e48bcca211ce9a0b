//! Sliding-block formulas outside `solve`: emitted files decoded after real solver binaries,
//! the SMT encoding on the SMT binaries, the path metric through SAT and SMT, families
//! labelled by a solver, certificates and portfolios.

use std::process::Command;

use crate::blocks_cli::{solve, KLOTSKI, RUSH_SMALL};
use crate::support::have;
use crate::util::puzzlec;

#[test]
fn emitted_files_decode_through_real_solver_binaries() {
    let dir = tempfile::tempdir().unwrap();
    let instance = ["--board", RUSH_SMALL, "--rush-hour"];
    for (format, encoding, solver, args) in [("dimacs", "sat", "cadical", vec!["-q"]), ("smt2", "smt", "z3", vec![])] {
        if !have(solver) {
            continue;
        }
        let file = dir.path().join(format!("rh.{format}"));
        let mut emit = vec!["emit", "blocks", "--format", format, "--encoding", encoding, "--horizon", "9", "-o"];
        emit.push(file.to_str().unwrap());
        emit.extend(instance);
        puzzlec(&emit).expect_code(0);
        let out = Command::new(solver).args(&args).arg(&file).output().unwrap();
        let answer = dir.path().join(format!("{solver}.txt"));
        std::fs::write(&answer, &out.stdout).unwrap();
        let mut decode = vec![
            "decode",
            "blocks",
            "--formula",
            file.to_str().unwrap(),
            "--model",
            answer.to_str().unwrap(),
            "--json",
        ];
        decode.extend(instance);
        let v = puzzlec(&decode).expect_code(0).json();
        // At most 9 moves: the optimum, 8, or one more.
        assert!(v["length"].as_u64().unwrap() <= 9, "{v}");
        // Another instance's options are refused.
        let mut other =
            vec!["decode", "blocks", "--formula", file.to_str().unwrap(), "--model", answer.to_str().unwrap()];
        other.extend(["--board", KLOTSKI, "--goal", "A@4,2"]);
        assert!(puzzlec(&other).expect_code(2).stderr.contains("encodes another instance"));
    }
}

#[test]
fn the_smt_encoding_runs_on_the_smt_binaries() {
    // Its offsets are often negative: written `(- 1)`, which cvc5 reads (not `-1`).
    for (id, binary) in [("cvc5", "cvc5"), ("z3-bin", "z3")] {
        if !have(binary) {
            continue;
        }
        let v = solve(&["--board", RUSH_SMALL, "--rush-hour", "--solver", id]);
        assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(8), Some(true)), "{id}: {v}");
    }
}

#[test]
fn the_path_metric_through_sat_and_smt_matches_the_exact_search_and_labelled_refuses_it() {
    let board = ["solve", "blocks", "--board", "AB./C.D/EFG", "--goal", "A@3,3", "--metric", "path", "--json"];
    let length = |extra: &[&str]| {
        let run = puzzlec(&[&board[..], extra].concat()).expect_code(0);
        let answer: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(answer["metric"], "path");
        (answer["length"].as_u64().unwrap(), answer["optimal"].as_bool().unwrap(), answer["encoding"].clone())
    };
    let (exact, proved, _) = length(&[]);
    assert!(proved);
    let (sat, optimal, encoding) = length(&["--solver", "cadical"]);
    assert_eq!((sat, optimal, encoding.as_str()), (exact, true, Some("sat")));
    let (smt, optimal, encoding) = length(&["--solver", "z3"]);
    assert_eq!((smt, optimal, encoding.as_str()), (exact, true, Some("smt")));
    let run = puzzlec(&[&board[..], &["--solver", "cadical", "--encoding", "labelled"]].concat());
    let want = "--metric path: encoding labelled encodes step and slide only; use --encoding sat (DIMACS CNF), --encoding smt (SMT-LIB2) or --solver search";
    let refused = run.expect_code(2).stdout;
    assert!(refused.contains(want), "{refused}");
}

#[test]
fn a_family_of_rush_hour_boards_is_labelled_as_cadical_answers() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("fam");
    let args =
        ["family", "blocks", "--size", "5x5", "--pieces", "7", "--count", "3", "--seed", "4", "--min-moves", "8"];
    let mut all = args.to_vec();
    all.extend(["--out", out.to_str().unwrap(), "-q"]);
    puzzlec(&all).expect_code(0);
    let manifest = std::fs::read_to_string(out.join("manifest.csv")).unwrap();
    let rows: Vec<Vec<&str>> = manifest
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .filter(|r: &Vec<&str>| r[0].ends_with(".cnf"))
        .collect();
    assert_eq!(rows.len(), 6, "3 boards, each SAT at its optimum and UNSAT one below");
    for row in rows {
        let status = Command::new("cadical").arg("-q").arg(out.join(row[0])).output().unwrap().status.code();
        assert_eq!(status, Some(if row[1] == "sat" { 10 } else { 20 }), "{row:?}");
        let (optimum, horizon): (usize, usize) = (row[2].parse().unwrap(), row[3].parse().unwrap());
        assert!(optimum >= 8 && horizon + usize::from(row[1] == "unsat") == optimum, "{row:?}");
    }
}

#[test]
fn the_optimum_is_certified_and_a_portfolio_races_for_it() {
    if have("rate") && have("cadical") {
        let v = solve(&["--board", RUSH_SMALL, "--rush-hour", "--solver", "cadical", "--certify"]);
        assert_eq!(v["optimal"], true);
        assert_eq!(v["certificate"]["claims"].as_array().unwrap().len(), 1, "{v}");
    }
    let v = solve(&["--board", RUSH_SMALL, "--rush-hour", "--solver", "cadical,z3"]);
    assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(8), Some(true)));
    assert_eq!(v["portfolio"].as_array().unwrap().len(), 2);
}

#[test]
fn a_family_along_paths_is_written_in_both_forms() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("fam");
    let args = ["family", "blocks", "--kind", "free", "--size", "3x4", "--metric", "path", "--count", "2", "-q"];
    puzzlec(&[&args[..], &["--out", out.to_str().unwrap()]].concat()).expect_code(0);
    let manifest = std::fs::read_to_string(out.join("manifest.csv")).unwrap();
    let files: Vec<&str> = manifest.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(files.len(), 8, "{manifest}");
    assert_eq!(files.iter().filter(|f| f.ends_with(".smt2")).count(), 4, "{manifest}");
    assert!(files.iter().all(|f| out.join(f).is_file()), "{manifest}");
}
