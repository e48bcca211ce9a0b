//! Additive pattern databases: a far stronger admissible estimate than Manhattan distance
//! plus linear conflicts, for boards of up to 16 cells.
//!
//! The tiles are split into disjoint groups of at most six (6-6-3 on the 15-puzzle). For
//! each group a table holds, for every placement of its tiles, the fewest moves *of its own
//! tiles* that bring them home while the other tiles are indistinguishable and their moves
//! free. Moves of different groups' tiles are different moves, so the tables add up and the
//! sum never overestimates (the `table` module builds them).
//!
//! When the goal is its own transpose (a square board with the blank on the diagonal, as
//! the 15-puzzle's goal), the transposed board is exactly as far from the goal, so the same
//! tables looked up on it give a second admissible estimate, and the larger of the two is
//! used (Korf and Felner's reflected lookup): a second partition for free.
//!
//! The two 6-tile tables take seconds to build, so they are kept in the cache folder
//! ([`puzzlec_core::cache`]) and read back in milliseconds by later runs (the `store` module).

mod store;
pub(crate) mod table;

use super::{mirror, Mirror};
use crate::rules::board::{Board, BLANK};
use table::index;

/// Largest board the tables are built for (a cell is a 4-bit digit of an index).
pub const MAX_CELLS: usize = 16;
/// Most tiles in a group: a 6-tile table has 16^6 entries of one byte; a 7-tile one would
/// need 268 MB and a build of minutes.
pub const MAX_GROUP: usize = 6;

/// The tables for one goal.
pub struct PatternDb {
    rows: usize,
    cols: usize,
    goal: Vec<u8>,
    /// The cache file's bytes: a header, then the tables ([`store`]); shared with a
    /// certificate's checker, which reads the same bytes.
    bytes: std::sync::Arc<Vec<u8>>,
    /// Each group's tiles, and where its table is in `bytes` (indexed by their cells as
    /// [`table::index`] makes them).
    groups: Vec<(Vec<u8>, std::ops::Range<usize>)>,
    mirror: Option<Mirror>,
    /// Per cell: the moves with the blank there and the cell each one takes the blank to
    /// (made once here so that a search from a board allocates nothing).
    next_to: Vec<Vec<(puzzlec_core::Move, usize)>>,
}

impl PatternDb {
    /// The tables for `goal` with the default groups, read from the cache or built (and
    /// then cached); `None` on boards larger than [`MAX_CELLS`] or when stopped.
    pub fn new(goal: &Board) -> Option<PatternDb> {
        PatternDb::with_groups(goal, &partition(goal))
    }

    /// Tables for the given disjoint groups of tiles (each at most [`MAX_GROUP`]), from the
    /// cache or built; `None` when the board is too large, a group too big or a tile in two
    /// groups, or this thread's run was stopped while building.
    pub fn with_groups(goal: &Board, groups: &[Vec<u8>]) -> Option<PatternDb> {
        if goal.len() > MAX_CELLS || groups.iter().any(|g| g.is_empty() || g.len() > MAX_GROUP) {
            return None;
        }
        let mut seen = [false; MAX_CELLS];
        for &t in groups.iter().flatten() {
            if t == BLANK || t as usize >= goal.len() || std::mem::replace(&mut seen[t as usize], true) {
                return None;
            }
        }
        let name = store::name(goal, groups);
        if let Some(db) = puzzlec_core::cache::load(&name).and_then(|bytes| store::decode(bytes, goal, groups)) {
            return Some(db);
        }
        // One thread per table (the two 6-tile ones take seconds each; memory-bound, so
        // more threads than cores would not help).
        let context = puzzlec_core::stop::context();
        let tables: Vec<Option<table::Built>> = std::thread::scope(|scope| {
            let running: Vec<_> =
                groups.iter().map(|g| scope.spawn(|| context.enter(|| table::build(goal, g)))).collect();
            running.into_iter().map(|t| t.join().expect("a table builder panicked")).collect()
        });
        let tables: Vec<table::Built> = tables.into_iter().collect::<Option<_>>()?;
        let db = store::assemble(goal, groups, &tables);
        puzzlec_core::cache::store(&name, &db.bytes);
        puzzlec_core::cache::store(&store::excess_name(goal, groups), &store::excess(goal, groups, &tables));
        Some(db)
    }

