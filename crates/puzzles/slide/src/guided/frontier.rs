//! The pattern-database frontier of one horizon: the cubes the solver gets, and the prefixes
//! the tables prune (each one a lemma), for `compact` on the embedded solver.
//!
//! Sequences of legal moves without undos from the start are followed while `g + h(board)
//! <= horizon` (`h` admissible: no plan of `horizon` moves continues a pruned prefix). The
//! prefixes with the most slack (`horizon - g - h`) are extended first, all of them at once,
//! until there are at least `target` of them or none can grow (each at most `max_depth`
//! moves): a cube's search grows roughly tenfold with each two moves of slack, so this splits
//! the costly cubes and leaves the tight ones alone. Each surviving prefix is a cube; each
//! pruned one becomes a clause forbidding it (a lemma the estimate justifies, not the
//! formula). The cubes together with the lemmas cover every plan of the horizon
//! ([`crate::guided::cover`] checks it).
//!
//! The cubes come closest to the goal first (smallest `h`): a deep prefix whose board the
//! tables put near the goal holds a plan, when there is one, far more often than its share,
//! and such a cube is quickly settled either way. Measured on Korf's 100 against the old
//! frontier (every prefix to the first depth with `target` of them, most slack first): see
//! `git log` of this file.
//!
//! Why the prefixes are kept as a tree of (parent, move) and not as move lists: a horizon's
//! frontier makes a hundred thousand prefixes or more (Korf 25's horizon 50: 3,596 cubes and
//! 111,144 pruned), and copying a list for each one was a fifth of the horizon.

use crate::rules::{Board, Move};
use puzzlec_ir::Lit;

/// A prefix the frontier pruned: its moves, and the estimate after them.
pub struct Pruned {
    pub moves: Vec<Move>,
    pub h: usize,
}

impl Pruned {
    /// The lemma that forbids the prefix: its moves' action literals (`actions[t][m.index()]`,
    /// as `compact` returns them), negated.
    pub fn clause(&self, actions: &[Vec<Lit>]) -> Vec<Lit> {
        crate::guided::cubes::literals(actions, &self.moves).into_iter().map(|l| -l).collect()
    }
}

/// See the module documentation.
pub struct Frontier {
    /// Every prefix made: its parent's index and its last move. Index 0 is the empty prefix
    /// (its entry unused).
    nodes: Vec<(u32, Move)>,
    /// The cubes' prefixes, nearest the goal first.
    cubes: Vec<u32>,
    /// The pruned prefixes, each with the estimate after it.
    pruned: Vec<(u32, usize)>,
}

/// A prefix that may still grow.
struct Open {
    node: u32,
    board: Board,
    depth: usize,
    h: usize,
    last: Option<Move>,
}

impl Frontier {
    /// The frontier of `horizon` from `start` under the estimate `h`; see the module
    /// documentation.
    pub fn new(
        start: &Board,
        horizon: usize,
        h: &dyn Fn(&Board) -> usize,
        target: usize,
        max_depth: usize,
    ) -> Frontier {
        let root = (0, Move::ALL[0]);
        let at_start = h(start);
        if at_start > horizon {
            return Frontier { nodes: vec![root], cubes: Vec::new(), pruned: vec![(0, at_start)] };
        }
        let depth_cap = horizon.min(max_depth);
        let mut nodes = vec![root];
        let mut pruned = Vec::new();
        let mut open = vec![Open { node: 0, board: *start, depth: 0, h: at_start, last: None }];
        let slack = |o: &Open| horizon - o.depth - o.h;
        while open.len() < target {
            let Some(most) = open.iter().filter(|o| o.depth < depth_cap).map(slack).max() else {
                break;
            };
            let mut next = Vec::with_capacity(open.len() * 2);
            for o in open {
                if o.depth >= depth_cap || slack(&o) != most {
                    next.push(o);
                    continue;
                }
                for m in Move::ALL {
                    if o.last.is_some_and(|l| l == m.opposite()) {
                        continue;
                    }
                    let mut board = o.board;
                    if !board.apply(m) {
                        continue;
                    }
                    let node = nodes.len() as u32;
                    nodes.push((o.node, m));
                    let (depth, estimate) = (o.depth + 1, h(&board));
                    match depth + estimate > horizon {
                        true => pruned.push((node, estimate)),
                        false => next.push(Open { node, board, depth, h: estimate, last: Some(m) }),
                    }
                }
            }
            open = next;
        }
        open.sort_by_key(|o| o.h);
        Frontier { nodes, cubes: open.iter().map(|o| o.node).collect(), pruned }
    }

