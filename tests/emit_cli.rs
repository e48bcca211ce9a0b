//! `emit` and `decode` through the binary, with the real solver binaries run by hand, and
//! insta snapshots pinning the emitted text of small instances.

use crate::support::{have, run_by_hand};
use crate::util::puzzlec;

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

fn emit(dir: &std::path::Path, format: &str, horizon: usize) -> std::path::PathBuf {
    let ext = if format == "dimacs" { "cnf" } else { "smt2" };
    let path = dir.join(format!("seed-{horizon}.{ext}"));
    let h = horizon.to_string();
    puzzlec(&["emit", "slide", "--board", SEED, "--format", format, "--horizon", &h, "-o", path.to_str().unwrap()])
        .expect_code(0);
    path
}

/// `puzzlec decode slide` of an emitted file and a solver's answer.
fn decode(board: &str, encoding: &std::path::Path, model: &std::path::Path, json: bool) -> crate::util::Run {
    let mut args = vec!["decode", "slide", "--board", board, "--formula", encoding.to_str().unwrap()];
    args.extend(["--model", model.to_str().unwrap()]);
    if json {
        args.push("--json");
    }
    puzzlec(&args)
}

/// The seed's horizon 15 emitted and solved by Debian's cadical: the formula and the answer.
fn solved_by_cadical(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let sat = emit(dir, "dimacs", 15);
    let answer = run_by_hand("cadical", &[sat.to_str().unwrap()]);
    assert!(answer.contains("s SATISFIABLE"), "{answer}");
    let model = dir.join("answer.txt");
    std::fs::write(&model, answer).unwrap();
    (sat, model)
}

#[test]
fn dimacs_horizons_15_sat_13_unsat_for_cadical_then_decode() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (sat, model) = solved_by_cadical(dir.path());
    let unsat = emit(dir.path(), "dimacs", 13);
    assert!(run_by_hand("cadical", &[unsat.to_str().unwrap()]).contains("s UNSATISFIABLE"));
    let run = decode(SEED, &sat, &model, false).expect_code(0);
    assert!(run.stdout.contains("decoded 15 moves (replay-checked): DDDLUUULDDDLUUU"), "{}", run.stdout);
}

#[test]
fn dimacs_for_minisat_decodes_from_its_result_file() {
    if !have("minisat") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sat = emit(dir.path(), "dimacs", 15);
    let result = dir.path().join("minisat.out");
    run_by_hand("minisat", &["-verb=0", sat.to_str().unwrap(), result.to_str().unwrap()]);
    let v = decode(SEED, &sat, &result, true).expect_code(0).json();
    assert_eq!(v["moves"], "DDDLUUULDDDLUUU");
}

#[test]
fn smt2_horizons_15_sat_13_unsat_for_z3_and_cvc5_then_decode() {
    let dir = tempfile::tempdir().unwrap();
    let sat = emit(dir.path(), "smt2", 15);
    let unsat = emit(dir.path(), "smt2", 13);
    for (binary, args) in [("z3", vec![]), ("cvc5", vec!["--produce-models"])] {
        if !have(binary) {
            continue;
        }
        let with = |p: &std::path::Path| {
            let mut a: Vec<&str> = args.clone();
            a.push(p.to_str().unwrap());
            run_by_hand(binary, &a)
        };
        let answer = with(&sat);
        assert!(answer.starts_with("sat"), "{binary}: {}", &answer[..answer.len().min(200)]);
        assert!(with(&unsat).starts_with("unsat"), "{binary}");
        let model = dir.path().join(format!("{binary}.out"));
        std::fs::write(&model, answer).unwrap();
        let v = decode(SEED, &sat, &model, true).expect_code(0).json();
        assert_eq!(v["moves"], "DDDLUUULDDDLUUU", "{binary}");
    }
}

#[test]
fn decode_rejects_garbage_and_reports_unsat() {
    let dir = tempfile::tempdir().unwrap();
    let sat = emit(dir.path(), "dimacs", 15);
    let garbage = dir.path().join("garbage.txt");
    std::fs::write(&garbage, "this is not an answer\n").unwrap();
    let run = decode(SEED, &sat, &garbage, false).expect_code(3);
    assert!(run.stderr.contains("is not a solver answer"), "{}", run.stderr);
    let unsat = dir.path().join("unsat.txt");
    std::fs::write(&unsat, "s UNSATISFIABLE\n").unwrap();
    decode(SEED, &sat, &unsat, false).expect_code(1);
}

