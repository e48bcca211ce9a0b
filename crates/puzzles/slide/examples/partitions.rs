//! Measurement aid: the tabled IDA* on the hardest of Korf's boards under several partitions.
use puzzlec_slide::rules::{parse_board, Board};
use puzzlec_slide::search::tabled;
use puzzlec_slide::search::Search;
use puzzlec_slide::tables::pdb::PatternDb;

fn main() {
    let goal = Board::goal(4, 4);
    let text = std::fs::read_to_string("benches/korf100.txt").unwrap();
    let ids: Vec<&str> = std::env::args().nth(1).map(|s| s.leak().split(',').collect()).unwrap_or_default();
    let boards: Vec<(String, Board)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let v: Vec<&str> = l.split_whitespace().collect();
            let t: Vec<&str> = v[1..17].iter().map(|t| if *t == "0" { "_" } else { t }).collect();
            (v[0].to_owned(), parse_board(&t.chunks(4).map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ")).unwrap())
        })
        .filter(|(id, _)| ids.is_empty() || ids.contains(&id.as_str()))
        .collect();
    let parts: Vec<(&str, Vec<Vec<u8>>)> = vec![
        ("P2", vec![vec![1, 2, 3, 5, 6, 7], vec![4, 8, 11, 12, 14, 15], vec![9, 10, 13]]),
        ("P8", vec![vec![1, 2, 3, 5, 6, 7], vec![4, 8, 10, 11, 12, 15], vec![9, 13, 14]]),
        ("P10", vec![vec![1, 2, 3, 4, 5, 6], vec![7, 8, 11, 12, 14, 15], vec![9, 10, 13]]),
        ("P12", vec![vec![2, 3, 4, 6, 7, 8], vec![1, 5, 9, 10, 13, 14], vec![11, 12, 15]]),
        ("P13", vec![vec![1, 2, 3, 5, 6, 7], vec![4, 8, 12, 11, 15, 10], vec![9, 13, 14]]),
        ("P14", vec![vec![1, 2, 5, 6, 9, 13], vec![3, 4, 7, 8, 11, 12], vec![10, 14, 15]]),
        ("P15", vec![vec![1, 2, 3, 5, 6, 9], vec![4, 7, 8, 10, 11, 12], vec![13, 14, 15]]),
    ];
    for (name, groups) in parts {
        let db = PatternDb::with_groups(&goal, &groups).unwrap();
        let t = std::time::Instant::now();
        let mut line = String::new();
        for (id, b) in &boards {
            let s = std::time::Instant::now();
            let Some(Search::Found(p)) = tabled::shortest_path(b, &db, None) else { panic!() };
            let e = s.elapsed().as_secs_f64();
            if e > 0.3 {
                line += &format!(" {id}:{}:{e:.2}", p.len());
            }
        }
        println!("{name} total {:.2} s:{line}", t.elapsed().as_secs_f64());
    }
}
