//! Cubes for `compact` on the embedded solver: the plan's first few moves, fixed by
//! assumptions, tried in the order IDA* would try them.
//!
//! Measured on the 4x4 bench boards (optima 26 to 44): CaDiCaL left to itself branches on
//! variables anywhere in the plan and spends most of a satisfiable horizon looking in the wrong
//! place; with the first moves fixed and the prefixes sorted by Manhattan distance plus linear
//! conflict of the board they reach, the plan usually sits in one of the first cubes, and the
//! unsatisfiable horizons get cheaper too (the solver works forward from a known board). The
//! answer stays the solver's own: see `CadicalSession::solve_by_cubes`.

use puzzlec_core::slide::{Board, Heuristic, Move};
use puzzlec_encode::slide::compact::action_name;
use std::collections::HashMap;

use puzzlec_ir::Cnf;

/// At most this many cubes: measured on the 4x4 bench boards, 1500 (depth 8 or 9 on a 4x4
/// board) did better than 100 or 400 on the longest plans and better than 4000 or 10000 on
/// the short ones.
const MAX_CUBES: usize = 1500;

/// How many first moves to fix: as deep as `MAX_CUBES` allows, never more than `max_depth`.
fn depth(start: &Board, max_depth: usize) -> usize {
    let mut d = 0;
    while d < max_depth && prefixes(start, d + 1).len() <= MAX_CUBES {
        d += 1;
    }
    d
}

/// Every sequence of `d` legal moves from `start` that never undoes the move before.
fn prefixes(start: &Board, d: usize) -> Vec<(Vec<Move>, Board)> {
    let mut level = vec![(Vec::new(), *start)];
    for _ in 0..d {
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
        level = next;
    }
    level
}

/// The cubes for one horizon of `cnf` (a `compact` encoding, whose action variables are
/// named), most promising first, fixing at most half of the plan's moves. Empty when the
/// encoding names no actions (no plan).
pub fn cubes(cnf: &Cnf, start: &Board, goal: &Board, horizon: usize) -> Vec<Vec<i32>> {
    cubes_named(&cnf.name_index(), start, goal, horizon / 2)
}

/// As [`cubes`], with the variables' names given and the depth capped at `max_depth` moves.
/// A live incremental solver pays more per call (it holds every horizon so far): measured,
/// a quarter of the horizon suits it better than half.
pub fn cubes_named(names: &HashMap<&str, u32>, start: &Board, goal: &Board, max_depth: usize) -> Vec<Vec<i32>> {
    let h = Heuristic::new(goal);
    let mut ranked: Vec<(usize, Vec<i32>)> = prefixes(start, depth(start, max_depth))
        .into_iter()
        .filter_map(|(path, board)| {
            let lits: Option<Vec<i32>> = path
                .iter()
                .enumerate()
                .map(|(t, &m)| names.get(action_name(t, m).as_str()).map(|&v| v as i32))
                .collect();
            Some((h.manhattan_linear_conflict(&board), lits?))
        })
        .collect();
    ranked.sort_by_key(|(f, _)| *f);
    ranked.into_iter().map(|(_, lits)| lits).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlec_core::slide::parse_board;

    #[test]
    fn prefixes_are_legal_and_never_undo() {
        let start = parse_board("1 2 3 / 4 _ 5 / 6 7 8").expect("board");
        let all = prefixes(&start, 3);
        // From the centre 4 moves; from an edge cell 2 that do not undo; from a corner 1.
        let (from_centre, from_edge, from_corner) = (4, 2, 1);
        assert_eq!(all.len(), from_centre * from_edge * from_corner);
        for (path, board) in all {
            assert_eq!(start.apply_strict(&path).expect("legal"), board);
            assert!(path.windows(2).all(|w| w[1] != w[0].opposite()));
        }
    }
}
