//! `labelled`: sliding blocks as CNF with every piece's own anchor, for a plan of at most H
//! moves (metrics step and slide). `sat` is the same over classes of interchangeable pieces.
//!
//! State per step t: `P(t,i,a)` "piece i has its anchor on a" (exactly one per piece, over
//! the anchors it can ever reach alone), and per cell `Q` "piece i covers the cell" (at most
//! one piece per cell: no overlap). Actions: `M(t,i)` "piece i moves at step t", at most one
//! per step, idle steps only at the end. A piece that does not move keeps its anchor; one that
//! moves goes to an anchor one move away on the empty board, and for a slide every cell it
//! sweeps on the way is free at t (the cells of the end anchor are free by the no-overlap of
//! t+1, since nothing else moves).
//!
//! Pruning, from what the tiles taught: lower bounds as constraints. An anchor a piece alone
//! could not reach from its start in t moves, or (a goal piece) from which it could not reach
//! its goal alone in the moves left, is false at step t; and a piece whose two moves in a row
//! always merge into one (any path, or a slide on one axis) never moves twice in a row.

use puzzlec_ir::{ClauseSink, Lit, Model};

use super::{anchors_along, at_most_one, exactly_one, mergeable, moves_alone, slides, Domains};
use crate::rules::{BlockMove, BlocksPuzzle, Metric};

/// Name of "piece i (by index) has its anchor on cell a after t moves".
pub fn position_name(t: usize, i: usize, a: usize) -> String {
    format!("P({t},{i},{a})")
}

/// Name of "piece i moves at step t" (from 0).
pub fn mover_name(t: usize, i: usize) -> String {
    format!("M({t},{i})")
}

/// Writes the puzzle for at most `horizon` moves into `sink`.
pub fn encode(p: &BlocksPuzzle, horizon: usize, sink: &mut dyn ClauseSink) {
    let board = &p.board;
    let (n, cells) = (board.pieces.len(), board.cells());
    let dom = Domains::new(p, horizon);
    let ever: Vec<Vec<usize>> = (0..n).map(|i| dom.ever(i)).collect();
    // pos[t][i][k]: piece i on ever[i][k] after t moves.
    let pos: Vec<Vec<Vec<Lit>>> = (0..=horizon)
        .map(|t| {
            (0..n).map(|i| ever[i].iter().map(|&a| sink.new_var(Some(position_name(t, i, a)))).collect()).collect()
        })
        .collect();
    let mover: Vec<Vec<Lit>> =
        (0..horizon).map(|t| (0..n).map(|i| sink.new_var(Some(mover_name(t, i)))).collect()).collect();
    let slot = |i: usize, a: usize| ever[i].iter().position(|&b| b == a);
    for i in 0..n {
        sink.family("start");
        sink.add_clause(&[pos[0][i][slot(i, board.pieces[i].start).expect("the start is reachable")]]);
        if let Some(g) = p.goal_of(i) {
            sink.family("goal");
            match slot(i, g) {
                Some(k) => sink.add_clause(&[pos[horizon][i][k]]),
                None => sink.add_clause(&[]),
            }
        }
    }
    for t in 0..=horizon {
        // An abandoned formula (its deadline, its cap) is not written on.
        if sink.abandoned() {
            return;
        }
        let mut covering: Vec<Vec<Lit>> = vec![Vec::new(); cells];
        for i in 0..n {
            sink.family("one-anchor");
            exactly_one(sink, &pos[t][i], None);
            let mut covers: Vec<Option<Lit>> = vec![None; cells];
            for (k, &a) in ever[i].iter().enumerate() {
                if !dom.allowed(i, t, a) {
                    sink.family("bounds");
                    sink.add_clause(&[-pos[t][i][k]]);
                    continue;
                }
                sink.family("covers");
                for c in board.covers(i, a) {
                    let q = *covers[c].get_or_insert_with(|| sink.new_var(None));
                    sink.add_clause(&[-pos[t][i][k], q]);
                }
            }
            for (c, q) in covers.into_iter().enumerate() {
                covering[c].extend(q);
            }
        }
        sink.family("no-overlap");
        for lits in &covering {
            at_most_one(sink, lits);
        }
        if t == horizon {
            break;
        }
        sink.family("one-mover");
        at_most_one(sink, &mover[t]);
        sink.family("idle");
        let _ = super::idle(sink, t, &mover[t]);
        let cov = if p.metric == Metric::Slide { covering_of(p, t, &pos, &ever) } else { Vec::new() };
        for i in 0..n {
            if t > 0 {
                // Idle steps come last: a move at t needs one at t - 1.
                let mut earlier = vec![-mover[t][i]];
                earlier.extend(&mover[t - 1]);
                sink.family("idle-last");
                sink.add_clause(&earlier);
                if mergeable(p, i) {
                    sink.family("no-merge");
                    sink.add_clause(&[-mover[t - 1][i], -mover[t][i]]);
                }
            }
            for (k, &a) in ever[i].iter().enumerate() {
                if !dom.allowed(i, t, a) {
                    continue;
                }
                sink.family("frame");
                sink.add_clause(&[mover[t][i], -pos[t][i][k], pos[t + 1][i][k]]);
                sink.family("move");
                let to: Vec<usize> = moves_alone(p, i, a);
                let mut clause = vec![-mover[t][i], -pos[t][i][k]];
                clause.extend(to.iter().filter_map(|&b| slot(i, b)).map(|j| pos[t + 1][i][j]));
                sink.add_clause(&clause);
                if p.metric == Metric::Slide {
                    sink.family("sweep");
                    sweep(p, &cov, i, a, (pos[t][i][k], &pos[t + 1][i]), &ever[i], sink);
                }
            }
        }
    }
}

