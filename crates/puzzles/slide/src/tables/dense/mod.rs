//! Dense pattern databases for boards of 17 to 25 cells (the 24-puzzle and its smaller
//! cousins): the tiles split into groups of at most six, a table per group of the fewest
//! moves *of its own tiles* that bring it home, the tables added up and the larger of the
//! sums on the board and on its transpose taken (as for 4x4, see `pdb`).
//!
//! Why apart from the 4x4 tables: those index a placement by its cells as 4-bit digits (a
//! sparse table, 16^6 bytes), which a 25-cell board cannot hold in 4 bits and would need
//! 32^6 bytes (1 GB) a table in 5. Here a placement's index is its dense rank (`shape`), so
//! a 6-tile table on 25 cells is 127.5 MB, and the four of the 24-puzzle about half a
//! gigabyte. Each table is its own file in the cache folder (checksummed), so a build
//! stopped half way keeps the tables it finished.

mod build;
pub(crate) mod shape;

use std::sync::Arc;

use super::pdb::table::neighbours;
use super::{mirror, Mirror};
use crate::rules::board::{Board, BLANK};
use puzzlec_core::Move;
use shape::{placements, Shape};
pub use shape::{MAX_CELLS, MAX_GROUP};

/// Fewest cells a board with dense tables has (smaller boards have the 4x4 tables).
pub const MIN_CELLS: usize = 17;

/// The tables for one goal.
pub struct DenseDb {
    pub(crate) goal: Board,
    pub(crate) groups: Vec<Vec<u8>>,
    /// Per tile, its group.
    pub(crate) group_of: [u8; MAX_CELLS],
    /// Per group, the cache file's bytes and where the table starts in them (no copy; a
    /// certificate's checker reads the same bytes).
    tables: Vec<(Arc<Vec<u8>>, usize)>,
    pub(crate) mirror: Option<Mirror>,
    /// Per cell: the moves with the blank there and the cell each takes the blank to.
    pub(crate) next_to: Vec<Vec<(Move, usize)>>,
}

impl DenseDb {
    /// True for the boards these tables are for.
    pub fn fits(goal: &Board) -> bool {
        (MIN_CELLS..=MAX_CELLS).contains(&goal.len())
    }

    /// The tables for `goal`, each read from the cache or built (and then cached), two at a
    /// time; `ready` hears how many of them are ready after each. `None` when the board does
    /// not fit or this thread's run was stopped (the tables finished by then stay in the
    /// cache).
    pub fn new(goal: &Board, ready: &mut dyn FnMut(usize, usize)) -> Option<DenseDb> {
        DenseDb::with_groups(goal, partition(goal), ready)
    }

