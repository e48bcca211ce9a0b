//! Regression tests for what a probe of the CLI found: false
//! optimality claims, argument errors without JSON, resumed batches and collected jobs that
//! trusted tampered files, unbounded work from bad numbers, and smaller slips. Each failed on
//! the main the issue was filed against.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{have, registry_with};
use crate::util::{fixture, puzzlec, puzzlec_env, Run, SEED};

fn fake_registry(dir: &Path, id: &str, script: &str) -> PathBuf {
    let path = fixture(&format!("fake-solvers/{script}"));
    registry_with(dir, &[(id, "dimacs", &[path.to_str().unwrap()])])
}

fn with(reg: &Path, args: &[&str]) -> Run {
    let mut all = vec!["--solvers", reg.to_str().unwrap()];
    all.extend_from_slice(args);
    puzzlec(&all)
}

// Item 4: no unchecked "optimal".

#[test]
fn a_solver_that_lies_below_the_optimum_is_caught_by_the_exact_search() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let reg = fake_registry(dir.path(), "liar17", "unsat-below-17");
    let run = with(&reg, &["solve", "slide", "--board", SEED, "--solver", "liar17", "-q", "--json"]).expect_code(3);
    let v = run.json();
    assert_eq!(v["status"], "error", "{v}");
    let message = v["message"].as_str().unwrap();
    assert!(message.contains("liar17") && message.contains("15 moves") && message.contains("wrong"), "{message}");
    assert!(!run.stdout.contains("\"optimal\":true"), "{}", run.stdout);
}

#[test]
fn an_external_optimum_is_confirmed_or_says_on_whose_word_it_rests() {
    if !have("cadical") {
        return;
    }
    let args = ["solve", "slide", "--board", SEED, "--solver", "cadical-bin", "-q", "--json"];
    let v = puzzlec(&args).expect_code(0).json();
    assert_eq!(v["optimal"], true);
    assert!(v["checked"].as_str().unwrap().contains("exact search"), "{v}");
    assert!(v.get("trusted").is_none(), "{v}");
    // No time for a second opinion: the claim is labelled, in JSON and in text.
    let v = puzzlec_env(&args, &[("PUZZLEC_SECOND_OPINION_MS", "0")]).expect_code(0).json();
    assert_eq!(v["optimal"], true);
    assert!(v["trusted"].as_str().unwrap().contains("rests on the word of solver cadical-bin"), "{v}");
    let text = puzzlec_env(&args[..args.len() - 1], &[("PUZZLEC_SECOND_OPINION_MS", "0")]).expect_code(0);
    assert!(text.stdout.contains("trusted: \"optimal\" rests on the word of solver cadical-bin"), "{}", text.stdout);
}

#[test]
fn an_optimal_answer_reports_the_proved_bound() {
    // The hardest 8-puzzle board: its optimum (31) is well above the heuristic.
    let board = "8 6 7 / 2 5 4 / 3 _ 1";
    let v = puzzlec(&["solve", "slide", "--board", board, "--json"]).expect_code(0).json();
    assert_eq!(v["optimal"], true);
    assert_eq!(v["lower_bound"], v["length"], "{v}");
    let v = puzzlec(&["solve", "slide", "--board", board, "--solver", "cadical", "--json", "-q"]).expect_code(0).json();
    assert_eq!(v["lower_bound"], v["length"], "{v}");
}

// Item 7: argument errors are JSON with --json.

#[test]
fn argument_errors_are_one_json_object_with_json() {
    let cases: [&[&str]; 5] = [
        &["solve", "slide", "--board", SEED, "--bogus-flag", "--json"],
        &["solve", "slide", "--board", SEED, "--timeout", "-1", "--json"],
        &["solve", "slide", "--board", SEED, "--max-moves", "99999999999999999999999", "--json"],
        &["solve", "bogus", "--json"],
        &["--json"],
    ];
    for args in cases {
        let run = puzzlec(args).expect_code(2);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {}", run.stdout);
        let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(v["status"], "error", "{args:?}: {v}");
        assert_eq!(v["kind"], "bad-input", "{args:?}: {v}");
        assert_eq!(v["exit_code"], 2);
        assert!(!v["message"].as_str().unwrap().is_empty());
    }
    // Without --json the usage error stays on stderr.
    let run = puzzlec(&["solve", "slide", "--bogus-flag"]).expect_code(2);
    assert!(run.stdout.is_empty() && run.stderr.contains("--bogus-flag"), "{}", run.stderr);
}

