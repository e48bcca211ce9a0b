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

/// The cubes for one horizon, most promising first: each fixes the first moves of the plan
/// through `actions` (`actions[t][m.index()]`, as `compact` returns them), at most
/// `max_depth` of them. The one-shot search fixes up to half of the horizon; a live
/// incremental solver pays more per call (it holds every horizon so far), and a quarter of
/// the horizon measured better there. Empty when `actions` is (no plan at this horizon).
pub fn cubes(actions: &[Vec<Lit>], start: &Board, goal: &Board, max_depth: usize) -> Vec<Vec<Lit>> {
    let h = Heuristic::new(goal);
    let mut ranked: Vec<(usize, Vec<Lit>)> = prefixes(start, max_depth.min(actions.len()), MAX_CUBES)
        .into_iter()
        .map(|(path, board)| {
            let lits = path.iter().enumerate().map(|(t, m)| actions[t][m.index()]).collect();
            (h.manhattan_linear_conflict(&board), lits)
        })
        .collect();
    ranked.sort_by_key(|(f, _)| *f);
    ranked.into_iter().map(|(_, lits)| lits).collect()
}

/// A prefix the frontier pruned: its moves, and the estimate after them.
pub struct Pruned {
    pub moves: Vec<Move>,
    pub h: usize,
}

impl Pruned {
    /// The lemma that forbids the prefix: its moves' action literals (`actions[t][m.index()]`,
    /// as `compact` returns them), negated.
    pub fn clause(&self, actions: &[Vec<Lit>]) -> Vec<Lit> {
        self.moves.iter().enumerate().map(|(t, m)| -actions[t][m.index()]).collect()
    }
}

/// Cubes from an IDA* frontier (their moves), and the lemmas that make them cover the
/// horizon.
///
/// Sequences of legal moves without undos from `start` are followed while `g + h(board) <=
/// horizon` (`h` admissible: no plan of `horizon` moves continues a pruned prefix). The
/// prefixes with the most slack (`horizon - g - h`) are extended first, all of them at once,
/// until there are at least `target` of them or none can grow (each at most `max_depth`
/// moves): a cube's search grows roughly tenfold with each two moves of slack, so this splits
/// the costly cubes and leaves the tight ones alone. Each surviving prefix is a cube; each
/// pruned one becomes a clause forbidding it (a lemma the estimate justifies, not the
/// formula: a certified run must not use them). The cubes together with the lemmas cover
/// every plan of the horizon.
///
/// The cubes come closest to the goal first (smallest `h`): a deep prefix whose board the
/// tables put near the goal holds a plan, when there is one, far more often than its share,
/// and such a cube is quickly settled either way.
///
/// Measured on Korf's 100 against the old frontier (every prefix to the first depth with
/// `target` of them, most slack first): see `docs/bench-results.md`, session 27.
pub fn frontier(
    start: &Board,
    horizon: usize,
    h: &dyn Fn(&Board) -> usize,
    target: usize,
    max_depth: usize,
) -> (Vec<Vec<Move>>, Vec<Pruned>) {
    if h(start) > horizon {
        return (Vec::new(), vec![Pruned { moves: Vec::new(), h: h(start) }]);
    }
    let depth_cap = horizon.min(max_depth);
    let mut lemmas = Vec::new();
    // (moves, board, estimate); every one within the horizon.
    let mut leaves: Vec<(Vec<Move>, Board, usize)> = vec![(Vec::new(), *start, h(start))];
    let slack = |(path, _, estimate): &(Vec<Move>, Board, usize)| horizon - path.len() - estimate;
    while leaves.len() < target {
        let growing = |l: &(Vec<Move>, Board, usize)| l.0.len() < depth_cap;
        let Some(most) = leaves.iter().filter(|l| growing(l)).map(slack).max() else {
            break;
        };
        let mut next = Vec::with_capacity(leaves.len() * 2);
        for leaf in leaves {
            if !growing(&leaf) || slack(&leaf) != most {
                next.push(leaf);
                continue;
            }
            let (path, board, _) = leaf;
            for m in Move::ALL {
                if path.last().is_some_and(|&l: &Move| l == m.opposite()) {
                    continue;
                }
                let mut b = board;
                if !b.apply(m) {
                    continue;
                }
                let mut p = path.clone();
                p.push(m);
                let estimate = h(&b);
                if p.len() + estimate > horizon {
                    lemmas.push(Pruned { moves: p, h: estimate });
                } else {
                    next.push((p, b, estimate));
                }
            }
        }
        leaves = next;
    }
    leaves.sort_by_key(|(_, _, estimate)| *estimate);
    (leaves.into_iter().map(|(p, _, _)| p).collect(), lemmas)
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

    /// With Manhattan distance as the estimate, the frontier and the lemmas cover exactly the
    /// no-undo move sequences: each one continues exactly one cube or one blocked prefix,
    /// whatever depths the slack left the cubes at; and the cubes come closest to the goal
    /// first.
    #[test]
    fn frontier_and_lemmas_cover_every_prefix() {
        let start = parse_board("4 1 3 / 7 2 6 / _ 5 8").expect("board");
        let goal = Board::goal(3, 3);
        let h = Heuristic::new(&goal);
        let mut mixed = false;
        // Six moves from the goal: no slack at 6, up to six moves of it at 12.
        for horizon in [6, 8, 10, 12] {
            for target in [1, 3, 10, 40, 1000] {
                let (cubes, lemmas) = frontier(&start, horizon, &|b| h.manhattan(b), target, horizon);
                if horizon == 6 {
                    assert!(!cubes.is_empty(), "the plan of 6 moves");
                }
                let lengths = cubes.iter().map(Vec::len).chain(lemmas.iter().map(|l| l.moves.len()));
                let deepest = lengths.max().unwrap_or(0);
                mixed |= cubes.iter().any(|c| c.len() != cubes[0].len());
                for (path, _) in prefixes(&start, deepest, usize::MAX) {
                    let continues = |prefix: &[Move]| path.starts_with(prefix);
                    let in_cubes = cubes.iter().filter(|c| continues(c)).count();
                    let blocked = lemmas.iter().filter(|l| continues(&l.moves)).count();
                    assert_eq!(in_cubes + blocked, 1, "horizon {horizon}, target {target}: {path:?}");
                }
                let leaves: Vec<&[Move]> =
                    cubes.iter().map(Vec::as_slice).chain(lemmas.iter().map(|l| l.moves.as_slice())).collect();
                assert!(crate::drive::cover::covers(&start, &leaves), "horizon {horizon}, target {target}");
                let estimates: Vec<usize> =
                    cubes.iter().map(|c| h.manhattan(&start.apply_strict(c).expect("legal"))).collect();
                assert!(estimates.windows(2).all(|w| w[0] <= w[1]), "target {target}: {estimates:?}");
            }
        }
        // Some frontier stopped with cubes of different lengths.
        assert!(mixed);
    }
}
