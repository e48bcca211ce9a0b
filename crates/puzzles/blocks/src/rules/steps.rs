//! Every unit step of every piece, worked out once per search: where the step lands and the
//! cells it newly covers. The board's edges, the walls and the piece's axis are settled
//! here, so the search's inner loop only asks whether those few cells are free (a profile put
//! over a quarter of the search's time in checking every cell of the piece at every step).
//! The replay, the judge of every plan, does not use this table: it checks each step cell by
//! cell on its own ([`super::moves::replay`]).

use super::moves::{Metric, STEPS};
use super::BlocksPuzzle;

/// No step: off the board, onto a wall, or across the piece's axis.
const NONE: u32 = u32::MAX;

/// The steps of one puzzle's pieces.
pub struct Steps {
    cells: usize,
    /// Entry `(i * cells + anchor) * 4 + d`: where piece i lands from `anchor` by `STEPS[d]`.
    to: Vec<u32>,
    /// The cells that step newly covers: `entering[start[e]..start[e + 1]]` for entry e.
    start: Vec<u32>,
    entering: Vec<u16>,
}

impl Steps {
    pub fn new(p: &BlocksPuzzle) -> Steps {
        let (board, cells) = (&p.board, p.board.cells());
        let entries = board.pieces.len() * cells * STEPS.len();
        let (mut to, mut start, mut entering) = (vec![NONE; entries], Vec::with_capacity(entries + 1), Vec::new());
        for (i, piece) in board.pieces.iter().enumerate() {
            for from in 0..cells {
                for (d, step) in STEPS.iter().enumerate() {
                    start.push(entering.len() as u32);
                    if !board.fits(i, from) || !piece.axis.allows(step.0) {
                        continue;
                    }
                    let Some(next) = board.step(from, step.0).filter(|&a| board.fits(i, a)) else { continue };
                    to[(i * cells + from) * STEPS.len() + d] = next as u32;
                    let before: Vec<usize> = board.covers(i, from).collect();
                    entering.extend(board.covers(i, next).filter(|c| !before.contains(c)).map(|c| c as u16));
                }
            }
        }
        start.push(entering.len() as u32);
        Steps { cells, to, start, entering }
    }

    /// Where piece `i` lands from `from` by `STEPS[d]`, if the step is free: the cells it
    /// enters hold no other piece in `grid` (`from` itself must be free for `i`).
    fn step(&self, grid: &[Option<usize>], i: usize, from: usize, d: usize) -> Option<usize> {
        let e = (i * self.cells + from) * STEPS.len() + d;
        let next = self.to[e];
        let entering = &self.entering[self.start[e] as usize..self.start[e + 1] as usize];
        (next != NONE && entering.iter().all(|&c| grid[c as usize].is_none_or(|j| j == i))).then_some(next as usize)
    }

    /// Where piece `i` may go in one move from `from` under `metric`, into `out` (cleared
    /// first), given who covers each cell (`grid`).
    pub fn reach_into(&self, metric: Metric, grid: &[Option<usize>], i: usize, from: usize, out: &mut Vec<usize>) {
        moves_into(metric, from, |at, d| self.step(grid, i, at, d), out);
    }
}

/// Where a piece may go in one move from `from` under `metric`, into `out` (cleared first):
/// `step(at, d)` is the anchor one free unit step `STEPS[d]` from `at`, if there is one.
/// One step along one line for `step`, any number for `slide`, any path of them for `path`.
pub fn moves_into(metric: Metric, from: usize, step: impl Fn(usize, usize) -> Option<usize>, out: &mut Vec<usize>) {
    out.clear();
    match metric {
        Metric::Step => out.extend((0..STEPS.len()).filter_map(|d| step(from, d))),
        Metric::Slide => {
            for d in 0..STEPS.len() {
                let mut at = from;
                while let Some(next) = step(at, d) {
                    out.push(next);
                    at = next;
                }
            }
        }
        Metric::Path => {
            out.push(from);
            // A short walk looks through what it has; a long one (a large open board) keeps
            // a set, or each anchor would cost a look at every other.
            let mut seen: Option<std::collections::HashSet<usize>> = None;
            let mut k = 0;
            while k < out.len() {
                let at = out[k];
                k += 1;
                for d in 0..STEPS.len() {
                    let Some(next) = step(at, d) else { continue };
                    let new = match &mut seen {
                        Some(set) => set.insert(next),
                        None => !out.contains(&next),
                    };
                    if new {
                        out.push(next);
                        if seen.is_none() && out.len() > 64 {
                            seen = Some(out.iter().copied().collect());
                        }
                    }
                }
            }
            out.remove(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::search::reach;
    use crate::rules::tests::{klotski, rush};

    /// Along random walks on Klotski (every metric) and a Rush Hour card with walls, every
    /// piece's moves from the table are the moves checked cell by cell.
    #[test]
    fn the_table_moves_as_the_cell_by_cell_check_does() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut boards: Vec<BlocksPuzzle> = [Metric::Step, Metric::Slide, Metric::Path].map(klotski).to_vec();
        boards.push(rush("BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN"));
        for p in &boards {
            let steps = Steps::new(p);
            let mut state = p.start();
            let mut out = Vec::new();
            for _ in 0..300 {
                let grid = state.occupancy(p);
                let mut moves = Vec::new();
                for i in 0..state.anchors.len() {
                    let checked = reach(p, &grid, i, state.anchors[i]);
                    steps.reach_into(p.metric, &grid, i, state.anchors[i], &mut out);
                    assert_eq!(out, checked, "piece {i} from {:?}", state.anchors);
                    moves.extend(checked.into_iter().map(|to| (i, to)));
                }
                let (i, to) = moves[rng.usize(..moves.len())];
                state.anchors[i] = to;
            }
        }
    }
}
