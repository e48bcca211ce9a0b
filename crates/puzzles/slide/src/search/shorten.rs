//! Shortening a plan while time allows: every window of the plan (the boards k moves apart)
//! is replaced by an optimal path between its two boards when that is shorter. Windows grow
//! pass after pass (6, 10, 14, ... moves), each searched by IDA* under a small time cap, so
//! one hard window cannot eat the run.
//!
//! Why windows: the constructive plan of a large board is long mostly because of local
//! detours (a tile walked around another, then back); an exact search between boards a few
//! moves apart removes them cheaply on any size, where an exact search of the whole board is
//! hopeless beyond 4x4.

use std::time::{Duration, Instant};

use super::constructive::cancel_undos;
use super::ida;
use super::Search;
use crate::rules::board::Board;
use puzzlec_core::moves::Move;

/// The window lengths tried, in order.
const WINDOWS: [usize; 10] = [6, 10, 14, 18, 24, 30, 38, 48, 64, 80];

/// The most one window's search may take.
const WINDOW_CAP: Duration = Duration::from_millis(60);

/// Shortens `plan` (from `start`) until `deadline` or until no window helps; `on_better` sees
/// each shorter plan. The result is replayed by the caller like any plan.
pub fn shorten(start: &Board, plan: Vec<Move>, deadline: Instant, on_better: &mut dyn FnMut(&[Move])) -> Vec<Move> {
    let mut plan = cancel_undos(plan);
    // Passes over every window length, again while a pass helps and time is left.
    loop {
        let before = plan.len();
        plan = pass(start, plan, deadline, on_better);
        if plan.len() == before || puzzlec_core::stop::passed(Some(deadline)) {
            return plan;
        }
    }
}

fn pass(start: &Board, mut plan: Vec<Move>, deadline: Instant, on_better: &mut dyn FnMut(&[Move])) -> Vec<Move> {
    for &w in &WINDOWS {
        let mut i = 0;
        let mut board = *start;
        while i + 2 <= plan.len() {
            if puzzlec_core::stop::passed(Some(deadline)) {
                return plan;
            }
            let j = (i + w).min(plan.len());
            let mut end = board;
            for &m in &plan[i..j] {
                end.apply(m);
            }
            let cap = (Instant::now() + WINDOW_CAP).min(deadline);
            if let Search::Found(p) = ida::shortest_path(&board, &end, Some(cap)) {
                if p.len() < j - i {
                    plan.splice(i..j, p);
                    plan = cancel_undos(plan);
                    on_better(&plan);
                    // Replay from the start: cancelling may have changed the prefix.
                    (i, board) = (0, *start);
                    continue;
                }
            }
            let step = (w / 2).max(1).min(plan.len() - i);
            for &m in &plan[i..i + step] {
                board.apply(m);
            }
            i += step;
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::benchset::random_walk;
    use crate::search::constructive_plan;

    #[test]
    fn shortened_plans_still_reach_the_goal_and_are_not_longer() {
        for (rows, cols, seed) in [(3, 3, 1), (4, 4, 2), (5, 5, 3), (6, 7, 4)] {
            let start = random_walk(rows, cols, 2000, seed);
            let goal = Board::goal(rows, cols);
            let first = constructive_plan(&start, &goal).unwrap();
            let mut seen = Vec::new();
            let deadline = Instant::now() + Duration::from_millis(500);
            let better = shorten(&start, first.clone(), deadline, &mut |p| seen.push(p.len()));
            assert_eq!(start.apply_strict(&better).unwrap(), goal);
            assert!(better.len() <= first.len());
            assert!(seen.windows(2).all(|w| w[1] < w[0]), "each report is shorter: {seen:?}");
        }
    }
}
