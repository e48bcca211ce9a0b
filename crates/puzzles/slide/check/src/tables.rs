//! Pattern databases as puzzlec writes them, read and checked without trusting the builder.
//!
//! The file: `puzzlec pattern databases 2\n`, rows, cols and the number of groups (a byte
//! each), the goal's cells, each group as its size and tiles; then each group's table,
//! 16^k bytes indexed by the group's cells as base-16 digits (first tile highest). The excess
//! file: the same header, `excess\n`, then per group a count (u32, little-endian) and
//! entries (index u32, cell u8, excess u8) sorted by index and cell.
//!
//! What is checked, per group: the abstract state is the group's placement and the region
//! of free cells the blank is in (named by its lowest cell); its value is the table entry
//! plus the excess listed for it (0 when none). Then (1) the goal placement with the blank's
//! goal region has value 0; (2) every move of a group tile from cell x into a cell c of the
//! blank's region, to the state whose blank is on x, changes the value by at most 1, the
//! move's cost (moves are reversible, so this is "lowers it by at most 1" both ways; moves
//! of other tiles keep the placement and the region, cost 0). A function
//! with (1) and (2) never exceeds the number of group moves left on any path to the goal,
//! and the table entry is at most it, so every entry is admissible; tables of disjoint
//! groups add up because each move moves one tile.

use std::ops::Range;
use std::sync::Arc;

use crate::board::{Fill, Shape};
use crate::dense;
use crate::CheckError;

const MAGIC: &[u8] = b"puzzlec pattern databases 2\n";
const DIGIT: usize = 4;

/// Checked tables: sparse ones (this module) or dense ones ([`crate::dense`]).
pub struct Tables {
    pub shape: Shape,
    pub goal: Vec<u8>,
    pub groups: Vec<Vec<u8>>,
    /// Per group, its entries: the bytes they lie in (shared, never copied: dense tables
    /// are half a gigabyte) and where.
    tables: Vec<(Arc<Vec<u8>>, Range<usize>)>,
    excess: Vec<Vec<u8>>,
    /// Per group, its dense file's header; empty for sparse tables.
    dense: Vec<dense::Header>,
}

fn bad(what: impl Into<String>) -> CheckError {
    CheckError::Tables(what.into())
}

impl Tables {
    /// Reads both files (nothing is checked but their layout: see [`Tables::check`]); dense
    /// tables have no excess file, and `excess` is not read for them.
    ///
    /// # Errors
    /// A malformed file.
    pub fn read(tables: &[u8], excess: &[u8]) -> Result<Tables, CheckError> {
        if tables.starts_with(dense::MAGIC) {
            return Tables::dense(&[Arc::new(tables.to_vec())]);
        }
        let mut read = Tables::entries(tables)?;
        read.excess = excess_lists(&read, tables, excess)?;
        Ok(read)
    }

    /// The tables' entries alone, for checking lemmas against tables already found
    /// consistent (a record of an earlier check of the same bytes): [`Tables::check`] on
    /// them is an error, having no excess lists to check with.
    ///
    /// # Errors
    /// A file that is not a tables file.
    pub fn entries(tables: &[u8]) -> Result<Tables, CheckError> {
        Tables::shared_entries(Arc::new(tables.to_vec()))
    }

    /// [`Tables::entries`] on bytes shared with the caller (no copy).
    ///
    /// # Errors
    /// A file that is not a tables file.
    pub fn shared_entries(bytes: Arc<Vec<u8>>) -> Result<Tables, CheckError> {
        if bytes.starts_with(dense::MAGIC) {
            return Tables::dense(&[bytes]);
        }
        let tables = bytes.as_slice();
        let (shape, goal, groups, mut at) = header(tables)?;
        let mut parts = Vec::new();
        for g in &groups {
            let len = 1usize << (DIGIT * g.len());
            if at + len > tables.len() {
                return Err(bad("the tables file is cut short"));
            }
            parts.push((bytes.clone(), at..at + len));
            at += len;
        }
        if at != tables.len() {
            return Err(bad("the tables file is longer than its groups"));
        }
        Ok(Tables { shape, goal, groups, tables: parts, excess: Vec::new(), dense: Vec::new() })
    }

