//! The SAT path on one level (or every level): `sat GAME.txt [INDEX|all [SECONDS [-v]]]` (INDEX
//! counts messages; 60 s a level by default; `-v` prints each horizon), each plan replayed.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("the game file");
    let game = puzzlec_puzzlescript::compile(&text).unwrap_or_else(|e| panic!("{e}"));
    let indices: Vec<usize> = match args.get(1) {
        Some(i) if i != "all" => vec![i.parse().expect("an index")],
        _ => game.boards().map(|(i, _)| i).collect(),
    };
    let secs = args.get(2).map_or(60, |s| s.parse().expect("seconds"));
    let verbose = args.get(3).is_some_and(|a| a == "-v");
    for index in indices {
        let t = std::time::Instant::now();
        let limits = puzzlec_puzzlescript::search::Limits {
            max_states: None,
            max_depth: None,
            deadline: Some(t + std::time::Duration::from_secs(secs)),
            stop: None,
        };
        let r = puzzlec_puzzlescript::sat::drive::shortest(&game, index, limits, &mut |h, r, s| {
            if verbose {
                eprintln!("  horizon {h}: {r} {s:.3}s")
            }
        });
        match r {
            Ok(r) => {
                let found = match &r.found {
                    puzzlec_puzzlescript::search::Found::Plan(p) => {
                        let ok = puzzlec_puzzlescript::judge::replay(&game, index, p);
                        format!(
                            "{} {} replay {:?}",
                            p.len(),
                            p.iter().map(|i| i.letter()).collect::<String>(),
                            ok.map(|_| "ok")
                        )
                    }
                    other => format!("{other:?}"),
                };
                println!(
                    "level {index}: {found} ({} horizons, {} raised, {} lemmas, {} turns, {:.3}s)",
                    r.horizons.len(),
                    r.raised,
                    r.guided.0,
                    r.guided.1,
                    t.elapsed().as_secs_f64()
                );
            }
            Err(e) => println!("level {index}: refused: {e}"),
        }
    }
}
