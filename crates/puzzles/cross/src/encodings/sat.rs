//! `sat`: the cross slider as CNF, for a plan of exactly H moves.
//!
//! State per step t: where the empty cell is (`E(c,t)`, one-hot), where the cross is
//! (`X(c,t)`, one-hot), and, per cell, what the piece standing there may still do:
//! `Hz(c,t)` "may slide horizontally", `Vt(c,t)` "may slide vertically". A free piece has both;
//! its first move clears the other one, and the flags travel with the piece. Tracking flags
//! per cell instead of piece identities per cell keeps the state at 4 variables a cell rather
//! than one per piece and cell, and still lets a piece's orientation constrain its every move.
//! Orientations are read off the plan by replay (`?` for a piece that never moved).
//!
//! One action per step, `A(t,d)` (the direction the moving piece slides), and a move variable
//! per (empty cell, direction) as the product of the two. Pruning, each measured on 5x5:
//! - the relaxed puzzle (every piece free): a (cross, empty) pair that needs more than H - t
//!   relaxed moves to finish, or more than t to reach from the start, cannot occur at step t
//!   (binary clauses from two BFS tables over n(n-1) pairs); this is what makes proofs fast;
//! - parity: the empty cell changes colour every move, so half its variables are false;
//! - no immediate undo: undoing returns to the same cells with no looser orientations, so a
//!   shortest plan never does it.

use crate::rules::{relaxed_distances, relaxed_from_start, CrossPuzzle, Orientation};
use puzzlec_core::Move;
use puzzlec_ir::{ClauseSink, Lit};

use puzzlec_encode::card::exactly_one;

/// Name of the action variable: step t (from 0), direction letter.
pub fn action_name(t: usize, m: Move) -> String {
    format!("A({t},{})", m.letter())
}

/// What the encoding needs besides the instance, kept for measurements (ablation).
#[derive(Clone, Copy, Debug)]
pub struct Pruning {
    pub relaxed: bool,
    pub parity: bool,
    pub no_undo: bool,
}

impl Default for Pruning {
    fn default() -> Pruning {
        Pruning { relaxed: true, parity: true, no_undo: true }
    }
}

fn is_vertical(m: Move) -> bool {
    matches!(m, Move::Up | Move::Down)
}

