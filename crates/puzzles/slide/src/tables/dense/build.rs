//! One group's table by a layered breadth-first search backward from the goal (moves are
//! reversible). An abstract state is the group's placement and the region of free cells the
//! blank is in: the other tiles are indistinguishable, so the blank roams its region for
//! free, and a group tile next to the region slides into it at a cost of one. A placement's
//! entry is the depth at which any of its regions is first reached.
//!
//! Memory, for 6 tiles on 25 cells: the table (127.5 MB), a bit per (placement, cell) that
//! says which regions were reached (400 MB), and two layers of states (8 bytes each; the
//! widest layers hold about a fifth of the states). A state is marked when it is pushed,
//! so no layer holds one twice.

use super::shape::{placements, rank, unrank, Shape, MAX_GROUP};

/// The fewest moves of its own tiles that bring a group home, per placement (by
/// [`rank`]); `home` holds the group's goal cells, `blank` the blank's goal cell. `None`
/// when this thread's run is stopped or its build deadline passes
/// (`puzzlec_core::stop::overdue`).
pub(crate) fn build(shape: &Shape, home: &[u8], blank: u8) -> Option<Vec<u8>> {
    let (n, k) = (shape.cells, home.len());
    assert!(k <= MAX_GROUP && !home.contains(&blank));
    let mut table = vec![u8::MAX; placements(n, k)];
    let mut seen = Bits::new(table.len() * n);
    let occupied = home.iter().fold(0u32, |m, &c| m | 1 << c);
    let region = shape.flood(1 << blank, shape.full() & !occupied);
    let start = rank(home, n);
    seen.mark(start, n, region);
    table[start] = 0;
    let mut layer = vec![pack(start, region)];
    let mut popped = 0u32;
    for depth in 1u8.. {
        if layer.is_empty() {
            break;
        }
        let mut next = Vec::with_capacity(layer.len() * 2);
        for &state in &layer {
            popped = popped.wrapping_add(1);
            // Building takes minutes at 25 cells: a portfolio's loser, Ctrl-C or a time
            // limit must not wait for it.
            if popped.is_multiple_of(1 << 16) && puzzlec_core::stop::overdue() {
                return None;
            }
            let (index, lowest) = (state >> 5, state & 31);
            let mut cells = [0u8; MAX_GROUP];
            unrank(index as usize, k, n, &mut cells);
            let occupied = cells[..k].iter().fold(0u32, |m, &c| m | 1 << c);
            let free = shape.full() & !occupied;
            let region = shape.flood(1 << lowest, free);
            for i in 0..k {
                let from = cells[i];
                let mut into = shape.next[from as usize] & region;
                while into != 0 {
                    let to = into.trailing_zeros() as u8;
                    into &= into - 1;
                    let mut moved = cells;
                    moved[i] = to;
                    let r = rank(&moved[..k], n);
                    if seen.get(r * n + from as usize) {
                        continue;
                    }
                    let reached = shape.flood(1 << from, (free | 1 << from) & !(1 << to));
                    seen.mark(r, n, reached);
                    table[r] = table[r].min(depth);
                    next.push(pack(r, reached));
                }
            }
        }
        layer = next;
    }
    Some(table)
}

/// A state in a layer: the placement's rank and the region's lowest cell.
fn pack(rank: usize, region: u32) -> u64 {
    (rank as u64) << 5 | u64::from(region.trailing_zeros())
}

/// A fixed array of bits.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Marks every cell of `region` for placement `rank`.
    fn mark(&mut self, rank: usize, n: usize, mut region: u32) {
        while region != 0 {
            let i = rank * n + region.trailing_zeros() as usize;
            self.0[i / 64] |= 1 << (i % 64);
            region &= region - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;
    use crate::search::bfs::distances_from;

    fn home_of(goal: &Board, tiles: &[u8]) -> Vec<u8> {
        tiles.iter().map(|&t| goal.cells().iter().position(|&x| x == t).unwrap() as u8).collect()
    }

    /// A group's entry for a board's placement is never above the board's distance, and
    /// with every tile in the group it is the distance.
    fn check(rows: usize, cols: usize, group: &[u8]) -> usize {
        let goal = Board::goal(rows, cols);
        let n = rows * cols;
        let table = build(&Shape::new(rows, cols), &home_of(&goal, group), goal.blank() as u8).unwrap();
        let mut tight = 0;
        for (&packed, &d) in &distances_from(&goal) {
            let board = goal.unpack(packed);
            let entry = table[rank(&home_of(&board, group), n)];
            assert!(entry <= d, "entry {entry} above the distance {d}");
            if group.len() + 1 == n {
                assert_eq!(entry, d);
            }
            tight += usize::from(entry == d);
        }
        tight
    }

    #[test]
    fn a_table_is_admissible_and_exact_for_the_group_of_every_tile() {
        assert!(check(3, 3, &[1, 2, 4]) > 0);
        assert!(check(3, 3, &[5, 6, 7, 8]) > 0);
        assert_eq!(check(2, 3, &[1, 2, 3, 4, 5]), 360);
    }
}
