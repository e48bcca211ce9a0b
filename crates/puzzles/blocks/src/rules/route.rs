//! A lower bound on what one goal piece's way to its goal still costs: its own moves along a
//! route, plus one for every other piece standing now on a cell the route sweeps (each must
//! move at least once before the goal piece passes), the least over all routes. Found best
//! first over (anchor, pieces in the way so far), with the piece's moves alone on the board
//! as the estimate of the rest, so the first label to reach the goal is the least; past a cap
//! of labels the least label left is still a lower bound, and is returned.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::moves::{Metric, STEPS};
use super::search::FAR;
use super::BlocksPuzzle;

/// Labels looked at before the bound settles for the least one left.
const CAP: usize = 4096;

/// The bound for piece `i` from `from` to `goal`, given who covers each cell (`grid`) and the
/// piece's moves alone from each anchor to the goal (`alone`). Pieces with goals of their own
/// are not counted in the way (their moves are counted for their own goals). `None` when the
/// goal cannot be reached even alone.
pub fn bound(
    p: &BlocksPuzzle,
    grid: &[Option<usize>],
    i: usize,
    from: usize,
    goal: usize,
    alone: &[u32],
) -> Option<usize> {
    if alone[from] == FAR {
        return None;
    }
    if p.metric == Metric::Path {
        // One move may wind anywhere: routes do not count moves, so the estimate is the alone one.
        return Some(alone[from] as usize);
    }
    let axis = p.board.pieces[i].axis;
    let in_the_way = |at: usize, next: usize, set: &mut Vec<u16>| {
        for c in p.board.covers(i, next).filter(|&c| !p.board.covers(i, at).any(|b| b == c)) {
            if let Some(j) = grid[c].filter(|&j| j != i && p.goal_of(j).is_none()) {
                if let Err(k) = set.binary_search(&(j as u16)) {
                    set.insert(k, j as u16);
                }
            }
        }
    };
    let mut queue = BinaryHeap::from([Reverse((alone[from] as usize, 0usize, from, Vec::<u16>::new()))]);
    // Per anchor, the sets of pieces in the way it was reached with (few: a label is kept
    // once per set).
    let mut seen: Vec<Vec<Vec<u16>>> = vec![Vec::new(); p.board.cells()];
    let mut popped = 0;
    while let Some(Reverse((estimate, moves, at, set))) = queue.pop() {
        if at == goal {
            return Some(estimate);
        }
        popped += 1;
        if popped > CAP {
            return Some(estimate);
        }
        if seen[at].contains(&set) {
            continue;
        }
        seen[at].push(set.clone());
        for (dir, _) in STEPS.iter().filter(|s| axis.allows(s.0)) {
            let (mut here, mut swept) = (at, set.clone());
            while let Some(next) = p.board.step(here, *dir).filter(|&n| p.board.fits(i, n)) {
                in_the_way(here, next, &mut swept);
                let cost = moves + 1 + swept.len() + alone[next] as usize;
                if alone[next] != FAR && !seen[next].contains(&swept) {
                    queue.push(Reverse((cost, moves + 1, next, swept.clone())));
                }
                if p.metric == Metric::Step {
                    break;
                }
                here = next;
            }
        }
    }
    None
}
