//! `puzzlec jobs` + GNU parallel + `puzzlec collect`: a cluster run on one machine, with the
//! real solver binary, compared with the in-process answer.

use std::path::Path;
use std::process::Command;

use crate::support::have;
use crate::util::{puzzlec, SEED};

/// Runs every job of `dir` with GNU parallel, as the README shows.
fn run_all(dir: &Path, jobs: usize) {
    let ids: Vec<String> = (0..jobs).map(|k| k.to_string()).collect();
    let status = Command::new("parallel")
        .args(["-j", "2", dir.join("run-one.sh").to_str().unwrap(), ":::"])
        .args(&ids)
        .status()
        .expect("GNU parallel runs");
    assert!(status.success());
}

fn write_jobs(args: &[&str]) -> (tempfile::TempDir, usize) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("jobs");
    let mut all = args.to_vec();
    all.extend(["--out", out.to_str().unwrap(), "--json"]);
    let manifest = puzzlec(&all).expect_code(0).json();
    let n = manifest["jobs"].as_array().unwrap().len();
    (tmp, n)
}

#[test]
fn the_seed_over_three_horizons_collects_to_the_in_process_optimum() {
    if !(have("parallel") && have("cadical")) {
        return;
    }
    let (tmp, n) = write_jobs(&["jobs", "slide", "--board", SEED, "--horizons", "13..15", "--split", "8"]);
    let dir = tmp.path().join("jobs");
    // Before any job ran: nothing is concluded, every job is missing.
    let early = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(3).json();
    assert_eq!(
        early["collected"][2]["missing"].as_array().unwrap().len(),
        early["collected"][2]["jobs"].as_u64().unwrap() as usize
    );
    run_all(&dir, n);
    let v = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    let horizons = v["collected"].as_array().unwrap();
    assert_eq!(horizons[0]["horizon"], 13);
    assert_eq!(horizons[0]["result"], "unsat");
    assert_eq!(horizons[2]["result"], "sat");
    // Horizon 13 is refuted by the encoding's own bound (one job); 15 is split for real.
    assert!(horizons[2]["jobs"].as_u64().unwrap() >= 8);
    let alone = puzzlec(&["solve", "slide", "--board", SEED, "--json"]).expect_code(0).json();
    assert_eq!(v["moves"], alone["moves"]);
    assert_eq!(v["optimal"], true);
}

#[test]
fn the_cross_slider_at_29_to_31_is_proved_optimal_by_its_jobs() {
    if !(have("parallel") && have("cadical")) {
        return;
    }
    let (tmp, n) = write_jobs(&["jobs", "cross", "--horizons", "29..31", "--split", "8"]);
    let dir = tmp.path().join("jobs");
    run_all(&dir, n);
    let v = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    for h in v["collected"].as_array().unwrap() {
        assert!(h["jobs"].as_u64().unwrap() >= 8, "{h}");
    }
    assert_eq!(v["collected"][0]["result"], "unsat");
    assert_eq!(v["length"], 31);
    assert_eq!(v["optimal"], true);
    let plan = v["moves"].as_str().unwrap();
    puzzlec(&["verify", "cross", "--moves", plan]).expect_code(0);
}

#[test]
fn certified_jobs_have_their_proofs_checked_and_a_bad_answer_is_listed() {
    if !(have("parallel") && have("cadical")) {
        return;
    }
    let (tmp, n) = write_jobs(&["jobs", "cross", "--size", "3x3", "--horizons", "13..15", "--certify"]);
    let dir = tmp.path().join("jobs");
    run_all(&dir, n);
    let v = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    assert_eq!(v["optimal"], true, "{v}");
    assert!(dir.join("out/0.drat").exists());
    // A job whose proof is lost no longer counts as UNSAT; one with garbage output fails.
    // (A corrupted proof is not used here: some jobs are refuted by unit propagation alone,
    // and then every added clause is a valid step.)
    std::fs::remove_file(dir.join("out/0.drat")).unwrap();
    std::fs::write(dir.join("out/1.txt"), "s SATISFIABLE\nv 1 0\n").unwrap();
    let v = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    assert_eq!(v["optimal"], false, "{v}");
    let failed: Vec<u64> =
        v["collected"][0]["failed"].as_array().unwrap().iter().map(|f| f[0].as_u64().unwrap()).collect();
    assert!(failed.contains(&0) && failed.contains(&1), "{v}");
}

#[test]
fn jobs_refuse_what_cannot_run_outside() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("j");
    let run = puzzlec(&[
        "jobs",
        "slide",
        "--board",
        SEED,
        "--horizons",
        "15",
        "--solver",
        "cadical",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.expect_code(2).stderr.contains("DIMACS solver binary"));
    let run = puzzlec(&["jobs", "slide", "--board", SEED, "--horizons", "15..x", "--out", out.to_str().unwrap()]);
    assert!(run.expect_code(2).stderr.contains("A..B"));
    let run = puzzlec(&["collect", out.to_str().unwrap()]);
    assert!(run.expect_code(2).stderr.contains("manifest.json"));
}

