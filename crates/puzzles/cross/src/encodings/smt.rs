//! `smt`: the cross slider as SMT-LIB2 (QF_LIA): Int positions, an Int action per step and
//! Bool orientation flags per cell, the same rules as `sat` written as implications.
//!
//! `e_t` and `x_t` are the cells (row-major index) of the empty cell and the cross after t
//! moves; `a_t` is the move (0 U, 1 D, 2 L, 3 R: the direction the moving piece slides);
//! `hz_c_t` / `vt_c_t` say whether the piece on cell c may slide horizontally / vertically.
//! No relaxed-distance pruning here: this form is for readability and for SMT solvers.

use crate::rules::{CrossPuzzle, Orientation};
use puzzlec_core::Move;
use puzzlec_ir::{SmtScript, Sort};

/// Name of the action of step t.
pub fn action_name(t: usize) -> String {
    format!("a_{t}")
}

pub fn encode(p: &CrossPuzzle, horizon: usize) -> SmtScript {
    let n = p.cells();
    let mut s = SmtScript::new("QF_LIA");
    let int = |s: &mut SmtScript, name: String, hi: usize, out: bool| {
        let v = s.declare(&name, Sort::Int, out);
        let (lo, hi) = (s.ctx().numeral(0), s.ctx().numeral(hi as i64));
        let range = s.ctx().and(s.ctx().gte(v, lo), s.ctx().lt(v, hi));
        s.assert(range);
        v
    };
    let e: Vec<_> = (0..=horizon).map(|t| int(&mut s, format!("e_{t}"), n, false)).collect();
    let x: Vec<_> = (0..=horizon).map(|t| int(&mut s, format!("x_{t}"), n, false)).collect();
    let a: Vec<_> = (0..horizon).map(|t| int(&mut s, action_name(t), 4, true)).collect();
    let hz: Vec<Vec<_>> =
        (0..=horizon).map(|t| (0..n).map(|c| s.declare(&format!("hz_{c}_{t}"), Sort::Bool, false)).collect()).collect();
    let vt: Vec<Vec<_>> =
        (0..=horizon).map(|t| (0..n).map(|c| s.declare(&format!("vt_{c}_{t}"), Sort::Bool, false)).collect()).collect();
    let num = |s: &SmtScript, k: usize| s.ctx().numeral(k as i64);

    let (e0, x0, target) = (p.index(p.empty), p.index(p.cross), p.index(p.target));
    let facts =
        vec![s.ctx().eq(e[0], num(&s, e0)), s.ctx().eq(x[0], num(&s, x0)), s.ctx().eq(x[horizon], num(&s, target))];
    for f in facts {
        s.assert(f);
    }
    for c in (0..n).filter(|&c| c != e0 && c != x0) {
        let o = p.fixed[c];
        let h = if o == Orientation::Vertical { s.ctx().not(hz[0][c]) } else { hz[0][c] };
        let v = if o == Orientation::Horizontal { s.ctx().not(vt[0][c]) } else { vt[0][c] };
        s.assert(h);
        s.assert(v);
    }
    for t in 0..horizon {
        let apart = s.ctx().distinct(x[t], e[t]);
        s.assert(apart);
        for cell in 0..n {
            for (di, &m) in Move::ALL.iter().enumerate() {
                let (dr, dc) = m.delta();
                let here = s.ctx().eq(e[t], num(&s, cell));
                let chosen = s.ctx().eq(a[t], num(&s, di));
                let Some(src) = p.step(cell, (-dr, -dc)) else {
                    let never = s.ctx().not(s.ctx().and(here, chosen));
                    s.assert(never);
                    continue;
                };
                let vertical = matches!(m, Move::Up | Move::Down);
                let (allowed, other) = if vertical { (&vt, &hz) } else { (&hz, &vt) };
                let cross_moves = s.ctx().eq(x[t + 1], num(&s, cell));
                let piece_moves = s.all(vec![
                    allowed[t][src],
                    allowed[t + 1][cell],
                    s.ctx().not(other[t + 1][cell]),
                    s.ctx().eq(x[t + 1], x[t]),
                ]);
                let is_cross = s.ctx().eq(x[t], num(&s, src));
                let effect =
                    s.all(vec![s.ctx().eq(e[t + 1], num(&s, src)), s.ctx().ite(is_cross, cross_moves, piece_moves)]);
                let rule = s.ctx().imp(s.ctx().and(here, chosen), effect);
                s.assert(rule);
            }
        }
        for cell in 0..n {
            let still = s.all(vec![s.ctx().distinct(e[t], num(&s, cell)), s.ctx().distinct(e[t + 1], num(&s, cell))]);
            let keep = s.all(vec![s.ctx().eq(hz[t][cell], hz[t + 1][cell]), s.ctx().eq(vt[t][cell], vt[t + 1][cell])]);
            let frame = s.ctx().imp(still, keep);
            s.assert(frame);
        }
        if t + 1 < horizon {
            // No immediate undo: U/D and L/R are 0/1 and 2/3.
            let sum = s.ctx().plus(a[t], a[t + 1]);
            let (one, five) = (s.ctx().numeral(1), s.ctx().numeral(5));
            let same_axis = s.ctx().or(
                s.ctx().and(s.ctx().lte(a[t], one), s.ctx().lte(a[t + 1], one)),
                s.ctx().and(s.ctx().gte(a[t], s.ctx().numeral(2)), s.ctx().gte(a[t + 1], s.ctx().numeral(2))),
            );
            let undo = s.ctx().and(same_axis, s.ctx().or(s.ctx().eq(sum, one), s.ctx().eq(sum, five)));
            let rule = s.ctx().not(undo);
            s.assert(rule);
        }
    }
    s
}

/// `smt` in the registry.
pub struct Smt;

puzzlec_encode::describe!(Smt, "smt", "SMT-LIB2 (QF_LIA): Int positions and action, Bool orientation flags", [Smt2]);

impl super::CrossEncoding for Smt {
    fn allows_undo(&self) -> bool {
        false
    }
}

impl puzzlec_encode::PlanEncoding<CrossPuzzle> for Smt {
    type Step = Move;

    fn smt(&self, p: &CrossPuzzle, horizon: usize) -> SmtScript {
        encode(p, horizon)
    }

    fn decode(
        &self,
        _: &CrossPuzzle,
        model: &dyn puzzlec_ir::Model,
        horizon: usize,
    ) -> Result<Vec<Move>, puzzlec_encode::DecodeError> {
        (0..horizon)
            .map(|t| {
                let name = action_name(t);
                let a = model.int(&name).ok_or(puzzlec_encode::DecodeError::Missing(name))?;
                usize::try_from(a).ok().and_then(|i| Move::ALL.get(i).copied()).ok_or_else(|| {
                    puzzlec_encode::DecodeError::Inconsistent(format!("step {t} has action {a}, not 0..3"))
                })
            })
            .collect()
    }

    fn blocking(&self, _: &CrossPuzzle, plan: &[Move]) -> Vec<(String, i64)> {
        plan.iter().enumerate().map(|(t, &m)| (action_name(t), m.index() as i64)).collect()
    }
}
