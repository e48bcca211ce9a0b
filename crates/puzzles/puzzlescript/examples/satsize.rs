//! The size of a horizon's formula: `satsize GAME.txt INDEX HORIZON [AGAINS PASSES REPEATS]`
//! (the loop bounds, the first ones when not given).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = puzzlec_puzzlescript::compile(&std::fs::read_to_string(&args[0]).unwrap()).unwrap();
    let index: usize = args[1].parse().unwrap();
    let h: usize = args[2].parse().unwrap();
    let s = puzzlec_puzzlescript::Session::new(&game, index).unwrap();
    let mut b = puzzlec_puzzlescript::sat::first_bounds(&game);
    if let [agains, passes, repeats] = &args[3..] {
        b.agains = agains.parse().unwrap();
        b.passes = passes.parse().unwrap();
        let r: usize = repeats.parse().unwrap();
        b.repeats.iter_mut().chain(b.late_repeats.iter_mut()).for_each(|x| *x = r);
    }
    let t = std::time::Instant::now();
    let mut cnf = puzzlec_ir::Cnf::new();
    puzzlec_puzzlescript::sat::encode(&game, index, &s.level.cells, h, &b, &mut cnf).unwrap();
    println!("{} vars, {} clauses, {:.3}s", cnf.num_vars(), cnf.num_clauses(), t.elapsed().as_secs_f64());
}
