//! Folders and files handed back to puzzlec are read as untrusted: a job folder whose answers
//! or manifest were tampered with, a batch output whose answers were forged, and the smaller
//! inputs that used to slip through (unknown keys, integers past 64 bits, names).

use std::path::Path;

use crate::support::have;
use crate::util::{puzzlec, puzzlec_stdin};

/// Writes the jobs of `board` over `horizons` into `dir/jobs`, runs each with cadical and
/// returns the folder.
fn solved_jobs(dir: &Path, board: &str, horizons: &str) -> std::path::PathBuf {
    let out = dir.join("jobs");
    let args = ["jobs", "slide", "--board", board, "--horizons", horizons, "--out", out.to_str().unwrap(), "--json"];
    let manifest = puzzlec(&args).expect_code(0).json();
    for k in 0..manifest["jobs"].as_array().unwrap().len() {
        let status = std::process::Command::new(out.join("run-one.sh")).arg(k.to_string()).status().unwrap();
        assert!(status.success());
    }
    out
}

#[test]
fn a_forged_unsat_in_a_job_folder_is_caught_by_the_exact_search() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let jobs = solved_jobs(dir.path(), "1 2 3 / 4 _ 6 / 7 5 8", "0..4");
    let honest = puzzlec(&["collect", jobs.to_str().unwrap(), "--json"]).expect_code(0).json();
    assert_eq!((honest["length"].as_u64(), honest["optimal"].as_bool()), (Some(2), Some(true)), "{honest}");
    assert!(honest["checked"].as_str().is_some_and(|c| c.contains("exact search")), "{honest}");
    for entry in std::fs::read_dir(jobs.join("out")).unwrap() {
        let path = entry.unwrap().path();
        if std::fs::read_to_string(&path).unwrap().starts_with("s SATISFIABLE") {
            std::fs::write(&path, "s UNSATISFIABLE\n").unwrap();
        }
    }
    let run = puzzlec(&["collect", jobs.to_str().unwrap(), "--json"]).expect_code(3);
    let message = run.json()["message"].as_str().unwrap().to_owned();
    assert!(message.contains("wrong") && message.contains("one of 2"), "{message}");
}

#[test]
fn a_tampered_manifest_is_refused_with_what_is_wrong() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let jobs = solved_jobs(dir.path(), "1 2 3 / 4 _ 6 / 7 5 8", "0..2");
    let path = jobs.join("manifest.json");
    let original: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let tamper = |edit: &dyn Fn(&mut serde_json::Value), wanted: &str| {
        let mut m = original.clone();
        edit(&mut m);
        std::fs::write(&path, m.to_string()).unwrap();
        let run = puzzlec(&["collect", jobs.to_str().unwrap(), "--json"]).expect_code(2);
        let message = run.json()["message"].as_str().unwrap().to_owned();
        assert!(message.contains(wanted), "{wanted}: {message}");
    };
    tamper(&|m| m["horizons"] = serde_json::json!([0, 4_000_000_000u64]), "horizon 4000000000");
    tamper(&|m| m["encoding"] = "<script>".into(), "no encoding of slide");
    tamper(&|m| m["solver"] = "a solver, trust me".into(), "not a solver id");
    tamper(
        &|m| {
            let job = m["jobs"][0].clone();
            m["jobs"] = serde_json::Value::Array(vec![job; 18_000]);
        },
        "18000 jobs",
    );
    tamper(&|m| m["jobs"][0]["file"] = "../../etc/passwd".into(), "outside the directory");
}

#[test]
fn a_forged_no_solution_in_a_batch_output_is_solved_again() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("lines.txt");
    std::fs::write(&input, "slide --board \"1 2 3 / 4 _ 6 / 7 5 8\"\n").unwrap();
    let out = dir.path().join("out.jsonl");
    let args = ["batch", input.to_str().unwrap(), "-o", out.to_str().unwrap(), "-q"];
    puzzlec(&args).expect_code(0);
    let mut answer: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&out).unwrap().trim()).unwrap();
    answer["status"] = "no-solution".into();
    answer["detail"] = "forged".into();
    for key in ["moves", "length", "optimal"] {
        answer.as_object_mut().unwrap().remove(key);
    }
    std::fs::write(&out, format!("{answer}\n")).unwrap();
    let mut resume = args.to_vec();
    resume.push("--resume");
    puzzlec(&resume).expect_code(0);
    let again: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&out).unwrap().trim()).unwrap();
    assert_eq!((again["status"].as_str(), again["moves"].as_str()), (Some("solved"), Some("UL")), "{again}");
}