#[test]
fn help_that_cannot_be_written_is_not_a_success() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let done = Command::new(env!("CARGO_BIN_EXE_puzzlec")).arg("--help").stdout(full).output().unwrap();
    assert_eq!(done.status.code(), Some(2), "{}", String::from_utf8_lossy(&done.stderr));
    let ok = Command::new(env!("CARGO_BIN_EXE_puzzlec")).arg("--help").output().unwrap();
    assert_eq!(ok.status.code(), Some(0));
}

#[test]
fn every_puzzle_has_help_with_examples_for_solve() {
    // Each puzzle's help.toml is parsed when the command line is built: a table that does not
    // parse would fail here, as would a puzzle without a `solve` table.
    for name in ["slide", "cross", "hex", "figure", "blocks", "puzzlescript"] {
        let help = puzzlec(&["solve", name, "--help"]).expect_code(0).stdout;
        let examples = help.split("Examples:").nth(1).unwrap_or_default();
        assert!(examples.contains(&format!("puzzlec solve {name}")), "{name}: {help}");
    }
}

// Item 8: --resume re-checks what it keeps.

#[test]
fn resume_solves_again_the_answers_that_fail_their_recheck() {
    let dir = tempfile::tempdir().unwrap();
    let batch = dir.path().join("batch.jsonl");
    let lines = [
        format!("{{\"id\":\"a\",\"puzzle\":\"slide\",\"board\":\"{SEED}\"}}"),
        "{\"id\":\"b\",\"puzzle\":\"slide\",\"board\":\"1 2 3 / 4 _ 6 / 7 5 8\"}".to_owned(),
        "{\"id\":\"c\",\"puzzle\":\"slide\",\"board\":\"1 2 3 / 4 5 6 / _ 7 8\"}".to_owned(),
        "{\"id\":\"d\",\"puzzle\":\"hex\"}".to_owned(),
    ];
    std::fs::write(&batch, lines.join("\n") + "\n").unwrap();
    let out = dir.path().join("out.jsonl");
    let (b, o) = (batch.to_str().unwrap(), out.to_str().unwrap());
    puzzlec(&["batch", b, "-o", o, "-q"]).expect_code(0);
    let honest = std::fs::read_to_string(&out).unwrap();
    // Tamper: illegal moves for a, "solved" without a plan for b, a broken filling for d;
    // then edit line c's board, so its kept answer is for another board.
    let mut tampered = Vec::new();
    for line in honest.lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        match v["id"].as_str().unwrap() {
            "a" => v["moves"] = "RRR".into(),
            "b" => {
                v.as_object_mut().unwrap().remove("moves");
            }
            "d" => v["values"]["1"] = 19.into(),
            _ => {}
        }
        tampered.push(v.to_string());
    }
    std::fs::write(&out, tampered.join("\n") + "\n").unwrap();
    let edited = lines[2].replace("_ 7 8", "7 _ 8");
    std::fs::write(&batch, [&lines[0], &lines[1], &edited, &lines[3]].map(|s| s.as_str()).join("\n") + "\n").unwrap();
    let run = puzzlec(&["batch", b, "-o", o, "--resume"]).expect_code(0);
    for id in ["a", "b", "c", "d"] {
        assert!(run.stderr.contains(&format!("kept answer of {id} is not used")), "{id}: {}", run.stderr);
    }
    let again = std::fs::read_to_string(&out).unwrap();
    let by_id: std::collections::HashMap<String, serde_json::Value> = again
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| (v["id"].as_str().unwrap().to_owned(), v))
        .collect();
    assert_eq!(by_id.len(), 4, "{again}");
    assert_eq!(by_id["a"]["moves"], "DDDLUUULDDDLUUU");
    assert_eq!(by_id["b"]["length"], 2);
    assert_eq!(by_id["c"]["length"], 1, "solved for the edited board");
    assert_eq!(by_id["d"]["status"], "solved");
    // A second resume keeps everything: the answers pass their re-check now.
    let run = puzzlec(&["batch", b, "-o", o, "--resume"]).expect_code(0);
    assert!(!run.stderr.contains("not used"), "{}", run.stderr);
}

