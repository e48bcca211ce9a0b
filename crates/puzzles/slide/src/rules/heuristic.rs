//! Admissible distance estimates toward a fixed goal: Manhattan distance plus linear conflict.
//! Used by IDA* and as the first horizon of every SAT/SMT horizon search.

use super::board::{Board, BLANK, MAX_SIDE};

/// Goal coordinates of every tile, precomputed once per goal.
#[derive(Debug, Clone)]
pub struct Heuristic {
    cols: usize,
    goal_row: Vec<usize>,
    goal_col: Vec<usize>,
}

impl Heuristic {
    pub fn new(goal: &Board) -> Heuristic {
        let n = goal.len();
        let mut goal_row = vec![0; n];
        let mut goal_col = vec![0; n];
        for (i, &t) in goal.cells().iter().enumerate() {
            goal_row[t as usize] = i / goal.cols();
            goal_col[t as usize] = i % goal.cols();
        }
        Heuristic { cols: goal.cols(), goal_row, goal_col }
    }

    /// Distance of one tile standing at cell `at` from its goal cell.
    pub fn tile_distance(&self, tile: u8, at: usize) -> usize {
        (at / self.cols).abs_diff(self.goal_row[tile as usize])
            + (at % self.cols).abs_diff(self.goal_col[tile as usize])
    }

    /// Sum of the tiles' (not the blank's) distances to their goal cells.
    pub fn manhattan(&self, board: &Board) -> usize {
        board.cells().iter().enumerate().filter(|(_, &t)| t != BLANK).map(|(i, &t)| self.tile_distance(t, i)).sum()
    }

    /// Manhattan plus linear conflict: two tiles in their goal row (or column) but in reversed
    /// order must leave the line to pass each other, costing two extra moves per tile removed.
    pub fn manhattan_linear_conflict(&self, board: &Board) -> usize {
        let (rows, cols) = (board.rows(), board.cols());
        let in_rows: usize = (0..rows).map(|r| self.line(board, r, true)).sum();
        let in_cols: usize = (0..cols).map(|c| self.line(board, c, false)).sum();
        self.manhattan(board) + 2 * (in_rows + in_cols)
    }

    /// The removals row (or column) `k` needs (see [`removals_to_sort`]): its tiles whose
    /// goal is on it, keyed by their goal place along it. A line is at most MAX_SIDE long,
    /// kept on the stack (the SAT path's frontier rates every board it reaches with this,
    /// and two vectors per line made it a tenth slower).
    fn line(&self, board: &Board, k: usize, row: bool) -> usize {
        let (mut keys, mut len) = ([0u8; MAX_SIDE], 0);
        let along = if row { board.cols() } else { board.rows() };
        for i in 0..along {
            let t = if row { board.at(k, i) } else { board.at(i, k) } as usize;
            let (home, key) = match row {
                true => (self.goal_row[t], self.goal_col[t]),
                false => (self.goal_col[t], self.goal_row[t]),
            };
            if t != BLANK as usize && home == k {
                keys[len] = key as u8;
                len += 1;
            }
        }
        removals_to_sort(&keys[..len])
    }
}

/// How many entries must leave the line so the rest are in increasing goal order: the line's
/// length minus its longest increasing subsequence (exact, where the greedy count is not).
fn removals_to_sort(targets: &[u8]) -> usize {
    let mut tails = [0u8; MAX_SIDE];
    let mut len = 0;
    for &x in targets {
        match tails[..len].binary_search(&x) {
            Ok(_) => {}
            Err(i) => {
                tails[i] = x;
                len = len.max(i + 1);
            }
        }
    }
    targets.len() - len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::parse_board;

    #[test]
    fn seed_board_bounds() {
        let b = parse_board("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12").unwrap();
        let h = Heuristic::new(&Board::goal(4, 4));
        assert_eq!(h.manhattan(&b), 15);
        assert_eq!(h.manhattan_linear_conflict(&b), 15);
        let swapped = parse_board("2 1 3 / 4 5 6 / 7 8 _").unwrap();
        let h3 = Heuristic::new(&Board::goal(3, 3));
        assert_eq!(h3.manhattan(&swapped), 2);
        assert_eq!(h3.manhattan_linear_conflict(&swapped), 4);
    }
}
