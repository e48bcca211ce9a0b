//! Additive pattern databases: a far stronger admissible estimate than Manhattan distance
//! plus linear conflicts, for boards of up to 16 cells.
//!
//! The tiles are split into disjoint groups of at most five (5-5-5 on the 15-puzzle). For
//! each group a table holds, for every placement of its tiles, the fewest moves *of its own
//! tiles* that bring them home while the other tiles are indistinguishable and their moves
//! free. Moves of different groups' tiles are different moves, so the tables add up and the
//! sum never overestimates. Each table is filled by a 0-1 breadth-first search backward from
//! the goal over (placement, blank cell); a 5-tile table on 16 cells has 16^5 entries of one
//! byte and takes about a second to build in a release build.

use std::collections::VecDeque;

use super::board::{Board, BLANK};
use puzzlec_core::Move;

/// Largest board the tables are built for.
pub const MAX_CELLS: usize = 16;
/// Tiles per group.
const GROUP: usize = 5;

/// The tables for one goal.
pub struct PatternDb {
    cells: usize,
    /// Each group's tiles, and its table indexed by their cells in base `cells`.
    groups: Vec<(Vec<u8>, Vec<u8>)>,
}

impl PatternDb {
    /// Builds the tables for `goal`; `None` on boards larger than [`MAX_CELLS`].
    pub fn new(goal: &Board) -> Option<PatternDb> {
        let cells = goal.len();
        if cells > MAX_CELLS {
            return None;
        }
        // Groups of neighbouring goal cells: pairs of columns, top to bottom, cut into fives
        // (on the 15-puzzle {1 2 5 6 9} {10 13 14 3 4} {7 8 11 12 15}).
        let mut tiles: Vec<(usize, u8)> = goal
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, &t)| t != BLANK)
            .map(|(i, &t)| (((i % goal.cols()) / 2) * cells + i, t))
            .collect();
        tiles.sort_unstable();
        let tiles: Vec<u8> = tiles.into_iter().map(|(_, t)| t).collect();
        let groups: Vec<Vec<u8>> = tiles.chunks(GROUP).map(<[u8]>::to_vec).collect();
        PatternDb::with_groups(goal, &groups)
    }

    /// Tables for the given disjoint groups of tiles (each at most 5 tiles; `None` when the
    /// board is too large, a group too big, or this thread's run was stopped while building).
    pub fn with_groups(goal: &Board, groups: &[Vec<u8>]) -> Option<PatternDb> {
        let cells = goal.len();
        if cells > MAX_CELLS || groups.iter().any(|g| g.len() > GROUP) {
            return None;
        }
        let mut built = Vec::new();
        for g in groups {
            built.push((g.clone(), table(goal, g)?));
        }
        Some(PatternDb { cells, groups: built })
    }

    /// The tables for `goal`, built once per process and shared (building costs seconds).
    pub fn shared(goal: &Board) -> Option<std::sync::Arc<PatternDb>> {
        use std::collections::HashMap;
        use std::sync::{Arc, Mutex};
        static BUILT: Mutex<Option<HashMap<Vec<u8>, Arc<PatternDb>>>> = Mutex::new(None);
        let key: Vec<u8> =
            [goal.rows() as u8, goal.cols() as u8].into_iter().chain(goal.cells().iter().copied()).collect();
        let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
        let map = built.get_or_insert_with(HashMap::new);
        if let Some(db) = map.get(&key) {
            return Some(db.clone());
        }
        let db = Arc::new(PatternDb::new(goal)?);
        map.insert(key, db.clone());
        Some(db)
    }

    /// As [`PatternDb::shared`], without building for boards larger than [`MAX_CELLS`].
    pub fn shared_if_fits(goal: &Board) -> Option<std::sync::Arc<PatternDb>> {
        (goal.len() <= MAX_CELLS).then(|| PatternDb::shared(goal)).flatten()
    }

    /// The estimate for `board` (admissible: never above the true distance to the goal).
    pub fn estimate(&self, board: &Board) -> usize {
        let mut where_is = [0usize; MAX_CELLS];
        for (i, &t) in board.cells().iter().enumerate() {
            where_is[t as usize] = i;
        }
        self.groups.iter().map(|(g, t)| t[index(g.iter().map(|&x| where_is[x as usize]), self.cells)] as usize).sum()
    }
}

