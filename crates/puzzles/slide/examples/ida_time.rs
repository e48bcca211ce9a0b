//! Times the exact search on one board (IDA* with Manhattan + linear conflict, then the
//! adaptive `exact_shortest_path`).
use puzzlec_slide::rules::{parse_board, Board};
use puzzlec_slide::search::ida;
use puzzlec_slide::search::{exact_shortest_path, Search};

fn main() {
    let board = parse_board(&std::env::args().nth(1).expect("a board")).expect("board");
    let goal = Board::goal(board.rows(), board.cols());
    let t = std::time::Instant::now();
    let plain = ida::shortest_path(&board, &goal, None);
    let len = |s: &Search| if let Search::Found(p) = s { p.len() } else { 0 };
    println!("ida (MD+LC): {} moves in {:.2} s", len(&plain), t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    let adaptive = exact_shortest_path(&board, &goal, None);
    println!("exact_shortest_path: {} moves in {:.2} s", len(&adaptive), t.elapsed().as_secs_f64());
}
