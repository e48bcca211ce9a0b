//! Breadth-first search of one level (or every level): `bfs GAME.txt [INDEX [SECONDS]]` (INDEX
//! counts messages; 60 s a level by default).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("the game file");
    let game = puzzlec_puzzlescript::compile(&text).unwrap_or_else(|e| panic!("{e}"));
    let indices: Vec<usize> = match args.get(1) {
        Some(i) => vec![i.parse().expect("an index")],
        None => game.boards().map(|(i, _)| i).collect(),
    };
    for index in indices {
        let t = std::time::Instant::now();
        let limits = puzzlec_puzzlescript::search::Limits {
            max_states: Some(5_000_000),
            max_depth: None,
            deadline: Some(t + std::time::Duration::from_secs(args.get(2).map_or(60, |s| s.parse().expect("seconds")))),
            stop: None,
        };
        let r = puzzlec_puzzlescript::search::shortest(&game, index, limits, &mut |_, _| {});
        match r {
            Ok(r) => {
                let found = match &r.found {
                    puzzlec_puzzlescript::search::Found::Plan(p) => {
                        format!("{} {}", p.len(), p.iter().map(|i| i.letter()).collect::<String>())
                    }
                    other => format!("{other:?}"),
                };
                println!("level {index}: {found} ({} states, {:.3}s)", r.states, t.elapsed().as_secs_f64());
            }
            Err(e) => println!("level {index}: refused: {e}"),
        }
    }
}
