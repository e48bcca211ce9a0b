//! A board's cells as bits of a `u32` (boards of up to 32 cells) and a group's placement as
//! a dense rank: the k cells of its tiles, in order, numbered from 0 to n!/(n-k)! - 1, so a
//! 6-tile table on 25 cells has 127,512,000 entries of one byte, none wasted.

/// Most cells a board with dense tables has (a cell set is a `u32`; the tables' size grows
/// as n^6, 127.5 MB each at 25).
pub const MAX_CELLS: usize = 25;
/// Most tiles in a group: six, the size Korf and Felner's 24-puzzle tables use.
pub const MAX_GROUP: usize = 6;

/// The geometry of one board shape: neighbour sets and the masks that make a region grow by
/// shifts.
pub(crate) struct Shape {
    pub cells: usize,
    cols: usize,
    full: u32,
    /// Cells not in the first column (where a shift left-to-right may land) and not in the
    /// last (where a shift right-to-left may land).
    not_first: u32,
    not_last: u32,
    /// Per cell, the cells next to it.
    pub next: Vec<u32>,
}

impl Shape {
    pub fn new(rows: usize, cols: usize) -> Shape {
        let cells = rows * cols;
        let full = if cells == 32 { u32::MAX } else { (1u32 << cells) - 1 };
        let column = |c: usize| (0..rows).fold(0u32, |m, r| m | 1 << (r * cols + c));
        let next = (0..cells)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                let mut m = 0u32;
                if r > 0 {
                    m |= 1 << (i - cols);
                }
                if r + 1 < rows {
                    m |= 1 << (i + cols);
                }
                if c > 0 {
                    m |= 1 << (i - 1);
                }
                if c + 1 < cols {
                    m |= 1 << (i + 1);
                }
                m
            })
            .collect();
        Shape { cells, cols, full, not_first: full & !column(0), not_last: full & !column(cols - 1), next }
    }

    /// Every cell.
    pub fn full(&self) -> u32 {
        self.full
    }

    /// The cells of `free` reachable from `seed` (a subset of `free`) through `free`.
    #[inline]
    pub fn flood(&self, seed: u32, free: u32) -> u32 {
        let mut r = seed;
        loop {
            let grown =
                (r | ((r << 1) & self.not_first) | ((r >> 1) & self.not_last) | (r << self.cols) | (r >> self.cols))
                    & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }
}

/// How many placements k tiles have on n cells: n!/(n-k)!.
pub fn placements(n: usize, k: usize) -> usize {
    (0..k).map(|i| n - i).product()
}

/// The rank of the placement `cells` (distinct, each below `n`) among [`placements`]: each
/// tile's cell counted among the cells the tiles before it leave free, as digits of a mixed
/// radix (n, n-1, ...).
#[inline]
pub fn rank(cells: &[u8], n: usize) -> usize {
    let mut index = 0;
    let mut used = 0u32;
    for (i, &c) in cells.iter().enumerate() {
        let below = (used & ((1u32 << c) - 1)).count_ones() as usize;
        index = index * (n - i) + c as usize - below;
        used |= 1 << c;
    }
    index
}

/// The placement of rank `index` (the inverse of [`rank`]), in `cells[..k]`.
pub fn unrank(mut index: usize, k: usize, n: usize, cells: &mut [u8]) {
    let mut digits = [0usize; MAX_GROUP];
    for i in (0..k).rev() {
        digits[i] = index % (n - i);
        index /= n - i;
    }
    let mut used = 0u32;
    for i in 0..k {
        // The digits[i]-th free cell.
        let mut left = digits[i];
        let mut c = 0;
        loop {
            if used & (1 << c) == 0 {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            c += 1;
        }
        cells[i] = c as u8;
        used |= 1 << c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        let (n, k) = (7, 3);
        let mut seen = vec![false; placements(n, k)];
        for a in 0..n as u8 {
            for b in (0..n as u8).filter(|&b| b != a) {
                for c in (0..n as u8).filter(|&c| c != a && c != b) {
                    let r = rank(&[a, b, c], n);
                    assert!(!std::mem::replace(&mut seen[r], true), "rank {r} twice");
                    let mut back = [0u8; 3];
                    unrank(r, k, n, &mut back);
                    assert_eq!(back, [a, b, c]);
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn a_flood_stays_inside_the_free_cells_and_the_board() {
        let s = Shape::new(3, 4);
        // Free: the first column and the bottom row; the seed top-left reaches both.
        let free = 0b0001 | 0b0001 << 4 | 0b1111 << 8;
        assert_eq!(s.flood(1, free), free);
        // A wall in column 1 of the bottom row cuts the row off from its right part.
        let cut = free & !(1 << 9);
        assert_eq!(s.flood(1, cut), 1 | 1 << 4 | 1 << 8);
        assert_eq!(s.next[5], 1 << 1 | 1 << 9 | 1 << 4 | 1 << 6);
    }
}
