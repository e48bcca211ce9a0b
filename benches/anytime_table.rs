//! `make bench` section `anytime`: `solve slide --anytime --timeout 10` on random large boards
//! (when does the first plan arrive, how far is the last from the bound) and on the ten
//! easiest of Korf's 100 (how close the final plan is to the published optimum).

use std::process::Command;

use puzzlec_slide::rules::benchset::random_walk;
use puzzlec_slide::rules::to_compact;

/// One anytime run: (first plan's length and second, final length, lower bound, optimal).
fn run(board: &str) -> (usize, f64, usize, usize, bool) {
    let out = Command::new(crate::puzzlec())
        .args(["solve", "slide", "--board", board, "--anytime", "--timeout", "10", "--json"])
        .output()
        .expect("puzzlec runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let stderr = String::from_utf8_lossy(&out.stderr);
    // "plan of 220 moves (0.00 s)"
    let first = stderr.lines().find_map(|l| {
        let rest = l.strip_prefix("plan of ")?;
        let (n, rest) = rest.split_once(" moves (")?;
        Some((n.parse().ok()?, rest.trim_end_matches(" s)").parse().ok()?))
    });
    let (first_len, first_s) = first.expect("a first plan event");
    let get = |k: &str| v[k].as_u64().unwrap_or(0) as usize;
    (first_len, first_s, get("length"), get("lower_bound"), v["optimal"] == true)
}

pub fn run_all() {
    println!("## anytime: random boards (walks from the goal), --anytime --timeout 10");
    println!("| board | first plan | at | final | lower bound | gap |");
    println!("|---|---|---|---|---|---|");
    for (rows, cols, walk, seed) in [(5, 5, 2000, 1), (6, 6, 3000, 2), (8, 8, 5000, 3), (8, 8, 4000, 4)] {
        let board = to_compact(&random_walk(rows, cols, walk, seed));
        let (first, at, last, lb, _) = run(&board);
        println!("| {rows}x{cols} w{walk} s{seed} | {first} | {at:.3} s | {last} | {lb} | {} |", last - lb);
    }
    println!("\n## anytime: the ten easiest of Korf's 100, --anytime --timeout 10");
    println!("| id | optimum | first plan | final | lower bound | final / optimum |");
    println!("|---|---|---|---|---|---|");
    let text = include_str!("korf100.txt");
    let mut rows: Vec<(usize, String, usize)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<usize> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            let cells: Vec<String> =
                f[1..17].iter().map(|t| if *t == 0 { "_".into() } else { t.to_string() }).collect();
            let board = cells.chunks(4).map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ");
            (f[0], board, f[17])
        })
        .collect();
    rows.sort_by_key(|r| (r.2, r.0));
    let mut ratios = Vec::new();
    for (id, board, optimum) in rows.into_iter().take(10) {
        let (first, _, last, lb, _) = run(&board);
        let ratio = last as f64 / optimum as f64;
        ratios.push(ratio);
        println!("| {id} | {optimum} | {first} | {last} | {lb} | {ratio:.3} |");
    }
    let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
    let mark = if mean <= 1.10 { "met" } else { "MISSED" };
    println!("\nmean final / optimum: {mean:.3} (goal: at most 1.10; {mark})\n");
}