    /// Dense tables: `files` hold one table file after another (see [`crate::dense`]), all
    /// of one shape and goal, their groups disjoint. Their check needs nothing more.
    ///
    /// # Errors
    /// A malformed file, or files that do not belong together.
    pub fn dense(files: &[Arc<Vec<u8>>]) -> Result<Tables, CheckError> {
        let mut read: Option<Tables> = None;
        for bytes in files {
            let mut at = 0;
            while at < bytes.len() {
                let h = dense::header(bytes, at)?;
                at = h.entries.end;
                let t = read.get_or_insert_with(|| Tables {
                    shape: h.shape,
                    goal: h.goal.clone(),
                    groups: Vec::new(),
                    tables: Vec::new(),
                    excess: Vec::new(),
                    dense: Vec::new(),
                });
                if (t.shape, &t.goal) != (h.shape, &h.goal) {
                    return Err(bad("the dense tables are not all for one board and goal"));
                }
                if t.groups.iter().any(|g| g.iter().any(|x| h.group.contains(x))) {
                    return Err(bad("the dense tables' groups share a tile"));
                }
                t.groups.push(h.group.clone());
                t.tables.push((bytes.clone(), h.entries.clone()));
                t.dense.push(h);
            }
        }
        read.ok_or_else(|| bad("no dense table in the file"))
    }

    fn table(&self, g: usize) -> &[u8] {
        let (bytes, range) = &self.tables[g];
        &bytes[range.clone()]
    }

    /// Checks (1) and (2) of the module documentation on every group, one thread each.
    ///
    /// # Errors
    /// The first state that fails, named.
    pub fn check(&self) -> Result<(), CheckError> {
        self.check_on(true)
    }

    /// As [`Tables::check`], the groups one after the other when not `parallel` (beside a
    /// search that has the cores).
    ///
    /// # Errors
    /// As [`Tables::check`].
    pub fn check_on(&self, parallel: bool) -> Result<(), CheckError> {
        self.check_until(parallel, &|| false)
    }

    /// As [`Tables::check_on`]; `stop` is asked now and then whether to give up (dense
    /// tables take minutes), which is an error.
    ///
    /// # Errors
    /// As [`Tables::check`], or stopped.
    pub fn check_until(&self, parallel: bool, stop: &(dyn Fn() -> bool + Sync)) -> Result<(), CheckError> {
        if self.dense.is_empty() && self.excess.len() != self.groups.len() {
            return Err(bad("no excess lists to check the tables with (read for their entries only)"));
        }
        let one = |g: usize| match self.dense.get(g) {
            Some(h) => dense::check_group(h, self.table(g), stop),
            None => check_group(self.shape, &self.goal, &self.groups[g], self.table(g), &self.excess[g]),
        };
        if !parallel {
            return (0..self.groups.len()).try_for_each(one);
        }
        // The groups shared out over the cores (a dense table's check holds about 0.6 GB).
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let next = std::sync::atomic::AtomicUsize::new(0);
        let checked: Vec<Result<(), CheckError>> = std::thread::scope(|scope| {
            let running: Vec<_> = (0..threads.min(self.groups.len()))
                .map(|_| {
                    scope.spawn(|| loop {
                        let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if g >= self.groups.len() {
                            return Ok(());
                        }
                        one(g)?;
                    })
                })
                .collect();
            running.into_iter().map(|r| r.join().unwrap_or_else(|_| Err(bad("a check panicked")))).collect()
        });
        checked.into_iter().collect()
    }

    /// Group `g`'s entry with its tiles on `cells` (in the group's order); 0, the weakest
    /// bound, when the cells are no placement (off the board, or a cell twice: a lemma
    /// file may say anything).
    pub fn entry(&self, g: usize, cells: &[usize]) -> usize {
        let mut taken = 0u64;
        for &c in cells {
            if c >= self.shape.cells() || taken & 1 << c != 0 {
                return 0;
            }
            taken |= 1 << c;
        }
        self.placed(g, cells)
    }

    /// [`Tables::entry`] on cells known to be a placement (a whole board's).
    fn placed(&self, g: usize, cells: &[usize]) -> usize {
        let index = match self.dense.is_empty() {
            true => cells.iter().fold(0, |acc, &c| (acc << DIGIT) | c),
            false => dense::rank(cells, self.shape.cells()),
        };
        self.table(g)[index] as usize
    }