#[test]
fn unknown_keys_svg_and_repeated_ids_in_a_batch_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let batch = dir.path().join("batch.txt");
    let text = format!(
        "{{\"id\":\"t\",\"puzzle\":\"slide\",\"board\":\"{SEED}\",\"timout\":1}}\nslide --board \"{SEED}\" --svg x.svg\n"
    );
    std::fs::write(&batch, text).unwrap();
    let run = puzzlec(&["batch", batch.to_str().unwrap(), "-q"]).expect_code(2);
    let answers: Vec<serde_json::Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(answers[0]["message"].as_str().unwrap().contains("unknown key \"timout\""), "{}", run.stdout);
    assert!(answers[1]["message"].as_str().unwrap().contains("--svg"), "{}", run.stdout);
    std::fs::write(&batch, "{\"id\":\"x\",\"puzzle\":\"hex\"}\n\n{\"id\":\"x\",\"puzzle\":\"hex\"}\n").unwrap();
    let run = puzzlec(&["batch", batch.to_str().unwrap(), "-q"]).expect_code(2);
    assert!(run.stderr.contains("lines: 1 and 3"), "{}", run.stderr);
}

// Item 9: collect checks the cover.

#[test]
fn collect_does_not_believe_a_manifest_that_lost_jobs() {
    if !have("cadical") || !have("parallel") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let jobs = dir.path().join("jobs");
    let j = jobs.to_str().unwrap();
    puzzlec(&["jobs", "slide", "--board", SEED, "--horizons", "13..15", "--split", "4", "--out", j]).expect_code(0);
    let script = jobs.join("run-one.sh");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(jobs.join("manifest.json")).unwrap()).unwrap();
    for job in manifest["jobs"].as_array().unwrap() {
        let id = job["id"].to_string();
        let status = Command::new(&script).arg(&id).status().unwrap();
        assert!(status.success(), "job {id}");
    }
    let honest = puzzlec(&["collect", j, "--json"]).expect_code(0).json();
    assert_eq!(honest["length"], 15);
    // Drop every horizon-15 job (its plan) and one job of horizon 13.
    let mut m = manifest.clone();
    let kept: Vec<serde_json::Value> =
        m["jobs"].as_array().unwrap().iter().filter(|j| j["horizon"] != 15).skip(1).cloned().collect();
    m["jobs"] = serde_json::Value::Array(kept);
    std::fs::write(jobs.join("manifest.json"), m.to_string()).unwrap();
    let run = puzzlec(&["collect", j]).expect_code(3);
    assert!(run.stdout.contains("no job covers the first moves"), "{}", run.stdout);
    assert!(run.stdout.contains("still open"), "{}", run.stdout);
    m["jobs"] = serde_json::json!([]);
    std::fs::write(jobs.join("manifest.json"), m.to_string()).unwrap();
    let run = puzzlec(&["collect", j]).expect_code(3);
    assert!(run.stderr.contains("lists no jobs"), "{}", run.stderr);
}

// Item 10: bad numbers are capped or proved.