#[test]
fn small_inputs_that_slipped_through() {
    let dir = tempfile::tempdir().unwrap();
    let figure = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        puzzlec(&["solve", "figure", path.to_str().unwrap()]).expect_code(2).stderr
    };
    let err = figure(
        "key.toml",
        "cells = [{name=\"a\", x=0, y=0, z=1}, \"b\"]\nlines = [[\"a\", \"b\"]]\nvalues = \"1..2\"\n",
    );
    assert!(err.contains("key.toml:1:") && err.contains("no other keys"), "{err}");
    let err = figure(
        "sum.toml",
        "cells = [\"a\", \"b\"]\nlines = [[\"a\", \"b\"]]\nvalues = \"1..2\"\nsum = -99999999999999999999\n",
    );
    assert!(err.contains("sum.toml:4:") && err.contains("64 bits") && !err.contains("i128"), "{err}");
    // A file of millions of cells is refused before the parser reads it.
    let cells: Vec<String> = (0..1_000_000).map(|k| format!("\"c{k}\"")).collect();
    let err = figure("huge.toml", &format!("cells = [{}]\nlines = [[\"c0\"]]\nvalues = \"1..3\"\n", cells.join(",")));
    assert!(err.contains("larger than 8 MiB"), "{err}");
    // The search solver proves nothing: --certify is refused, as for the other puzzles.
    let run = puzzlec(&["solve", "slide", "--board", "1 2 3 / 4 _ 6 / 7 5 8", "--solver", "search", "--certify"]);
    assert!(run.expect_code(2).stderr.contains("--certify"));
    // An inline orientation grid with a bad character is read as a grid.
    let run = puzzlec(&["solve", "cross", "--orientations", "+-x/..."]).expect_code(2);
    assert!(run.stderr.contains("'x'") && !run.stderr.contains("No such file"), "{}", run.stderr);
    // A piece drawn as '@' can be named in a goal.
    let v = puzzlec(&["solve", "blocks", "--board", "@../...", "--goal", "@@2,3", "--json"]).expect_code(0).json();
    assert_eq!(v["status"], "solved", "{v}");
    // Errors found while a batch line runs name the line, as those found on reading do.
    let text = "{\"puzzle\":\"slide\",\"board\":\"1 2 3 / 4 5 6 / 7 _ 8\",\"timeout\":-1}\n{\"puzzle\":\"hex\",\"order\":99}\n";
    let run = puzzlec_stdin(&["batch", "-", "-q"], text).expect_code(2);
    let messages: Vec<String> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["message"].as_str().unwrap().to_owned())
        .collect();
    assert!(messages[0].starts_with("line 1:") && messages[1].starts_with("line 2:"), "{messages:?}");
}

#[test]
fn json_means_one_object_for_emit_and_batch() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.cnf");
    let args = ["emit", "cross", "--size", "3x3", "--horizon", "2", "-o", file.to_str().unwrap(), "--json"];
    let v = puzzlec(&args).expect_code(0).json();
    let written = std::fs::metadata(&file).unwrap().len();
    assert_eq!((v["file"].as_str(), v["bytes"].as_u64()), (file.to_str(), Some(written)), "{v}");
    let v = puzzlec(&["emit", "cross", "--size", "3x3", "--horizon", "1", "--format", "dimacs", "--json"])
        .expect_code(0)
        .json();
    assert!(v["text"].as_str().is_some_and(|t| t.contains("p cnf")), "{v}");
    let v = puzzlec(&["batch", "/dev/null", "--json"]).expect_code(0).json();
    assert_eq!((v["status"].as_str(), v["lines"].as_u64()), (Some("done"), Some(0)), "{v}");
    let out = dir.path().join("out.jsonl");
    let run = puzzlec_stdin(&["batch", "-", "-o", out.to_str().unwrap(), "--json", "-q"], "hex\n").expect_code(0);
    assert_eq!(run.json()["lines"], 1);
}
