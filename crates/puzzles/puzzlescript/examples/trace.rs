//! Plays inputs on a level and prints the level after each one, as `scripts/puzzlescript/
//! trace.js` does with the reference engine: `trace GAME.txt INDEX INPUTS` (INDEX counts
//! messages; INPUTS of `u l d r x`, `t` tick, `z` undo, `R` restart).

use puzzlec_puzzlescript::run::{Input, Session, Step};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("the game file");
    let index: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (game, errors, _) = puzzlec_puzzlescript::compile_leniently(&text);
    for e in &errors {
        eprintln!("error: {e}");
    }
    let game = game.expect("a playable game");
    let mut s = Session::new(&game, index).expect("a level");
    println!("start\n{}", s.text());
    for c in args.get(2).map(String::as_str).unwrap_or("").chars() {
        let step = match c {
            'z' => Step::Undo,
            'R' => Step::Restart,
            't' => Step::Tick,
            c => Step::Input(Input::from_letter(c).expect("u l d r x t z R")),
        };
        s.step(step);
        println!("{c} (level {})\n{}", s.current, s.text());
    }
}