    /// The sum of every group's entry for the board with tile t on `where_is[t]` (a board:
    /// every tile on a cell of its own).
    pub fn sum(&self, where_is: &[usize]) -> usize {
        // Without a vector per group: the lookahead's lemmas ask this for every board of
        // their searches.
        let mut cells = [0usize; 6];
        (0..self.groups.len())
            .map(|g| {
                let group = &self.groups[g];
                for (c, &t) in cells.iter_mut().zip(group) {
                    *c = where_is[t as usize];
                }
                self.placed(g, &cells[..group.len()])
            })
            .sum()
    }
}

/// The excess lists of `read` (the tables `tables` hold), from the excess file's bytes.
fn excess_lists(read: &Tables, tables: &[u8], excess: &[u8]) -> Result<Vec<Vec<u8>>, CheckError> {
    let groups = &read.groups;
    let (_, _, _, mut at) = header(excess)?;
    if excess.get(..at) != tables.get(..at) || excess.get(at..at + 7) != Some(b"excess\n") {
        return Err(bad("the excess file is not the one of these tables"));
    }
    at += 7;
    let mut lists = Vec::new();
    for _ in groups {
        let count = excess.get(at..at + 4).ok_or_else(|| bad("the excess file is cut short"))?;
        let count = u32::from_le_bytes(count.try_into().expect("four bytes")) as usize;
        let list = excess.get(at + 4..at + 4 + 6 * count).ok_or_else(|| bad("the excess file is cut short"))?;
        lists.push(list.to_vec());
        at += 4 + 6 * count;
    }
    if at != excess.len() {
        return Err(bad("the excess file is longer than its lists"));
    }
    Ok(lists)
}

type Header = (Shape, Vec<u8>, Vec<Vec<u8>>, usize);

fn header(bytes: &[u8]) -> Result<Header, CheckError> {
    let cut = || bad("the tables file is cut short");
    if !bytes.starts_with(MAGIC) {
        return Err(bad("not a puzzlec pattern-database file (version 2)"));
    }
    let mut at = MAGIC.len();
    let [rows, cols, count] = bytes.get(at..at + 3).ok_or_else(cut)? else { unreachable!() };
    let shape = Shape { rows: *rows as usize, cols: *cols as usize };
    at += 3;
    let n = shape.cells();
    if !(2..=16).contains(&n) {
        return Err(bad(format!("a {}x{} board: cells must be 4-bit digits", rows, cols)));
    }
    let goal = bytes.get(at..at + n).ok_or_else(cut)?.to_vec();
    at += n;
    let mut seen = vec![false; n];
    for &t in &goal {
        if t as usize >= n || std::mem::replace(&mut seen[t as usize], true) {
            return Err(bad("the goal is not a board"));
        }
    }
    let mut groups = Vec::new();
    let mut used = vec![false; n];
    for _ in 0..*count {
        let k = *bytes.get(at).ok_or_else(cut)? as usize;
        let g = bytes.get(at + 1..at + 1 + k).ok_or_else(cut)?.to_vec();
        if k == 0
            || k > 6
            || g.iter().any(|&t| t == 0 || t as usize >= n || std::mem::replace(&mut used[t as usize], true))
        {
            return Err(bad("the groups are not disjoint sets of at most six tiles"));
        }
        groups.push(g);
        at += 1 + k;
    }
    Ok((shape, goal, groups, at))
}

