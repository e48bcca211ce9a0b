//! One group's table, by a 0-1 breadth-first search backward from the goal (moves are
//! reversible): a state is the group's cells and the blank's cell; moving a group tile
//! costs 1, any other tile 0 (the others are indistinguishable, their moves free).
//!
//! Cells are 4-bit digits (boards of up to 16 cells), so a placement of k tiles is a
//! k-digit base-16 number: tables are sparse (16^k bytes, entries for placements with two
//! tiles on one cell never used) and an index changes by `(to - from) << 4 * digit` when a
//! tile moves, which is what lets the search update its estimate in a few instructions.

use crate::rules::board::{Board, BLANK};
use puzzlec_core::Move;

/// Bits per cell in an index.
pub(crate) const DIGIT: usize = 4;

/// The index of a placement: the group's cells as base-16 digits, first tile highest.
pub(crate) fn index(cells_of_tiles: impl Iterator<Item = usize>) -> usize {
    cells_of_tiles.fold(0, |acc, c| (acc << DIGIT) | c)
}

/// The shift of the digit that holds tile `i` of a group of `k`.
pub(crate) fn shift(i: usize, k: usize) -> usize {
    DIGIT * (k - 1 - i)
}

/// The cells next to each cell, with the move that brings the tile there into the blank
/// when the blank is on that cell.
pub(crate) fn neighbours(rows: usize, cols: usize) -> Vec<Vec<(Move, usize)>> {
    (0..rows * cols)
        .map(|b| {
            Move::ALL
                .into_iter()
                .filter_map(|m| {
                    let (dr, dc) = m.delta();
                    let (r, c) = ((b / cols) as isize - dr, (b % cols) as isize - dc);
                    let inside = r >= 0 && c >= 0 && r < rows as isize && c < cols as isize;
                    inside.then(|| (m, r as usize * cols + c as usize))
                })
                .collect()
        })
        .collect()
}

/// A group's table: per placement the fewest moves over every region of the blank, and
/// the regions that need more ([`Excess`]), which only certificates read.
pub(crate) struct Built {
    pub table: Vec<u8>,
    pub excess: Vec<Excess>,
}

/// A (placement, region of the blank) whose distance is above its placement's entry: the
/// region named by its lowest cell, and by how much. Why keep them: the table alone (a
/// minimum over regions) is admissible but not consistent move by move (a tile's move can
/// lower an entry by up to 7), so a checker could not verify it locally; with these, the
/// distance of every abstract state is known, and those are consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Excess {
    pub index: u32,
    pub cell: u8,
    pub by: u8,
}