    /// The moves of prefix `node`.
    fn moves(&self, mut node: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        while node != 0 {
            let (parent, m) = self.nodes[node as usize];
            moves.push(m);
            node = parent;
        }
        moves.reverse();
        moves
    }

    /// The cubes' moves, nearest the goal first.
    pub fn cubes(&self) -> impl Iterator<Item = Vec<Move>> + '_ {
        self.cubes.iter().map(|&n| self.moves(n))
    }

    /// The cubes' indices (in [`Frontier::cubes`]) in the order of their moves, compared
    /// move by move in the order of [`Move::ALL`]: the order in which a depth-first search
    /// trying the moves in that order (as the exact search does) meets them.
    ///
    /// Why a second order: on a horizon that has a plan, the solver stops at the first cube
    /// holding one, and nearest the goal first puts that cube late on some boards (Korf 21's
    /// horizon 54: 18,951st of 20,507; in move order, 1,653rd). The two lanes of
    /// [`crate::guided::parallel`] take the cubes in both orders, so the horizon ends when
    /// either order reaches a plan: Korf 21's horizon took 0.20 s instead of 1.08 s.
    pub fn in_move_order(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.cubes.len() as u32).collect();
        order.sort_by_cached_key(|&i| {
            self.moves(self.cubes[i as usize]).iter().map(|m| m.index() as u8).collect::<Vec<u8>>()
        });
        order
    }

    pub fn cube_count(&self) -> usize {
        self.cubes.len()
    }

    /// The pruned prefixes.
    pub fn pruned(&self) -> impl Iterator<Item = Pruned> + '_ {
        self.pruned.iter().map(|&(n, h)| Pruned { moves: self.moves(n), h })
    }

    pub fn pruned_count(&self) -> usize {
        self.pruned.len()
    }

    /// Whether the cubes and the pruned prefixes leave no plan out ([`crate::guided::cover`],
    /// on the prefixes' moves, whatever this frontier meant them to be).
    pub fn covers(&self, start: &Board) -> bool {
        let nodes = self.cubes.iter().copied().chain(self.pruned.iter().map(|&(n, _)| n));
        let mut flat = Vec::new();
        let mut ends = Vec::with_capacity(self.cubes.len() + self.pruned.len());
        for node in nodes {
            flat.extend(self.moves(node));
            ends.push(flat.len());
        }
        let mut begin = 0;
        let prefixes: Vec<&[Move]> = ends
            .iter()
            .map(|&end| {
                let prefix = &flat[begin..end];
                begin = end;
                prefix
            })
            .collect();
        crate::guided::cover::covers(start, &prefixes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guided::cubes::prefixes;
    use crate::rules::{parse_board, Heuristic};

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
                let frontier = Frontier::new(&start, horizon, &|b| h.manhattan(b), target, horizon);
                let (cubes, lemmas): (Vec<Vec<Move>>, Vec<Pruned>) =
                    (frontier.cubes().collect(), frontier.pruned().collect());
                assert_eq!((cubes.len(), lemmas.len()), (frontier.cube_count(), frontier.pruned_count()));
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
                assert!(frontier.covers(&start), "horizon {horizon}, target {target}");
                for l in &lemmas {
                    let board = start.apply_strict(&l.moves).expect("legal");
                    assert_eq!(l.h, h.manhattan(&board));
                    assert!(l.moves.len() + l.h > horizon, "a pruned prefix cannot reach the goal in time");
                }
                let estimates: Vec<usize> =
                    cubes.iter().map(|c| h.manhattan(&start.apply_strict(c).expect("legal"))).collect();
                assert!(estimates.windows(2).all(|w| w[0] <= w[1]), "target {target}: {estimates:?}");
            }
        }
        // Some frontier stopped with cubes of different lengths.
        assert!(mixed);
    }

    /// A start the estimate already puts out of reach: no cube, the empty prefix pruned.
    #[test]
    fn a_start_out_of_reach_is_pruned_whole() {
        let start = parse_board("4 1 3 / 7 2 6 / _ 5 8").expect("board");
        let h = Heuristic::new(&Board::goal(3, 3));
        let frontier = Frontier::new(&start, 4, &|b| h.manhattan(b), 100, 4);
        assert_eq!(frontier.cube_count(), 0);
        let pruned: Vec<Pruned> = frontier.pruned().collect();
        assert_eq!(pruned.len(), 1);
        assert!(pruned[0].moves.is_empty());
        assert!(frontier.covers(&start));
    }
}