fn check_group(shape: Shape, goal: &[u8], group: &[u8], table: &[u8], list: &[u8]) -> Result<(), CheckError> {
    let (n, k) = (shape.cells(), group.len());
    let fill = Fill::new(shape);
    let all = fill.all;
    let home = |t: u8| goal.iter().position(|&x| x == t).expect("a goal holds every tile");
    let cells_of = |index: usize| -> [usize; 6] {
        std::array::from_fn(|i| if i < k { (index >> (DIGIT * (k - 1 - i))) & 15 } else { 0 })
    };
    let occupied_of = |cells: &[usize]| cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let valid = |cells: &[usize]| occupied_of(cells).count_ones() as usize == k && cells.iter().all(|&c| c < n);
    // Which indices have excess entries, and which placements leave one region (a bit
    // each): most lookups need neither the search nor a flood fill.
    let bits = vec![0u64; (table.len() >> 6) + 1];
    let (mut listed, mut connected) = (bits.clone(), bits);
    let has = |bits: &[u64], i: usize| bits[i >> 6] & (1 << (i & 63)) != 0;
    let mut last = None;
    for e in list.chunks_exact(6) {
        let (index, cell) = (u32::from_le_bytes(e[..4].try_into().expect("four")), e[4]);
        if last.is_some_and(|l| l >= (index, cell)) || index as usize >= table.len() {
            return Err(bad("an excess list is out of order or out of range"));
        }
        last = Some((index, cell));
        listed[index as usize >> 6] |= 1 << (index & 63);
        // Every entry must name a region of its placement (its lowest cell).
        let cells = cells_of(index as usize);
        let free = all & !occupied_of(&cells[..k]);
        let c = cell as usize;
        if !valid(&cells[..k]) || c >= n || free & (1 << c) == 0 || fill.region(free, c).trailing_zeros() as usize != c
        {
            return Err(bad(format!("an excess entry names no region (index {index:#x}, cell {c})")));
        }
    }
    for index in 0..table.len() {
        let cells = cells_of(index);
        if valid(&cells[..k]) {
            let free = all & !occupied_of(&cells[..k]);
            if fill.region(free, free.trailing_zeros() as usize) == free {
                connected[index >> 6] |= 1 << (index & 63);
            }
        }
    }
    // Where each index's entries start in the list (an index's entries are few: one per
    // region beyond the nearest).
    let mut start = vec![0u32; table.len() + 1];
    for e in list.chunks_exact(6) {
        start[u32::from_le_bytes(e[..4].try_into().expect("four")) as usize + 1] += 1;
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let value = |index: usize, cell: u32| -> usize {
        let mut extra = 0;
        if has(&listed, index) {
            let entries = &list[6 * start[index] as usize..6 * start[index + 1] as usize];
            extra = entries.chunks_exact(6).find(|e| e[4] as u32 == cell).map_or(0, |e| e[5]);
        }
        table[index] as usize + extra as usize
    };
    // The label (lowest cell) of the region of `from` in placement `index`.
    let label = |index: usize, free: u32, from: usize| -> u32 {
        match has(&connected, index) {
            true => free.trailing_zeros(),
            false => fill.region(free, from).trailing_zeros(),
        }
    };
    let next: Vec<u32> = (0..n).map(|c| shape.next_to(c).fold(0, |m, d| m | 1 << d)).collect();
    let goal_index = group.iter().fold(0, |acc, &t| (acc << DIGIT) | home(t));
    let goal_free = all & !group.iter().fold(0u32, |m, &t| m | 1 << home(t));
    if value(goal_index, label(goal_index, goal_free, home(0))) != 0 {
        return Err(bad(format!("group {group:?}: the goal placement is not 0")));
    }
    for index in 0..table.len() {
        let cells = cells_of(index);
        if !valid(&cells[..k]) {
            continue;
        }
        let free = all & !occupied_of(&cells[..k]);
        for (i, &x) in cells[..k].iter().enumerate() {
            // Each move and its reverse are one pair of states: checked once, from the
            // side whose tile moves to the higher cell, in both directions.
            let mut targets = next[x] & free & !((2u32 << x) - 1);
            while targets != 0 {
                let c = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let here = value(index, label(index, free, c));
                let shift = DIGIT * (k - 1 - i);
                let moved = index - (x << shift) + (c << shift);
                let after = (free & !(1 << c)) | 1 << x;
                let there = value(moved, label(moved, after, x));
                if here.abs_diff(there) > 1 {
                    return Err(bad(format!(
                        "group {group:?}: a tile's move between cells {x} and {c} changes the value from {here} to {there} (index {index:#x})"
                    )));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cached 15-puzzle's tables, when `PUZZLEC_TABLES` names the cache file (its 12-byte
    /// trailer is cut): how long the check takes (a measurement, not run by default).
    #[test]
    #[ignore]
    fn cached_tables_check() {
        let Some(path) = std::env::var_os("PUZZLEC_TABLES") else { return };
        let t = std::fs::read(&path).unwrap();
        let e = std::fs::read(format!("{}.excess", path.to_string_lossy())).unwrap();
        let started = std::time::Instant::now();
        let tables = Tables::read(&t[..t.len() - 12], &e[..e.len() - 12]).unwrap();
        tables.check().unwrap();
        eprintln!("checked in {:.2} s", started.elapsed().as_secs_f64());
    }
}
