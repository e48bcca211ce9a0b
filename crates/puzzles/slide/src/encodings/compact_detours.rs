//! Detours as one global budget for `compact`, with the linear conflicts of the start board.
//!
//! A tile that stands, at any step, `j` rows outside the band of rows between its start and its
//! goal has made at least `j` vertical moves away from its goal, whatever else it does; columns
//! likewise, with horizontal moves. Vertical and horizontal moves are different moves, and
//! every move away counts once in the away budget k, so
//!
//! ```text
//!   sum over tiles of (deepest row overshoot + deepest column overshoot) <= k
//! ```
//!
//! holds for every plan. The per-step away count says the same in the end, but only once the
//! moves are known; this bound reacts to a single position the solver tries anywhere in the
//! plan. It also carries the linear conflicts of the start board at the cost of one clause per
//! pair: two tiles on their goal row in the wrong order cannot pass inside the row, so one of
//! them must overshoot it. With pairs in a row the solver finds the smallest cover itself, which
//! is at least what the IDA* heuristic counts.

use crate::rules::Board;
use puzzlec_ir::{ClauseSink, Lit};

use puzzlec_encode::card;

/// How far `x` lies outside the band between `a` and `b`.
fn overshoot(x: usize, a: usize, b: usize) -> usize {
    (a.min(b)).saturating_sub(x) + x.saturating_sub(a.max(b))
}

/// Adds the detour budget for a plan ending at step `horizon` with `k` moves away, guarded by
/// `guard`. `p[t][tile-1][cell]` are the position variables of `compact`.
pub fn detour_budget(
    start: &Board,
    goal: &Board,
    horizon: usize,
    k: usize,
    p: &[Vec<Vec<Option<Lit>>>],
    guard: Option<Lit>,
    sink: &mut impl ClauseSink,
) {
    let cols = start.cols();
    let with_guard = |clause: Vec<Lit>| -> Vec<Lit> { guard.map(|g| -g).into_iter().chain(clause).collect() };
    let mut counted: Vec<Lit> = Vec::new();
    // first_deep[axis][tile]: the literal "overshoots by at least 1 on this axis" (axis 0 rows).
    let mut first_deep: [Vec<Option<Lit>>; 2] = [vec![None; start.len() - 1], vec![None; start.len() - 1]];
    for ti in 0..start.len() - 1 {
        let tile = ti as u8 + 1;
        let (s, g) = (start.position_of(tile), goal.position_of(tile));
        for (axis, first) in first_deep.iter_mut().enumerate() {
            let coord = |c: usize| line_and_place(c, cols, axis).0;
            let over = |c: usize| overshoot(coord(c), coord(s), coord(g));
            // deep[j-1]: the tile overshoots by at least j at some step; implied by positions,
            // and (for j = 1) implying one of them, so the conflict clauses below can force it.
            let deepest = (0..=horizon)
                .flat_map(|t| p[t][ti].iter().enumerate().filter(|(_, v)| v.is_some()).map(|(c, _)| over(c)))
                .max()
                .unwrap_or(0)
                .min(k + 1);
            if deepest == 0 {
                continue;
            }
            let deep: Vec<Lit> = (0..deepest).map(|_| sink.new_var(None)).collect();
            for pair in deep.windows(2) {
                sink.add_clause(&[-pair[1], pair[0]]);
            }
            let mut witnesses = vec![-deep[0]];
            for layer in p.iter().take(horizon + 1) {
                for (c, var) in layer[ti].iter().enumerate() {
                    let (Some(v), j) = (*var, over(c).min(deepest)) else {
                        continue;
                    };
                    if j > 0 {
                        sink.add_clause(&[-v, deep[j - 1]]);
                        witnesses.push(v);
                    }
                }
            }
            sink.add_clause(&with_guard(witnesses));
            first[ti] = Some(deep[0]);
            counted.extend(deep);
        }
    }
    for (a, b) in conflict_pairs(start, goal) {
        let axis = a.0;
        let clause: Vec<Lit> = [first_deep[axis][a.1], first_deep[axis][b.1]].into_iter().flatten().collect();
        sink.add_clause(&with_guard(clause));
    }
    card::at_most(sink, &counted, k, guard);
}

/// The line a cell is on and its place along it: rows for axis 0, columns for axis 1.
fn line_and_place(c: usize, cols: usize, axis: usize) -> (usize, usize) {
    if axis == 0 {
        (c / cols, c % cols)
    } else {
        (c % cols, c / cols)
    }
}

/// Pairs of tiles (axis, tile index) in linear conflict on the start board: both on their goal
/// row (axis 0) or column (axis 1), in the opposite order there.
fn conflict_pairs(start: &Board, goal: &Board) -> Vec<((usize, usize), (usize, usize))> {
    let cols = start.cols();
    let mut pairs = Vec::new();
    let tiles: Vec<(usize, usize, usize)> =
        (1..start.len() as u8).map(|t| (t as usize - 1, start.position_of(t), goal.position_of(t))).collect();
    for axis in 0..2 {
        let at = |c: usize| line_and_place(c, cols, axis);
        for (i, &(a, sa, ga)) in tiles.iter().enumerate() {
            for &(b, sb, gb) in &tiles[i + 1..] {
                let home = at(sa).0 == at(ga).0 && at(sb).0 == at(gb).0 && at(sa).0 == at(sb).0;
                if home && (at(sa).1 < at(sb).1) != (at(ga).1 < at(gb).1) {
                    pairs.push(((axis, a), (axis, b)));
                }
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_board;

    #[test]
    fn overshoot_measures_outside_the_band() {
        assert_eq!(overshoot(2, 1, 3), 0);
        assert_eq!(overshoot(0, 1, 3), 1);
        assert_eq!(overshoot(3, 1, 1), 2);
        assert_eq!(overshoot(1, 1, 1), 0);
    }

    #[test]
    fn conflicts_of_a_swapped_row() {
        let start = parse_board("2 1 3 / 4 5 6 / 7 8 _").expect("board");
        let goal = parse_board("1 2 3 / 4 5 6 / 7 8 _").expect("board");
        assert_eq!(conflict_pairs(&start, &goal), vec![((0, 0), (0, 1))]);
    }
}
