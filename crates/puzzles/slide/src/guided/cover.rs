//! Whether a set of move prefixes covers every plan: the check that lets a horizon's UNSAT
//! rest on its refuted cubes without one more solve.
//!
//! Cube and conquer ends, once every cube is refuted, with a last solve without assumptions
//! (see [`puzzlec_solve::solve_by_cubes`]): its only job is to find out, by resolution over
//! the cubes' blocking clauses and the frontier's lemmas, that together they leave no plan
//! out. Measured on the frontier's cubes, that walk of the prefix tree was 30-60% of a
//! whole run on Korf's median boards (Korf 25: 0.96 s of 1.62 s; Korf 14's horizon 57: 0.43
//! s of 0.55 s). Checked here instead, on the prefixes themselves, in time proportional to
//! their total length, and independently of how the frontier chose them: a certified run
//! still makes the last solve (its proof must derive the empty clause).

use crate::rules::{Board, Move};

/// Whether every sequence of legal moves from `start` that never undoes the move before (the
/// formula's plans: one legal action per step, and no undo) continues at least one of
/// `prefixes`, as long as the sequence is at least as long as the longest prefix. The empty
/// prefix covers everything.
pub fn covers(start: &Board, prefixes: &[&[Move]]) -> bool {
    let mut sorted: Vec<&[Move]> = prefixes.to_vec();
    // Move by move, a prefix before its extensions.
    sorted.sort_unstable_by(|a, b| a.iter().map(|m| m.index()).cmp(b.iter().map(|m| m.index())));
    node(start, None, 0, &sorted)
}

/// Whether every sequence through the node reached by `depth` moves (the last one `last`,
/// the board `board`) continues one of `group`, the sorted prefixes that pass through it.
fn node(board: &Board, last: Option<Move>, depth: usize, group: &[&[Move]]) -> bool {
    match group.first() {
        None => return false,
        // Sorted, so a prefix that ends here comes first.
        Some(first) if first.len() == depth => return true,
        Some(_) => {}
    }
    for m in Move::ALL {
        if last.is_some_and(|l| l == m.opposite()) {
            continue;
        }
        let mut child = *board;
        if !child.apply(m) {
            continue;
        }
        let from = group.partition_point(|p| p[depth].index() < m.index());
        let to = group.partition_point(|p| p[depth].index() <= m.index());
        if !node(&child, Some(m), depth + 1, &group[from..to]) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_board;

    /// Every legal no-undo sequence of one length covers; leaving any one out does not, and
    /// a shorter prefix standing for a dropped subtree restores the cover.
    #[test]
    fn all_sequences_of_a_length_and_nothing_less() {
        let start = parse_board("1 2 3 / 4 _ 5 / 6 7 8").expect("board");
        let all: Vec<Vec<Move>> =
            crate::guided::cubes::prefixes(&start, 3, usize::MAX).into_iter().map(|(path, _)| path).collect();
        let refs: Vec<&[Move]> = all.iter().map(Vec::as_slice).collect();
        assert!(covers(&start, &refs));
        for left_out in 0..refs.len() {
            let mut fewer = refs.clone();
            let gone = fewer.remove(left_out);
            assert!(!covers(&start, &fewer), "without {gone:?}");
            // Its parent prefix covers it again (and overlaps its siblings, which is fine).
            fewer.push(&gone[..2]);
            assert!(covers(&start, &fewer), "with {:?} instead of {gone:?}", &gone[..2]);
        }
        assert!(covers(&start, &[&[]]), "the empty prefix covers everything");
        assert!(!covers(&start, &[]), "nothing covers nothing");
    }

    /// Prefixes of mixed lengths; an illegal or undoing prefix covers nothing (no plan
    /// continues it), so it cannot stand in for a legal one.
    #[test]
    fn mixed_lengths_and_prefixes_no_plan_takes() {
        // The blank in the top left corner: it can go right (the tile slides left) or down.
        let start = parse_board("_ 1 2 / 3 4 5 / 6 7 8").expect("board");
        let legal: Vec<Move> = Move::ALL.into_iter().filter(|&m| start.can_apply(m)).collect();
        assert_eq!(legal.len(), 2);
        let (a, b) = (legal[0], legal[1]);
        let after_b: Vec<Vec<Move>> = Move::ALL
            .into_iter()
            .filter(|&m| m != b.opposite() && start.apply_strict(&[b, m]).is_ok())
            .map(|m| vec![b, m])
            .collect();
        let mut prefixes: Vec<&[Move]> = vec![std::slice::from_ref(&a)];
        prefixes.extend(after_b.iter().map(Vec::as_slice));
        assert!(covers(&start, &prefixes));
        // b's subtree without one child, the gap filled by the undo or an illegal move.
        let undo = [b, b.opposite()];
        let mut gap = prefixes.clone();
        gap.pop();
        gap.push(&undo);
        assert!(!covers(&start, &gap));
        let illegal: Vec<Move> = Move::ALL.into_iter().filter(|&m| !start.can_apply(m)).collect();
        let mut gap = prefixes.clone();
        gap.remove(0);
        let wrong = [illegal[0]];
        gap.push(&wrong);
        assert!(!covers(&start, &gap));
    }
}
