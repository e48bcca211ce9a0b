//! The benchmark boards: random walks from the goal with fixed seeds, so every machine builds
//! the same set. Their optimal lengths come from the exact search (the oracle), never from a
//! table typed in here.

use super::board::Board;
use puzzlec_core::moves::Move;

/// A small deterministic generator (splitmix64): the set must not depend on a crate's version.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A walk of `steps` legal moves from the goal that never undoes its previous move.
pub fn random_walk(rows: usize, cols: usize, steps: usize, seed: u64) -> Board {
    let mut rng = SplitMix(seed);
    let mut board = Board::goal(rows, cols);
    let mut last: Option<Move> = None;
    for _ in 0..steps {
        let options: Vec<Move> = board.legal_moves().filter(|&m| Some(m.opposite()) != last).collect();
        let m = options[(rng.next() % options.len() as u64) as usize];
        board.apply(m);
        last = Some(m);
    }
    board
}

/// A board drawn uniformly from the solvable ones (a shuffle of every cell, two tiles
/// swapped when it falls in the other parity class: that maps the unsolvable half one to
/// one onto the solvable half, so the draw stays uniform). Korf's 100 were drawn this way;
/// random walks of any length are biased toward short optima.
pub fn uniform_board(rows: usize, cols: usize, seed: u64) -> Board {
    let mut rng = SplitMix(seed);
    let mut cells: Vec<u8> = (0..(rows * cols) as u8).collect();
    for i in (1..cells.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        cells.swap(i, j);
    }
    let goal = Board::goal(rows, cols);
    let board = Board::from_cells(rows, cols, &cells).expect("a permutation");
    if super::solvability::check_solvable(&board, &goal).is_ok() {
        return board;
    }
    let tiles: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] != 0).take(2).collect();
    cells.swap(tiles[0], tiles[1]);
    Board::from_cells(rows, cols, &cells).expect("a permutation")
}

/// One board of the set.
#[derive(Clone, Debug)]
pub struct BenchBoard {
    /// `RxC-wWALK-sSEED`: how to rebuild it.
    pub name: String,
    pub board: Board,
}

/// (rows, cols, walk length, seed) of every board; chosen so the optima spread from 10 to 45
/// (the oracle's values are printed by `make bench`).
const SPECS: [(usize, usize, usize, u64); 27] = [
    (3, 3, 12, 1),
    (3, 3, 24, 2),
    (3, 3, 24, 1),
    (3, 3, 30, 2),
    (2, 5, 14, 1),
    (2, 5, 30, 6),
    (2, 5, 40, 2),
    (2, 5, 30, 1),
    (3, 4, 20, 1),
    (3, 4, 26, 5),
    (3, 4, 36, 1),
    (3, 4, 40, 2),
    (4, 4, 24, 1),
    (4, 4, 30, 6),
    (4, 4, 36, 5),
    (4, 4, 30, 2),
    (4, 4, 36, 3),
    (4, 4, 50, 4),
    (4, 4, 45, 8),
    (4, 4, 50, 1),
    (4, 4, 45, 5),
    (4, 4, 50, 2),
    (4, 4, 45, 2),
    (4, 4, 50, 8),
    (4, 4, 50, 3),
    (4, 4, 56, 3),
    (4, 4, 90, 1),
];

pub fn bench_set() -> Vec<BenchBoard> {
    SPECS
        .iter()
        .map(|&(r, c, w, s)| BenchBoard { name: format!("{r}x{c}-w{w}-s{s}"), board: random_walk(r, c, w, s) })
        .collect()
}

#[cfg(test)]
mod tests {
    /// Uniform boards are solvable, differ by seed, and are the same on every machine.
    #[test]
    fn uniform_boards_are_solvable_and_repeatable() {
        let goal = super::Board::goal(4, 4);
        for seed in 0..50 {
            let b = super::uniform_board(4, 4, seed);
            assert!(crate::rules::check_solvable(&b, &goal).is_ok(), "{b:?}");
            assert_eq!(b, super::uniform_board(4, 4, seed));
        }
        assert_ne!(super::uniform_board(4, 4, 1), super::uniform_board(4, 4, 2));
    }

    use super::*;

    #[test]
    fn walks_are_reproducible_and_solvable() {
        let a = random_walk(4, 4, 50, 9);
        assert_eq!(a, random_walk(4, 4, 50, 9));
        assert!(crate::rules::check_solvable(&a, &Board::goal(4, 4)).is_ok());
        assert_eq!(bench_set().len(), SPECS.len());
    }
}
