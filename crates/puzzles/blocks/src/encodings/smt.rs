//! `smt`: sliding blocks as SMT-LIB2 (QF_LIA), for a plan of at most H moves (metrics step
//! and slide). Each piece's anchor is two Ints per step, `r_i_t` and `c_i_t` (row, column;
//! a piece kept to one axis has the other fixed), and `m_t` is the piece that moves at step t
//! (the number of pieces for an idle step; idle steps come last).
//!
//! No overlap is arithmetic on anchors: pieces i and j overlap exactly when their anchors
//! differ by an offset `cell of i - cell of j`, so each such offset is excluded. A slide is
//! free when no other piece stands where the moving one passes: for a horizontal slide, no
//! offset with j's column inside the interval swept. The anchors a piece can use at step t
//! (the same bounds as `sat`) are written as a disjunction.

use puzzlec_ir::{Model, SExpr, SmtScript, Sort};

use super::{anchors_along, mergeable, Domains};
use crate::rules::{Axis, BlockMove, BlocksPuzzle, Metric};

/// Names of the row and column of piece i's anchor after t moves.
pub fn row_name(i: usize, t: usize) -> String {
    format!("r_{i}_{t}")
}

pub fn col_name(i: usize, t: usize) -> String {
    format!("c_{i}_{t}")
}

/// A coordinate: fixed for a piece kept on the other axis, else a constant of the script.
#[derive(Clone, Copy)]
enum Coord {
    Fixed(i64),
    Var(SExpr),
}

struct Script<'a> {
    s: SmtScript,
    p: &'a BlocksPuzzle,
}