    /// [`DenseDb::new`] with the given groups (disjoint, together every tile, each of at
    /// most [`MAX_GROUP`]).
    pub(crate) fn with_groups(
        goal: &Board,
        groups: Vec<Vec<u8>>,
        ready: &mut dyn FnMut(usize, usize),
    ) -> Option<DenseDb> {
        if !DenseDb::fits(goal) {
            return None;
        }
        let shape = Shape::new(goal.rows(), goal.cols());
        let context = puzzlec_core::stop::context();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get).min(groups.len());
        let (sender, finished) = std::sync::mpsc::channel();
        let mut tables = vec![None; groups.len()];
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let (groups, shape, context, next, sender) = (&groups, &shape, &context, &next, sender.clone());
                scope.spawn(move || loop {
                    let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(group) = groups.get(g) else { return };
                    let built = context.enter(|| table(goal, shape, group));
                    let stopped = built.is_none();
                    // The receiver lives until every table is in.
                    let _ = sender.send((g, built));
                    if stopped {
                        return;
                    }
                });
            }
            drop(sender);
            // Reported here, on the caller's thread: `ready` need not be shared.
            for (done, (g, built)) in finished.iter().enumerate() {
                tables[g] = built;
                ready(done + 1, groups.len());
            }
        });
        let tables: Vec<(Arc<Vec<u8>>, usize)> =
            tables.into_iter().map(|t| t.map(|(bytes, start)| (Arc::new(bytes), start))).collect::<Option<_>>()?;
        let mut group_of = [0u8; MAX_CELLS];
        for (g, tiles) in groups.iter().enumerate() {
            for &t in tiles {
                group_of[t as usize] = g as u8;
            }
        }
        let next_to = neighbours(goal.rows(), goal.cols());
        Some(DenseDb { goal: *goal, groups, group_of, tables, mirror: mirror(goal), next_to })
    }

    /// True when every table for `goal` is in this process or the cache folder.
    pub fn cached(goal: &Board) -> bool {
        DenseDb::fits(goal)
            && (built().iter().any(|db| db.goal == *goal)
                || puzzlec_core::cache::dir()
                    .is_some_and(|d| partition(goal).iter().all(|g| d.join(name(&header(goal, g))).is_file())))
    }

    /// The tables for `goal`, made once per process and shared (see [`DenseDb::new`]).
    pub fn shared(goal: &Board, ready: &mut dyn FnMut(usize, usize)) -> Option<Arc<DenseDb>> {
        if let Some(db) = built().iter().find(|db| db.goal == *goal) {
            return Some(db.clone());
        }
        // Built outside the lock: a stopped build leaves nothing behind.
        let db = Arc::new(DenseDb::new(goal, ready)?);
        built().push(db.clone());
        Some(db)
    }

    /// The estimate for `board`: the tables' sum, or on the transposed board when larger.
    pub fn estimate(&self, board: &Board) -> usize {
        let mut at = [0u8; MAX_CELLS];
        for (i, &t) in board.cells().iter().enumerate() {
            at[t as usize] = i as u8;
        }
        let sum = |at: &dyn Fn(u8) -> u8| -> usize {
            (0..self.groups.len())
                .map(|g| {
                    let cells: Vec<u8> = self.groups[g].iter().map(|&t| at(t)).collect();
                    self.table(g)[shape::rank(&cells, board.len())] as usize
                })
                .sum()
        };
        let direct = sum(&|t| at[t as usize]);
        match &self.mirror {
            Some(m) => direct.max(sum(&|t| m.cell[at[m.tile[t as usize] as usize] as usize])),
            None => direct,
        }
    }

    /// The groups' tiles, in table order.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// Each group's table file as the cache holds it (header and entries), with its name
    /// there: what a certificate's checker reads.
    pub fn files(&self) -> Vec<(String, Arc<Vec<u8>>)> {
        let names = self.groups.iter().map(|g| name(&header(&self.goal, g)));
        names.zip(&self.tables).map(|(name, (bytes, _))| (name, bytes.clone())).collect()
    }

    /// Group `g`'s table file as the cache holds it (see [`DenseDb::files`]).
    pub fn file(&self, g: usize) -> &[u8] {
        &self.tables[g].0
    }

    pub(crate) fn table(&self, g: usize) -> &[u8] {
        let (bytes, start) = &self.tables[g];
        &bytes[*start..]
    }
}

impl super::Tables for DenseDb {
    fn estimate(&self, board: &Board) -> usize {
        DenseDb::estimate(self, board)
    }

    fn members(&self) -> Vec<Vec<u8>> {
        self.groups.clone()
    }

    fn group_estimate(&self, g: usize, cells: &[usize]) -> usize {
        let mut at = [0u8; MAX_GROUP];
        for (a, &c) in at.iter_mut().zip(cells) {
            *a = c as u8;
        }
        self.table(g)[shape::rank(&at[..cells.len()], self.goal.len())] as usize
    }

    fn mirror(&self) -> Option<&Mirror> {
        self.mirror.as_ref()
    }

    fn moves_within(&self, board: &Board, room: usize, depth: usize) -> Option<(Vec<Move>, bool, u64)> {
        crate::search::dense::moves_within(board, self, room, depth)
    }

