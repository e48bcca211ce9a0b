//! `puzzlec batch`: many requests on a worker pool, answers as JSON Lines in input order,
//! interrupted runs resumed to the same output.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use puzzlec_slide::rules::{benchset::random_walk, to_compact, Board};
use puzzlec_slide::search::bfs::distances_from;
use serde_json::Value;

use crate::util::puzzlec;

/// 100 random 3x3 boards (fixed seeds), as batch lines in the CLI's words, and their optima
/// from a breadth-first search of the whole 8-puzzle.
fn boards(solver: &str) -> (String, Vec<u8>) {
    let dist = distances_from(&Board::goal(3, 3));
    let (mut text, mut optima) = (String::new(), Vec::new());
    for seed in 0..100 {
        let board = random_walk(3, 3, 40 + seed as usize % 20, 1000 + seed);
        text.push_str(&format!("slide --board \"{}\" --solver {solver}\n", to_compact(&board)));
        optima.push(dist[&board.pack()]);
    }
    (text, optima)
}

fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

#[test]
fn a_hundred_boards_get_the_exact_optima_in_input_order() {
    let dir = tempfile::tempdir().unwrap();
    let (text, optima) = boards("cadical");
    let input = dir.path().join("boards.txt");
    std::fs::write(&input, text).unwrap();
    let run = puzzlec(&["batch", input.to_str().unwrap(), "-j", "2", "-q"]).expect_code(0);
    let answers = lines(&run.stdout);
    assert_eq!(answers.len(), 100);
    for (i, (a, want)) in answers.iter().zip(&optima).enumerate() {
        assert_eq!(a["id"], (i + 1).to_string());
        assert_eq!(a["status"], "solved", "{a}");
        assert_eq!(a["length"], u64::from(*want), "line {}: {a}", i + 1);
        assert_eq!(a["optimal"], true);
    }
}

/// Times differ from run to run; everything else must not.
fn without_times(text: &str) -> Vec<Value> {
    let mut all = lines(text);
    for v in &mut all {
        v.as_object_mut().unwrap().remove("time_ms");
    }
    all
}

#[test]
fn an_interrupted_batch_resumes_to_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    // The embedded CaDiCaL is deterministic (the same plans run after run) and takes some
    // milliseconds a board: slow enough to interrupt midway on one worker.
    let (text, _) = boards("cadical");
    let input = dir.path().join("boards.txt");
    std::fs::write(&input, &text).unwrap();
    let (whole, cut) = (dir.path().join("whole.jsonl"), dir.path().join("cut.jsonl"));
    let args = |out: &std::path::Path| {
        [
            "batch".to_owned(),
            input.display().to_string(),
            "-j".into(),
            "1".into(),
            "-q".into(),
            "-o".into(),
            out.display().to_string(),
        ]
    };
    puzzlec(&args(&whole).iter().map(String::as_str).collect::<Vec<_>>()).expect_code(0);
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args(&cut))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::read_to_string(&cut).map_or(0, |t| t.lines().count()) < 10
        && started.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let kept = std::fs::read_to_string(&cut).unwrap();
    let kept_lines = kept.lines().filter(|l| serde_json::from_str::<Value>(l).is_ok()).count();
    assert!((10..100).contains(&kept_lines), "interrupted after {kept_lines} answers");
    let mut resume = args(&cut).to_vec();
    resume.push("--resume".into());
    puzzlec(&resume.iter().map(String::as_str).collect::<Vec<_>>()).expect_code(0);
    let (whole, resumed) = (std::fs::read_to_string(&whole).unwrap(), std::fs::read_to_string(&cut).unwrap());
    assert_eq!(without_times(&resumed), without_times(&whole));
}

#[test]
fn bad_lines_are_answered_as_errors_and_the_exit_code_is_the_worst() {
    let text = "slide --board \"1 2 3 / 4 _ 6 / 7 5 8\"\n# comment\n{\"puzzle\": \"hex\", \"order\": 2, \"id\": \"h2\"}\nslide --bord x\n";
    let run = crate::util::puzzlec_stdin(&["batch", "-", "-q"], text).expect_code(2);
    let answers = lines(&run.stdout);
    let ids: Vec<&str> = answers.iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["1", "h2", "4"]);
    assert_eq!(answers[0]["moves"], "UL");
    assert_eq!(answers[1]["status"], "no-solution");
    assert_eq!(answers[2]["kind"], "bad-input");
    assert!(answers[2]["message"].as_str().unwrap().contains("line 4"));
}
