fn main() {
    let text = std::fs::read_to_string("/work/shared/puzzlescript/src/demo/cratopia.txt").unwrap();
    let game = puzzlec_puzzlescript::compile(&text).unwrap();
    let index = 21;
    let start = puzzlec_puzzlescript::Session::new(&game, index).unwrap();
    println!("start wins={} text_mode? current={}", start.wins, 0);
    let base = match &game.levels[index] {
        puzzlec_puzzlescript::lang::Entry::Level(b) => b.cells.clone(),
        _ => panic!(),
    };
    let mut s = puzzlec_puzzlescript::Session::resume(&game, index, &base, &base).unwrap();
    s.keep_undo = false;
    s.reset(&start.level.cells, &base);
    s.step(puzzlec_puzzlescript::run::Step::Input(puzzlec_puzzlescript::Input::Up));
    println!("resume: wins={} changed={}", s.wins, s.level.cells != start.level.cells);
    let mut t = puzzlec_puzzlescript::Session::new(&game, index).unwrap();
    t.step(puzzlec_puzzlescript::run::Step::Input(puzzlec_puzzlescript::Input::Up));
    println!("new: wins={} ", t.wins);
    println!("start==base {}", start.level.cells == base);
}
