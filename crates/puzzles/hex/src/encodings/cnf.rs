//! `cnf`: a magic figure as clauses. Each cell holds exactly one value (one-hot) and each value is
//! used exactly once. Each line is a table: the line's set of values is one of the few sets of
//! distinct values that add up to the magic sum (order 3: lines of 3, 4 and 5 cells have 30,
//! 147 and 238 such sets, out of 969, 3876 and 11628 sets of that size). A selector per (line, set) says "this
//! line holds exactly this set": every value of the set is somewhere on the line, and a value
//! on the line must belong to a selected set. Sums never appear as arithmetic, which is why
//! this solves all of Hex38 in milliseconds where a linear-arithmetic solver needs seconds.

use puzzlec_ir::{ClauseSink, Lit};

use super::MagicProblem;
use puzzlec_encode::card::exactly_one;

/// The name of "cell (0-based) holds value v".
pub fn var_name(cell: usize, value: i64) -> String {
    format!("V{}={value}", cell + 1)
}

/// Every set of `k` distinct values of `values` (sorted) adding up to `sum`, as positions
/// in `values` counted from 1, in increasing order; `None` once there are more than
/// `limit` of them (the table would not pay).
pub fn value_sets(k: usize, values: &[i64], sum: i64, limit: usize) -> Option<Vec<Vec<usize>>> {
    struct Search<'a> {
        values: &'a [i64],
        /// `prefix[i]`: the sum of the first i values, for the smallest and largest rests.
        prefix: Vec<i64>,
        out: Vec<Vec<usize>>,
        limit: usize,
    }
    impl Search<'_> {
        fn go(&mut self, k: usize, from: usize, sum: i64, acc: &mut Vec<usize>) -> bool {
            if k == 0 {
                if sum == 0 {
                    self.out.push(acc.clone());
                }
                return self.out.len() <= self.limit;
            }
            let n = self.values.len();
            for i in from..=n.saturating_sub(k) {
                // The k values from position i are the smallest rest, the last k the largest:
                // stop once even the smallest passes the sum, skip while the largest misses it.
                if self.prefix[i + k] - self.prefix[i] > sum {
                    break;
                }
                if self.prefix[n] - self.prefix[n - k] < sum {
                    break;
                }
                acc.push(i + 1);
                let fine = self.go(k - 1, i + 1, sum - self.values[i], acc);
                acc.pop();
                if !fine {
                    return false;
                }
            }
            true
        }
    }
    let mut prefix = vec![0];
    for &v in values {
        prefix.push(prefix.last().copied().unwrap_or(0) + v);
    }
    let mut search = Search { values, prefix, out: Vec::new(), limit };
    search.go(k, 0, sum, &mut Vec::new()).then_some(search.out)
}

/// A line's table: each value set (positions from 1) with the position of its sum in
/// [`MagicProblem::sums`].
pub type Table = Vec<(usize, Vec<usize>)>;

/// The table of every line; `None` when some line has more than `limit` sets, or when
/// values repeat (a table lists sets).
pub fn tables(p: &MagicProblem, limit: usize) -> Option<Vec<Table>> {
    if !p.distinct {
        return None;
    }
    let sums = p.sums()?;
    let line = |k: usize| -> Option<Table> {
        let mut out = Vec::new();
        for (i, &sum) in sums.iter().enumerate() {
            let sets = value_sets(k, &p.values, sum, limit.saturating_sub(out.len()))?;
            out.extend(sets.into_iter().map(|set| (i, set)));
        }
        Some(out)
    };
    p.shape.lines.iter().map(|l| line(l.len())).collect()
}

/// Lines with more value sets than this are not tabled (`choose` then picks `unary`).
pub const TABLE_LIMIT: usize = 20_000;

/// The most clauses `cnf` writes when it is asked for by name: each value set of a line is
/// a clause per value, so past order 3 the tables grow faster than any memory (order 4
/// with 3..39 would need about 80 million clauses).
pub const MAX_CLAUSES: u64 = 5_000_000;

