//! IDA* with Manhattan distance plus linear conflict: the exact search for boards too large
//! to store and too large for the pattern databases (above 16 cells), and the quick first
//! try on 4x4 boards while no tables are cached ([`super::tabled`] is the search on them).

use std::time::Instant;

use super::bfs::Search;
use crate::rules::board::Board;
use crate::rules::heuristic::Heuristic;
use puzzlec_core::moves::Move;

/// Shortest plan by iterative deepening on `g + h`; `h` is admissible, so the first plan found
/// at the smallest bound is optimal. The deadline is checked every few thousand nodes.
///
/// The caller checks solvability first: on an unsolvable board this only ends at the deadline.
pub fn shortest_path(start: &Board, goal: &Board, deadline: Option<Instant>) -> Search {
    shortest_path_with_bounds(start, goal, deadline, &mut |_| {})
}

/// As [`shortest_path`], telling `on_bound` each lower bound an iteration proves: when the
/// search below bound b finds nothing, every plan needs at least the next bound.
pub fn shortest_path_with_bounds(
    start: &Board,
    goal: &Board,
    deadline: Option<Instant>,
    on_bound: &mut dyn FnMut(usize),
) -> Search {
    let h = Heuristic::new(goal);
    search(start, goal, deadline, on_bound, |b: &Board| h.manhattan_linear_conflict(b))
}

fn search<H: Fn(&Board) -> usize>(
    start: &Board,
    goal: &Board,
    deadline: Option<Instant>,
    on_bound: &mut dyn FnMut(usize),
    h: H,
) -> Search {
    let mut bound = h(start);
    let mut path = Vec::new();
    let mut ctx = Ctx { h, goal, deadline, nodes: 0, timed_out: false };
    loop {
        let mut board = *start;
        match ctx.dfs(&mut board, 0, bound, None, &mut path) {
            Step::Found => return Search::Found(path),
            Step::Exceeded(next) if !ctx.timed_out && next != usize::MAX => {
                bound = next;
                on_bound(next);
            }
            _ if ctx.timed_out => return Search::TimedOut,
            _ => return Search::Unreachable,
        }
    }
}

enum Step {
    Found,
    /// Smallest `g + h` seen above the bound.
    Exceeded(usize),
}

struct Ctx<'a, H> {
    h: H,
    goal: &'a Board,
    deadline: Option<Instant>,
    nodes: u64,
    timed_out: bool,
}

impl<H: Fn(&Board) -> usize> Ctx<'_, H> {
    fn dfs(&mut self, board: &mut Board, g: usize, bound: usize, last: Option<Move>, path: &mut Vec<Move>) -> Step {
        let f = g + (self.h)(board);
        if f > bound {
            return Step::Exceeded(f);
        }
        if board == self.goal {
            return Step::Found;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && puzzlec_core::stop::passed(self.deadline) {
            self.timed_out = true;
        }
        if self.timed_out {
            return Step::Exceeded(usize::MAX);
        }
        let mut min = usize::MAX;
        for m in Move::ALL {
            if last == Some(m.opposite()) || !board.apply(m) {
                continue;
            }
            path.push(m);
            match self.dfs(board, g + 1, bound, Some(m), path) {
                Step::Found => return Step::Found,
                Step::Exceeded(t) => min = min.min(t),
            }
            path.pop();
            board.apply(m.opposite());
        }
        Step::Exceeded(min)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse::parse_board, solvability::check_solvable};
    use crate::search::bfs;

    #[test]
    fn seed_board_has_its_known_optimum() {
        let b = parse_board("5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12").unwrap();
        let Search::Found(plan) = shortest_path(&b, &Board::goal(4, 4), None) else { panic!() };
        assert_eq!(puzzlec_core::moves::moves_to_string(&plan), "DDDLUUULDDDLUUU");
    }

    #[test]
    fn agrees_with_bfs_on_200_random_3x3_boards() {
        let goal = Board::goal(3, 3);
        let dist = bfs::distances_from(&goal);
        let mut rng = fastrand::Rng::with_seed(2024);
        let mut checked = 0;
        while checked < 200 {
            let mut cells: Vec<u8> = (0..9).collect();
            rng.shuffle(&mut cells);
            let b = Board::from_cells(3, 3, &cells).unwrap();
            if check_solvable(&b, &goal).is_err() {
                continue;
            }
            let Search::Found(plan) = shortest_path(&b, &goal, None) else { panic!("{b:?}") };
            assert_eq!(plan.len(), dist[&b.pack()] as usize, "{b:?}");
            assert_eq!(b.apply_strict(&plan).unwrap(), goal);
            checked += 1;
        }
    }
}