/// For each cell, the literals "some piece covers it after t moves" (the positions covering it).
fn covering_of(p: &BlocksPuzzle, t: usize, pos: &[Vec<Vec<Lit>>], ever: &[Vec<usize>]) -> Vec<Vec<(usize, Lit)>> {
    let mut out = vec![Vec::new(); p.board.cells()];
    for (i, anchors) in ever.iter().enumerate() {
        for (k, &a) in anchors.iter().enumerate() {
            for c in p.board.covers(i, a) {
                out[c].push((i, pos[t][i][k]));
            }
        }
    }
    out
}

/// A slide of piece `i` from `a` to each anchor on its lines: every cell swept on the way,
/// beyond the cells it leaves, is covered by no other piece at t.
fn sweep(
    p: &BlocksPuzzle,
    covering: &[Vec<(usize, Lit)>],
    i: usize,
    a: usize,
    (here, next): (Lit, &[Lit]),
    ever: &[usize],
    sink: &mut dyn ClauseSink,
) {
    for (b, swept) in slides(p, i, a) {
        let Some(j) = ever.iter().position(|&e| e == b) else { continue };
        for &c in &swept {
            for &(other, lit) in &covering[c] {
                if other != i {
                    sink.add_clause(&[-here, -next[j], -lit]);
                }
            }
        }
    }
}

/// Every piece's anchor after each step, from a model of [`encode`].
///
/// # Errors
/// A missing variable, or a piece on no anchor or two.
pub fn anchors(
    p: &BlocksPuzzle,
    model: &dyn Model,
    horizon: usize,
) -> Result<Vec<Vec<usize>>, puzzlec_encode::DecodeError> {
    let dom = Domains::new(p, horizon);
    (0..=horizon)
        .map(|t| {
            (0..p.board.pieces.len())
                .map(|i| {
                    puzzlec_encode::exactly_one(
                        model,
                        dom.ever(i),
                        |a| position_name(t, i, a),
                        |n| format!("after {t} moves piece {} stands on {n} anchors", p.board.pieces[i].name),
                    )
                })
                .collect()
        })
        .collect()
}

/// `labelled` in the registry.
pub struct Labelled;

puzzlec_encode::describe!(
    Labelled,
    "labelled",
    "CNF with each piece's own anchor per step (equal pieces told apart); metrics step and slide",
    [Dimacs]
);

impl super::BlocksEncoding for Labelled {
    fn metrics(&self) -> &'static [Metric] {
        &[Metric::Step, Metric::Slide]
    }

    fn movers(&self, p: &BlocksPuzzle) -> Vec<char> {
        p.board.pieces.iter().map(|q| q.name).collect()
    }

    fn mover_name(&self, t: usize, i: usize) -> String {
        mover_name(t, i)
    }
}

impl puzzlec_encode::PlanEncoding<BlocksPuzzle> for Labelled {
    type Step = BlockMove;

    fn write_cnf(&self, p: &BlocksPuzzle, horizon: usize, sink: &mut dyn ClauseSink) {
        encode(p, horizon, sink);
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
        let after = anchors_along(p, plan);
        plan.iter()
            .zip(after)
            .enumerate()
            .flat_map(|(t, (m, a))| [(mover_name(t, m.piece), 1), (position_name(t + 1, m.piece, a), 1)])
            .collect()
    }
}
