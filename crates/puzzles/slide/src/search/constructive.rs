//! A plan for any solvable board, in milliseconds, far from optimal: the classic reduction.
//!
//! Solve the top row (or the left column, whichever side is longer), lock it, and repeat on
//! the smaller board until a 2x2 corner is left, which a tiny BFS finishes. Each tile is
//! brought home by a BFS over (blank cell, tile cell) in the unlocked region; the last two
//! tiles of a row or column travel together, by a BFS over (blank, first, second), because
//! placing them one at a time can lock the second out. Other tiles are "don't care" in those
//! searches, so they stay small (at most 64^3 states on 8x8).
//!
//! Why: an exact search is hopeless on random boards beyond 4x4, but a user (and the anytime
//! search, and the horizon search's upper bound) needs some plan at once.
//!
//! Any goal: the goal's blank is first walked to the bottom-right corner (giving a goal G'),
//! tiles are relabelled by their cell in G', the board is solved to G', and the walk is undone.

use std::collections::VecDeque;

use crate::rules::board::Board;
use crate::rules::solvability::check_solvable;
use puzzlec_core::moves::Move;

/// A replay-checked plan from `start` to `goal`, or `None` when the goal is unreachable.
pub fn constructive_plan(start: &Board, goal: &Board) -> Option<Vec<Move>> {
    if !start.same_shape(goal) || check_solvable(start, goal).is_err() {
        return None;
    }
    let (rows, cols) = (start.rows(), start.cols());
    let n = rows * cols;
    // Walk the goal's blank to the corner: left/right first, then down.
    let mut walk = vec![goal.blank()];
    while let Some(&b) = walk.last() {
        let next = if b % cols + 1 < cols {
            b + 1
        } else if b / cols + 1 < rows {
            b + cols
        } else {
            break;
        };
        walk.push(next);
    }
    let mut corner_goal = goal.cells().to_vec();
    for w in walk.windows(2) {
        corner_goal.swap(w[0], w[1]);
    }
    // label[tile] = the cell where G' holds it; the blank's label is n - 1.
    let mut label = vec![0usize; n];
    for (cell, &tile) in corner_goal.iter().enumerate() {
        label[tile as usize] = cell;
    }
    let mut s = State {
        rows,
        cols,
        at: start.cells().iter().map(|&t| label[t as usize]).collect(),
        locked: vec![false; n],
        plan: Vec::new(),
    };
    s.reduce()?;
    for w in walk.windows(2).rev() {
        s.step_blank(w[0]);
    }
    let plan = cancel_undos(s.plan);
    (start.apply_strict(&plan).ok()? == *goal).then_some(plan)
}

/// Drops every move directly followed by its undo (the reduction makes a few at its seams).
pub fn cancel_undos(plan: Vec<Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(plan.len());
    for m in plan {
        if out.last() == Some(&m.opposite()) {
            out.pop();
        } else {
            out.push(m);
        }
    }
    out
}

/// The board as labels (label = home cell; the blank's home is the last cell).
struct State {
    rows: usize,
    cols: usize,
    at: Vec<usize>,
    locked: Vec<bool>,
    plan: Vec<Move>,
}

impl State {
    fn blank_label(&self) -> usize {
        self.at.len() - 1
    }

    fn cell_of(&self, label: usize) -> usize {
        self.at.iter().position(|&l| l == label).expect("every label is on the board")
    }

    fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, col) = (c / self.cols, c % self.cols);
        [
            (r > 0).then(|| c - self.cols),
            (r + 1 < self.rows).then(|| c + self.cols),
            (col > 0).then(|| c - 1),
            (col + 1 < self.cols).then(|| c + 1),
        ]
        .into_iter()
        .flatten()
        .filter(|&nb| !self.locked[nb])
    }

    /// Moves the blank to the adjacent cell `to` (the tile there slides into the blank).
    fn step_blank(&mut self, to: usize) {
        let b = self.cell_of(self.blank_label());
        let m = if to + self.cols == b {
            Move::Down
        } else if to == b + self.cols {
            Move::Up
        } else if to + 1 == b {
            Move::Right
        } else {
            Move::Left
        };
        self.at.swap(b, to);
        self.plan.push(m);
    }

    /// Solves rows and columns until a 2x2 corner is left, then the corner.
    fn reduce(&mut self) -> Option<()> {
        let (mut top, mut left) = (0, 0);
        while self.rows - top > 2 || self.cols - left > 2 {
            let line: Vec<usize> = if self.rows - top >= self.cols - left {
                top += 1;
                (left..self.cols).map(|c| (top - 1) * self.cols + c).collect()
            } else {
                left += 1;
                (top..self.rows).map(|r| r * self.cols + left - 1).collect()
            };
            let (singles, pair) = line.split_at(line.len() - 2);
            for &cell in singles {
                self.bring_home(&[cell])?;
                self.locked[cell] = true;
            }
            self.bring_home(pair)?;
            for &cell in pair {
                self.locked[cell] = true;
            }
        }
        let corner: Vec<usize> = (0..self.at.len()).filter(|&c| !self.locked[c]).collect();
        self.finish_corner(&corner)
    }

    /// Brings the tiles whose homes are `homes` (one or two) home together, by a BFS over the
    /// positions of the blank and those tiles only.
    fn bring_home(&mut self, homes: &[usize]) -> Option<()> {
        let n = self.at.len();
        let key = |s: &[usize]| s.iter().fold(0usize, |k, &c| k * n + c);
        let mut first: Vec<usize> = vec![self.cell_of(self.blank_label())];
        first.extend(homes.iter().map(|&h| self.cell_of(h)));
        let size = n.pow(first.len() as u32);
        // parent[key] = the key of the state before, plus one (0 = unseen).
        let mut parent = vec![0usize; size];
        let start = key(&first);
        parent[start] = start + 1;
        let mut queue = VecDeque::from([first]);
        let mut found = None;
        while let Some(state) = queue.pop_front() {
            if state[1..] == *homes {
                found = Some(state);
                break;
            }
            for nb in self.neighbours(state[0]) {
                let mut next = state.clone();
                next[0] = nb;
                for tile in next.iter_mut().skip(1) {
                    if *tile == nb {
                        *tile = state[0];
                    }
                }
                let k = key(&next);
                if parent[k] == 0 {
                    parent[k] = key(&state) + 1;
                    queue.push_back(next);
                }
            }
        }
        let end = found?;
        let mut blanks = Vec::new();
        let mut k = key(&end);
        while k != start {
            blanks.push(k / n.pow(homes.len() as u32));
            k = parent[k] - 1;
        }
        for &cell in blanks.iter().rev() {
            self.step_blank(cell);
        }
        Some(())
    }

    /// The last 2x2 corner, by a BFS over its real arrangements (at most 24).
    fn finish_corner(&mut self, corner: &[usize]) -> Option<()> {
        let read = |s: &State| corner.iter().map(|&c| s.at[c]).collect::<Vec<_>>();
        let solved: Vec<usize> = corner.to_vec();
        let mut seen = std::collections::HashMap::from([(read(self), Vec::<usize>::new())]);
        let mut queue = VecDeque::from([read(self)]);
        while let Some(arrangement) = queue.pop_front() {
            let path = seen[&arrangement].clone();
            if arrangement == solved {
                for cell in path {
                    self.step_blank(cell);
                }
                return Some(());
            }
            let b = corner[arrangement.iter().position(|&l| l == self.blank_label())?];
            for nb in self.neighbours(b) {
                let (i, j) = (corner.iter().position(|&c| c == b)?, corner.iter().position(|&c| c == nb)?);
                let mut next = arrangement.clone();
                next.swap(i, j);
                if !seen.contains_key(&next) {
                    let mut p = path.clone();
                    p.push(nb);
                    seen.insert(next.clone(), p);
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::benchset::random_walk;

    #[test]
    fn solves_random_boards_of_every_size_to_any_goal() {
        for rows in 2..=8 {
            for cols in 2..=8 {
                for seed in 0..3 {
                    let start = random_walk(rows, cols, 3000, seed);
                    let goal = random_walk(rows, cols, 500, seed + 100);
                    for g in [Board::goal(rows, cols), goal] {
                        let plan = constructive_plan(&start, &g).unwrap_or_else(|| panic!("{rows}x{cols} {seed}"));
                        assert_eq!(start.apply_strict(&plan).unwrap(), g);
                    }
                }
            }
        }
    }

    #[test]
    fn unsolvable_boards_get_no_plan() {
        let start = Board::from_cells(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert!(constructive_plan(&start, &Board::goal(3, 3)).is_none());
    }

    #[test]
    fn undo_pairs_cancel() {
        use Move::*;
        assert_eq!(cancel_undos(vec![Up, Left, Right, Down, Down]), vec![Down]);
    }
}