#[test]
fn a_rush_hour_board_is_proved_optimal_by_its_jobs() {
    if !(have("parallel") && have("cadical")) {
        return;
    }
    let board = ".EHH./.E.DC/.AADC/..BGG/..BFF";
    let (tmp, n) =
        write_jobs(&["jobs", "blocks", "--board", board, "--rush-hour", "--horizons", "7..8", "--split", "6"]);
    let dir = tmp.path().join("jobs");
    run_all(&dir, n);
    let v = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    let horizons = v["collected"].as_array().unwrap();
    assert_eq!((horizons[0]["result"].as_str(), horizons[1]["result"].as_str()), (Some("unsat"), Some("sat")));
    // Split on the classes that move first (E, H, A) or an idle step.
    assert!(horizons[0]["jobs"].as_u64().unwrap() >= 6);
    assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(8), Some(true)));
    let plan = v["moves"].as_str().unwrap();
    puzzlec(&["verify", "blocks", "--board", board, "--rush-hour", "--moves", plan]).expect_code(0);
}

/// A PuzzleScript level's horizons split on the first inputs: the horizon below the optimum
/// UNSAT in every job, the plan replayed, the optimum the search's.
#[test]
fn a_puzzlescript_level_is_proved_optimal_by_its_jobs() {
    if !(have("parallel") && have("cadical")) {
        return;
    }
    let game = "examples/puzzlescript/crates.txt";
    let (tmp, n) = write_jobs(&["jobs", "puzzlescript", game, "--level", "2", "--horizons", "6..7"]);
    let dir = tmp.path().join("jobs");
    run_all(&dir, n);
    let v = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    let horizons = v["collected"].as_array().unwrap();
    assert_eq!((horizons[0]["result"].as_str(), horizons[1]["result"].as_str()), (Some("unsat"), Some("sat")));
    assert!(horizons[0]["jobs"].as_u64().unwrap() >= 5, "{v}");
    assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(7), Some(true)), "{v}");
    let plan = v["moves"].as_str().unwrap();
    puzzlec(&["verify", "puzzlescript", game, "--level", "2", "--moves", plan]).expect_code(0);
}

/// A 4x4 board's jobs carry the pattern-database frontier's lemmas, each with its
/// justification. With `--certify` the tables come along and `collect` has every UNSAT
/// job's lemmas and DRAT proof checked by the sliding-tile checker: the optimum is proved
/// (the exact search's), and a job whose lemma was tampered with no longer counts. Without
/// `--certify` the answer says the UNSATs rest on unchecked lemmas.
#[test]
fn jobs_with_lemmas_are_checked_by_the_puzzle_checker() {
    if !(have("parallel") && have("cadical")) {
        return;
    }
    let board = "1 2 _ 3 / 5 12 6 4 / 13 11 9 8 / 10 15 14 7";
    let exact = puzzlec(&["solve", "slide", "--board", board, "--json", "-q"]).expect_code(0).json();
    let jobs = ["jobs", "slide", "--board", board, "--horizons", "22..30", "--split", "4"];
    let (tmp, n) = write_jobs(&[&jobs[..], &["--certify"]].concat());
    let dir = tmp.path().join("jobs");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["encoding"], "compact", "{manifest}");
    let with_lemmas: Vec<&serde_json::Value> =
        manifest["jobs"].as_array().unwrap().iter().filter(|j| j.get("lemmas").is_some()).collect();
    assert!(!with_lemmas.is_empty() && dir.join("tables.bin").exists(), "{manifest}");
    run_all(&dir, n);
    let collect = || puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    let v = collect();
    assert_eq!((v["optimal"].as_bool(), &v["length"]), (Some(true), &exact["length"]), "{v}");
    // A lemma's estimate raised by one, in a job that answered UNSAT.
    let job =
        with_lemmas.iter().find(|j| j["horizon"].as_u64() < exact["length"].as_u64()).expect("an UNSAT lemma job");
    let path = dir.join(job["lemmas"].as_str().unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    let mut done = false;
    let lines: Vec<String> = text
        .lines()
        .map(|l| match (done, l.strip_prefix("f ")) {
            (false, Some(rest)) => {
                done = true;
                let words: Vec<&str> = rest.split(' ').collect();
                let raised = words[1].parse::<u32>().unwrap() + 1;
                format!("f {} {raised} {}", words[0], words[2..].join(" "))
            }
            _ => l.to_owned(),
        })
        .collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let v = collect();
    assert_eq!(v["optimal"], false, "{v}");
    let id = job["id"].as_u64().unwrap();
    let failed: Vec<(u64, String)> = v["collected"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|h| h["failed"].as_array().into_iter().flatten())
        .map(|f| (f[0].as_u64().unwrap(), f[1].as_str().unwrap().to_owned()))
        .collect();
    assert!(failed.iter().any(|(j, why)| *j == id && why.contains("the estimate after")), "{failed:?}");
    // The same jobs without --certify: the optimum, with the lemmas named as trusted.
    let (plain, n) = write_jobs(&jobs);
    let dir = plain.path().join("jobs");
    assert!(!dir.join("tables.bin").exists());
    run_all(&dir, n);
    let v = puzzlec(&["collect", dir.to_str().unwrap(), "--json"]).expect_code(0).json();
    assert_eq!(v["optimal"], true, "{v}");
    assert!(v["trusted"].as_str().is_some_and(|t| t.contains("lemmas")), "{v}");
}
