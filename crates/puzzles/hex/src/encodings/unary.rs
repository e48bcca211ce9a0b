//! `unary`: a magic figure as clauses whose size grows with cells x values, not with the number
//! of value sets a line can hold (which `cnf` tables, and which explodes past order 3: a
//! line of 7 cells over 37 values has hundreds of thousands).
//!
//! Each cell's value is one-hot (`V<cell>=<value>`, the names `cnf` decodes) and, beside
//! it, in the order encoding: `ge(c, k)` says "cell c holds the k-th smallest value or a
//! larger one", so the cell's value minus the smallest is a unary number (a sorted bit
//! vector, bit j true iff the value is at least smallest + j; gaps in the values repeat a
//! bit). A line's sum is then the sum of its cells' unary numbers, merged pairwise up a
//! balanced tree as a totalizer does (each merge node's outputs sorted, "at least k"), cut
//! above the bound: the sum is the magic sum exactly when the root says "at least t" and
//! not "at least t + 1". Every value is used once (exactly one cell per value).

use puzzlec_ir::{ClauseSink, Lit};

use super::cnf::var_name;
use super::MagicProblem;

/// Writes the encoding of `p` into `sink`.
pub fn encode(p: &MagicProblem, sink: &mut impl ClauseSink) {
    let n = p.shape.cells();
    let m = p.values.len();
    let x: Vec<Vec<Lit>> =
        (0..n).map(|c| p.values.iter().map(|&v| sink.new_var(Some(var_name(c, v)))).collect()).collect();
    // ge[c][k] for k in 1..m (position 0 is always reached); ge[c][k - 1] is its literal.
    let ge: Vec<Vec<Lit>> = (0..n).map(|_| (1..m).map(|_| sink.new_var(None)).collect()).collect();
    for c in 0..n {
        let at_least = |k: usize| (k >= 1 && k < m).then(|| ge[c][k - 1]);
        for k in 1..m.saturating_sub(1) {
            sink.add_clause(&[-ge[c][k], ge[c][k - 1]]);
        }
        // x(c, k) <-> ge(c, k) and not ge(c, k + 1), with ge(c, 0) true and ge(c, m) false.
        for (k, &holds) in x[c].iter().enumerate() {
            let (low, high) = (at_least(k), at_least(k + 1));
            if let Some(l) = low {
                sink.add_clause(&[-holds, l]);
            }
            if let Some(h) = high {
                sink.add_clause(&[-holds, -h]);
            }
            let mut back = vec![holds];
            back.extend(low.map(|l| -l));
            back.extend(high);
            sink.add_clause(&back);
        }
    }
    for k in (0..m).filter(|_| p.distinct) {
        let holders: Vec<Lit> = x.iter().map(|cell| cell[k]).collect();
        puzzlec_encode::card::exactly_one(sink, &holders);
    }
    let smallest = p.values[0];
    let span = (p.values[m - 1] - smallest) as usize;
    // Bit j (from 1) of a cell's unary number: its value is at least smallest + j.
    let unary = |c: usize| -> Vec<Lit> {
        (1..=span).map(|j| ge[c][p.values.partition_point(|&v| v - smallest < j as i64) - 1]).collect()
    };
    // An open sum: one selector per sum a line may have, exactly one chosen.
    let sums = super::sums::listed(p);
    let selectors: Vec<Lit> = match sums.len() {
        1 => Vec::new(),
        _ => sums.iter().map(|_| sink.new_var(None)).collect(),
    };
    if !selectors.is_empty() {
        puzzlec_encode::card::exactly_one(sink, &selectors);
    }
    for line in &p.shape.lines {
        let most = (line.len() * span) as i64;
        let targets: Vec<i64> = sums.iter().map(|s| s - line.len() as i64 * smallest).collect();
        let reachable = targets.iter().filter(|t| (0..=most).contains(*t));
        let Some(&top) = reachable.max() else {
            sink.add_clause(&[]);
            continue;
        };
        let leaves: Vec<Vec<Lit>> = line.iter().map(|&c| unary(c)).collect();
        let root = sum_tree(sink, &leaves, top as usize + 1);
        for (i, &target) in targets.iter().enumerate() {
            // With one sum the facts are units; with an open sum, implied by its selector.
            let mut clause: Vec<Lit> = selectors.get(i).map(|&z| -z).into_iter().collect();
            if !(0..=most).contains(&target) {
                sink.add_clause(&clause);
                continue;
            }
            let t = target as usize;
            if t >= 1 {
                let mut at_least = clause.clone();
                at_least.push(root[t - 1]);
                sink.add_clause(&at_least);
            }
            if t < root.len() {
                clause.push(-root[t]);
                sink.add_clause(&clause);
            }
        }
    }
    for &(c, v) in &p.givens {
        if let Ok(k) = p.values.binary_search(&v) {
            sink.add_clause(&[x[c][k]]);
        }
    }
    // value(a) < value(b): position(b) >= position(a) + 1, bit by bit of the order encoding.
    for &(a, b) in p.breaking() {
        if m >= 2 {
            sink.add_clause(&[ge[b][0]]);
            sink.add_clause(&[-ge[a][m - 2]]);
        }
        for k in 1..m.saturating_sub(1) {
            sink.add_clause(&[-ge[a][k - 1], ge[b][k]]);
        }
    }
}