/// The clauses `encode` writes for `p`, counted from the tables without writing them;
/// `None` once they pass [`MAX_CLAUSES`] (the sets are enumerated no further), or when the
/// sums cannot be listed.
pub fn estimated_clauses(p: &MagicProblem) -> Option<u64> {
    let n = p.shape.cells() as u64;
    let per_set = n + 2;
    let mut sets_left = MAX_CLAUSES / per_set;
    let sums = p.sums()?;
    let lines = p.shape.lines.len() as u64;
    // Cells one-hot, values once, the lines' channels and the pairs of lines.
    let mut total = 2 * n * n + lines * (2 * n + n * n) + lines * lines * n;
    for line in &p.shape.lines {
        for &sum in &sums {
            let found = value_sets(line.len(), &p.values, sum, sets_left as usize)?.len() as u64;
            sets_left = sets_left.checked_sub(found)?;
            total += found * per_set;
        }
    }
    (total <= MAX_CLAUSES).then_some(total)
}

/// Writes the encoding of `p` (distinct values only: see [`tables`]) into `sink`.
pub fn encode(p: &MagicProblem, sink: &mut impl ClauseSink) {
    let n = p.shape.cells();
    let tables = tables(p, usize::MAX).unwrap_or_default();
    let x: Vec<Vec<Lit>> =
        (0..n).map(|c| p.values.iter().map(|&v| sink.new_var(Some(var_name(c, v)))).collect()).collect();
    // `v` is a value's position in `p.values`, from 1 (the value itself for 1..=cells).
    let at = |c: usize, v: usize| x[c][v - 1];
    for values in &x {
        exactly_one(sink, values);
    }
    for v in 1..=n {
        let holders: Vec<Lit> = (0..n).map(|c| at(c, v)).collect();
        exactly_one(sink, &holders);
    }
    // in(L,v): value v is somewhere on line L. It channels between cells and the line's
    // table, and lets the lines of one direction share out the values (they partition the
    // cells, so each value lies on exactly one line of each direction).
    // An open sum: one selector per sum a line may have, exactly one chosen, and every
    // line's set of that sum.
    let sums: Vec<Lit> = match p.magic {
        Some(_) => Vec::new(),
        None => super::sums::listed(p).iter().map(|_| sink.new_var(None)).collect(),
    };
    if !sums.is_empty() {
        exactly_one(sink, &sums);
    }
    let mut within: Vec<Vec<Lit>> = Vec::with_capacity(p.shape.lines.len());
    for (line, sets) in p.shape.lines.iter().zip(&tables) {
        let inside: Vec<Lit> = (1..=n).map(|_| sink.new_var(None)).collect();
        for v in 1..=n {
            let mut somewhere = vec![-inside[v - 1]];
            somewhere.extend(line.iter().map(|&c| at(c, v)));
            sink.add_clause(&somewhere);
            for &c in line {
                sink.add_clause(&[-at(c, v), inside[v - 1]]);
            }
        }
        let selectors: Vec<Lit> = sets.iter().map(|_| sink.new_var(None)).collect();
        sink.add_clause(&selectors);
        for ((sum, set), &y) in sets.iter().zip(&selectors) {
            if let Some(&z) = sums.get(*sum) {
                sink.add_clause(&[-y, z]);
            }
            for v in 1..=n {
                let lit = if set.contains(&v) { inside[v - 1] } else { -inside[v - 1] };
                sink.add_clause(&[-y, lit]);
            }
        }
        for v in 1..=n {
            let mut support = vec![-inside[v - 1]];
            support.extend(sets.iter().zip(&selectors).filter(|((_, s), _)| s.contains(&v)).map(|(_, &y)| y));
            sink.add_clause(&support);
        }
        within.push(inside);
    }
    // Two lines of different directions share at most one cell, and values are distinct: a
    // value on both lines stands on their common cell (or cannot be on both, if they miss).
    let directions = p.shape.directions();
    let parallel = |a: usize, b: usize| directions.iter().any(|g| g.contains(&a) && g.contains(&b));
    for (a, la) in p.shape.lines.iter().enumerate() {
        for (b, lb) in p.shape.lines.iter().enumerate().skip(a + 1) {
            let common: Vec<usize> = la.iter().copied().filter(|c| lb.contains(c)).collect();
            if common.len() > 1 || parallel(a, b) {
                continue;
            }
            for v in 1..=n {
                let mut clause = vec![-within[a][v - 1], -within[b][v - 1]];
                clause.extend(common.iter().map(|&c| at(c, v)));
                sink.add_clause(&clause);
            }
        }
    }
    for direction in &directions {
        for v in 1..=n {
            let holders: Vec<Lit> = direction.iter().map(|&l| within[l][v - 1]).collect();
            exactly_one(sink, &holders);
        }
    }
    for &(c, v) in &p.givens {
        if let Ok(i) = p.values.binary_search(&v) {
            sink.add_clause(&[at(c, i + 1)]);
        }
    }
    for &(a, b) in p.breaking() {
        for va in 1..=n {
            for vb in 1..=va {
                sink.add_clause(&[-at(a, va), -at(b, vb)]);
            }
        }
    }
}

