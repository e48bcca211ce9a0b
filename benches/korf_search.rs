//! `make bench-korf ARGS="--search"` and `ARGS="--short N"`: the whole `puzzlec` process as a
//! user runs it, one process per board.
//!
//! `--search`: the exact search (`--solver search`) on the range, tables from the cache;
//! first one run on an empty cache folder, timed apart (it builds the tables).
//! `--short N`: N random-walk 4x4 boards whose optima are 24-34 (seeds from 11001, none
//! tuned on) through `--solver cadical`, and with `--against BIN` the same boards through
//! another build, alternating, so the tables' cost shows where they are not needed.

use std::process::Command;
use std::time::Instant;

use puzzlec_slide::rules::{benchset::random_walk, Board};
use puzzlec_slide::search::{exact_shortest_path, Search};

/// The board as the CLI reads it.
pub fn text(b: &Board) -> String {
    let cell = |t: u8| if t == 0 { "_".to_owned() } else { t.to_string() };
    b.cells()
        .chunks(b.cols())
        .map(|r| r.iter().map(|&t| cell(t)).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// Seconds and the plan's length of one whole-process solve (None: no plan printed).
pub fn solve(bin: &str, board: &Board, solver: &str, cache: Option<&std::path::Path>) -> (f64, Option<usize>) {
    let mut cmd = Command::new(bin);
    cmd.args(["solve", "slide", "--board", &text(board), "--solver", solver, "--json"]);
    if let Some(dir) = cache {
        cmd.env("PUZZLEC_CACHE_DIR", dir);
    }
    let started = Instant::now();
    let out = cmd.output().expect("run puzzlec");
    let took = started.elapsed().as_secs_f64();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let optimal = json["optimal"].as_bool() == Some(true);
    (took, json["length"].as_u64().filter(|_| optimal).map(|l| l as usize))
}

/// Statistics line: mean, median and worst of `times` (seconds).
pub fn summary(times: &[f64]) -> String {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    format!("mean {mean:.3} s, median {median:.3} s, worst {:.3} s", sorted.last().copied().unwrap_or(0.0))
}

/// The exact search on `list` ((id, board, published optimum)).
pub fn search(list: &[(String, Board, usize)]) {
    let bin = env!("CARGO_BIN_EXE_puzzlec");
    let cold = std::env::temp_dir().join(format!("puzzlec-bench-cache-{}", std::process::id()));
    if let Some((id, board, _)) = list.iter().max_by_key(|(_, _, o)| *o) {
        let (took, len) = solve(bin, board, "search", Some(&cold));
        println!("first run on an empty cache (builds the tables): Korf {id}, {took:.2} s, length {len:?}\n");
    }
    let _ = std::fs::remove_dir_all(&cold);
    println!("| id | optimum | seconds | length right |");
    println!("|---|---|---|---|");
    let mut times = Vec::new();
    let mut wrong = 0;
    for (id, board, optimum) in list {
        let (took, len) = solve(bin, board, "search", None);
        let right = len == Some(*optimum);
        wrong += usize::from(!right);
        times.push(took);
        println!("| {id} | {optimum} | {took:.3} | {} |", if right { "yes" } else { "NO" });
    }
    println!("\n{} boards, {wrong} wrong: {}\n", list.len(), summary(&times));
}

/// `n` random walks of optimum 24-34 through the embedded solver, against `against`.
pub fn short(n: usize, first_seed: u64, against: Option<&str>) {
    let goal = Board::goal(4, 4);
    let mut boards = Vec::new();
    let mut seed = first_seed;
    while boards.len() < n {
        let b = random_walk(4, 4, 30 + (seed as usize % 5) * 10, seed);
        if let Search::Found(p) = exact_shortest_path(&b, &goal, None) {
            if (24..=34).contains(&p.len()) {
                boards.push((seed, b, p.len()));
            }
        }
        seed += 1;
    }
    let bin = env!("CARGO_BIN_EXE_puzzlec");
    println!("| seed | board | optimum | this build s | {} |", against.map_or("-".into(), |a| format!("{a} s")));
    println!("|---|---|---|---|---|");
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for (seed, b, optimum) in &boards {
        let (took, len) = solve(bin, b, "cadical", None);
        assert_eq!(len, Some(*optimum), "seed {seed}: wrong or unproved answer");
        mine.push(took);
        let other = against.map(|a| solve(a, b, "cadical", None).0);
        theirs.extend(other);
        println!(
            "| {seed} | {} | {optimum} | {took:.3} | {} |",
            text(b),
            other.map_or("-".into(), |t| format!("{t:.3}"))
        );
    }
    println!("\nthis build: {}", summary(&mine));
    if !theirs.is_empty() {
        println!("against: {}", summary(&theirs));
    }
    println!();
}