    /// Per cell: the moves with the blank there, and where each takes the blank.
    pub(crate) fn next_to(&self) -> &[Vec<(puzzlec_core::Move, usize)>] {
        &self.next_to
    }

    /// The excess file of these tables (see the `store` module), for a certificate's checker: read
    /// from the cache, else the tables are built again to make it (seconds; `None` when
    /// stopped, or when the rebuilt tables differ from these, which would be a bug).
    pub fn excess(&self) -> Option<Vec<u8>> {
        let goal = self.goal();
        let groups: Vec<Vec<u8>> = self.groups().map(<[u8]>::to_vec).collect();
        let name = store::excess_name(&goal, &groups);
        if let Some(bytes) = puzzlec_core::cache::load(&name).filter(|b| store::is_excess_of(b, &goal, &groups)) {
            return Some(bytes);
        }
        let context = puzzlec_core::stop::context();
        let tables: Vec<Option<table::Built>> = std::thread::scope(|scope| {
            let running: Vec<_> =
                groups.iter().map(|g| scope.spawn(|| context.enter(|| table::build(&goal, g)))).collect();
            running.into_iter().map(|t| t.join().expect("a table builder panicked")).collect()
        });
        let tables: Vec<table::Built> = tables.into_iter().collect::<Option<_>>()?;
        if *store::assemble(&goal, &groups, &tables).bytes != *self.bytes {
            return None;
        }
        let bytes = store::excess(&goal, &groups, &tables);
        puzzlec_core::cache::store(&name, &bytes);
        Some(bytes)
    }

    /// True when the default tables for `goal` are in this process or the cache folder
    /// (reading them costs milliseconds; building them, seconds). A damaged file counts
    /// here and is rebuilt when read.
    pub fn cached(goal: &Board) -> bool {
        let name = store::name(goal, &partition(goal));
        goal.len() <= MAX_CELLS
            && (built().contains_key(&name) || puzzlec_core::cache::dir().is_some_and(|d| d.join(&name).is_file()))
    }

    /// The tables for `goal`, made once per process and shared.
    pub fn shared(goal: &Board) -> Option<std::sync::Arc<PatternDb>> {
        let name = store::name(goal, &partition(goal));
        if let Some(db) = built().get(&name) {
            return Some(db.clone());
        }
        // Built outside the lock: a second goal need not wait, and a stopped build leaves
        // nothing behind.
        let db = std::sync::Arc::new(PatternDb::new(goal)?);
        Some(built().entry(name).or_insert(db).clone())
    }

    /// As [`PatternDb::shared`], without building for boards larger than [`MAX_CELLS`].
    pub fn shared_if_fits(goal: &Board) -> Option<std::sync::Arc<PatternDb>> {
        (goal.len() <= MAX_CELLS).then(|| PatternDb::shared(goal)).flatten()
    }

    /// The estimate for `board` (admissible: never above the true distance to the goal):
    /// the tables' sum, or on the transposed board when that is larger.
    pub fn estimate(&self, board: &Board) -> usize {
        let mut where_is = [0usize; MAX_CELLS];
        for (i, &t) in board.cells().iter().enumerate() {
            where_is[t as usize] = i;
        }
        let direct = self.sum(&where_is);
        let Some(m) = &self.mirror else { return direct };
        let mut mirrored = [0usize; MAX_CELLS];
        for t in 0..board.len() {
            mirrored[m.tile[t] as usize] = m.cell[where_is[t]] as usize;
        }
        direct.max(self.sum(&mirrored))
    }

    fn sum(&self, where_is: &[usize; MAX_CELLS]) -> usize {
        (0..self.groups.len())
            .map(|g| self.table(g)[index(self.groups[g].0.iter().map(|&x| where_is[x as usize]))] as usize)
            .sum()
    }

    /// The groups' tiles, in table order (disjoint; together every tile).
    pub fn groups(&self) -> impl Iterator<Item = &[u8]> {
        self.groups.iter().map(|(g, _)| g.as_slice())
    }

    /// Group `g`'s table, indexed by its tiles' cells as [`table::index`] makes them.
    pub(crate) fn table(&self, g: usize) -> &[u8] {
        &self.bytes[self.groups[g].1.clone()]
    }

