//! Breadth-first search over packed boards: the exact oracle for boards of up to 12 cells.
//!
//! Boards pack into a `u64` (4 bits a cell), so a visited set is a hash map of integers.
//! `shortest_path` grows both ends at once, so a 3x4 board needs two shallow frontiers, not
//! the 239 million states a one-sided search would store.

use std::collections::HashMap;
use std::time::Instant;

use crate::rules::board::Board;
use puzzlec_core::moves::Move;

/// The largest board the BFS takes; bigger ones go to IDA*.
pub const MAX_BFS_CELLS: usize = 12;

/// Remembers, per state, the move that reached it (`ROOT` for the root).
type Visited = HashMap<u64, u8>;
const ROOT: u8 = u8::MAX;

/// Distance from `root` to every board reachable from it (whole component), keyed by `pack()`.
///
/// Meant for tests and tiny boards (a 3x3 board has 181,440 reachable states).
pub fn distances_from(root: &Board) -> HashMap<u64, u8> {
    assert!(root.len() <= MAX_BFS_CELLS, "BFS tables are for small boards");
    let mut dist = HashMap::new();
    dist.insert(root.pack(), 0u8);
    let mut frontier = vec![*root];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for b in &frontier {
            for m in b.legal_moves() {
                let mut c = *b;
                c.apply(m);
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(c.pack()) {
                    e.insert(depth);
                    next.push(c);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// Counts the shortest paths from `root` to every reachable board (moves as distinct strings).
pub fn shortest_path_counts(root: &Board) -> HashMap<u64, (u8, u64)> {
    let dist = distances_from(root);
    let mut by_depth: Vec<Vec<u64>> = Vec::new();
    for (&k, &d) in &dist {
        if by_depth.len() <= d as usize {
            by_depth.resize(d as usize + 1, Vec::new());
        }
        by_depth[d as usize].push(k);
    }
    let mut counts: HashMap<u64, (u8, u64)> = HashMap::new();
    counts.insert(root.pack(), (0, 1));
    for layer in by_depth.iter().skip(1) {
        for &k in layer {
            let b = root.unpack(k);
            let d = dist[&k];
            let mut total = 0u64;
            for m in b.legal_moves() {
                let mut p = b;
                p.apply(m);
                if let Some(&(pd, pc)) = counts.get(&p.pack()) {
                    if pd + 1 == d {
                        total += pc;
                    }
                }
            }
            counts.insert(k, (d, total));
        }
    }
    counts
}

/// Result of a bounded exact search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    /// A shortest plan.
    Found(Vec<Move>),
    /// The whole reachable set was explored without meeting the goal.
    Unreachable,
    /// The deadline passed first.
    TimedOut,
}

/// Shortest plan from `start` to `goal` by bidirectional BFS (full layers, so it is exact).
pub fn shortest_path(start: &Board, goal: &Board, deadline: Option<Instant>) -> Search {
    assert!(start.len() <= MAX_BFS_CELLS && start.same_shape(goal));
    if start == goal {
        return Search::Found(Vec::new());
    }
    let mut fwd: Visited = HashMap::from([(start.pack(), ROOT)]);
    let mut bwd: Visited = HashMap::from([(goal.pack(), ROOT)]);
    let mut fwd_front = vec![start.pack()];
    let mut bwd_front = vec![goal.pack()];
    let template = *start;
    loop {
        if fwd_front.is_empty() || bwd_front.is_empty() {
            return Search::Unreachable;
        }
        if puzzlec_core::stop::passed(deadline) {
            return Search::TimedOut;
        }
        let forward = fwd_front.len() <= bwd_front.len();
        let (front, mine, other) =
            if forward { (&mut fwd_front, &mut fwd, &bwd) } else { (&mut bwd_front, &mut bwd, &fwd) };
        let mut next = Vec::new();
        let mut best: Option<(usize, u64)> = None;
        for &k in front.iter() {
            let b = template.unpack(k);
            for (mi, m) in Move::ALL.iter().enumerate() {
                let mut c = b;
                if !c.apply(*m) {
                    continue;
                }
                let ck = c.pack();
                if mine.contains_key(&ck) {
                    continue;
                }
                mine.insert(ck, mi as u8);
                next.push(ck);
                if other.contains_key(&ck) {
                    let len = depth_of(&template, ck, other);
                    if best.is_none_or(|(l, _)| len < l) {
                        best = Some((len, ck));
                    }
                }
            }
        }
        *front = next;
        if let Some((_, meet)) = best {
            let mut plan = trace_back(&template, meet, &fwd);
            plan.reverse();
            plan.extend(trace_forward(&template, meet, &bwd));
            return Search::Found(plan);
        }
    }
}

fn depth_of(template: &Board, key: u64, visited: &Visited) -> usize {
    let mut b = template.unpack(key);
    let mut depth = 0;
    while let Some(&mi) = visited.get(&b.pack()).filter(|&&mi| mi != ROOT) {
        b.apply(Move::ALL[mi as usize].opposite());
        depth += 1;
    }
    depth
}

/// Moves from the start side's root to `key`, last move first.
fn trace_back(template: &Board, key: u64, visited: &Visited) -> Vec<Move> {
    let mut b = template.unpack(key);
    let mut moves = Vec::new();
    while let Some(&mi) = visited.get(&b.pack()).filter(|&&mi| mi != ROOT) {
        let m = Move::ALL[mi as usize];
        moves.push(m);
        b.apply(m.opposite());
    }
    moves
}

/// Moves from `key` to the goal side's root, in playing order.
fn trace_forward(template: &Board, key: u64, visited: &Visited) -> Vec<Move> {
    let mut b = template.unpack(key);
    let mut moves = Vec::new();
    while let Some(&mi) = visited.get(&b.pack()).filter(|&&mi| mi != ROOT) {
        let m = Move::ALL[mi as usize].opposite();
        moves.push(m);
        b.apply(m);
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::parse_board;

    #[test]
    fn bidirectional_agrees_with_distance_table_on_2x3() {
        let goal = Board::goal(2, 3);
        let dist = distances_from(&goal);
        for (&k, &d) in &dist {
            let start = goal.unpack(k);
            match shortest_path(&start, &goal, None) {
                Search::Found(plan) => {
                    assert_eq!(plan.len(), d as usize);
                    assert_eq!(start.apply_strict(&plan).unwrap(), goal);
                }
                other => panic!("{start:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn unreachable_is_reported() {
        let b = parse_board("2 1 / 3 _").unwrap();
        assert_eq!(shortest_path(&b, &Board::goal(2, 2), None), Search::Unreachable);
    }

    #[test]
    fn counts_shortest_paths() {
        let goal = Board::goal(2, 2);
        let counts = shortest_path_counts(&goal);
        assert_eq!(counts.len(), 12);
        assert!(counts.values().all(|&(_, c)| c >= 1));
    }
}
