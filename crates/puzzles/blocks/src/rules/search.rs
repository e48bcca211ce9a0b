//! The exact search: breadth first over positions, pieces of one shape and axis (the goal
//! pieces excepted) treated as interchangeable, so a position is the set of anchors of each
//! class. A shortest plan is read back through parents and relabelled on the real pieces; a
//! frontier that runs dry proves there is no plan at all. Also the lower bound every solver
//! starts from: each goal piece alone on the board, plus one move for each piece in its way.

use std::collections::HashMap;
use std::time::Instant;

use super::moves::{fill_occupancy, free_for, BlockMove, Metric, STEPS};
use super::seen::Seen;
use super::steps::{moves_into, Steps};
use super::BlocksPuzzle;

/// Distances of an unreachable anchor.
pub const FAR: u32 = u32::MAX;

/// Bytes the search may spend on the positions it keeps before it gives up.
pub const MEMORY_CAP: usize = 2 << 30;

/// Where piece `i` may go in one move from `from`, who covers each cell given by `grid`.
pub fn reach(p: &BlocksPuzzle, grid: &[Option<usize>], i: usize, from: usize) -> Vec<usize> {
    let mut out = Vec::new();
    reach_into(p, grid, i, from, &mut out);
    out
}

/// [`reach`] into `out` (cleared first), each step checked cell by cell (the searches use
/// [`Steps`], worked out once).
fn reach_into(p: &BlocksPuzzle, grid: &[Option<usize>], i: usize, from: usize, out: &mut Vec<usize>) {
    let axis = p.board.pieces[i].axis;
    let step = |at: usize, d: usize| {
        let s = STEPS[d].0;
        axis.allows(s).then(|| p.board.step(at, s)).flatten().filter(|&a| free_for(p, grid, i, a))
    };
    moves_into(p.metric, from, step, out);
}