    /// The cache file's bytes (header, then the tables): what a certificate carries for its
    /// checker, which reads them on its own (the `store` module documents the layout).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// [`PatternDb::bytes`], shared (no copy).
    pub fn shared_bytes(&self) -> std::sync::Arc<Vec<u8>> {
        self.bytes.clone()
    }

    /// The tables' file name in the cache folder (other files about them add to it).
    pub fn cache_name(&self) -> String {
        let groups: Vec<Vec<u8>> = self.groups().map(<[u8]>::to_vec).collect();
        store::name(&self.goal(), &groups)
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> Board {
        Board::from_cells(self.rows, self.cols, &self.goal).expect("the tables' goal is a board")
    }

    /// The goal's transpose symmetry, when it has one (see the module documentation).
    pub fn mirror(&self) -> Option<&Mirror> {
        self.mirror.as_ref()
    }

    /// Group `g`'s table entry with its tiles on `cells` (in the order of
    /// [`PatternDb::groups`]): the fewest moves of those tiles that bring them home. Tables
    /// of disjoint groups add up, so any sum over some groups is admissible too.
    pub fn group_estimate(&self, g: usize, cells: &[usize]) -> usize {
        self.table(g)[index(cells.iter().copied())] as usize
    }
}

impl super::Tables for PatternDb {
    fn estimate(&self, board: &Board) -> usize {
        PatternDb::estimate(self, board)
    }

    fn members(&self) -> Vec<Vec<u8>> {
        self.groups().map(<[u8]>::to_vec).collect()
    }

    fn group_estimate(&self, g: usize, cells: &[usize]) -> usize {
        PatternDb::group_estimate(self, g, cells)
    }

    fn mirror(&self) -> Option<&Mirror> {
        PatternDb::mirror(self)
    }

    fn moves_within(&self, board: &Board, room: usize, depth: usize) -> Option<(Vec<puzzlec_core::Move>, bool, u64)> {
        let mut walk = crate::search::tabled::Walk::new(board, self, None)?;
        let (left, out) = walk.moves_within(room, depth);
        Some((left, out, walk.nodes()))
    }

    fn kind(self: std::sync::Arc<Self>) -> super::Kind {
        super::Kind::Sparse(self)
    }
}

/// The tables made in this process, by cache name.
fn built() -> std::sync::MutexGuard<'static, std::collections::HashMap<String, std::sync::Arc<PatternDb>>> {
    use std::sync::{Mutex, OnceLock};
    static BUILT: OnceLock<Mutex<std::collections::HashMap<String, std::sync::Arc<PatternDb>>>> = OnceLock::new();
    BUILT.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// The default groups: on 4x4 boards three compact regions of the goal (cells below; the
/// blank's cell drops out of its region), elsewhere runs of six goal tiles taken down pairs
/// of columns.
///
/// ```text
///   A A A B
///   A A A B
///   C B B B
///   C C B B
/// ```
/// Measured on Korf's 100 with the reflected lookup, in one run against six other 6-6-3
/// regions (2x3 blocks, 3x2 blocks, rows, an L per group): 4.5 s in all against 5.0-29 s.
fn partition(goal: &Board) -> Vec<Vec<u8>> {
    const REGIONS: [usize; 16] = [0, 0, 0, 1, 0, 0, 0, 1, 2, 1, 1, 1, 2, 2, 1, 1];
    let mut groups = match (goal.rows(), goal.cols()) {
        (4, 4) => {
            let mut groups = vec![Vec::new(); 3];
            for (cell, &t) in goal.cells().iter().enumerate() {
                if t != BLANK {
                    groups[REGIONS[cell]].push(t);
                }
            }
            groups
        }
        _ => {
            let mut tiles: Vec<(usize, u8)> = goal
                .cells()
                .iter()
                .enumerate()
                .filter(|(_, &t)| t != BLANK)
                .map(|(i, &t)| (((i % goal.cols()) / 2) * goal.len() + i, t))
                .collect();
            tiles.sort_unstable();
            tiles.chunks(MAX_GROUP).map(|c| c.iter().map(|&(_, t)| t).collect()).collect()
        }
    };
    groups.retain(|g: &Vec<u8>| !g.is_empty());
    groups
}

#[cfg(test)]
mod tests;