/// The table of `group` for `goal` (`None` when this thread's run was stopped first).
///
/// A breadth-first search by levels over (placement, region of the blank): the blank's
/// free moves are a flood fill over the cells the group leaves free, so each region is
/// visited once as a whole, and a level's successors are the group's tiles next to the
/// region moved into it (cost 1). What is visited is kept by a placement's rank among the
/// n!/(n-k)! placements, 16 bits (one per blank cell) each: 11 MB for six tiles on 16 cells,
/// which stays in the processor's cache where the sparse index's 33 MB did not (measured:
/// 2.5 times faster; a 0-1 BFS over (placement, blank cell) was slower again).
pub(crate) fn build(goal: &Board, group: &[u8]) -> Option<Built> {
    let (n, k) = (goal.len(), group.len());
    let next_to = neighbours(goal.rows(), goal.cols());
    let home = |t: u8| goal.cells().iter().position(|&c| c == t).expect("tile on the goal");
    let start = index(group.iter().map(|&t| home(t)));
    let ranks: usize = (0..k).map(|i| n - i).product();
    let mut visited = vec![0u16; ranks];
    let mut best = vec![u8::MAX; ranks];
    let mut level = vec![((start << DIGIT) | home(BLANK)) as u32];
    let mut region = Vec::with_capacity(MAX_CELLS);
    let mut popped = 0u32;
    let mut scratch = Vec::new();
    let mut excess = Vec::new();
    for d in 0u8.. {
        if level.is_empty() {
            break;
        }
        let mut next = Vec::with_capacity(level.len() * 4);
        for &state in &level {
            let (placement, blank) = (state as usize >> DIGIT, state as usize & 15);
            let r = rank(placement, k, n);
            if visited[r] & (1 << blank) != 0 {
                continue;
            }
            popped = popped.wrapping_add(1);
            // Building takes seconds: a portfolio's loser, Ctrl-C or a time limit (through
            // `stop::building_until`) must not wait for it.
            if popped.is_multiple_of(1 << 16) && puzzlec_core::stop::overdue() {
                return None;
            }
            let mut occupied = 0u32;
            for i in 0..k {
                occupied |= 1 << ((placement >> shift(i, k)) & 15);
            }
            best[r] = best[r].min(d);
            // The blank's region: free cells reachable from its cell.
            region.clear();
            region.push(blank);
            let mut reached = 1u32 << blank;
            let mut j = 0;
            while j < region.len() {
                for &(_, c) in &next_to[region[j]] {
                    if (occupied | reached) & (1 << c) == 0 {
                        reached |= 1 << c;
                        region.push(c);
                    }
                }
                j += 1;
            }
            visited[r] |= reached as u16;
            if d > best[r] {
                let cell = reached.trailing_zeros() as u8;
                excess.push(Excess { index: placement as u32, cell, by: d - best[r] });
            }
            // A group tile next to the region slides into it: one move of its own.
            for &c in &region {
                for &(_, from) in &next_to[c] {
                    if occupied & (1 << from) == 0 {
                        continue;
                    }
                    let i = (0..k).find(|&i| (placement >> shift(i, k)) & 15 == from).expect("a group tile");
                    let moved = placement - (from << shift(i, k)) + (c << shift(i, k));
                    next.push(((moved << DIGIT) | from) as u32);
                }
            }
        }
        // In order, the next level's states are read from `visited` front to back (a
        // placement's rank grows with its index) instead of at random.
        sort(&mut next, &mut scratch, 4 * k + DIGIT);
        next.dedup();
        level = next;
    }
    // Spread over the sparse index the search uses (placements with two tiles on one cell
    // keep the largest value; no board has them).
    let mut table = vec![u8::MAX; 1 << (DIGIT * k)];
    for (p, entry) in table.iter_mut().enumerate() {
        let cells = (0..k).map(|i| (p >> shift(i, k)) & 15);
        let mask = cells.clone().fold(0u32, |m, c| m | 1 << c);
        if mask.count_ones() as usize == k && cells.clone().all(|c| c < n) {
            *entry = best[rank(p, k, n)];
        }
    }
    excess.sort_unstable_by_key(|e| (e.index, e.cell));
    Some(Built { table, excess })
}

/// Sorts `keys` of `bits` bits by a radix sort in three passes (LSD, through `scratch`;
/// a pass's counters fit the first-level cache).
fn sort(keys: &mut Vec<u32>, scratch: &mut Vec<u32>, bits: usize) {
    let width = bits.div_ceil(3);
    for pass in 0..3 {
        let shift = pass * width;
        let digit = |k: u32| (k as usize >> shift) & ((1 << width) - 1);
        let mut start = vec![0u32; (1 << width) + 1];
        for &k in keys.iter() {
            start[digit(k) + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        scratch.clear();
        scratch.resize(keys.len(), 0);
        for &k in keys.iter() {
            let d = digit(k);
            scratch[start[d] as usize] = k;
            start[d] += 1;
        }
        std::mem::swap(keys, scratch);
    }
}

/// The rank of a placement (k distinct cells of n, in order) among all n!/(n-k)! of them.
fn rank(placement: usize, k: usize, n: usize) -> usize {
    let mut cells = [0usize; super::MAX_GROUP];
    let mut r = 0;
    for i in 0..k {
        let c = (placement >> shift(i, k)) & 15;
        cells[i] = c;
        let below = cells[..i].iter().filter(|&&e| e < c).count();
        r = r * (n - i) + c - below;
    }
    r
}

/// Most cells a board the tables are built for has.
const MAX_CELLS: usize = super::MAX_CELLS;