/// The sum of unary numbers, as a unary number cut at `cap` bits (bit k from 1: "at least
/// k"); merged over a balanced tree so each merge sees numbers of similar length.
fn sum_tree(sink: &mut impl ClauseSink, leaves: &[Vec<Lit>], cap: usize) -> Vec<Lit> {
    match leaves {
        [] => Vec::new(),
        [one] => one.iter().copied().take(cap).collect(),
        _ => {
            let (left, right) = leaves.split_at(leaves.len() / 2);
            let (a, b) = (sum_tree(sink, left, cap), sum_tree(sink, right, cap));
            merge(sink, &a, &b, cap)
        }
    }
}

/// The totalizer's merge of two sorted unary numbers into their sum, both directions:
/// a >= i and b >= j give sum >= i + j; a < i + 1 and b < j + 1 give sum < i + j + 1.
fn merge(sink: &mut impl ClauseSink, a: &[Lit], b: &[Lit], cap: usize) -> Vec<Lit> {
    let len = (a.len() + b.len()).min(cap);
    let sum: Vec<Lit> = (0..len).map(|_| sink.new_var(None)).collect();
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            let k = i + j;
            if (1..=len).contains(&k) {
                let mut up: Vec<Lit> = Vec::with_capacity(3);
                up.extend((i > 0).then(|| -a[i - 1]));
                up.extend((j > 0).then(|| -b[j - 1]));
                up.push(sum[k - 1]);
                sink.add_clause(&up);
            }
            if k < len {
                let mut down: Vec<Lit> = Vec::with_capacity(3);
                down.extend(a.get(i).copied());
                down.extend(b.get(j).copied());
                down.push(-sum[k]);
                sink.add_clause(&down);
            }
        }
    }
    sum
}

/// The most clauses `unary` writes: past it (order 8 would need about 114 million) the
/// formula and the solvers' copies of it outgrow this machine's 24 GiB (order 8 was killed
/// there at 24 GiB); order 7 needs about 40 million.
pub const MAX_CLAUSES: u64 = 60_000_000;

/// The clauses `encode` writes for `p`, counted without writing them (the size cap).
pub fn estimated_clauses(p: &MagicProblem) -> u64 {
    fn tree(leaves: usize, bits: u64, cap: u64) -> (u64, u64) {
        if leaves == 1 {
            return (bits.min(cap), 0);
        }
        let (a, ca) = tree(leaves / 2, bits, cap);
        let (b, cb) = tree(leaves - leaves / 2, bits, cap);
        let len = (a + b).min(cap);
        // Per (i, j): an up clause when 1 <= i + j <= len, a down one when i + j < len.
        let mut merge = 0;
        for i in 0..=a {
            if len >= i {
                let (low, high) = (1u64.saturating_sub(i), b.min(len - i));
                merge += (high + 1).saturating_sub(low);
            }
            merge += len.saturating_sub(i).min(b + 1);
        }
        (len, ca + cb + merge)
    }
    let (n, m) = (p.shape.cells() as u64, p.values.len() as u64);
    let span = (p.values[p.values.len() - 1] - p.values[0]) as u64;
    // Channelling, the chains, each value once, the symmetry order and the givens.
    let mut total = 3 * n * m + m * (1 + n * n.saturating_sub(1) / 2) + n * m.saturating_sub(2) + 8 * m;
    total += p.givens.len() as u64;
    let Some(sums) = p.sums() else {
        return u64::MAX;
    };
    let top = sums.last().copied().unwrap_or(0);
    total += 2 * sums.len() as u64 * sums.len() as u64;
    for line in &p.shape.lines {
        let target = (top - line.len() as i64 * p.values[0]).max(0) as u64;
        total += tree(line.len(), span, target + 1).1 + 2 * sums.len() as u64;
    }
    total
}

/// `unary` in the registry.
pub struct Unary;

puzzlec_encode::describe!(
    Unary,
    "unary",
    "CNF: one-hot and order-encoded values; each line's sum through a totalizer of its cells' unary values",
    [Dimacs]
);

impl super::MagicEncoding for Unary {
    fn write_cnf(&self, p: &MagicProblem, mut sink: &mut dyn ClauseSink) {
        encode(p, &mut sink);
    }

    fn smt(&self, _: &MagicProblem) -> puzzlec_ir::SmtScript {
        unreachable!("unary is CNF only; callers check is_cnf")
    }

    fn decode(&self, model: &dyn puzzlec_ir::Model, p: &MagicProblem) -> Result<Vec<i64>, puzzlec_encode::DecodeError> {
        super::cnf::decode_one_hot(model, p)
    }

    fn blocking(&self, values: &[i64]) -> Vec<(String, i64)> {
        values.iter().enumerate().map(|(c, &v)| (var_name(c, v), 1)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Hexagon;

    /// The estimate behind the size cap is never below the clauses written, nor far above.
    #[test]
    fn the_estimate_bounds_the_clauses_written() {
        for (order, lo, broken) in [(3, 1, false), (3, -9, true), (4, 3, true), (4, -18, false)] {
            let hex = Hexagon::new(order).unwrap();
            let values: Vec<i64> = (lo..lo + hex.cells() as i64).collect();
            let p = MagicProblem { break_symmetry: broken, ..MagicProblem::hexagon(&hex, values).unwrap() };
            let mut cnf = puzzlec_ir::Cnf::new();
            encode(&p, &mut cnf);
            let (written, estimate) = (cnf.clauses().count() as u64, estimated_clauses(&p));
            assert!(written <= estimate && estimate <= written + written / 100, "order {order}: {written} {estimate}");
        }
    }
}
