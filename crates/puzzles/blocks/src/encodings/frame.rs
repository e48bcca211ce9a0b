//! The parts of `sat` one step at a time: a state (the anchors each class holds, with what
//! every state satisfies) and a move between two states. The whole-horizon writer
//! ([`super::classes`]) lays them out from the start; the live one ([`super::backward`])
//! from the goal back, one step more per horizon.

use puzzlec_ir::{ClauseSink, Lit};

use super::{at_most_one, exactly_one, mergeable, moves_alone, slides, Domains};
use crate::rules::{BlocksPuzzle, Metric};

/// What the encoding and its decoder share: classes, their anchors, and the bounds.
pub struct Layout {
    pub classes: Vec<Vec<usize>>,
    /// Per class: every anchor a member can reach alone from its start.
    pub ever: Vec<Vec<usize>>,
    pub dom: Domains,
}

impl Layout {
    pub fn new(p: &BlocksPuzzle, horizon: usize) -> Layout {
        let dom = Domains::new(p, horizon);
        let classes = p.groups();
        let ever = classes
            .iter()
            .map(|m| {
                let mut all: Vec<usize> = m.iter().flat_map(|&i| dom.ever(i)).collect();
                all.sort_unstable();
                all.dedup();
                all
            })
            .collect();
        Layout { classes, ever, dom }
    }

    /// Whether class `k` may hold `a` after `t` of the horizon's moves.
    pub fn allowed(&self, k: usize, t: usize, a: usize) -> bool {
        self.classes[k].iter().any(|&i| self.dom.allowed(i, t, a))
    }

    /// Whether a piece of class `k` starts on anchor `a`.
    pub fn starts_on(&self, p: &BlocksPuzzle, k: usize, a: usize) -> bool {
        self.classes[k].iter().any(|&i| p.board.pieces[i].start == a)
    }

    /// Writes the start of class `k` into its held literals of one state: each anchor held
    /// exactly when a piece of the class starts there.
    pub fn start(&self, p: &BlocksPuzzle, k: usize, held: &[Lit], sink: &mut dyn ClauseSink) {
        for (&a, &x) in self.ever[k].iter().zip(held) {
            sink.family("start");
            sink.add_clause(&[if self.starts_on(p, k, a) { x } else { -x }]);
        }
    }

    /// Whether class `k` may hold `a` after `t` moves (the start's side of the bounds alone).
    pub fn near_start(&self, k: usize, t: usize, a: usize) -> bool {
        self.classes[k].iter().any(|&i| self.dom.near_start(i, t, a))
    }

    /// Whether class `k` may hold `a` with `left` moves to go (the goal side of the bounds
    /// alone, which does not depend on the horizon).
    pub fn near_goal(&self, k: usize, left: usize, a: usize) -> bool {
        self.classes[k].iter().any(|&i| self.dom.near_goal(i, left, a))
    }

    /// The position of anchor `a` in class `k`'s list.
    pub fn slot(&self, k: usize, a: usize) -> Option<usize> {
        self.ever[k].binary_search(&a).ok()
    }

    /// The held literals of one state, one per anchor of each class, named by `name(k, a)`.
    pub fn held(&self, sink: &mut dyn ClauseSink, name: impl Fn(usize, usize) -> Option<String>) -> Vec<Vec<Lit>> {
        (0..self.classes.len()).map(|k| self.ever[k].iter().map(|&a| sink.new_var(name(k, a))).collect()).collect()
    }
}

/// One state: per class the held literals, and per cell the held literals covering it.
pub struct State {
    pub held: Vec<Vec<Lit>>,
    pub covering: Vec<Vec<Lit>>,
    /// Per cell: "no anchor held covers it" (`None` on walls).
    pub free: Vec<Option<Lit>>,
}

/// Writes what every state satisfies: anchors out of `allowed(k, a)` ruled out, no two
/// anchors on one cell, each class's number of pieces and the number of free cells.
pub fn state(
    p: &BlocksPuzzle,
    lay: &Layout,
    held: Vec<Vec<Lit>>,
    allowed: impl Fn(usize, usize) -> bool,
    sink: &mut dyn ClauseSink,
) -> State {
    let board = &p.board;
    let free_count =
        board.walls.iter().filter(|&&w| !w).count() - board.pieces.iter().map(|q| q.cells.len()).sum::<usize>();
    let mut cells: Vec<Vec<Lit>> = vec![Vec::new(); board.cells()];
    for (k, lits) in held.iter().enumerate() {
        for (j, &a) in lay.ever[k].iter().enumerate() {
            if !allowed(k, a) {
                sink.family("bounds");
                sink.add_clause(&[-lits[j]]);
                continue;
            }
            for c in board.covers(lay.classes[k][0], a) {
                cells[c].push(lits[j]);
            }
        }
    }
    sink.family("no-overlap");
    for lits in &cells {
        at_most_one(sink, lits);
    }
    sink.family("counts");
    for (k, members) in lay.classes.iter().enumerate() {
        super::counts::pieces(sink, &held[k], members.len());
    }
    let free = super::counts::free_cells(sink, &cells, &board.walls, free_count);
    State { held, covering: cells, free }
}

