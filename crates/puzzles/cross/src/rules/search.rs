//! Exact search for the cross slider: IDA* guided by the relaxed puzzle in which every piece
//! may slide any way. The relaxed distance depends only on where the cross and the empty cell
//! are (n*(n-1) states, one BFS), never overestimates, and is strong because the cross can only
//! move into the empty cell. Used as the oracle for the SAT and SMT encodings.

use std::time::Instant;

use super::model::{CrossPuzzle, CrossState, Orientation};
use puzzlec_core::moves::Move;

/// Marks "the cross cannot reach the target even with every piece free".
pub const UNREACHABLE: u32 = u32::MAX;

/// Relaxed distance to the goal for every (cross cell, empty cell), as `cross * n + empty`.
pub fn relaxed_distances(p: &CrossPuzzle) -> Vec<u32> {
    let target = p.index(p.target);
    let goals: Vec<(usize, usize)> = (0..p.cells()).filter(|&e| e != target).map(|e| (target, e)).collect();
    relaxed_bfs(p, &goals)
}

/// Relaxed distance from the start position to every (cross cell, empty cell): how many moves
/// the cross and the empty cell need, at least, to get there.
pub fn relaxed_from_start(p: &CrossPuzzle) -> Vec<u32> {
    relaxed_bfs(p, &[(p.index(p.cross), p.index(p.empty))])
}

/// BFS in the relaxed puzzle from a set of (cross, empty) roots. Relaxed moves are
/// reversible, so distances from the goal set are distances to it.
fn relaxed_bfs(p: &CrossPuzzle, roots: &[(usize, usize)]) -> Vec<u32> {
    let n = p.cells();
    let mut dist = vec![UNREACHABLE; n * n];
    let mut frontier = Vec::new();
    for &(x, e) in roots {
        dist[x * n + e] = 0;
        frontier.push((x, e));
    }
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for (x, e) in frontier {
            for m in Move::ALL {
                let Some(src) = p.step(e, opposite_delta(m)) else {
                    continue;
                };
                let (nx, ne) = if src == x { (e, src) } else { (x, src) };
                if dist[nx * n + ne] == UNREACHABLE {
                    dist[nx * n + ne] = depth;
                    next.push((nx, ne));
                }
            }
        }
        frontier = next;
    }
    dist
}

fn opposite_delta(m: Move) -> (isize, isize) {
    let (dr, dc) = m.delta();
    (-dr, -dc)
}

/// Every shortest solution, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrossSearch {
    /// The optimum and the distinct shortest move strings (all of them unless capped).
    Found {
        length: usize,
        solutions: Vec<Vec<Move>>,
        complete: bool,
    },
    /// Proved: no plan of at most `max_moves` moves (or none at all, when the relaxation says so).
    NoneWithin {
        max_moves: Option<usize>,
    },
    TimedOut,
}

/// IDA* on the true rules, collecting every plan of the optimal length (up to `keep` of them).
pub fn shortest_solutions(p: &CrossPuzzle, max_moves: usize, keep: usize, deadline: Option<Instant>) -> CrossSearch {
    let dist = relaxed_distances(p);
    let start = p.start();
    let n = p.cells();
    let h0 = dist[start.cross * n + start.empty];
    if h0 == UNREACHABLE {
        return CrossSearch::NoneWithin { max_moves: None };
    }
    let mut bound = h0 as usize;
    while bound <= max_moves {
        let mut s = Dfs {
            p,
            dist: &dist,
            n,
            deadline,
            keep,
            nodes: 0,
            timed_out: false,
            path: Vec::new(),
            found: Vec::new(),
            more: false,
        };
        let mut state = start.clone();
        let next = s.dfs(&mut state, bound, None);
        if s.timed_out {
            return CrossSearch::TimedOut;
        }
        if !s.found.is_empty() {
            return CrossSearch::Found { length: bound, solutions: s.found, complete: !s.more };
        }
        if next == usize::MAX {
            break;
        }
        bound = next;
    }
    CrossSearch::NoneWithin { max_moves: Some(max_moves) }
}

struct Dfs<'a> {
    p: &'a CrossPuzzle,
    dist: &'a [u32],
    n: usize,
    deadline: Option<Instant>,
    keep: usize,
    nodes: u64,
    timed_out: bool,
    path: Vec<Move>,
    found: Vec<Vec<Move>>,
    more: bool,
}

