//! `compact` against `bright` on the embedded CaDiCaL, on boards outside the bench set: random
//! walks from the goal (seeds from 101 up) whose optimum falls in a range. Prints one line per
//! board with both times and their ratio; used to check that the bench set is not special.
//!
//! ```text
//! cargo run --release -p puzzlec-drive --example compact_vs_bright -- ROWS COLS WALK COUNT MIN MAX
//! cargo run --release -p puzzlec-drive --example compact_vs_bright -- 4 4 40 8 25 30
//! ```
use puzzlec_drive::horizon::{shortest, Horizons, Shortest};
use puzzlec_slide::drive::probe;
use puzzlec_slide::encodings::SlideEncoding;
use puzzlec_slide::rules::{benchset::random_walk, Board, Heuristic};
use puzzlec_slide::search::{exact_shortest_path, Search};
use puzzlec_solve::Backend;
use std::time::Instant;

/// Seconds to prove the optimum, and the optimum proved.
fn prove(start: &Board, goal: &Board, encoding: &dyn SlideEncoding) -> (f64, usize) {
    let cadical = Backend::embedded_sat();
    let started = Instant::now();
    let h = Horizons {
        lower_bound: Heuristic::new(goal).manhattan_linear_conflict(start),
        step: 2,
        max: 90,
        deadline: None,
    };
    match shortest(h, |k, limit| probe(encoding, &cadical, start, goal, k, limit), |_| {}) {
        Ok(Shortest::Found { plan, optimal: true, .. }) => (started.elapsed().as_secs_f64(), plan.len()),
        other => panic!("{}: no proved optimum: {other:?}", encoding.name()),
    }
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let [rows, cols, walk, count, min, max] = args[..] else {
        eprintln!("usage: compact_vs_bright ROWS COLS WALK COUNT MIN MAX");
        std::process::exit(2);
    };
    let goal = Board::goal(rows, cols);
    let mut found = 0;
    for seed in 101.. {
        if found == count {
            break;
        }
        let board = random_walk(rows, cols, walk, seed);
        let Search::Found(plan) = exact_shortest_path(&board, &goal, None) else {
            continue;
        };
        if !(min..=max).contains(&plan.len()) {
            continue;
        }
        found += 1;
        let (compact, length) = prove(&board, &goal, &puzzlec_slide::encodings::compact::Compact);
        let (bright, _) = prove(&board, &goal, &puzzlec_slide::encodings::bright::Bright);
        assert_eq!(length, plan.len(), "compact disagrees with the oracle");
        println!(
            "{rows}x{cols}-w{walk}-s{seed}  optimum {length}  compact {compact:.3} s  bright {bright:.3} s  ratio {:.1}",
            bright / compact
        );
    }
}