/// The value of every cell from the one-hot variables `V<cell>=<value>` (shared by every
/// CNF encoding of the hexagon).
///
/// # Errors
/// A missing variable, or a cell with no value or several.
pub fn decode_one_hot(
    model: &dyn puzzlec_ir::Model,
    p: &MagicProblem,
) -> Result<Vec<i64>, puzzlec_encode::DecodeError> {
    (0..p.shape.cells())
        .map(|c| {
            puzzlec_encode::exactly_one(
                model,
                p.values.iter().copied(),
                |v| var_name(c, v),
                |n| format!("cell {} holds {n} values", p.shape.names[c]),
            )
        })
        .collect()
}

/// `cnf` in the registry.
pub struct CnfEncoding;

puzzlec_encode::describe!(
    CnfEncoding,
    "cnf",
    "CNF: one-hot values; each line one of the value sets that add up to the magic sum",
    [Dimacs]
);

impl super::MagicEncoding for CnfEncoding {
    fn write_cnf(&self, p: &MagicProblem, mut sink: &mut dyn ClauseSink) {
        encode(p, &mut sink);
    }

    fn smt(&self, _: &MagicProblem) -> puzzlec_ir::SmtScript {
        unreachable!("cnf is CNF only; callers check is_cnf")
    }

    fn decode(&self, model: &dyn puzzlec_ir::Model, p: &MagicProblem) -> Result<Vec<i64>, puzzlec_encode::DecodeError> {
        decode_one_hot(model, p)
    }

    fn blocking(&self, values: &[i64]) -> Vec<(String, i64)> {
        values.iter().enumerate().map(|(c, &v)| (var_name(c, v), 1)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_sets_are_exact() {
        let sets = |k: usize, n: i64, sum: i64| value_sets(k, &(1..=n).collect::<Vec<_>>(), sum, usize::MAX).unwrap();
        assert_eq!(sets(2, 5, 6), vec![vec![1, 5], vec![2, 4]]);
        let three = sets(3, 19, 38);
        assert!(three.iter().all(|s| s.iter().sum::<usize>() == 38 && s.windows(2).all(|w| w[0] < w[1])));
        // Counts checked by brute force over all combinations (itertools in Python).
        assert_eq!(three.len(), 30);
        assert_eq!(sets(4, 19, 38).len(), 147);
        assert_eq!(sets(5, 19, 38).len(), 238);
        assert_eq!(sets(1, 1, 1), vec![vec![1]]);
        // Positions, not values: -2..2 with sum 0 in pairs are (-2, 2) and (-1, 1).
        assert_eq!(value_sets(2, &[-2, -1, 0, 1, 2], 0, 10), Some(vec![vec![1, 5], vec![2, 4]]));
        assert_eq!(value_sets(2, &[-2, -1, 0, 1, 2], 0, 1), None);
    }
}
