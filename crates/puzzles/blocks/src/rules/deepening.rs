//! The bounded exact search: iterative deepening with a lower bound (IDA*) over the moves of
//! the real pieces, for the one question a second opinion asks: is there a plan shorter than
//! k moves? Breadth first keeps every position of every layer, millions on a crowded board
//! before depth 6 even when a plan of 6 exists; a depth-first search keeps one path and a
//! table of positions already searched deep enough, so it answers for boards whose shortest
//! plan is short however many positions lie around them.

use std::collections::HashMap;
use std::time::Instant;

use super::moves::{fill_occupancy, BlockMove};
use super::route;
use super::search::{alone, way, FAR};
use super::steps::Steps;
use super::BlocksPuzzle;

/// Positions the table remembers before it stops taking new ones (about 100 MiB on a board
/// of 30 pieces): past it the search still answers exactly, only slower.
const TABLE_CAP: usize = 1 << 20;

/// What the bounded search found.
#[derive(Debug, PartialEq, Eq)]
pub enum Bounded {
    /// A shortest plan, shorter than the bound (on the real pieces, not yet replayed).
    Plan(Vec<BlockMove>),
    /// No plan shorter than the bound exists.
    NoneBelow,
    /// The deadline (or a stop) came first.
    Limit,
}

/// A shortest plan of fewer than `below` moves, or the proof that there is none, by `deadline`.
pub fn shorter_than(p: &BlocksPuzzle, below: usize, deadline: Instant) -> Bounded {
    let mut s = Deepening::new(p, deadline);
    let Some(mut threshold) = s.bound() else { return Bounded::NoneBelow };
    while threshold < below {
        match s.visit(0, threshold) {
            Visit::Found => return Bounded::Plan(s.plan()),
            Visit::Stopped => return Bounded::Limit,
            Visit::Deeper(next) if next == usize::MAX => return Bounded::NoneBelow,
            Visit::Deeper(next) => threshold = next,
        }
    }
    Bounded::NoneBelow
}

enum Visit {
    Found,
    Stopped,
    /// No plan within this threshold; the least bound seen past it (MAX: none).
    Deeper(usize),
}

struct Deepening<'a> {
    p: &'a BlocksPuzzle,
    steps: Steps,
    deadline: Instant,
    anchors: Vec<usize>,
    grid: Vec<Option<usize>>,
    /// Per goal: the goal piece's moves to its goal from each anchor, alone on the board.
    to_goal: Vec<Vec<u32>>,
    /// The goal cells of every goal piece: a piece on one must move at least once.
    goal_cells: Vec<usize>,
    groups: Vec<Vec<usize>>,
    /// Positions searched with this many moves left and no plan found.
    table: HashMap<Vec<u16>, usize>,
    path: Vec<(usize, usize, usize)>,
    nodes: u64,
    /// The pieces in the order their moves are tried: goal pieces first (on a short plan
    /// they move most).
    order: Vec<usize>,
    buffers: Vec<Vec<usize>>,
}

