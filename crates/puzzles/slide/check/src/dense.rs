//! Dense pattern databases (boards of 17 to 25 cells, the 24-puzzle's), read and checked
//! without trusting the builder.
//!
//! A table file: `puzzlec dense pattern database 1\n`, rows and cols (a byte each), the
//! goal's cells, the group's size k and its tiles; then one byte per placement of the
//! group, n!/(n-k)! of them, in the order of [`rank`]. A certificate's `tables.bin` holds
//! one such file per group, one after the other.
//!
//! What is checked: these tables carry no excess lists (a placement's entry is the least
//! over the blank's regions, and a table of 127.5 million placements would need tens of
//! millions of listed regions to be checked move by move). So the checker runs its own
//! breadth-first search over the same abstract states as [`crate::tables`] describes (a
//! placement and the region of free cells the blank is in; a group tile's move into the
//! region costs one, the blank roams its region for free) from the goal, and requires every
//! entry to be at most the depth at which its placement is first reached. That depth is a
//! number of group moves some path needs, so an entry at most it is admissible; disjoint
//! groups add up as before. The search takes two to three minutes a table on 25 cells (a
//! byte per placement and a bit per placement and cell, about 0.5 GB, and two layers of
//! states), which is why a run remembers a table set it has checked (by the SHA-256 of its
//! bytes).

use crate::board::{Fill, Shape};
use crate::CheckError;

pub(crate) const MAGIC: &[u8] = b"puzzlec dense pattern database 1\n";

/// Most cells: a cell set is a `u32` here, and a board of 25 cells is the largest built.
const MAX_CELLS: usize = 25;
/// Most tiles in a group.
const MAX_GROUP: usize = 6;

fn bad(what: impl Into<String>) -> CheckError {
    CheckError::Tables(what.into())
}

/// One table file's header: the shape, the goal, the group, and where its entries start
/// and end in the bytes.
pub(crate) struct Header {
    pub shape: Shape,
    pub goal: Vec<u8>,
    pub group: Vec<u8>,
    pub entries: std::ops::Range<usize>,
}

/// The table file that starts at `at` in `bytes`.
pub(crate) fn header(bytes: &[u8], at: usize) -> Result<Header, CheckError> {
    let cut = || bad("a dense table file is cut short");
    if !bytes[at..].starts_with(MAGIC) {
        return Err(bad("not a puzzlec dense pattern-database file (version 1)"));
    }
    let mut at = at + MAGIC.len();
    let [rows, cols] = bytes.get(at..at + 2).ok_or_else(cut)? else { unreachable!() };
    let shape = Shape { rows: *rows as usize, cols: *cols as usize };
    let n = shape.cells();
    if !(2..=MAX_CELLS).contains(&n) {
        return Err(bad(format!("a {rows}x{cols} board: dense tables are for 2 to {MAX_CELLS} cells")));
    }
    at += 2;
    let goal = bytes.get(at..at + n).ok_or_else(cut)?.to_vec();
    at += n;
    let mut seen = vec![false; n];
    if goal.iter().any(|&t| t as usize >= n || std::mem::replace(&mut seen[t as usize], true)) {
        return Err(bad("the goal is not a board"));
    }
    let k = *bytes.get(at).ok_or_else(cut)? as usize;
    let group = bytes.get(at + 1..at + 1 + k).ok_or_else(cut)?.to_vec();
    let mut used = vec![false; n];
    if k == 0
        || k > MAX_GROUP
        || k >= n
        || group.iter().any(|&t| t == 0 || t as usize >= n || std::mem::replace(&mut used[t as usize], true))
    {
        return Err(bad("a group is not a set of one to six tiles"));
    }
    at += 1 + k;
    let end = at + placements(n, k);
    if end > bytes.len() {
        return Err(cut());
    }
    Ok(Header { shape, goal, group, entries: at..end })
}

/// How many placements k tiles have on n cells: n!/(n-k)!.
pub(crate) fn placements(n: usize, k: usize) -> usize {
    (0..k).map(|i| n - i).product()
}

/// The index of a placement (the group's tiles on distinct `cells`, in the group's order):
/// digits of a mixed radix n, n-1, ..., each tile's cell counted among the cells the tiles
/// before it have not taken.
pub(crate) fn rank(cells: &[usize], n: usize) -> usize {
    let mut index = 0;
    let mut taken = 0u32;
    for (i, &c) in cells.iter().enumerate() {
        let before = (taken & ((1u32 << c) - 1)).count_ones() as usize;
        index = index * (n - i) + c - before;
        taken |= 1 << c;
    }
    index
}

/// The placement of `index` (the inverse of [`rank`]) into `cells[..k]`.
fn unrank(mut index: usize, k: usize, n: usize, cells: &mut [usize; MAX_GROUP]) {
    let mut digit = [0usize; MAX_GROUP];
    for i in (0..k).rev() {
        digit[i] = index % (n - i);
        index /= n - i;
    }
    let mut taken = 0u32;
    for i in 0..k {
        // The digit-th cell not taken.
        let mut free = !taken;
        for _ in 0..digit[i] {
            free &= free - 1;
        }
        cells[i] = free.trailing_zeros() as usize;
        taken |= 1 << cells[i];
    }
}

