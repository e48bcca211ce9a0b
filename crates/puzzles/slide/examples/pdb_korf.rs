//! Prints, for Korf's boards, the optimum, Manhattan + linear conflict, the 5-5-5 pattern
//! database estimate (the default groups) and that of consecutive groups {1-5} {6-10}
//! {11-15}, and how long building the tables took.
use puzzlec_slide::rules::{parse_board, pdb::PatternDb, Board, Heuristic};

fn main() {
    let t = std::time::Instant::now();
    let goal = Board::goal(4, 4);
    let pdb = PatternDb::new(&goal).expect("4x4");
    let alt =
        PatternDb::with_groups(&goal, &[vec![1, 2, 3, 5, 6], vec![4, 7, 8, 11, 12], vec![9, 10, 13, 14, 15]]).unwrap();
    println!("built in {:.2} s", t.elapsed().as_secs_f64());
    let h = Heuristic::new(&goal);
    let text = std::fs::read_to_string(std::env::args().nth(1).expect("korf100.txt")).expect("read");
    for line in text.lines().filter(|l| !l.starts_with('#')).take(100) {
        let v: Vec<&str> = line.split_whitespace().collect();
        let tiles: Vec<String> = v[1..17].iter().map(|t| if *t == "0" { "_".into() } else { t.to_string() }).collect();
        let board = parse_board(&tiles.chunks(4).map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ")).unwrap();
        println!(
            "{} opt {} lc {} pdb {} alt {}",
            v[0],
            v[17],
            h.manhattan_linear_conflict(&board),
            pdb.estimate(&board),
            alt.estimate(&board)
        );
    }
}
