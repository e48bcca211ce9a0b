//! Cubes for `compact` on the embedded solver: the plan's first few moves, fixed by
//! assumptions, tried in the order IDA* would try them.
//!
//! Measured on the 4x4 bench boards (optima 26 to 44): CaDiCaL left to itself branches on
//! variables anywhere in the plan and spends most of a satisfiable horizon looking in the wrong
//! place; with the first moves fixed and the prefixes sorted by Manhattan distance plus linear
//! conflict of the board they reach, the plan usually sits in one of the first cubes, and the
//! unsatisfiable horizons get cheaper too (the solver works forward from a known board). The
//! answer stays the solver's own: see `CadicalSession::solve_by_cubes`.

use crate::rules::{Board, Heuristic, Move};
use puzzlec_ir::Lit;

/// At most this many cubes: measured on the 4x4 bench boards, 1500 (depth 8 or 9 on a 4x4
/// board) did better than 100 or 400 on the longest plans and better than 4000 or 10000 on
/// the short ones.
const MAX_CUBES: usize = 1500;

/// Every sequence of legal moves from `start` that never undoes the move before, as long as
/// `max_depth` and `cap` allow (all of one length), with the board each one reaches.
pub(crate) fn prefixes(start: &Board, max_depth: usize, cap: usize) -> Vec<(Vec<Move>, Board)> {
    let mut level = vec![(Vec::new(), *start)];
    for _ in 0..max_depth {
        let mut next = Vec::with_capacity(level.len() * 3);
        for (path, board) in &level {
            for m in Move::ALL {
                if path.last().is_some_and(|&l: &Move| l == m.opposite()) {
                    continue;
                }
                let mut b = *board;
                if b.apply(m) {
                    let mut p = path.clone();
                    p.push(m);
                    next.push((p, b));
                }
            }
        }
        if next.len() > cap {
            break;
        }
        level = next;
    }
    level
}

/// The action literals that fix `moves` as the plan's first moves (`actions[t][m.index()]`,
/// as `compact` returns them).
pub fn literals(actions: &[Vec<Lit>], moves: &[Move]) -> Vec<Lit> {
    moves.iter().enumerate().map(|(t, m)| actions[t][m.index()]).collect()
}

/// The cubes for one horizon, most promising first: each fixes the first moves of the plan
/// through `actions` (`actions[t][m.index()]`, as `compact` returns them), at most
/// `max_depth` of them. The one-shot search fixes up to half of the horizon; a live
/// incremental solver pays more per call (it holds every horizon so far), and a quarter of
/// the horizon measured better there. Empty when `actions` is (no plan at this horizon).
pub fn cubes(actions: &[Vec<Lit>], start: &Board, goal: &Board, max_depth: usize) -> Vec<Vec<Lit>> {
    let h = Heuristic::new(goal);
    let mut ranked: Vec<(usize, Vec<Lit>)> = prefixes(start, max_depth.min(actions.len()), MAX_CUBES)
        .into_iter()
        .map(|(path, board)| (h.manhattan_linear_conflict(&board), literals(actions, &path)))
        .collect();
    ranked.sort_by_key(|(f, _)| *f);
    ranked.into_iter().map(|(_, lits)| lits).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_board;

    #[test]
    fn prefixes_are_legal_and_never_undo() {
        let start = parse_board("1 2 3 / 4 _ 5 / 6 7 8").expect("board");
        let all = prefixes(&start, 3, MAX_CUBES);
        // From the centre 4 moves; from an edge cell 2 that do not undo; from a corner 1.
        let (from_centre, from_edge, from_corner) = (4, 2, 1);
        assert_eq!(all.len(), from_centre * from_edge * from_corner);
        for (path, board) in all {
            assert_eq!(start.apply_strict(&path).expect("legal"), board);
            assert!(path.windows(2).all(|w| w[1] != w[0].opposite()));
        }
    }
}
