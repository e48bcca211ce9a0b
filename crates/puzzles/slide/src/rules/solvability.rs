//! Which boards can reach which: answered at once from permutation parity.
//!
//! Every move swaps the blank with a neighbour, so it flips the parity of the permutation
//! (blank counted as a tile) and moves the blank by one step on the chequerboard. A board
//! reaches a goal exactly when both parities agree: the permutation taking the board to the
//! goal is even iff the blank's taxicab distance to its goal cell is even. For the default goal
//! on an odd width this is the classic "even number of inversions"; on an even width it is the
//! "inversions plus the blank's row" rule; this form covers any goal and any size.

use super::board::Board;

/// Why a board cannot reach its goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParityMismatch {
    /// True when the tiles (blank included) are an odd permutation of the goal.
    pub permutation_odd: bool,
    /// Taxicab distance from the blank to its goal cell.
    pub blank_distance: usize,
}

impl std::fmt::Display for ParityMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = |odd: bool| if odd { "odd" } else { "even" };
        write!(
            f,
            "parity: the tiles are an {} permutation of the goal, but the blank is {} moves (an {} number) from its goal cell; every move changes both parities, so they can never agree",
            word(self.permutation_odd),
            self.blank_distance,
            word(self.blank_distance % 2 == 1)
        )
    }
}

/// `Ok(())` when `start` can reach `goal`, else the parity argument that it cannot.
///
/// Both boards must have the same shape (the parser and CLI check this first).
pub fn check_solvable(start: &Board, goal: &Board) -> Result<(), ParityMismatch> {
    assert!(start.same_shape(goal), "boards of different shapes");
    let n = start.len();
    let mut goal_pos = vec![0usize; n];
    for (i, &t) in goal.cells().iter().enumerate() {
        goal_pos[t as usize] = i;
    }
    let sigma: Vec<usize> = start.cells().iter().map(|&t| goal_pos[t as usize]).collect();
    let mut visited = vec![false; n];
    let mut cycles = 0;
    for i in 0..n {
        if !visited[i] {
            cycles += 1;
            let mut j = i;
            while !visited[j] {
                visited[j] = true;
                j = sigma[j];
            }
        }
    }
    let permutation_odd = (n - cycles) % 2 == 1;
    let blank_distance = taxicab(start.blank(), goal.blank(), start.cols());
    if permutation_odd == (blank_distance % 2 == 1) {
        Ok(())
    } else {
        Err(ParityMismatch { permutation_odd, blank_distance })
    }
}

/// Taxicab distance between two row-major cell indices.
pub fn taxicab(a: usize, b: usize, cols: usize) -> usize {
    (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::parse_board;
    use crate::search::bfs;

    #[test]
    fn swapping_two_tiles_is_unsolvable() {
        let b = parse_board("2 1 3 / 4 5 6 / 7 8 _").unwrap();
        let err = check_solvable(&b, &Board::goal(3, 3)).unwrap_err();
        assert!(err.permutation_odd);
        assert_eq!(err.blank_distance, 0);
        assert!(err.to_string().starts_with("parity:"));
    }

    /// Every board of a size, checked against BFS reachability from the goal.
    fn agrees_with_bfs(rows: usize, cols: usize) {
        let goal = Board::goal(rows, cols);
        let reachable = bfs::distances_from(&goal);
        let mut cells: Vec<u8> = (0..(rows * cols) as u8).collect();
        let mut count = 0;
        permutations(&mut cells, 0, &mut |p| {
            let b = Board::from_cells(rows, cols, p).unwrap();
            assert_eq!(check_solvable(&b, &goal).is_ok(), reachable.contains_key(&b.pack()), "{b:?}");
            count += 1;
        });
        assert_eq!(reachable.len() * 2, count);
    }

    fn permutations(v: &mut Vec<u8>, k: usize, f: &mut impl FnMut(&[u8])) {
        if k == v.len() {
            return f(v);
        }
        for i in k..v.len() {
            v.swap(k, i);
            permutations(v, k + 1, f);
            v.swap(k, i);
        }
    }

    #[test]
    fn parity_agrees_with_bfs_on_every_2x2_and_2x3_board() {
        agrees_with_bfs(2, 2);
        agrees_with_bfs(2, 3);
        agrees_with_bfs(3, 2);
    }
}