#[test]
fn huge_numbers_are_capped_or_proved_at_once() {
    let cross = ["solve", "cross", "--size", "2x3", "--cross", "1,1", "--empty", "2,3", "--target", "1,3"];
    let mut args = cross.to_vec();
    args.extend(["--max-moves", "4294967295"]);
    let run = puzzlec(&args).expect_code(2);
    assert!(run.stderr.contains("at most 1000"), "{}", run.stderr);
    let mut args = cross.to_vec();
    args.extend(["--max-moves", "1000", "-q"]);
    let run = puzzlec(&args).expect_code(1);
    assert!(run.stdout.contains("never reach the target"), "{}", run.stdout);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("jobs");
    let jobs = ["jobs", "slide", "--board", SEED, "--horizons", "13..15", "--split", "1000000"];
    let run = puzzlec(&[&jobs[..], &["--out", out.to_str().unwrap()]].concat()).expect_code(2);
    assert!(run.stderr.contains("at most 10000"), "{}", run.stderr);
    assert!(!out.exists(), "nothing is written before the cap is checked");
    let fam = dir.path().join("fam");
    let run = puzzlec(&["family", "slide", "--walk", "99999999999", "--out", fam.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("--walk") && run.stderr.contains("at most"), "{}", run.stderr);
    // The seed's blank can take the tile on its right and give it back, again and again,
    // before the seed's own plan.
    let long = "LR".repeat(5001) + "DDDLUUULDDDLUUU";
    let svg = dir.path().join("long.svg");
    let args = ["verify", "slide", "--board", SEED, "--moves", &long, "--svg", svg.to_str().unwrap()];
    let run = puzzlec(&args).expect_code(2);
    assert!(run.stderr.contains("at most 10000"), "{}", run.stderr);
    assert!(!svg.exists());
}

#[test]
fn a_solver_that_prints_without_end_is_stopped_at_the_output_cap() {
    let dir = tempfile::tempdir().unwrap();
    let reg = fake_registry(dir.path(), "chatty", "chatterbox");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let args = ["--solvers", reg.to_str().unwrap(), "solve", "slide", "--board", SEED, "--solver", "chatty", "-q"];
    let run = puzzlec_env(&args, &[("TMPDIR", tmp.to_str().unwrap())]).expect_code(3);
    assert!(run.stderr.contains("512 MiB") && run.stderr.contains("cap"), "{}", run.stderr);
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0);
}

// Item 11: smaller slips.

#[test]
fn the_examples_in_verify_cross_help_are_valid() {
    let help = puzzlec(&["verify", "cross", "--help"]).expect_code(0).stdout;
    let examples: Vec<&str> = help.lines().map(str::trim).filter(|l| l.starts_with("puzzlec verify cross")).collect();
    assert!(!examples.is_empty(), "{help}");
    for example in examples {
        let words = shell_words(example);
        let args: Vec<&str> = words.iter().skip(1).map(String::as_str).filter(|w| *w != "--moves-file").collect();
        if example.contains("--moves-file") {
            continue;
        }
        let run = puzzlec(&args);
        assert_eq!(run.code, 0, "{example}: {}{}", run.stdout, run.stderr);
    }
}

fn shell_words(line: &str) -> Vec<String> {
    line.split_whitespace().map(|w| w.trim_matches('"').to_owned()).collect()
}

#[test]
fn small_slips_are_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let run = puzzlec(&["solve", "slide", "--board", SEED, "--certify", "--proof-dir", file.to_str().unwrap()]);
    assert!(run.expect_code(2).stderr.contains("a file, not a folder"));
    let run = puzzlec(&["prove", "invariants", "--max-side", "0"]).expect_code(2);
    assert!(run.stderr.contains("2 to 8"), "{}", run.stderr);
    // A folder that already holds files is refused, not mixed into.
    let busy = dir.path().join("busy");
    std::fs::create_dir(&busy).unwrap();
    std::fs::write(busy.join("old.cnf"), "p cnf 0 0\n").unwrap();
    let run = puzzlec(&["family", "hex", "--count", "1", "--out", busy.to_str().unwrap()]).expect_code(2);
    assert!(run.stderr.contains("not empty"), "{}", run.stderr);
    // A solver killed by a signal: its stdout is called its stdout.
    let reg = fake_registry(dir.path(), "dies", "self-killer");
    let run = with(&reg, &["solve", "slide", "--board", SEED, "--solver", "dies", "-q"]).expect_code(3);
    assert!(run.stderr.contains("killed by signal 9"), "{}", run.stderr);
    assert!(run.stderr.contains("its stderr is empty; its stdout begins"), "{}", run.stderr);
}

#[test]
fn the_time_limit_named_is_the_users_on_an_external_smt_solver() {
    if !have("z3") {
        return;
    }
    let hard = "14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3";
    let goal = "_ 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";
    let args =
        ["solve", "slide", "--board", hard, "--goal", goal, "--solver", "z3-bin", "--timeout", "2.5", "--json", "-q"];
    let v = puzzlec(&args).expect_code(3).json();
    assert!(v["detail"].as_str().unwrap().contains("time limit of 2.5 s reached"), "{v}");
}
