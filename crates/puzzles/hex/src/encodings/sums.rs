//! The sums a line may have when the figure leaves its sum open: the CNF encodings need one
//! selector per sum, so they need the list, and it must stay small.

use super::MagicProblem;
use std::collections::BTreeSet;

/// At most this many open sums are listed; past it the CNF encodings refuse the problem
/// (an SMT solver with `lia` takes the sum as one more unknown).
pub const SUM_LIMIT: usize = 100_000;

/// Past this many partial sums the exact list is given up (it would cost seconds).
const WORK_LIMIT: usize = 4_000_000;

/// The sums every line can reach, increasing; `None` when there are more than
/// [`SUM_LIMIT`]. Values close together reach every sum between a line's least and
/// greatest, so that range is the list; values spread out (`[1, 2, 10^12]`) reach few of
/// the sums in their range, so the list is the sums of exactly a line's number of values,
/// counted out by number of cells.
pub fn open(p: &MagicProblem) -> Option<Vec<i64>> {
    let (mut lo, mut hi) = (i64::MIN, i64::MAX);
    for line in &p.shape.lines {
        let (a, b) = p.reach(line.len());
        (lo, hi) = (lo.max(a), hi.min(b));
    }
    if lo > hi {
        return Some(Vec::new());
    }
    if (hi as i128 - lo as i128) < SUM_LIMIT as i128 {
        return Some((lo..=hi).collect());
    }
    let lengths: BTreeSet<usize> = p.shape.lines.iter().map(Vec::len).collect();
    let by_count = counted(p, *lengths.last()?)?;
    let mut common: Option<BTreeSet<i64>> = None;
    for k in lengths {
        let reach = &by_count[k];
        common = Some(match common {
            None => reach.clone(),
            Some(c) => c.intersection(reach).copied().collect(),
        });
    }
    Some(common.unwrap_or_default().into_iter().collect())
}

/// The sums of `p`, for an encoder: [`super::check_size`] has refused the problem before
/// any clause is written when they are too many to list.
pub(crate) fn listed(p: &MagicProblem) -> Vec<i64> {
    p.sums().expect("check_size refuses an open sum with too many sums to list")
}

/// Entry k: every sum of k values (distinct values when the problem says so), for k up to
/// `most`; `None` when an entry passes [`SUM_LIMIT`] or the work passes [`WORK_LIMIT`].
fn counted(p: &MagicProblem, most: usize) -> Option<Vec<BTreeSet<i64>>> {
    let mut by_count = vec![BTreeSet::new(); most + 1];
    by_count[0].insert(0i64);
    let mut work = 0usize;
    let mut add = |by_count: &mut Vec<BTreeSet<i64>>, k: usize, sums: Vec<i64>| {
        work += sums.len();
        by_count[k].extend(sums);
        (by_count[k].len() <= SUM_LIMIT && work <= WORK_LIMIT).then_some(())
    };
    match p.distinct {
        // Each value once: value by value, the sums of k - 1 others plus this one.
        true => {
            for &v in &p.values {
                for k in (1..=most).rev() {
                    let grown: Vec<i64> = by_count[k - 1].iter().map(|s| s + v).collect();
                    add(&mut by_count, k, grown)?;
                }
            }
        }
        // Any value any number of times: the sums of k - 1 cells plus any value.
        false => {
            for k in 1..=most {
                for &v in &p.values {
                    let grown: Vec<i64> = by_count[k - 1].iter().map(|s| s + v).collect();
                    add(&mut by_count, k, grown)?;
                }
            }
        }
    }
    Some(by_count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Shape;

    /// Two lines of two cells, no symmetry, the values given, the sum open.
    fn pairs(values: Vec<i64>, distinct: bool) -> MagicProblem {
        let names = ["a", "b", "c", "d"].map(String::from).to_vec();
        let shape = Shape { names, lines: vec![vec![0, 1], vec![2, 3]], symmetries: Vec::new(), breaking: Vec::new() };
        MagicProblem {
            shape,
            values,
            magic: None,
            distinct,
            givens: Vec::new(),
            break_symmetry: false,
            puzzle: "test",
            id: String::new(),
            label: "test".into(),
        }
    }

    #[test]
    fn close_values_reach_the_whole_range() {
        assert_eq!(open(&pairs(vec![1, 2, 3, 4], true)), Some((3..=7).collect()));
    }

    #[test]
    fn spread_out_values_reach_only_their_sums() {
        let far = 1_000_000_000_000;
        let distinct = open(&pairs(vec![1, 2, far, far + 1], true)).unwrap();
        assert_eq!(distinct, vec![3, far + 1, far + 2, far + 3, 2 * far + 1]);
        let repeating = open(&pairs(vec![1, far], false)).unwrap();
        assert_eq!(repeating, vec![2, far + 1, 2 * far]);
    }

    #[test]
    fn too_many_sums_are_not_listed() {
        let values: Vec<i64> = (0..1000).map(|i| i * i * 1_000_003).collect();
        assert_eq!(open(&pairs(values, false)), None);
    }
}
