//! `smt`: sliding blocks as SMT-LIB2 (QF_LIA), for a plan of at most H moves (every metric;
//! paths in `smt/path.rs`). Each piece's anchor is two Ints per step, `r_i_t` and `c_i_t`
//! (row, column; a piece kept to one axis has the other fixed), and the Bool `mv_t_i` says
//! piece i moves at step t (none for an idle step; idle steps come last).
//!
//! No overlap is arithmetic on anchors: pieces i and j overlap exactly when their anchors
//! differ by an offset `cell of i - cell of j`, so each such offset is excluded. A slide is
//! free when no other piece stands where the moving one passes: for a horizontal slide, no
//! offset with j's column inside the interval swept. The anchors a piece can use at step t
//! (the same bounds as `sat`) are written as a disjunction.

use puzzlec_ir::{Model, SExpr, SmtScript, Sort};

mod decode;
mod path;

pub use decode::anchors;

use super::{anchors_along, mergeable, ordered, Domains};
use crate::rules::{Axis, BlockMove, BlocksPuzzle, Metric};

/// Names of the row and column of piece i's anchor after t moves.
pub fn row_name(i: usize, t: usize) -> String {
    format!("r_{i}_{t}")
}

pub fn col_name(i: usize, t: usize) -> String {
    format!("c_{i}_{t}")
}

/// A coordinate: a constant of the script plus an offset, or a number (the fixed row or
/// column of a piece kept to one axis, or a shifted one). Comparisons of two coordinates fold
/// to true or false whenever no constant is left, so the script holds no `(= (- 5 5) 0)`.
#[derive(Clone, Copy)]
struct Coord {
    var: Option<SExpr>,
    k: i64,
}

impl Coord {
    fn fixed(k: i64) -> Coord {
        Coord { var: None, k }
    }

    fn shift(self, d: i64) -> Coord {
        Coord { var: self.var, k: self.k + d }
    }
}

/// A condition, folded: always, never, or a term.
#[derive(Clone, Copy)]
enum Cond {
    Yes,
    No,
    Term(SExpr),
}

struct Script<'a> {
    s: SmtScript,
    p: &'a BlocksPuzzle,
}

impl Script<'_> {
    /// `a - b = k` (`le`: `a - b <= k`).
    fn rel(&self, a: Coord, b: Coord, k: i64, le: bool) -> Cond {
        let (ctx, int) = (self.s.ctx(), |k| self.s.int(k));
        let k = k - a.k + b.k;
        let holds = |x: i64| if (le && x <= k) || (!le && x == k) { Cond::Yes } else { Cond::No };
        match (a.var, b.var) {
            (None, None) => holds(0),
            (Some(v), Some(w)) if v == w => holds(0),
            (Some(v), None) => Cond::Term(if le { ctx.lte(v, int(k)) } else { ctx.eq(v, int(k)) }),
            (None, Some(w)) => Cond::Term(if le { ctx.gte(w, int(-k)) } else { ctx.eq(w, int(-k)) }),
            (Some(v), Some(w)) => {
                let d = ctx.sub(v, w);
                Cond::Term(if le { ctx.lte(d, int(k)) } else { ctx.eq(d, int(k)) })
            }
        }
    }

    fn eq(&self, a: Coord, b: Coord, k: i64) -> Cond {
        self.rel(a, b, k, false)
    }

    fn and(&self, parts: Vec<Cond>) -> Cond {
        let mut terms = Vec::new();
        for c in parts {
            match c {
                Cond::No => return Cond::No,
                Cond::Yes => {}
                Cond::Term(t) => terms.push(t),
            }
        }
        if terms.is_empty() {
            Cond::Yes
        } else {
            Cond::Term(self.s.all(terms))
        }
    }

    fn or(&self, parts: Vec<Cond>) -> Cond {
        let mut terms = Vec::new();
        for c in parts {
            match c {
                Cond::Yes => return Cond::Yes,
                Cond::No => {}
                Cond::Term(t) => terms.push(t),
            }
        }
        if terms.is_empty() {
            Cond::No
        } else {
            Cond::Term(self.s.any(terms))
        }
    }

    fn not(&self, c: Cond) -> Cond {
        match c {
            Cond::Yes => Cond::No,
            Cond::No => Cond::Yes,
            Cond::Term(t) => Cond::Term(self.s.ctx().not(t)),
        }
    }

    fn imp(&self, a: Cond, b: Cond) -> Cond {
        self.or(vec![self.not(a), b])
    }

    /// `x` lies between `a` and `b`, in either order.
    fn between(&self, x: Coord, a: Coord, b: Coord) -> Cond {
        let up = self.and(vec![self.rel(a, x, 0, true), self.rel(x, b, 0, true)]);
        let down = self.and(vec![self.rel(b, x, 0, true), self.rel(x, a, 0, true)]);
        self.or(vec![up, down])
    }

    fn assert(&mut self, c: Cond) {
        match c {
            Cond::Yes => {}
            Cond::No => {
                let f = self.s.ctx().false_();
                self.s.assert(f);
            }
            Cond::Term(t) => self.s.assert(t),
        }
    }
}

