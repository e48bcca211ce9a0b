//! The path metric for `smt`, as for `sat` (`encodings/reach.rs`): Bools `p_t_i_d_a` "piece
//! i can get to anchor a within d unit steps at step t", level 0 its anchor, each level one
//! step further through anchors no other piece overlaps, and the anchor it moves to at the
//! last level. The levels, and why levels, are `reach`'s.

use super::{offsets, Cond, Coord, Script};
use crate::encodings::reach::{longest, neighbours};
use crate::encodings::Domains;

/// "Piece i gets from `now[i]` to `to` along a path at step t", with the levels asserted.
pub(super) fn reach(
    x: &mut Script,
    dom: &Domains,
    now: &[(Coord, Coord)],
    i: usize,
    to: (Coord, Coord),
    t: usize,
) -> Cond {
    let p = x.p;
    let cols = p.board.cols;
    let ever = dom.ever(i);
    let zero = Coord::fixed(0);
    let on = |x: &Script, (r, c): (Coord, Coord), a: usize| {
        x.and(vec![x.eq(r, zero, (a / cols) as i64), x.eq(c, zero, (a % cols) as i64)])
    };
    // free[k]: no other piece overlaps piece i standing on ever[k] (j at B overlaps i at A
    // exactly when B - A is one of their offsets).
    let free: Vec<Cond> = ever
        .iter()
        .map(|&a| {
            let (ar, ac) = (Coord::fixed((a / cols) as i64), Coord::fixed((a % cols) as i64));
            let mut apart = Vec::new();
            for (j, &(rj, cj)) in now.iter().enumerate().filter(|&(j, _)| j != i) {
                for (dr, dc) in offsets(p, i, j) {
                    apart.push(x.not(x.and(vec![x.eq(rj, ar, dr), x.eq(cj, ac, dc)])));
                }
            }
            x.and(apart)
        })
        .collect();
    let next_to = neighbours(p, i, &ever);
    let mut level: Vec<Cond> = ever.iter().map(|&a| on(x, now[i], a)).collect();
    for d in 1..=longest(p, i, ever.len()) {
        let mut next = Vec::new();
        for (k, &a) in ever.iter().enumerate() {
            let v = Cond::Term(x.s.declare(&format!("p_{t}_{i}_{d}_{a}"), puzzlec_ir::Sort::Bool, false));
            let mut from = vec![level[k]];
            from.extend(next_to[k].iter().map(|&n| level[n]));
            let came = x.imp(v, x.or(from));
            x.assert(came);
            let open = x.imp(v, free[k]);
            x.assert(open);
            next.push(v);
        }
        level = next;
    }
    let ends: Vec<Cond> = ever.iter().zip(&level).map(|(&a, &l)| x.and(vec![on(x, to, a), l])).collect();
    x.or(ends)
}