/// Bits, one per (placement, cell): which regions the search has reached, named by their
/// lowest cell.
struct Reached {
    bits: Vec<u64>,
    n: usize,
}

impl Reached {
    /// Marks a state; false when it was marked already.
    fn mark(&mut self, index: usize, label: u32) -> bool {
        let i = index * self.n + label as usize;
        let (word, bit) = (i >> 6, 1u64 << (i & 63));
        let fresh = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        fresh
    }
}

/// Checks one group's table (see the module documentation); `stop` is asked now and then
/// whether to give up, which is an error (no verdict).
pub(crate) fn check_group(h: &Header, table: &[u8], stop: &dyn Fn() -> bool) -> Result<(), CheckError> {
    let (shape, group) = (h.shape, &h.group);
    let (n, k) = (shape.cells(), group.len());
    let fill = Fill::new(shape);
    let next: Vec<u32> = (0..n).map(|c| shape.next_to(c).fold(0, |m, d| m | 1 << d)).collect();
    let home = |t: u8| h.goal.iter().position(|&x| x == t).expect("a goal holds every tile");
    let mut depth_of = vec![u8::MAX; table.len()];
    let mut reached = Reached { bits: vec![0; (table.len() * n).div_ceil(64)], n };
    let goal_cells: Vec<usize> = group.iter().map(|&t| home(t)).collect();
    let goal_free = fill.all & !goal_cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let goal_index = rank(&goal_cells, n);
    let goal_label = fill.region(goal_free, home(0)).trailing_zeros();
    reached.mark(goal_index, goal_label);
    depth_of[goal_index] = 0;
    // A state packed as its index and its region's label (five bits).
    let mut layer = vec![(goal_index as u64) << 5 | goal_label as u64];
    let mut depth = 0u8;
    while !layer.is_empty() {
        depth = depth.checked_add(1).filter(|&d| d < u8::MAX).ok_or_else(|| bad("a group needs 255 moves or more"))?;
        let mut following = Vec::with_capacity(layer.len() + layer.len() / 2);
        for (popped, &state) in layer.iter().enumerate() {
            if popped % (1 << 16) == 0 && stop() {
                return Err(bad("the check was stopped"));
            }
            let (index, label) = ((state >> 5) as usize, (state & 31) as usize);
            let mut cells = [0usize; MAX_GROUP];
            unrank(index, k, n, &mut cells);
            let free = fill.all & !cells[..k].iter().fold(0u32, |m, &c| m | 1 << c);
            let region = fill.region(free, label);
            for i in 0..k {
                let from = cells[i];
                let mut into = next[from] & region;
                while into != 0 {
                    let to = into.trailing_zeros() as usize;
                    into &= into - 1;
                    let mut moved = cells;
                    moved[i] = to;
                    let r = rank(&moved[..k], n);
                    // The blank ends on the cell the tile left.
                    let after = (free & !(1 << to)) | 1 << from;
                    let l = fill.region(after, from).trailing_zeros();
                    if reached.mark(r, l) {
                        depth_of[r] = depth_of[r].min(depth);
                        following.push((r as u64) << 5 | l as u64);
                    }
                }
            }
        }
        layer = following;
    }
    match table.iter().zip(&depth_of).position(|(&entry, &least)| entry > least) {
        Some(p) => {
            let mut cells = [0usize; MAX_GROUP];
            unrank(p, k, n, &mut cells);
            Err(bad(format!(
                "group {group:?}: with its tiles on cells {:?} the table says {}, but {} moves of them bring them home",
                &cells[..k],
                table[p],
                depth_of[p]
            )))
        }
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made table file: a 2x2 board, the group of tiles 1 and 2, every entry 7.
    #[test]
    fn cells_that_are_no_placement_read_as_the_weakest_bound() {
        let mut file = MAGIC.to_vec();
        file.extend([2, 2, 1, 2, 3, 0, 2, 1, 2]);
        file.extend([7; 12]);
        let tables = crate::tables::Tables::dense(&[std::sync::Arc::new(file)]).expect("a table");
        assert_eq!(tables.entry(0, &[0, 1]), 7);
        assert_eq!(tables.entry(0, &[1, 1]), 0, "a cell twice");
        assert_eq!(tables.entry(0, &[0, 9]), 0, "off the board");
    }

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        let (n, k) = (6, 3);
        let mut seen = vec![false; placements(n, k)];
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                for c in (0..n).filter(|&c| c != a && c != b) {
                    let r = rank(&[a, b, c], n);
                    assert!(!std::mem::replace(&mut seen[r], true));
                    let mut back = [0; MAX_GROUP];
                    unrank(r, k, n, &mut back);
                    assert_eq!(&back[..3], &[a, b, c]);
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