/// The unit steps of the move of piece `i` from `from` to `to` (the shortest path, for the
/// path metric), if that is one move.
pub fn way(p: &BlocksPuzzle, grid: &[Option<usize>], i: usize, from: usize, to: usize) -> Option<Vec<(isize, isize)>> {
    let axis = p.board.pieces[i].axis;
    let mut parent: HashMap<usize, (usize, (isize, isize))> = HashMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        if at == to && at != from {
            let mut steps = Vec::new();
            let mut here = to;
            while here != from {
                let (back, d) = parent[&here];
                steps.push(d);
                here = back;
            }
            steps.reverse();
            let straight = steps.iter().all(|d| *d == steps[0]);
            let fits = match p.metric {
                Metric::Step => steps.len() == 1,
                Metric::Slide => straight,
                Metric::Path => true,
            };
            return fits.then_some(steps);
        }
        for s in STEPS.iter().filter(|s| axis.allows(s.0)) {
            if let Some(next) = p.board.step(at, s.0).filter(|&a| a != from && !parent.contains_key(&a)) {
                if free_for(p, grid, i, next) {
                    parent.insert(next, (at, s.0));
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

/// Moves needed by piece `i` alone on the board (walls stay) from `source` to every anchor.
pub fn alone(p: &BlocksPuzzle, i: usize, source: usize) -> Vec<u32> {
    if p.metric == Metric::Path {
        return alone_by_path(p, i, source);
    }
    let empty = vec![None; p.board.cells()];
    let mut dist = vec![FAR; p.board.cells()];
    dist[source] = 0;
    let mut queue = std::collections::VecDeque::from([source]);
    while let Some(at) = queue.pop_front() {
        for next in reach(p, &empty, i, at) {
            if dist[next] == FAR {
                dist[next] = dist[at] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

/// [`alone`] under the path metric: one move reaches every anchor the piece can walk to on
/// the empty board, so one walk of unit steps gives every distance (asking each anchor's
/// moves would walk the board once per anchor).
fn alone_by_path(p: &BlocksPuzzle, i: usize, source: usize) -> Vec<u32> {
    let mut dist = vec![FAR; p.board.cells()];
    dist[source] = 0;
    let axis = p.board.pieces[i].axis;
    let mut queue = std::collections::VecDeque::from([source]);
    while let Some(at) = queue.pop_front() {
        for s in STEPS.iter().filter(|s| axis.allows(s.0)) {
            if let Some(next) = p.board.step(at, s.0).filter(|&n| dist[n] == FAR && p.board.fits(i, n)) {
                dist[next] = 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

/// A lower bound on every plan: each goal piece's moves alone on the board, plus one for
/// every other piece standing on a goal's cells or, for a goal piece kept to one axis, on
/// the cells it must sweep. `None` when a goal piece cannot reach its goal even alone.
pub fn lower_bound(p: &BlocksPuzzle) -> Option<usize> {
    let mut total = 0usize;
    let mut in_the_way = vec![false; p.board.pieces.len()];
    let grid = p.start().occupancy(p);
    for &(i, goal) in &p.goals {
        let d = alone(p, i, p.board.pieces[i].start)[goal];
        if d == FAR {
            return None;
        }
        total += d as usize;
        let mut swept: Vec<usize> = p.board.covers(i, goal).collect();
        let (start, piece) = (p.board.pieces[i].start, &p.board.pieces[i]);
        if piece.axis != super::Axis::Free && start != goal {
            let dir =
                STEPS.iter().map(|s| s.0).find(|&d| piece.axis.allows(d) && ahead(p, start, goal, d)).unwrap_or((0, 0));
            let mut at = start;
            while at != goal {
                let Some(next) = p.board.step(at, dir) else { break };
                swept.extend(p.board.covers(i, next));
                at = next;
            }
        }
        for c in swept {
            if let Some(j) = grid[c].filter(|&j| j != i && p.goal_of(j).is_none()) {
                in_the_way[j] = true;
            }
        }
    }
    Some(total + in_the_way.iter().filter(|&&b| b).count())
}

/// Whether `goal` lies from `start` in direction `d` along a row or a column.
fn ahead(p: &BlocksPuzzle, start: usize, goal: usize, d: (isize, isize)) -> bool {
    let cols = p.board.cols as isize;
    let (dr, dc) = ((goal as isize / cols) - (start as isize / cols), (goal as isize % cols) - (start as isize % cols));
    (dr == 0 || dr.signum() == d.0)
        && (dc == 0 || dc.signum() == d.1)
        && (dr == 0) == (d.0 == 0)
        && (dc == 0) == (d.1 == 0)
}

/// What the search found.
#[derive(Debug, PartialEq, Eq)]
pub enum Found {
    /// A shortest plan (on the real pieces) and the positions visited.
    Plan { plan: Vec<BlockMove>, states: usize },
    /// Every reachable position visited: no plan at all.
    Never { states: usize },
    /// No plan of at most `max` moves (positions remain beyond).
    NoneWithin { max: usize, states: usize },
    /// The deadline or the position cap, in words.
    Limit(String),
}

/// A position up to interchangeable pieces: each class's anchors sorted.
fn canonical(groups: &[Vec<usize>], anchors: &mut [u16]) {
    let mut scratch = Vec::new();
    for g in groups {
        sort_class(g, anchors, &mut scratch);
    }
}

/// Sorts the anchors of one class in place (after a move of one of its pieces, the others
/// are sorted already), through `scratch`.
fn sort_class(group: &[usize], anchors: &mut [u16], scratch: &mut Vec<u16>) {
    scratch.clear();
    scratch.extend(group.iter().map(|&i| anchors[i]));
    scratch.sort_unstable();
    for (&i, &a) in group.iter().zip(scratch.iter()) {
        anchors[i] = a;
    }
}

/// A shortest plan of at most `max` moves.
pub fn shortest(p: &BlocksPuzzle, max: usize, deadline: Option<Instant>) -> Found {
    let groups: Vec<Vec<usize>> = p.groups().into_iter().filter(|g| g.len() > 1).collect();
    let n = p.board.pieces.len();
    let cap = cap(n);
    let mut start: Vec<u16> = p.start().anchors.iter().map(|&a| a as u16).collect();
    canonical(&groups, &mut start);
    let solved = |s: &[u16]| p.goals.iter().all(|&(i, a)| s[i] as usize == a);
    let mut seen = Seen::new(n);
    seen.insert(&start);
    let mut parent: Vec<u32> = vec![u32::MAX];
    let (mut layer, mut depth) = (0..1usize, 0usize);
    let mut goal = solved(&start).then_some(0usize);
    let (mut here, mut next) = (vec![0u16; n], vec![0u16; n]);
    let mut anchors = vec![0usize; n];
    let (mut grid, mut targets, mut scratch) = (vec![None; p.board.cells()], Vec::new(), Vec::new());
    let steps = Steps::new(p);
    let mut class_of: Vec<Option<usize>> = vec![None; n];
    for (g, members) in groups.iter().enumerate() {
        for &i in members {
            class_of[i] = Some(g);
        }
    }
    while goal.is_none() && !layer.is_empty() {
        if depth == max {
            return Found::NoneWithin { max, states: parent.len() };
        }
        let next_start = parent.len();
        for k in layer.clone() {
            // The deadline, Ctrl-C and a portfolio's stop all reach the search here (every 16
            // positions: on a board of hundreds of pieces one position's moves take a while).
            if k % 16 == 0 && puzzlec_core::stop::passed(deadline) {
                return Found::Limit("time limit reached".into());
            }
            here.copy_from_slice(seen.at(k));
            for (a, &h) in anchors.iter_mut().zip(&here) {
                *a = h as usize;
            }
            fill_occupancy(p, &anchors, &mut grid);
            for i in 0..n {
                steps.reach_into(p.metric, &grid, i, anchors[i], &mut targets);
                for &to in &targets {
                    next.copy_from_slice(&here);
                    next[i] = to as u16;
                    if let Some(g) = class_of[i] {
                        sort_class(&groups[g], &mut next, &mut scratch);
                    }
                    if seen.find(&next).is_some() {
                        continue;
                    }
                    if seen.len() >= cap {
                        return Found::Limit(format!(
                            "more than {cap} positions (about {} GiB), more than the exact search keeps: try a SAT solver (--solver cadical)",
                            MEMORY_CAP >> 30
                        ));
                    }
                    let id = seen.insert(&next);
                    parent.push(k as u32);
                    if goal.is_none() && solved(&next) {
                        goal = Some(id);
                    }
                }
            }
        }
        layer = next_start..parent.len();
        depth += 1;
    }
    let Some(goal) = goal else { return Found::Never { states: parent.len() } };
    let mut chain = vec![goal];
    while parent[*chain.last().expect("non-empty")] != u32::MAX {
        chain.push(parent[*chain.last().expect("non-empty")] as usize);
    }
    chain.reverse();
    let plan = relabel(p, &groups, &chain.iter().map(|&k| seen.at(k).to_vec()).collect::<Vec<_>>());
    Found::Plan { plan, states: parent.len() }
}

/// The positions of `width` anchors a search may keep before it gives up: about
/// [`MEMORY_CAP`] bytes of anchors, hashes, parents and table.
pub fn cap(width: usize) -> usize {
    MEMORY_CAP / (2 * width + 22)
}

/// The moves on the real pieces that pass through the given canonical positions.
fn relabel(p: &BlocksPuzzle, groups: &[Vec<usize>], chain: &[Vec<u16>]) -> Vec<BlockMove> {
    let mut state = p.start();
    let mut plan = Vec::new();
    for target in &chain[1..] {
        let grid = state.occupancy(p);
        let found = (0..state.anchors.len()).find_map(|i| {
            reach(p, &grid, i, state.anchors[i]).into_iter().find_map(|to| {
                let mut s: Vec<u16> = state.anchors.iter().map(|&a| a as u16).collect();
                s[i] = to as u16;
                canonical(groups, &mut s);
                (&s == target).then_some((i, to))
            })
        });
        let (i, to) = found.expect("each position in the chain is one move from the one before");
        let path = way(p, &grid, i, state.anchors[i], to).expect("a reachable anchor has a way");
        plan.push(BlockMove { piece: i, path });
        state.anchors[i] = to;
    }
    plan
}

/// The position of `p`'s cluster (every position reachable from its start) farthest from the
/// goal, and its distance: the hardest start the cluster holds. Moves are reversible, so the
/// distances come from one breadth-first search out of every goal position. `None` when the
/// cluster holds no goal position or more than `cap` positions, or the run was stopped.
pub fn hardest(p: &BlocksPuzzle, cap: usize) -> Option<(Vec<usize>, usize)> {
    let groups: Vec<Vec<usize>> = p.groups().into_iter().filter(|g| g.len() > 1).collect();
    let mut start: Vec<u16> = p.start().anchors.iter().map(|&a| a as u16).collect();
    canonical(&groups, &mut start);
    let mut all = Seen::new(start.len());
    all.insert(&start);
    let mut edges: Vec<Vec<u32>> = vec![Vec::new()];
    let (mut here, mut next) = (start.clone(), start);
    let (steps, mut targets) = (Steps::new(p), Vec::new());
    let (mut anchors, mut grid) = (vec![0usize; here.len()], vec![None; p.board.cells()]);
    let mut k = 0;
    while k < all.len() {
        if k % 256 == 0 && puzzlec_core::stop::passed(None) {
            return None;
        }
        here.copy_from_slice(all.at(k));
        for (a, &h) in anchors.iter_mut().zip(&here) {
            *a = h as usize;
        }
        fill_occupancy(p, &anchors, &mut grid);
        for i in 0..anchors.len() {
            steps.reach_into(p.metric, &grid, i, anchors[i], &mut targets);
            for &to in &targets {
                next.copy_from_slice(&here);
                next[i] = to as u16;
                canonical(&groups, &mut next);
                let id = match all.find(&next) {
                    Some(id) => id,
                    None if all.len() >= cap => return None,
                    None => {
                        edges.push(Vec::new());
                        all.insert(&next)
                    }
                };
                edges[k].push(id as u32);
            }
        }
        k += 1;
    }
    let mut dist = vec![FAR; all.len()];
    let mut queue: std::collections::VecDeque<usize> =
        (0..all.len()).filter(|&s| p.goals.iter().all(|&(i, a)| all.at(s)[i] as usize == a)).collect();
    for &s in &queue {
        dist[s] = 0;
    }
    while let Some(s) = queue.pop_front() {
        for &t in &edges[s] {
            let t = t as usize;
            if dist[t] == FAR {
                dist[t] = dist[s] + 1;
                queue.push_back(t);
            }
        }
    }
    let far = (0..all.len()).filter(|&s| dist[s] != FAR).max_by_key(|&s| (dist[s], std::cmp::Reverse(s)))?;
    Some((all.at(far).iter().map(|&a| a as usize).collect(), dist[far] as usize))
}