/// The offsets `cell of i - cell of j` at which pieces i and j overlap.
fn offsets(p: &BlocksPuzzle, i: usize, j: usize) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &(ar, ac) in &p.board.pieces[i].cells {
        for &(br, bc) in &p.board.pieces[j].cells {
            let d = (ar as i64 - br as i64, ac as i64 - bc as i64);
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

pub fn encode(p: &BlocksPuzzle, horizon: usize) -> SmtScript {
    let mut x = Script { s: SmtScript::new("QF_LIA"), p };
    let dom = Domains::new(p, horizon);
    let at = positions(&mut x, &dom, horizon);
    ends(&mut x, &at, horizon);
    no_overlap(&mut x, &at);
    moves(&mut x, &dom, &at, horizon);
    x.s
}

/// Every piece's anchor at every step, as (row, column): a coordinate a piece's axis fixes
/// is pinned, each within the board, and the anchor one of those its domain allows then.
fn positions(x: &mut Script, dom: &Domains, horizon: usize) -> Vec<Vec<(Coord, Coord)>> {
    let p = x.p;
    let cols = p.board.cols;
    let zero = Coord::fixed(0);
    let mut at: Vec<Vec<(Coord, Coord)>> = Vec::new();
    for t in 0..=horizon {
        let mut row = Vec::new();
        for (i, piece) in p.board.pieces.iter().enumerate() {
            let (r0, c0) = ((piece.start / cols) as i64, (piece.start % cols) as i64);
            let r = Coord { var: Some(x.s.declare(&row_name(i, t), Sort::Int, true)), k: 0 };
            let c = Coord { var: Some(x.s.declare(&col_name(i, t), Sort::Int, true)), k: 0 };
            // Decoders read both; the fixed one is pinned and folded.
            let (r, c) = match piece.axis {
                Axis::Horizontal => {
                    let pin = x.eq(r, zero, r0);
                    x.assert(pin);
                    (Coord::fixed(r0), c)
                }
                Axis::Vertical => {
                    let pin = x.eq(c, zero, c0);
                    x.assert(pin);
                    (r, Coord::fixed(c0))
                }
                Axis::Free => (r, c),
            };
            // Bounds first: the arithmetic solver prunes with them long before the disjunction
            // of anchors below (z3 4.8 proves horizons three times faster with them).
            for (v, hi) in [(r, p.board.rows - piece.height), (c, cols - piece.width)] {
                let bounds = x.and(vec![x.rel(zero, v, 0, true), x.rel(v, zero, hi as i64, true)]);
                x.assert(bounds);
            }
            let places: Vec<Cond> = dom
                .ever(i)
                .into_iter()
                .filter(|&a| dom.allowed(i, t, a))
                .map(|a| x.and(vec![x.eq(r, zero, (a / cols) as i64), x.eq(c, zero, (a % cols) as i64)]))
                .collect();
            let place = x.or(places);
            x.assert(place);
            row.push((r, c));
        }
        at.push(row);
    }
    at
}

/// Each piece at its start at step 0, and each goal piece at its goal at the last step.
fn ends(x: &mut Script, at: &[Vec<(Coord, Coord)>], horizon: usize) {
    let (p, zero) = (x.p, Coord::fixed(0));
    let cols = p.board.cols;
    for (i, piece) in p.board.pieces.iter().enumerate() {
        let mut ends = vec![(0, piece.start)];
        ends.extend(p.goal_of(i).map(|g| (horizon, g)));
        for (t, a) in ends {
            let e = x.and(vec![x.eq(at[t][i].0, zero, (a / cols) as i64), x.eq(at[t][i].1, zero, (a % cols) as i64)]);
            x.assert(e);
        }
    }
}

/// No overlap, at every step.
fn no_overlap(x: &mut Script, at: &[Vec<(Coord, Coord)>]) {
    let (p, n) = (x.p, x.p.board.pieces.len());
    // An order for two blocks that can never pass each other,
    // else every offset excluded.
    for now in at {
        for i in 0..n {
            for j in i + 1..n {
                if let Some((first, second, along_row)) = ordered(p, i, j) {
                    let (a, b) = if along_row { (now[first].1, now[second].1) } else { (now[first].0, now[second].0) };
                    let piece = &p.board.pieces[first];
                    let size = if along_row { piece.width } else { piece.height } as i64;
                    let order = x.rel(a, b, -size, true);
                    x.assert(order);
                    continue;
                }
                for (dr, dc) in offsets(p, i, j) {
                    let hit = x.and(vec![x.eq(now[j].0, now[i].0, dr), x.eq(now[j].1, now[i].1, dc)]);
                    let apart = x.not(hit);
                    x.assert(apart);
                }
            }
        }
    }
}

/// The moves: at most one piece moves per step (idle steps last), a piece that does not
/// move stays, and one that does follows the metric's rule.
fn moves(x: &mut Script, dom: &Domains, at: &[Vec<(Coord, Coord)>], horizon: usize) {
    let (p, n) = (x.p, x.p.board.pieces.len());
    // mv_t_i: piece i moves at step t; none for an idle step.
    let movers: Vec<Vec<SExpr>> = (0..horizon)
        .map(|t| (0..n).map(|i| x.s.declare(&format!("mv_{t}_{i}"), Sort::Bool, false)).collect())
        .collect();
    for t in 0..horizon {
        for i in 0..n {
            for j in i + 1..n {
                let one = x.not(x.and(vec![Cond::Term(movers[t][i]), Cond::Term(movers[t][j])]));
                x.assert(one);
            }
            if t + 1 < horizon {
                let before = x.or(movers[t].iter().map(|&m| Cond::Term(m)).collect());
                let last = x.imp(Cond::Term(movers[t + 1][i]), before);
                x.assert(last);
            }
        }
        for i in 0..n {
            let moves_now = Cond::Term(movers[t][i]);
            let (here, next) = (at[t][i], at[t + 1][i]);
            let kept = x.and(vec![x.eq(next.0, here.0, 0), x.eq(next.1, here.1, 0)]);
            let stays = x.imp(x.not(moves_now), kept);
            x.assert(stays);
            if t + 1 < horizon && mergeable(p, i) {
                let again = Cond::Term(movers[t + 1][i]);
                let twice = x.not(x.and(vec![moves_now, again]));
                x.assert(twice);
            }
            let mut rule = vec![move_rule(x, p.metric, here, next)];
            match p.metric {
                Metric::Slide => rule.extend(sweep(x, &at[t], i, next)),
                Metric::Path => rule.push(path::reach(x, dom, &at[t], i, next, t)),
                Metric::Step => {}
            }
            let body = x.and(rule);
            let moved = x.imp(moves_now, body);
            x.assert(moved);
        }
    }
}

/// One move from `a` to `b`: one cell, a straight line, or anywhere else (a path, whose
/// reach is [`path::reach`]'s); never staying.
fn move_rule(x: &Script, metric: Metric, a: (Coord, Coord), b: (Coord, Coord)) -> Cond {
    let (same_row, same_col) = (x.eq(b.0, a.0, 0), x.eq(b.1, a.1, 0));
    match metric {
        Metric::Step => {
            let along = |u: Coord, v: Coord| x.or(vec![x.eq(v, u, 1), x.eq(v, u, -1)]);
            x.or(vec![x.and(vec![same_row, along(a.1, b.1)]), x.and(vec![same_col, along(a.0, b.0)])])
        }
        Metric::Slide => x.or(vec![x.and(vec![same_row, x.not(same_col)]), x.and(vec![same_col, x.not(same_row)])]),
        Metric::Path => x.not(x.and(vec![same_row, same_col])),
    }
}

/// For a slide of piece i to `to`: no other piece stands on a cell it passes.
fn sweep(x: &Script, now: &[(Coord, Coord)], i: usize, to: (Coord, Coord)) -> Vec<Cond> {
    let (r, c) = now[i];
    let axis = x.p.board.pieces[i].axis;
    let mut out = Vec::new();
    for (j, &(rj, cj)) in now.iter().enumerate().filter(|&(j, _)| j != i && ordered(x.p, i, j).is_none()) {
        for (dr, dc) in offsets(x.p, i, j) {
            // Overlap with j at anchor (r + u, c + v): rj - r - u = dr and cj - c - v = dc.
            if axis.allows((0, 1)) {
                let hit = x.and(vec![x.eq(to.0, r, 0), x.eq(rj, r, dr), x.between(cj.shift(-dc), c, to.1)]);
                out.push(x.not(hit));
            }
            if axis.allows((1, 0)) {
                let hit = x.and(vec![x.eq(to.1, c, 0), x.eq(cj, c, dc), x.between(rj.shift(-dr), r, to.0)]);
                out.push(x.not(hit));
            }
        }
    }
    out
}

/// `smt` in the registry.
pub struct Smt;

puzzlec_encode::describe!(
    Smt,
    "smt",
    "SMT-LIB2 (QF_LIA): Int anchors, overlap as excluded offsets; every metric",
    [Smt2]
);

impl super::BlocksEncoding for Smt {
    fn metrics(&self) -> &'static [Metric] {
        &Metric::ALL
    }
}

impl puzzlec_encode::PlanEncoding<BlocksPuzzle> for Smt {
    type Step = BlockMove;

    fn smt(&self, p: &BlocksPuzzle, horizon: usize) -> SmtScript {
        encode(p, horizon)
    }

    fn decode(
        &self,
        p: &BlocksPuzzle,
        model: &dyn Model,
        horizon: usize,
    ) -> Result<Vec<BlockMove>, puzzlec_encode::DecodeError> {
        super::plan_of(p, &anchors(p, model, horizon)?)
    }

    fn blocking(&self, p: &BlocksPuzzle, plan: &[BlockMove]) -> Vec<(String, i64)> {
        let cols = p.board.cols;
        let after = anchors_along(p, plan);
        plan.iter()
            .zip(after)
            .enumerate()
            .flat_map(|(t, (m, a))| {
                [(row_name(m.piece, t + 1), (a / cols) as i64), (col_name(m.piece, t + 1), (a % cols) as i64)]
            })
            .collect()
    }
}
