//! Linear conflicts at every step, for `compact`, charged against the away budget.
//!
//! IDA* prunes a state at depth t when t + h(state) > H, with h = Manhattan + 2 * (linear
//! conflicts). The Manhattan part is already the away count: after t moves with a_t of them
//! away, the state's Manhattan distance is h0 + 2 a_t - t, so "t + Manhattan <= H" is
//! "a_t <= k". The conflict part adds: a row (or column) holding two tiles whose goal is on
//! it, in the wrong order, forces one of them off the line later, which is a move away still
//! to come. Lines are disjoint and a row's conflict costs a vertical move, a column's a
//! horizontal one, so
//!
//! ```text
//!   a_t + (lines in conflict at step t) <= k      for every step t
//! ```
//!
//! holds on every plan of H moves. A sequential counter carries a_t from step to step (only
//! its upward implications: it may over-count, never under-count), the conflict indicators of
//! step t are added on top, and the register may not reach k + 1. A solver that places two
//! tiles in conflict anywhere in the plan is told at once what that costs.

use crate::rules::{Board, BLANK};
use puzzlec_ir::{ClauseSink, Lit};

/// Adds the per-step conflict bound for a plan ending at `horizon` with budget `k`; `away[t]`
/// says step t moves a tile away from its goal. The bounds are guarded by `guard`.
pub fn linear_conflicts(
    goal: &Board,
    horizon: usize,
    k: usize,
    p: &[Vec<Vec<Option<Lit>>>],
    away: &[Lit],
    guard: Option<Lit>,
    sink: &mut impl ClauseSink,
) {
    let lines = lines_of(goal);
    // count[j-1]: at least j of the moves before the current step went away.
    let mut count: Vec<Option<Lit>> = vec![None; k + 1];
    for t in 0..=horizon {
        if t > 0 {
            count = add_to(sink, &count, away[t - 1]);
        }
        let mut total = count.clone();
        for line in &lines {
            if let Some(c) = conflict_on(sink, goal, line, &p[t]) {
                total = add_to(sink, &total, c);
            }
        }
        if let Some(over) = total[k] {
            let clause: Vec<Lit> = guard.map(|g| -g).into_iter().chain([-over]).collect();
            sink.add_clause(&clause);
        }
    }
}

/// One step of a sequential counter: the register after adding `x` (unary, at most `len`).
fn add_to(sink: &mut impl ClauseSink, reg: &[Option<Lit>], x: Lit) -> Vec<Option<Lit>> {
    (0..reg.len())
        .map(|j| {
            let out = sink.new_var(None);
            if let Some(r) = reg[j] {
                sink.add_clause(&[-r, out]);
            }
            match j {
                0 => sink.add_clause(&[-x, out]),
                _ => {
                    if let Some(below) = reg[j - 1] {
                        sink.add_clause(&[-below, -x, out]);
                    }
                }
            }
            Some(out)
        })
        .collect()
}

/// The rows, then the columns, as lists of cells in order.
fn lines_of(board: &Board) -> Vec<Vec<usize>> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut lines: Vec<Vec<usize>> = (0..rows).map(|r| (0..cols).map(|c| r * cols + c).collect()).collect();
    lines.extend((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect::<Vec<_>>()));
    lines
}

/// A literal implied by "two tiles of this line stand on it in the wrong order at this step",
/// or `None` when no such placement is possible.
fn conflict_on(sink: &mut impl ClauseSink, goal: &Board, line: &[usize], p: &[Vec<Option<Lit>>]) -> Option<Lit> {
    // Tiles whose goal is on this line, in goal order.
    let owners: Vec<usize> =
        line.iter().map(|&c| goal.cells()[c]).filter(|&t| t != BLANK).map(|t| t as usize - 1).collect();
    let mut indicator = None;
    for (i, &a) in owners.iter().enumerate() {
        for &b in &owners[i + 1..] {
            // a belongs before b; b standing before a on the line is a conflict.
            for (pos_b, &cb) in line.iter().enumerate() {
                for &ca in &line[pos_b + 1..] {
                    if let (Some(va), Some(vb)) = (p[a][ca], p[b][cb]) {
                        let c = *indicator.get_or_insert_with(|| sink.new_var(None));
                        sink.add_clause(&[-va, -vb, c]);
                    }
                }
            }
        }
    }
    indicator
}