/// One move: per class whether it moves, the anchor it leaves and the one it takes.
pub struct Move {
    pub movers: Vec<Lit>,
    /// "No class moves".
    pub idle: Lit,
    pub left: Vec<Vec<Lit>>,
    pub taken: Vec<Vec<Lit>>,
}

/// Writes one move from `before` to `after` (named `t` for its idle variable): at most one
/// class moves, leaving one anchor for one a move away, the rest unchanged; `allowed(k, a)`
/// are the anchors it may leave. With `earlier`, the move before it: idle steps last, and no
/// two moves in a row of a piece whose moves always merge.
pub fn step(
    p: &BlocksPuzzle,
    lay: &Layout,
    t: usize,
    (before, after): (&State, &[Vec<Lit>]),
    allowed: impl Fn(usize, usize) -> bool,
    earlier: Option<&Move>,
    sink: &mut dyn ClauseSink,
) -> Move {
    let n = lay.classes.len();
    let movers: Vec<Lit> = (0..n).map(|k| sink.new_var(Some(super::classes::mover_name(t, k)))).collect();
    sink.family("one-mover");
    at_most_one(sink, &movers);
    sink.family("idle");
    let idle = super::idle(sink, t, &movers);
    let mut out = Move { movers, idle, left: Vec::new(), taken: Vec::new() };
    for (k, next) in after.iter().enumerate() {
        let rep = lay.classes[k][0];
        let left: Vec<Lit> = lay.ever[k].iter().map(|_| sink.new_var(None)).collect();
        let taken: Vec<Lit> = lay.ever[k].iter().map(|_| sink.new_var(None)).collect();
        sink.family("one-left-one-taken");
        exactly_one(sink, &left, Some(out.movers[k]));
        exactly_one(sink, &taken, Some(out.movers[k]));
        if let Some(e) = earlier {
            let mut some = vec![-out.movers[k]];
            some.extend(&e.movers);
            sink.family("idle-last");
            sink.add_clause(&some);
            no_merge(p, rep, &e.taken[k], &left, sink);
        }
        for (j, &a) in lay.ever[k].iter().enumerate() {
            let (x, y) = (before.held[k][j], next[j]);
            sink.family("frame");
            sink.add_clause(&[-left[j], out.movers[k]]);
            sink.add_clause(&[-taken[j], out.movers[k]]);
            sink.add_clause(&[-left[j], x]);
            sink.add_clause(&[-left[j], -y]);
            sink.add_clause(&[-taken[j], -x]);
            sink.add_clause(&[-taken[j], y]);
            sink.add_clause(&[-x, y, left[j]]);
            sink.add_clause(&[x, -y, taken[j]]);
            if !allowed(k, a) {
                sink.family("bounds");
                sink.add_clause(&[-left[j]]);
                continue;
            }
            sink.family("move");
            let mut to = vec![-left[j]];
            to.extend(moves_alone(p, rep, a).into_iter().filter_map(|b| lay.slot(k, b)).map(|i| taken[i]));
            sink.add_clause(&to);
            if p.metric == Metric::Slide {
                sink.family("sweep");
                sweep(p, &before.free, rep, a, (left[j], &taken), &lay.ever[k], sink);
            }
        }
        if p.metric == Metric::Path {
            sink.family("reach");
            let m = super::reach::Mover { rep, ever: &lay.ever[k], left: &left, taken: &taken, held: &before.held[k] };
            super::reach::path(p, &m, &before.covering, sink);
        }
        out.left.push(left);
        out.taken.push(taken);
    }
    out
}

/// Links two moves in a row written apart (the live writer adds the earlier one after the
/// later): idle steps last, and no piece whose moves always merge moved twice.
pub fn link(p: &BlocksPuzzle, lay: &Layout, (earlier, later): (&Move, &Move), sink: &mut dyn ClauseSink) {
    for (k, &m) in later.movers.iter().enumerate() {
        let mut some = vec![-m];
        some.extend(&earlier.movers);
        sink.family("idle-last");
        sink.add_clause(&some);
        no_merge(p, lay.classes[k][0], &earlier.taken[k], &later.left[k], sink);
    }
}

/// A class whose two moves in a row always merge never leaves the anchor it just took.
fn no_merge(p: &BlocksPuzzle, rep: usize, took_before: &[Lit], left: &[Lit], sink: &mut dyn ClauseSink) {
    if mergeable(p, rep) {
        sink.family("no-merge");
        for (&took, &leaves) in took_before.iter().zip(left) {
            sink.add_clause(&[-took, -leaves]);
        }
    }
}

/// A slide of a piece of shape `rep` from `a` along its lines: every cell swept before each
/// anchor reached, beyond the cells it leaves, is free at t (one clause per cell through the
/// cell's free variable: one per anchor covering it made Klotski's formula twice as large).
fn sweep(
    p: &BlocksPuzzle,
    free: &[Option<Lit>],
    rep: usize,
    a: usize,
    (leaves, taken): (Lit, &[Lit]),
    ever: &[usize],
    sink: &mut dyn ClauseSink,
) {
    for (b, swept) in slides(p, rep, a) {
        let Ok(j) = ever.binary_search(&b) else { continue };
        for &c in &swept {
            if let Some(f) = free[c] {
                sink.add_clause(&[-leaves, -taken[j], f]);
            }
        }
    }
}