impl Dfs<'_> {
    /// Returns the smallest `g + h` above the bound (usize::MAX if none).
    fn dfs(&mut self, s: &mut CrossState, bound: usize, last: Option<Move>) -> usize {
        let g = self.path.len();
        let h = self.dist[s.cross * self.n + s.empty];
        if h == UNREACHABLE {
            return usize::MAX;
        }
        let f = g + h as usize;
        if f > bound {
            return f;
        }
        if h == 0 {
            if self.found.len() < self.keep {
                self.found.push(self.path.clone());
            } else {
                self.more = true;
            }
            return usize::MAX;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(8192) && puzzlec_core::stop::passed(self.deadline) {
            self.timed_out = true;
        }
        let mut min = usize::MAX;
        for m in Move::ALL {
            if self.timed_out || (self.more && self.found.len() >= self.keep) {
                break;
            }
            // Undoing the last move returns to the same cells with orientations no looser.
            if last == Some(m.opposite()) {
                continue;
            }
            let Some(src) = self.p.step(s.empty, opposite_delta(m)) else {
                continue;
            };
            let piece = s.occupant[src] as usize;
            let saved = s.orientation[piece];
            let (saved_cross, saved_empty) = (s.cross, s.empty);
            if src == s.cross {
                s.cross = s.empty;
            } else if saved.allows(m) {
                s.orientation[piece] = Orientation::of_move(m);
            } else {
                continue;
            }
            s.occupant.swap(src, s.empty);
            s.empty = src;
            self.path.push(m);
            min = min.min(self.dfs(s, bound, Some(m)));
            self.path.pop();
            s.empty = saved_empty;
            s.occupant.swap(src, s.empty);
            s.cross = saved_cross;
            s.orientation[piece] = saved;
        }
        min
    }
}

/// Exhaustive reachability over whole positions (cells and orientations), for proving that a
/// grid of fixed orientations can never bring the cross to the target. `Some(false)` is a
/// proof; `None` means more than `cap` positions were reachable, or `deadline` came first,
/// and the question is open.
pub fn target_reachable(p: &CrossPuzzle, cap: usize, deadline: Option<Instant>) -> Option<bool> {
    let start = p.start();
    if p.solved(&start) {
        return Some(true);
    }
    let mut seen: Seen = std::collections::HashSet::new();
    seen.insert((start.occupant.clone(), start.orientation.clone()));
    let mut frontier = vec![start];
    let reachable = reach_all(p, cap, deadline, &mut seen, &mut frontier);
    // A million positions take a while to free: that happens on a thread of its own, so the
    // answer (often given at a time limit) does not wait for it.
    std::thread::spawn(move || drop((seen, frontier)));
    reachable
}

/// Positions as [`target_reachable`] keeps them.
type Seen = std::collections::HashSet<(Vec<u8>, Vec<Orientation>)>;

fn reach_all(
    p: &CrossPuzzle,
    cap: usize,
    deadline: Option<Instant>,
    seen: &mut Seen,
    frontier: &mut Vec<CrossState>,
) -> Option<bool> {
    let mut visited = 0usize;
    while let Some(s) = frontier.pop() {
        visited += 1;
        if visited.is_multiple_of(1024) && puzzlec_core::stop::passed(deadline) {
            return None;
        }
        for m in Move::ALL {
            let mut next = s.clone();
            if next.apply(p, m, 0).is_err() {
                continue;
            }
            if p.solved(&next) {
                return Some(true);
            }
            if seen.insert((next.occupant.clone(), next.orientation.clone())) {
                if seen.len() > cap {
                    return None;
                }
                frontier.push(next);
            }
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::model::replay;

    #[test]
    fn tiny_board_solutions_replay_and_are_distinct() {
        let p = CrossPuzzle::new(3, 3, (0, 0), (2, 2), (2, 2)).unwrap();
        let CrossSearch::Found { length, solutions, complete } = shortest_solutions(&p, 40, usize::MAX, None) else {
            panic!()
        };
        assert!(complete);
        assert!(length >= 8, "the cross needs 4 moves and the empty cell must get ahead of it");
        let mut seen = std::collections::HashSet::new();
        for s in &solutions {
            assert_eq!(s.len(), length);
            replay(&p, s).unwrap();
            assert!(seen.insert(s.clone()));
        }
    }

    #[test]
    fn fixed_grids_can_be_proved_unreachable() {
        let grid = crate::rules::parse_orientation_grid("+--\n---\n--.\n").unwrap();
        let p = CrossPuzzle::from_grid(&grid, None, None, (2, 2)).unwrap();
        assert_eq!(target_reachable(&p, 100_000, None), Some(false));
        let free = CrossPuzzle::new(3, 3, (0, 0), (2, 2), (2, 2)).unwrap();
        assert_eq!(target_reachable(&free, 1_000_000, None), Some(true));
    }

    #[test]
    fn relaxed_distance_of_a_single_cross_step() {
        // Empty right next to the cross on the path: one move.
        let p = CrossPuzzle::new(2, 2, (0, 0), (0, 1), (0, 1)).unwrap();
        let d = relaxed_distances(&p);
        assert_eq!(d[p.index((0, 0)) * 4 + p.index((0, 1))], 1);
        assert!(matches!(shortest_solutions(&p, 10, 10, None), CrossSearch::Found { length: 1, .. }));
    }
}