    fn kind(self: Arc<Self>) -> super::Kind {
        super::Kind::Dense(self)
    }
}

/// The tables made in this process (few: one per goal).
fn built() -> std::sync::MutexGuard<'static, Vec<Arc<DenseDb>>> {
    use std::sync::{Mutex, OnceLock};
    static BUILT: OnceLock<Mutex<Vec<Arc<DenseDb>>>> = OnceLock::new();
    BUILT.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

const MAGIC: &[u8] = b"puzzlec dense pattern database 1\n";

/// What a table file says it is for: the shape, the goal and the group's tiles.
fn header(goal: &Board, group: &[u8]) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
    h.extend([goal.rows() as u8, goal.cols() as u8]);
    h.extend_from_slice(goal.cells());
    h.push(group.len() as u8);
    h.extend_from_slice(group);
    h
}

/// A table file's name: the shape and a hash of its header.
fn name(header: &[u8]) -> String {
    let (rows, cols) = (header[MAGIC.len()], header[MAGIC.len() + 1]);
    format!("pdb-dense-{rows}x{cols}-{:08x}.bin", crc32fast::hash(header))
}

/// Group `group`'s table for `goal`, from the cache (its header compared, so another file
/// reads as missing) or built and stored; with where the table starts in the bytes.
fn table(goal: &Board, shape: &Shape, group: &[u8]) -> Option<(Vec<u8>, usize)> {
    let header = header(goal, group);
    let size = placements(goal.len(), group.len());
    if let Some(bytes) = puzzlec_core::cache::load(&name(&header)) {
        if bytes.starts_with(&header) && bytes.len() == header.len() + size {
            return Some((bytes, header.len()));
        }
    }
    let home: Vec<u8> = group.iter().map(|&t| cell_of(goal, t)).collect();
    let mut bytes = header.clone();
    bytes.extend(build::build(shape, &home, goal.blank() as u8)?);
    puzzlec_core::cache::store(&name(&header), &bytes);
    Some((bytes, header.len()))
}

fn cell_of(board: &Board, tile: u8) -> u8 {
    board.cells().iter().position(|&t| t == tile).expect("every tile is on the board") as u8
}

/// The groups: on 5x5 with the blank in a corner, Korf and Felner's 6-6-6-6 regions of the
/// goal (below for the blank top-left, turned for the other corners); elsewhere runs of six
/// goal tiles taken down pairs of columns.
///
/// ```text
///   _ A A B B
///   A A A B B
///   C C A B B
///   C C D D D
///   C C D D D
/// ```
fn partition(goal: &Board) -> Vec<Vec<u8>> {
    const REGIONS: [usize; 25] = [0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 2, 2, 0, 1, 1, 2, 2, 3, 3, 3, 2, 2, 3, 3, 3];
    let (rows, cols) = (goal.rows(), goal.cols());
    let corner = [0, cols - 1, goal.len() - cols, goal.len() - 1].into_iter().position(|c| c == goal.blank());
    if let (5, 5, Some(corner)) = (rows, cols, corner) {
        let mut groups = vec![Vec::new(); 4];
        for cell in 0..25 {
            // The cell that maps onto `cell` when the top-left corner is turned to the blank's.
            let (r, c) = (cell / 5, cell % 5);
            let (r, c) = match corner {
                0 => (r, c),
                1 => (r, 4 - c),
                2 => (4 - r, c),
                _ => (4 - r, 4 - c),
            };
            if cell != goal.blank() {
                groups[REGIONS[r * 5 + c]].push(goal.cells()[cell]);
            }
        }
        return groups;
    }
    let mut tiles: Vec<(usize, u8)> = goal
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &t)| t != BLANK)
        .map(|(i, &t)| (((i % cols) / 2) * goal.len() + i, t))
        .collect();
    tiles.sort_unstable();
    tiles.chunks(MAX_GROUP).map(|c| c.iter().map(|&(_, t)| t).collect()).collect()
}

#[cfg(test)]
mod tests;