/// Writes the puzzle for exactly `horizon` moves into `sink`; the action variables are named.
pub fn encode(p: &CrossPuzzle, horizon: usize, pruning: Pruning, sink: &mut impl ClauseSink) {
    let n = p.cells();
    let per_step = |sink: &mut dyn FnMut() -> Lit| -> Vec<Vec<Lit>> {
        (0..=horizon).map(|_| (0..n).map(|_| sink()).collect()).collect()
    };
    let empty = per_step(&mut || sink.new_var(None));
    let cross = per_step(&mut || sink.new_var(None));
    let hz = per_step(&mut || sink.new_var(None));
    let vt = per_step(&mut || sink.new_var(None));
    let act: Vec<Vec<Lit>> =
        (0..horizon).map(|t| Move::ALL.iter().map(|&m| sink.new_var(Some(action_name(t, m)))).collect()).collect();

    let (e0, x0, target) = (p.index(p.empty), p.index(p.cross), p.index(p.target));
    sink.add_clause(&[empty[0][e0]]);
    sink.add_clause(&[cross[0][x0]]);
    sink.add_clause(&[cross[horizon][target]]);
    for c in (0..n).filter(|&c| c != e0 && c != x0) {
        let o = p.fixed[c];
        sink.add_clause(&[if o == Orientation::Vertical { -hz[0][c] } else { hz[0][c] }]);
        sink.add_clause(&[if o == Orientation::Horizontal { -vt[0][c] } else { vt[0][c] }]);
    }
    for t in 0..=horizon {
        exactly_one(sink, &empty[t]);
        exactly_one(sink, &cross[t]);
        for c in 0..n {
            sink.add_clause(&[-cross[t][c], -empty[t][c]]);
        }
    }
    for t in 0..horizon {
        exactly_one(sink, &act[t]);
        for e in 0..n {
            for (di, &m) in Move::ALL.iter().enumerate() {
                let (dr, dc) = m.delta();
                let Some(x) = p.step(e, (-dr, -dc)) else {
                    sink.add_clause(&[-empty[t][e], -act[t][di]]);
                    continue;
                };
                // The piece at x slides in direction m into the empty cell e.
                let mv = sink.new_var(None);
                sink.add_clause(&[-mv, empty[t][e]]);
                sink.add_clause(&[-mv, act[t][di]]);
                sink.add_clause(&[mv, -empty[t][e], -act[t][di]]);
                sink.add_clause(&[-mv, empty[t + 1][x]]);
                sink.add_clause(&[-mv, -cross[t][x], cross[t + 1][e]]);
                let (allowed, other) = if is_vertical(m) { (&vt, &hz) } else { (&hz, &vt) };
                sink.add_clause(&[-mv, cross[t][x], allowed[t][x]]);
                sink.add_clause(&[-mv, cross[t][x], allowed[t + 1][e]]);
                sink.add_clause(&[-mv, cross[t][x], -other[t + 1][e]]);
            }
        }
        for c in 0..n {
            // The cross stays unless its cell is the one emptied.
            sink.add_clause(&[-cross[t][c], cross[t + 1][c], empty[t + 1][c]]);
            // A piece that neither moves in nor out keeps its flags.
            for flags in [&hz, &vt] {
                sink.add_clause(&[empty[t][c], empty[t + 1][c], -flags[t][c], flags[t + 1][c]]);
                sink.add_clause(&[empty[t][c], empty[t + 1][c], flags[t][c], -flags[t + 1][c]]);
            }
        }
        if pruning.no_undo && t + 1 < horizon {
            for (di, &m) in Move::ALL.iter().enumerate() {
                let back = m.opposite().index();
                sink.add_clause(&[-act[t][di], -act[t + 1][back]]);
            }
        }
    }
    if pruning.parity {
        let colour = |c: usize| (c / p.cols + c % p.cols) % 2;
        for (t, row) in empty.iter().enumerate() {
            for (c, &lit) in row.iter().enumerate() {
                if colour(c) != (colour(e0) + t) % 2 {
                    sink.add_clause(&[-lit]);
                }
            }
        }
    }
    if pruning.relaxed {
        let to_goal = relaxed_distances(p);
        let from_start = relaxed_from_start(p);
        for t in 0..=horizon {
            for x in 0..n {
                for e in (0..n).filter(|&e| e != x) {
                    let (g, s) = (to_goal[x * n + e] as usize, from_start[x * n + e] as usize);
                    if g > horizon - t || s > t {
                        sink.add_clause(&[-cross[t][x], -empty[t][e]]);
                    }
                }
            }
        }
    }
}

/// `sat` in the registry.
pub struct Sat;

puzzlec_encode::describe!(Sat, "sat", "CNF with relaxed-distance pruning, parity and no undo (the fast one)", [Dimacs]);

impl super::CrossEncoding for Sat {
    fn action_name(&self, t: usize, m: Move) -> Option<String> {
        Some(action_name(t, m))
    }

    fn allows_undo(&self) -> bool {
        false
    }
}

impl puzzlec_encode::PlanEncoding<CrossPuzzle> for Sat {
    type Step = Move;

    fn write_cnf(&self, p: &CrossPuzzle, horizon: usize, mut sink: &mut dyn ClauseSink) {
        encode(p, horizon, Pruning::default(), &mut sink);
    }

    fn decode(
        &self,
        _: &CrossPuzzle,
        model: &dyn puzzlec_ir::Model,
        horizon: usize,
    ) -> Result<Vec<Move>, puzzlec_encode::DecodeError> {
        puzzlec_encode::one_action_per_step(&model, horizon, action_name)
    }

    fn blocking(&self, _: &CrossPuzzle, plan: &[Move]) -> Vec<(String, i64)> {
        plan.iter().enumerate().map(|(t, &m)| (action_name(t, m), 1)).collect()
    }
}