impl Script<'_> {
    fn term(&self, c: Coord) -> SExpr {
        match c {
            Coord::Fixed(k) => self.s.ctx().numeral(k),
            Coord::Var(v) => v,
        }
    }

    /// `a - b = k`, folded when both are fixed (`None`: always false).
    fn diff_is(&self, a: Coord, b: Coord, k: i64) -> Option<SExpr> {
        let ctx = self.s.ctx();
        match (a, b) {
            (Coord::Fixed(x), Coord::Fixed(y)) => (x - y == k).then(|| ctx.true_()),
            (Coord::Var(v), Coord::Fixed(y)) => Some(ctx.eq(v, ctx.numeral(y + k))),
            (Coord::Fixed(x), Coord::Var(v)) => Some(ctx.eq(v, ctx.numeral(x - k))),
            (Coord::Var(v), Coord::Var(w)) => Some(ctx.eq(ctx.sub(v, w), ctx.numeral(k))),
        }
    }

    /// `x` lies between `a` and `b` (either order).
    fn between(&self, x: SExpr, a: Coord, b: Coord) -> SExpr {
        let ctx = self.s.ctx();
        let (a, b) = (self.term(a), self.term(b));
        ctx.or(ctx.and(ctx.lte(a, x), ctx.lte(x, b)), ctx.and(ctx.lte(b, x), ctx.lte(x, a)))
    }

    fn same(&self, a: Coord, b: Coord) -> SExpr {
        match (a, b) {
            (Coord::Var(_), _) | (_, Coord::Var(_)) => self.s.ctx().eq(self.term(a), self.term(b)),
            (Coord::Fixed(x), Coord::Fixed(y)) => if x == y { self.s.ctx().true_() } else { self.s.ctx().false_() },
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
    let n = p.board.pieces.len();
    let cols = p.board.cols;
    let dom = Domains::new(p, horizon);
    let mut at: Vec<Vec<(Coord, Coord)>> = Vec::new();
    for t in 0..=horizon {
        let mut row = Vec::new();
        for (i, piece) in p.board.pieces.iter().enumerate() {
            let (r0, c0) = ((piece.start / cols) as i64, (piece.start % cols) as i64);
            let r = x.s.declare(&row_name(i, t), Sort::Int, true);
            let c = x.s.declare(&col_name(i, t), Sort::Int, true);
            // Decoders read both; the fixed one is pinned.
            let (r, c) = match piece.axis {
                Axis::Horizontal => (Coord::Fixed(r0), Coord::Var(c)),
                Axis::Vertical => (Coord::Var(r), Coord::Fixed(c0)),
                Axis::Free => (Coord::Var(r), Coord::Var(c)),
            };
            let pins = [
                (piece.axis == Axis::Horizontal).then(|| x.s.ctx().eq(x.s.constant(&row_name(i, t)), x.s.ctx().numeral(r0))),
                (piece.axis == Axis::Vertical).then(|| x.s.ctx().eq(x.s.constant(&col_name(i, t)), x.s.ctx().numeral(c0))),
            ];
            for pin in pins.into_iter().flatten() {
                x.s.assert(pin);
            }
            let places: Vec<SExpr> = dom
                .ever(i)
                .into_iter()
                .filter(|&a| dom.allowed(i, t, a))
                .map(|a| {
                    let (ar, ac) = ((a / cols) as i64, (a % cols) as i64);
                    let parts: Vec<SExpr> = [x.diff_is(r, Coord::Fixed(0), ar), x.diff_is(c, Coord::Fixed(0), ac)]
                        .into_iter()
                        .map(|e| e.unwrap_or_else(|| x.s.ctx().false_()))
                        .collect();
                    x.s.all(parts)
                })
                .collect();
            let place = x.s.any(places);
            x.s.assert(place);
            row.push((r, c));
        }
        at.push(row);
    }
    for (i, piece) in p.board.pieces.iter().enumerate() {
        let start = [x.diff_is(at[0][i].0, Coord::Fixed(0), (piece.start / cols) as i64), x.diff_is(at[0][i].1, Coord::Fixed(0), (piece.start % cols) as i64)];
        let goal = p.goal_of(i).map(|g| {
            [x.diff_is(at[horizon][i].0, Coord::Fixed(0), (g / cols) as i64), x.diff_is(at[horizon][i].1, Coord::Fixed(0), (g % cols) as i64)]
        });
        for e in start.into_iter().chain(goal.into_iter().flatten()) {
            let e = e.unwrap_or_else(|| x.s.ctx().false_());
            x.s.assert(e);
        }
    }
    // No overlap, at every step.
    for t in 0..=horizon {
        for i in 0..n {
            for j in i + 1..n {
                for (dr, dc) in offsets(p, i, j) {
                    let (ri, ci) = at[t][i];
                    let (rj, cj) = at[t][j];
                    if let (Some(a), Some(b)) = (x.diff_is(rj, ri, dr), x.diff_is(cj, ci, dc)) {
                        let apart = x.s.ctx().not(x.s.ctx().and(a, b));
                        x.s.assert(apart);
                    }
                }
            }
        }
    }
    let movers: Vec<SExpr> = (0..horizon).map(|t| x.s.declare(&format!("m_{t}"), Sort::Int, false)).collect();
    for t in 0..horizon {
        let ctx = x.s.ctx();
        let range = ctx.and(ctx.gte(movers[t], ctx.numeral(0)), ctx.lte(movers[t], ctx.numeral(n as i64)));
        let idle = ctx.imp(ctx.eq(movers[t], ctx.numeral(n as i64)), ctx.eq(movers[(t + 1).min(horizon - 1)], ctx.numeral(n as i64)));
        x.s.assert(range);
        x.s.assert(idle);
        for i in 0..n {
            let ctx = x.s.ctx();
            let moves_now = ctx.eq(movers[t], ctx.numeral(i as i64));
            let (r, c) = at[t][i];
            let (r2, c2) = at[t + 1][i];
            let kept = x.s.ctx().and(x.same(r, r2), x.same(c, c2));
            let stays = x.s.ctx().imp(x.s.ctx().not(moves_now), kept);
            x.s.assert(stays);
            if t + 1 < horizon && mergeable(p, i) {
                let ctx = x.s.ctx();
                let twice = ctx.not(ctx.and(moves_now, ctx.eq(movers[t + 1], ctx.numeral(i as i64))));
                x.s.assert(twice);
            }
            let step = move_rule(&x, p.metric, (r, c), (r2, c2));
            let mut rule = vec![step];
            if p.metric == Metric::Slide {
                rule.extend(sweep(&x, &at[t], i, (r2, c2)));
            }
            let body = x.s.all(rule);
            let moved = x.s.ctx().imp(moves_now, body);
            x.s.assert(moved);
        }
    }
    x.s
}

/// One move from (r, c) to (r2, c2): one cell, or a straight line; never staying.
fn move_rule(x: &Script, metric: Metric, (r, c): (Coord, Coord), (r2, c2): (Coord, Coord)) -> SExpr {
    let ctx = x.s.ctx();
    let (dr, dc) = (ctx.sub(x.term(r2), x.term(r)), ctx.sub(x.term(c2), x.term(c)));
    let zero = ctx.numeral(0);
    let unit = |d: SExpr| ctx.or(ctx.eq(d, ctx.numeral(1)), ctx.eq(d, ctx.numeral(-1)));
    match metric {
        Metric::Step => ctx.or(ctx.and(ctx.eq(dr, zero), unit(dc)), ctx.and(unit(dr), ctx.eq(dc, zero))),
        _ => ctx.or(
            ctx.and(ctx.eq(dr, zero), ctx.not(ctx.eq(dc, zero))),
            ctx.and(ctx.eq(dc, zero), ctx.not(ctx.eq(dr, zero))),
        ),
    }
}

/// For a slide of piece i to (r2, c2): no other piece stands on a cell it passes.
fn sweep(x: &Script, now: &[(Coord, Coord)], i: usize, (r2, c2): (Coord, Coord)) -> Vec<SExpr> {
    let (r, c) = now[i];
    let ctx = x.s.ctx();
    let mut out = Vec::new();
    for (j, &(rj, cj)) in now.iter().enumerate().filter(|&(j, _)| j != i) {
        for (dr, dc) in offsets(x.p, i, j) {
            // Horizontal: same row offset, j's column minus the offset within the columns swept.
            if let Some(rows) = x.diff_is(rj, r, dr) {
                let col = ctx.sub(x.term(cj), ctx.numeral(dc));
                let hit = ctx.and(ctx.and(x.same(r, r2), rows), x.between(col, c, c2));
                out.push(ctx.not(hit));
            }
            if let Some(cols) = x.diff_is(cj, c, dc) {
                let row = ctx.sub(x.term(rj), ctx.numeral(dr));
                let hit = ctx.and(ctx.and(x.same(c, c2), cols), x.between(row, r, r2));
                out.push(ctx.not(hit));
            }
        }
    }
    out
}

/// Every piece's anchor after each step, from the Ints of a model of [`encode`].
///
/// # Errors
/// A missing value, or one off the board.
pub fn anchors(p: &BlocksPuzzle, model: &dyn Model, horizon: usize) -> Result<Vec<Vec<usize>>, puzzlec_encode::DecodeError> {
    let (rows, cols) = (p.board.rows as i64, p.board.cols as i64);
    (0..=horizon)
        .map(|t| {
            (0..p.board.pieces.len())
                .map(|i| {
                    let get = |name: String| model.int(&name).ok_or(puzzlec_encode::DecodeError::Missing(name));
                    let (r, c) = (get(row_name(i, t))?, get(col_name(i, t))?);
                    if !(0..rows).contains(&r) || !(0..cols).contains(&c) {
                        return Err(puzzlec_encode::DecodeError::Inconsistent(format!("after {t} moves piece {i} is off the board")));
                    }
                    Ok((r * cols + c) as usize)
                })
                .collect()
        })
        .collect()
}

/// `smt` in the registry.
pub struct Smt;

puzzlec_encode::describe!(Smt, "smt", "SMT-LIB2 (QF_LIA): Int anchors, overlap as excluded offsets", [Smt2]);

impl super::BlocksEncoding for Smt {
    fn metrics(&self) -> &'static [Metric] {
        &[Metric::Step, Metric::Slide]
    }

    fn write_cnf(&self, _: &BlocksPuzzle, _: usize, _: &mut dyn puzzlec_ir::ClauseSink) {
        unreachable!("smt is SMT-LIB2 only; callers check the form")
    }

    fn smt(&self, p: &BlocksPuzzle, horizon: usize) -> SmtScript {
        encode(p, horizon)
    }

    fn anchors(&self, p: &BlocksPuzzle, model: &dyn Model, horizon: usize) -> Result<Vec<Vec<usize>>, puzzlec_encode::DecodeError> {
        anchors(p, model, horizon)
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