impl<'a> Deepening<'a> {
    fn new(p: &'a BlocksPuzzle, deadline: Instant) -> Deepening<'a> {
        let anchors = p.start().anchors;
        let mut grid = vec![None; p.board.cells()];
        fill_occupancy(p, &anchors, &mut grid);
        // Moves are reversible, so distances out of the goal are distances into it.
        let to_goal = p.goals.iter().map(|&(i, goal)| alone(p, i, goal)).collect();
        let goal_cells = p.goals.iter().flat_map(|&(i, goal)| p.board.covers(i, goal)).collect();
        let groups = p.groups().into_iter().filter(|g| g.len() > 1).collect();
        Deepening {
            p,
            steps: Steps::new(p),
            deadline,
            anchors,
            grid,
            to_goal,
            goal_cells,
            groups,
            table: HashMap::new(),
            path: Vec::new(),
            nodes: 0,
            order: p
                .goals
                .iter()
                .map(|g| g.0)
                .chain((0..p.board.pieces.len()).filter(|&i| p.goal_of(i).is_none()))
                .collect(),
            buffers: Vec::new(),
        }
    }

    /// A lower bound on the moves left, the larger of two: each goal piece's moves alone
    /// plus one for each other piece on a goal cell; and each goal piece's moves alone plus,
    /// for the goal piece whose routes are most in the way, the pieces its best route must
    /// move ([`route::bound`]). `None` when a goal piece cannot reach its goal.
    fn bound(&self) -> Option<usize> {
        let mut total = 0usize;
        let mut worst_way = 0usize;
        for (g, &(i, goal)) in self.p.goals.iter().enumerate() {
            let d = self.to_goal[g][self.anchors[i]];
            if d == FAR {
                return None;
            }
            total += d as usize;
            let best = route::bound(self.p, &self.grid, i, self.anchors[i], goal, &self.to_goal[g])?;
            worst_way = worst_way.max(best.saturating_sub(d as usize));
        }
        let mut blockers: Vec<usize> =
            self.goal_cells.iter().filter_map(|&c| self.grid[c]).filter(|&j| self.p.goal_of(j).is_none()).collect();
        blockers.sort_unstable();
        blockers.dedup();
        Some(total + blockers.len().max(worst_way))
    }

    /// The position as the table keys it: interchangeable pieces' anchors sorted.
    fn key(&self) -> Vec<u16> {
        let mut key: Vec<u16> = self.anchors.iter().map(|&a| a as u16).collect();
        for g in &self.groups {
            let mut members: Vec<u16> = g.iter().map(|&i| key[i]).collect();
            members.sort_unstable();
            for (&i, a) in g.iter().zip(members) {
                key[i] = a;
            }
        }
        key
    }

    fn place(&mut self, i: usize, from: usize, to: usize) {
        for c in self.p.board.covers(i, from) {
            self.grid[c] = None;
        }
        for c in self.p.board.covers(i, to) {
            self.grid[c] = Some(i);
        }
        self.anchors[i] = to;
    }

    fn visit(&mut self, depth: usize, threshold: usize) -> Visit {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && puzzlec_core::stop::passed(Some(self.deadline)) {
            return Visit::Stopped;
        }
        let left = threshold.saturating_sub(depth);
        let key = self.key();
        // Searched before with at least as many moves left and no plan: none within them
        // (asked first: it spares the bound's walk).
        if let Some(&searched) = self.table.get(&key).filter(|&&searched| searched >= left) {
            return Visit::Deeper(depth + searched + 1);
        }
        let Some(h) = self.bound() else { return Visit::Deeper(usize::MAX) };
        if depth + h > threshold {
            return Visit::Deeper(depth + h);
        }
        if h == 0 && self.p.goals.iter().all(|&(i, a)| self.anchors[i] == a) {
            return Visit::Found;
        }
        let mut next = usize::MAX;
        // One buffer of destinations per depth, kept between visits.
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        for k in 0..self.order.len() {
            let i = self.order[k];
            let from = self.anchors[i];
            let mut targets = std::mem::take(&mut self.buffers[depth]);
            self.steps.reach_into(self.p.metric, &self.grid, i, from, &mut targets);
            for &to in &targets {
                self.place(i, from, to);
                self.path.push((i, from, to));
                let result = self.visit(depth + 1, threshold);
                if !matches!(result, Visit::Found) {
                    self.path.pop();
                    self.place(i, to, from);
                }
                match result {
                    Visit::Deeper(n) => next = next.min(n),
                    found_or_stopped => return found_or_stopped,
                }
            }
            self.buffers[depth] = targets;
        }
        if self.table.len() < TABLE_CAP || self.table.contains_key(&key) {
            self.table.insert(key, left);
        }
        Visit::Deeper(next)
    }

    /// The plan on the path, each move with the way its piece goes.
    fn plan(&self) -> Vec<BlockMove> {
        let mut anchors = self.p.start().anchors;
        let mut grid = vec![None; self.p.board.cells()];
        let mut plan = Vec::new();
        for &(i, from, to) in &self.path {
            fill_occupancy(self.p, &anchors, &mut grid);
            // The search found this move free; `way` says which steps it takes.
            let path = way(self.p, &grid, i, from, to).unwrap_or_default();
            plan.push(BlockMove { piece: i, path });
            anchors[i] = to;
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::moves::Metric;
    use crate::rules::random::{free_board, rush_hour_board};
    use crate::rules::search::{shortest, Found};
    use std::time::Duration;

    /// On random boards of every metric whose optimum breadth first finds, the bounded search
    /// agrees: a plan of the optimum below the optimum plus one, none below the optimum, and
    /// none at all where breadth first proves the goal unreachable.
    #[test]
    fn agrees_with_the_breadth_first_search() {
        let later = || Instant::now() + Duration::from_secs(120);
        let mut rng = fastrand::Rng::with_seed(53);
        let mut checked = 0;
        for k in 0..60 {
            let metric = Metric::ALL[k % 3];
            let board = match k % 2 {
                0 => free_board(&mut rng, 4, 4, 6, metric),
                _ => rush_hour_board(&mut rng, 5, 5, 6),
            };
            let Some(p) = board else { continue };
            match shortest(&p, usize::MAX, None) {
                Found::Plan { plan, .. } if plan.len() <= 12 => {
                    let n = plan.len();
                    assert_eq!(shorter_than(&p, n, later()), Bounded::NoneBelow, "none below {n}: {p:?}");
                    let Bounded::Plan(found) = shorter_than(&p, n + 1, later()) else { panic!("a plan of {n}") };
                    assert_eq!(found.len(), n);
                    crate::rules::replay(&p, &found).expect("the plan replays");
                    checked += 1;
                }
                Found::Never { .. } => assert_eq!(shorter_than(&p, 30, later()), Bounded::NoneBelow),
                _ => {}
            }
        }
        assert!(checked >= 20, "only {checked} boards with a short plan");
    }
}

#[cfg(test)]
mod crowded {
    use super::*;
    use crate::rules::board::parse_drawing;
    use crate::rules::goal::parse_goals;
    use crate::rules::moves::Metric;
    use std::time::Duration;

    /// A crowded 8x8 board whose shortest plan is 6 moves: more positions lie within 6 moves
    /// than breadth first keeps, while the bound leads depth first straight to the plan.
    #[test]
    fn a_crowded_board_with_a_short_plan() {
        let drawing = "AJ....../.N.DMB../.I.VK.RT/.L...XOH/W......./.S..Y..C/.U..F.GQ/..E...P.";
        let board = parse_drawing(drawing, &['.'], &['#']).unwrap();
        let goals = parse_goals(&board, "A@8,8").unwrap();
        let p = BlocksPuzzle { board, goals, metric: Metric::Slide };
        let later = Instant::now() + Duration::from_secs(600);
        let Bounded::Plan(plan) = shorter_than(&p, 10, later) else { panic!("a plan") };
        assert_eq!(plan.len(), 6);
        crate::rules::replay(&p, &plan).expect("the plan replays");
        assert_eq!(shorter_than(&p, 6, later), Bounded::NoneBelow);
    }
}
