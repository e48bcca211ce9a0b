//! The dense tables and their IDA* on one 5x5 board, given as 25 numbers row by row (0 the
//! blank) toward the goal with the blank first: `cargo run --release --example dense24 --
//! 17 1 20 ...`. Prints the tables' build or load time, each iteration and the plan.
use std::time::Instant;

use puzzlec_slide::rules::Board;
use puzzlec_slide::search::dense as search;
use puzzlec_slide::search::Search;
use puzzlec_slide::tables::dense::DenseDb;

fn main() {
    let cells: Vec<u8> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let start = Board::from_cells(5, 5, &cells).expect("25 distinct numbers 0..24");
    let goal = Board::from_cells(5, 5, &(0..25).collect::<Vec<u8>>()).expect("a goal");
    let t = Instant::now();
    let db = DenseDb::shared(&goal, &mut |done, of| println!("tables: {done} of {of}")).expect("tables");
    println!("tables: {:.1} s; estimate {}", t.elapsed().as_secs_f64(), db.estimate(&start));
    let t = Instant::now();
    let found = search::shortest_path(&start, &db, None, &mut |i| {
        println!("bound {:>3}: {:>14} nodes  ({:.1} s)", i.bound, i.nodes, t.elapsed().as_secs_f64());
    });
    match found {
        Some(Search::Found(plan)) => {
            let end = start.apply_strict(&plan).expect("a legal plan");
            assert!(end == goal, "the plan does not reach the goal");
            println!("{} moves in {:.1} s", plan.len(), t.elapsed().as_secs_f64());
        }
        _ => println!("no plan"),
    }
}
