//! Prints the bench set with the oracle's optimal lengths; with arguments `R C WALK SEEDS`,
//! prints candidates instead (used once to choose the set's specs).
fn main() {
    use puzzlec_slide::rules::benchset::{bench_set, random_walk};
    use puzzlec_slide::rules::Board;
    use puzzlec_slide::search::{exact_shortest_path, Search};
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let opt = |b: &Board| match exact_shortest_path(b, &Board::goal(b.rows(), b.cols()), None) {
        Search::Found(p) => p.len(),
        _ => usize::MAX,
    };
    if let [r, c, w, seeds] = args[..] {
        for s in 1..=seeds as u64 {
            let b = random_walk(r, c, w, s);
            println!("{r}x{c}-w{w}-s{s} {}", opt(&b));
        }
        return;
    }
    for b in bench_set() {
        println!("{:<16} {:>3}  {}", b.name, opt(&b.board), puzzlec_slide::rules::to_compact(&b.board));
    }
}
