//! Where a session resumed at each state of a plan differs from the plan played through.
use puzzlec_puzzlescript::run::{Input, Session, Step};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = puzzlec_puzzlescript::compile(&std::fs::read_to_string(&args[0]).unwrap()).unwrap();
    let index: usize = args[1].parse().unwrap();
    let plan: Vec<Input> = args[2].chars().map(|c| Input::from_letter(c).unwrap()).collect();
    let mut fresh = Session::new(&game, index).unwrap();
    fresh.keep_undo = false;
    let board = match &game.levels[index] {
        puzzlec_puzzlescript::lang::Entry::Level(b) => b.clone(),
        _ => panic!(),
    };
    for (k, &i) in plan.iter().enumerate() {
        let before = fresh.level.cells.clone();
        let restart = fresh.restart_point().to_vec();
        let mut r = Session::resume(&game, index, &board.cells, &board.cells).unwrap();
        r.keep_undo = false;
        r.reset(&before, &restart);
        r.step(Step::Input(i));
        fresh.step(Step::Input(i));
        if r.level.cells != fresh.level.cells || r.wins != fresh.wins {
            println!(
                "step {k} ({}): resumed wins {} fresh wins {}\nresumed:\n{}\nfresh:\n{}",
                i.letter(),
                r.wins,
                fresh.wins,
                r.text(),
                fresh.text()
            );
            return;
        }
    }
    println!("no divergence");
}
