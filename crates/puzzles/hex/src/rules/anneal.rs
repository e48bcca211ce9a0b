//! A local search for one filling of any line-sum figure: simulated annealing over the
//! placements of the values, as the published magic hexagons of orders 4 to 7 were found.
//! It can find a filling (which the caller checks by the rules, as every decoded model) but
//! never prove there is none: a run that ends without one says "unknown".
//!
//! The state places every value (distinct values: a permutation over the cells; values that
//! repeat: any value per cell), givens fixed. Its cost is the sum over lines of the squared
//! distance of the line's sum from the magic sum. A move swaps the values of two free cells
//! (repeats: gives one free cell another value); only the lines through them change, so a
//! move costs a few additions. A move that lowers the cost is taken; one that raises it by d
//! with probability exp(-d / T). T falls geometrically over a round and a round that ends
//! without a filling starts again from a shuffle, so a long run is many independent tries.

use std::time::Instant;

use super::shape::Shape;

/// What to look for: the figure, the values, the sum, and cells that keep their value.
pub struct Target<'a> {
    pub shape: &'a Shape,
    /// Sorted; when `distinct`, one per cell.
    pub values: &'a [i64],
    pub distinct: bool,
    pub sum: i64,
    /// (0-based cell, value).
    pub givens: &'a [(usize, i64)],
}

/// Moves per round, and how often the clock and the stop are looked at. Order 5 with
/// 15..75, one thread, six seeds: 4 million a round found all six within 90 s (11 to 87 s),
/// 1 million five (2.6 to 62 s), 250 thousand three.
const MOVES: u64 = 4_000_000;
const CHECK: u64 = 1 << 14;

/// Anneals from `seed` until a filling is found (returned), `deadline` passes or the run is
/// asked to stop (`None`).
pub fn anneal(t: &Target<'_>, seed: u64, deadline: Option<Instant>) -> Option<Vec<i64>> {
    let n = t.shape.cells();
    let through: Vec<Vec<usize>> =
        (0..n).map(|c| (0..t.shape.lines.len()).filter(|&l| t.shape.lines[l].contains(&c)).collect()).collect();
    let fixed: Vec<Option<i64>> = (0..n).map(|c| t.givens.iter().find(|g| g.0 == c).map(|g| g.1)).collect();
    let free: Vec<usize> = (0..n).filter(|&c| fixed[c].is_none()).collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    // The values left for the free cells (distinct: each once).
    let mut rest: Vec<i64> = t.values.to_vec();
    if t.distinct {
        for &(_, v) in t.givens {
            if let Some(i) = rest.iter().position(|&x| x == v) {
                rest.swap_remove(i);
            }
        }
        if rest.len() != free.len() {
            return None;
        }
    }
    // The scale of a move's change: a typical value's distance from the middle, squared.
    let spread = (t.values[t.values.len() - 1] - t.values[0]).max(1) as f64;
    let (hot, cold) = (spread * spread / 2.0, 0.2);
    let mut moves: u64 = 0;
    loop {
        let mut filling: Vec<i64> = fixed.iter().map(|f| f.unwrap_or(0)).collect();
        rng.shuffle(&mut rest);
        for (i, &c) in free.iter().enumerate() {
            filling[c] = if t.distinct { rest[i] } else { rest[rng.usize(..rest.len())] };
        }
        let mut sums: Vec<i64> = t.shape.lines.iter().map(|l| l.iter().map(|&c| filling[c]).sum()).collect();
        let mut cost: i64 = sums.iter().map(|s| (s - t.sum).pow(2)).sum();
        let cooling = (cold / hot).powf(1.0 / MOVES as f64);
        let mut temperature = hot;
        for _ in 0..MOVES {
            if cost == 0 {
                return Some(filling);
            }
            moves += 1;
            if moves.is_multiple_of(CHECK) && puzzlec_core::stop::passed(deadline) {
                return None;
            }
            temperature *= cooling;
            if free.len() < 2 && t.distinct || free.is_empty() {
                return None;
            }
            let a = free[rng.usize(..free.len())];
            let (b, new_a, new_b) = match t.distinct {
                true => {
                    let b = free[rng.usize(..free.len())];
                    (b, filling[b], filling[a])
                }
                false => (a, t.values[rng.usize(..t.values.len())], 0),
            };
            if a == b && t.distinct {
                continue;
            }
            // The change of every line through a or b.
            let mut delta = 0;
            let mut changed: [(usize, i64); 16] = [(0, 0); 16];
            let mut count = 0;
            let mut touch = |line: usize, by: i64| {
                if let Some(slot) = changed[..count].iter_mut().find(|s| s.0 == line) {
                    slot.1 += by;
                } else if count < changed.len() {
                    changed[count] = (line, by);
                    count += 1;
                }
            };
            for &l in &through[a] {
                touch(l, new_a - filling[a]);
            }
            if a != b {
                for &l in &through[b] {
                    touch(l, new_b - filling[b]);
                }
            }
            if count == changed.len() {
                continue;
            }
            for &(l, by) in &changed[..count] {
                delta += (sums[l] + by - t.sum).pow(2) - (sums[l] - t.sum).pow(2);
            }
            if delta <= 0 || rng.f64() < (-(delta as f64) / temperature).exp() {
                for &(l, by) in &changed[..count] {
                    sums[l] += by;
                }
                filling[a] = new_a;
                if a != b {
                    filling[b] = new_b;
                }
                cost += delta;
            }
        }
    }
}