impl PatternDb {
    /// The groups' tiles, in table order (disjoint; together every tile).
    pub fn groups(&self) -> impl Iterator<Item = &[u8]> {
        self.groups.iter().map(|(g, _)| g.as_slice())
    }

    /// Group `g`'s table entry with its tiles on `cells` (in the order of
    /// [`PatternDb::groups`]): the fewest moves of those tiles that bring them home. Tables
    /// of disjoint groups add up, so any sum over some groups is admissible too.
    pub fn group_estimate(&self, g: usize, cells: &[usize]) -> usize {
        self.groups[g].1[index(cells.iter().copied(), self.cells)] as usize
    }
}

fn index(cells_of_tiles: impl Iterator<Item = usize>, base: usize) -> usize {
    cells_of_tiles.fold(0, |acc, c| acc * base + c)
}

/// One group's table by a 0-1 BFS backward from the goal (moves are reversible): a state is
/// the group's cells and the blank's cell; moving a group tile costs 1, any other tile 0.
fn table(goal: &Board, group: &[u8]) -> Option<Vec<u8>> {
    let (n, cols, rows) = (goal.len(), goal.cols(), goal.rows());
    let k = group.len();
    let size = n.pow(k as u32);
    let mut dist = vec![u8::MAX; size * n];
    let mut best = vec![u8::MAX; size];
    let start: Vec<usize> =
        group.iter().map(|&t| goal.cells().iter().position(|&c| c == t).expect("tile on the goal")).collect();
    let blank = goal.cells().iter().position(|&c| c == BLANK).expect("a blank");
    let s = index(start.iter().copied(), n) * n + blank;
    dist[s] = 0;
    let mut queue = VecDeque::from([s]);
    let mut cells = vec![0usize; k];
    let mut popped = 0u32;
    while let Some(state) = queue.pop_front() {
        popped = popped.wrapping_add(1);
        // Building takes seconds: a portfolio's loser, Ctrl-C or a time limit (through
        // `stop::building_until`) must not wait for it.
        if popped.is_multiple_of(1 << 18) && puzzlec_core::stop::overdue() {
            return None;
        }
        let d = dist[state];
        let (placement, b) = (state / n, state % n);
        if d < best[placement] {
            best[placement] = d;
        }
        let mut p = placement;
        for i in (0..k).rev() {
            cells[i] = p % n;
            p /= n;
        }
        for m in Move::ALL {
            let (dr, dc) = m.delta();
            let (r, c) = ((b / cols) as isize + dr, (b % cols) as isize + dc);
            if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
                continue;
            }
            let to = r as usize * cols + c as usize;
            // The tile at `to` slides into the blank's cell.
            let (next, cost) = match cells.iter().position(|&x| x == to) {
                Some(i) => {
                    let mut moved = cells.clone();
                    moved[i] = b;
                    (index(moved.iter().copied(), n) * n + to, 1)
                }
                None => (placement * n + to, 0),
            };
            if d + cost < dist[next] {
                dist[next] = d + cost;
                if cost == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{benchset::random_walk, bfs, Heuristic};

    /// On the 8-puzzle the estimate never exceeds the BFS distance, is zero at the goal, and
    /// is at least the Manhattan distance (each group counts at least its tiles' distances).
    #[test]
    fn admissible_and_at_least_manhattan_on_the_8_puzzle() {
        let goal = Board::goal(3, 3);
        let pdb = PatternDb::new(&goal).expect("3x3 fits");
        let dist = bfs::distances_from(&goal);
        let h = Heuristic::new(&goal);
        assert_eq!(pdb.estimate(&goal), 0);
        for seed in 0..300 {
            let b = random_walk(3, 3, 10 + seed as usize % 40, seed);
            let e = pdb.estimate(&b);
            assert!(e <= dist[&b.pack()] as usize, "overestimates {b:?}");
            assert!(e >= h.manhattan(&b));
            assert_eq!(e % 2, h.manhattan(&b) % 2);
        }
    }
}