/// A real model of another board (same size, encoding and horizon, so the variables line
/// up) decodes into a plan that fails replay on this board: exit 3, never a wrong plan.
#[test]
fn a_model_for_another_board_does_not_replay() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let sat = emit(dir.path(), "dimacs", 15);
    let other = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 _ 15";
    let other_cnf = dir.path().join("other.cnf");
    puzzlec(&[
        "emit",
        "slide",
        "--board",
        other,
        "--format",
        "dimacs",
        "--horizon",
        "15",
        "-o",
        other_cnf.to_str().unwrap(),
    ])
    .expect_code(0);
    let answer = run_by_hand("cadical", &[other_cnf.to_str().unwrap()]);
    assert!(answer.contains("s SATISFIABLE"), "{answer}");
    let model = dir.path().join("other-answer.txt");
    std::fs::write(&model, answer).unwrap();
    let run = decode(SEED, &sat, &model, false).expect_code(3);
    assert!(run.stderr.contains("replay") || run.stderr.contains("decode"), "{}", run.stderr);
    assert!(!run.stdout.contains("decoded"), "{}", run.stdout);
}

/// The header names both boards: a formula decoded with another `--board` (or `--goal`) is
/// refused before its model is read, exit 2 naming both; a file written before the boards
/// were in the header still decodes.
#[test]
fn a_formula_decoded_with_another_board_is_refused() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (sat, model) = solved_by_cadical(dir.path());
    let other = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 _ 15";
    let run = decode(other, &sat, &model, false).expect_code(2);
    assert!(
        run.stderr.contains("encodes the start board 5 1 7 3 / 9 2 11 4") && run.stderr.contains(other),
        "{}",
        run.stderr
    );
    let mut args = vec!["decode", "slide", "--board", SEED, "--goal", "_ 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"];
    args.extend(["--formula", sat.to_str().unwrap(), "--model", model.to_str().unwrap()]);
    let run = puzzlec(&args).expect_code(2);
    assert!(run.stderr.contains("encodes the goal board"), "{}", run.stderr);
    let text = std::fs::read_to_string(&sat).unwrap();
    let old = dir.path().join("old.cnf");
    let first = text.lines().next().unwrap();
    let kept = first.split(" start=").next().unwrap();
    std::fs::write(&old, text.replacen(first, kept, 1)).unwrap();
    let run = decode(SEED, &old, &model, false).expect_code(0);
    assert!(run.stdout.contains("decoded 15 moves"), "{}", run.stdout);
}

#[test]
fn emit_snapshots_of_small_instances() {
    // 2x2 at horizon 2 and 2x3 at horizon 3, both satisfiable at exactly that horizon.
    let cases = [("2x2-h2", "_ 2 / 1 3", "2"), ("2x3-h3", "1 5 2 / 4 _ 3", "3")];
    for (name, board, horizon) in cases {
        for format in ["dimacs", "smt2"] {
            let out =
                puzzlec(&["emit", "slide", "--board", board, "--format", format, "--horizon", horizon]).expect_code(0);
            let suffix = format!("{name}.{format}");
            insta::with_settings!({ snapshot_suffix => suffix }, {
                insta::assert_snapshot!("emit_slide_bright", out.stdout);
            });
        }
        let out = puzzlec(&[
            "emit",
            "slide",
            "--board",
            board,
            "--encoding",
            "compact",
            "--format",
            "dimacs",
            "--horizon",
            horizon,
        ])
        .expect_code(0);
        let suffix = format!("{name}.dimacs");
        insta::with_settings!({ snapshot_suffix => suffix }, {
            insta::assert_snapshot!("emit_slide_compact", out.stdout);
        });
        let v = puzzlec(&["solve", "slide", "--board", board, "--encoding", "bright", "--json", "-q"])
            .expect_code(0)
            .json();
        assert_eq!(v["length"].to_string(), horizon, "{name} is solvable in exactly its horizon");
    }
}

#[test]
fn the_form_follows_the_output_file_when_format_is_not_given() {
    let dir = tempfile::tempdir().unwrap();
    for (ext, first) in [("cnf", "c puzzlec"), ("smt2", "; puzzlec")] {
        let path = dir.path().join(format!("seed.{ext}"));
        puzzlec(&["emit", "slide", "--board", SEED, "--horizon", "3", "-o", path.to_str().unwrap()]).expect_code(0);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(first), "{ext}: {}", &text[..80.min(text.len())]);
    }
    let run = puzzlec(&["emit", "slide", "--board", SEED, "--horizon", "3"]).expect_code(2);
    assert!(run.stderr.contains("give --format dimacs or --format smt2"), "{}", run.stderr);
}
