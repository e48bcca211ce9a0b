//! `make bench batch`: 100 random 3x3 boards through `puzzlec batch` on one worker and on
//! two, alternating; goal: two workers at least 1.6x faster. Two sets: the seeds of the
//! test (1000..1099) and fresh ones (5000..5099) that no test or tuning has seen.

use std::time::Duration;

use puzzlec_slide::rules::{benchset::random_walk, to_compact};

use crate::{median, puzzlec, time_run};

fn boards(first_seed: u64) -> String {
    (first_seed..first_seed + 100)
        .map(|seed| {
            let board = random_walk(3, 3, 40 + seed as usize % 20, seed);
            format!("slide --board \"{}\" --solver cadical\n", to_compact(&board))
        })
        .collect()
}

pub fn run_all() {
    println!("## batch: 100 random 3x3 boards (cadical), -j 1 against -j 2 (medians of 3, alternating)");
    println!("| boards | -j 1 | -j 2 | speed-up | goal 1.6x |");
    println!("|---|---|---|---|---|");
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, seed) in [("test seeds 1000..1099", 1000), ("fresh seeds 5000..5099", 5000)] {
        let file = dir.path().join(format!("boards-{seed}.txt"));
        std::fs::write(&file, boards(seed)).expect("write the batch file");
        let file = file.to_str().expect("a UTF-8 path");
        let (mut one, mut two): (Vec<Duration>, Vec<Duration>) = (Vec::new(), Vec::new());
        for _ in 0..3 {
            one.push(time_run(puzzlec(), &["batch", file, "-j", "1", "-q"], &[0]));
            two.push(time_run(puzzlec(), &["batch", file, "-j", "2", "-q"], &[0]));
        }
        let (one, two) = (median(one), median(two));
        let ratio = one.as_secs_f64() / two.as_secs_f64();
        let verdict = if ratio >= 1.6 { "meets goal" } else { "MISSES goal" };
        println!("| {name} | {:.2} s | {:.2} s | {ratio:.2}x | {verdict} |", one.as_secs_f64(), two.as_secs_f64());
    }
    println!();
}
