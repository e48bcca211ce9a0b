//! `sat`: sliding blocks as CNF over classes of interchangeable pieces, for a plan of at most
//! H moves (every metric).
//!
//! Pieces of one shape and axis (goal pieces excepted) are one class, and the state says
//! only which anchors a class holds: `X(t,k,a)` "a piece of class k has its anchor on a after
//! t moves". Labelled positions (`labelled`) let the solver tell apart plans that differ only
//! in which of two equal pieces moved; Klotski has 4! x 4! of them per position, and every
//! one is refuted again in an UNSAT proof. Here a position is the one the exact search keeps.
//!
//! Actions: `M(t,k)` "class k moves at step t", at most one per step, idle steps last; with it
//! exactly one anchor `F(t,k,a)` is left and one `T(t,k,b)` taken, b one move from a on the
//! empty board; for a slide every cell swept on the way is free at t, and along a path the
//! anchor taken is reachable through free cells (`reach`). Anchors change only through F and
//! T, so each class keeps its number of pieces; that count, and the number of free cells, are
//! stated again per step (`counts`). No two anchors held cover one cell. The
//! bounds of `labelled` prune anchors per step, and a class whose two moves in a row always
//! merge never moves the piece it just moved.

use puzzlec_encode::DecodeError;
use puzzlec_ir::{ClauseSink, Lit, Model};

use super::anchors_along;
use super::frame::{self, Layout, Move, State};
use crate::rules::{BlockMove, BlocksPuzzle, Metric};

/// Name of "a piece of class k (numbered from 0) holds anchor a after t moves".
pub fn held_name(t: usize, k: usize, a: usize) -> String {
    format!("X({t},{k},{a})")
}

/// Name of "class k moves at step t".
pub fn mover_name(t: usize, k: usize) -> String {
    format!("M({t},{k})")
}

/// Writes the puzzle for at most `horizon` moves into `sink`.
pub fn encode(p: &BlocksPuzzle, horizon: usize, sink: &mut dyn ClauseSink) {
    let lay = Layout::new(p, horizon);
    let held: Vec<Vec<Vec<Lit>>> = (0..=horizon).map(|t| lay.held(sink, |k, a| Some(held_name(t, k, a)))).collect();
    for (k, members) in lay.classes.iter().enumerate() {
        lay.start(p, k, &held[0][k], sink);
        if let Some(g) = p.goal_of(members[0]) {
            sink.family("goal");
            match lay.slot(k, g) {
                Some(j) => sink.add_clause(&[held[horizon][k][j]]),
                None => sink.add_clause(&[]),
            }
        }
    }
    // A formula abandoned (its deadline, its cap) is not written on: each state and step
    // asks, so building ends soon after.
    let mut states: Vec<State> = Vec::with_capacity(held.len());
    for (t, now) in held.iter().enumerate() {
        if sink.abandoned() {
            return;
        }
        states.push(frame::state(p, &lay, now.clone(), |k, a| lay.allowed(k, t, a), sink));
    }
    let mut previous: Option<Move> = None;
    for t in 0..horizon {
        if sink.abandoned() {
            return;
        }
        let pair = (&states[t], states[t + 1].held.as_slice());
        let now = frame::step(p, &lay, t, pair, |k, a| lay.allowed(k, t, a), previous.as_ref(), sink);
        previous = Some(now);
    }
}

/// Every piece's anchor after each step: the anchors held per class, followed from the start
/// (the piece on the anchor a class leaves is the one that moves).
///
/// # Errors
/// A missing variable, two classes changing in one step, or a change that is not one piece
/// leaving one anchor for another.
pub fn anchors(p: &BlocksPuzzle, model: &dyn Model, horizon: usize) -> Result<Vec<Vec<usize>>, DecodeError> {
    anchors_named(p, &Layout::new(p, horizon), model, horizon, held_name)
}

/// [`anchors`] over the held variables named by `name(t, k, a)`.
///
/// # Errors
/// As [`anchors`].
pub fn anchors_named(
    p: &BlocksPuzzle,
    lay: &Layout,
    model: &dyn Model,
    horizon: usize,
    name: impl Fn(usize, usize, usize) -> String,
) -> Result<Vec<Vec<usize>>, DecodeError> {
    let held = |t: usize, k: usize| puzzlec_encode::true_of(model, lay.ever[k].iter().copied(), |a| name(t, k, a));
    let mut now: Vec<usize> = p.start().anchors;
    let mut steps = vec![now.clone()];
    let mut before: Vec<Vec<usize>> = (0..lay.classes.len()).map(|k| held(0, k)).collect::<Result<_, _>>()?;
    for t in 1..=horizon {
        let after: Vec<Vec<usize>> = (0..lay.classes.len()).map(|k| held(t, k)).collect::<Result<_, _>>()?;
        for k in (0..lay.classes.len()).filter(|&k| before[k] != after[k]) {
            let gone: Vec<usize> = before[k].iter().copied().filter(|a| !after[k].contains(a)).collect();
            let came: Vec<usize> = after[k].iter().copied().filter(|a| !before[k].contains(a)).collect();
            let piece = lay.classes[k].iter().copied().find(|&i| gone.first() == Some(&now[i]));
            match (gone.as_slice(), came.as_slice(), piece) {
                ([_], [b], Some(i)) => now[i] = *b,
                _ => {
                    return Err(DecodeError::Inconsistent(format!(
                        "step {t}: class {k} leaves {} anchors and takes {}",
                        gone.len(),
                        came.len()
                    )))
                }
            }
        }
        steps.push(now.clone());
        before = after;
    }
    Ok(steps)
}

/// `sat` in the registry.
pub struct Sat;

puzzlec_encode::describe!(
    Sat,
    "sat",
    "CNF over classes of interchangeable pieces: anchors held, one move per step, swept or reached cells, per-step counts of pieces and free cells, bounds; every metric",
    [Dimacs]
);

impl super::BlocksEncoding for Sat {
    fn metrics(&self) -> &'static [Metric] {
        &Metric::ALL
    }

    fn movers(&self, p: &BlocksPuzzle) -> Vec<char> {
        p.groups().iter().map(|m| p.board.pieces[m[0]].name).collect()
    }

    fn mover_name(&self, t: usize, k: usize) -> String {
        mover_name(t, k)
    }
}

impl puzzlec_encode::PlanEncoding<BlocksPuzzle> for Sat {
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

    /// Plans up to interchangeable pieces: the class moved and the anchor it took, per step.
    fn blocking(&self, p: &BlocksPuzzle, plan: &[BlockMove]) -> Vec<(String, i64)> {
        let of: Vec<usize> = {
            let cl = p.groups();
            (0..p.board.pieces.len()).map(|i| cl.iter().position(|m| m.contains(&i)).unwrap_or(0)).collect()
        };
        let after = anchors_along(p, plan);
        plan.iter()
            .zip(after)
            .enumerate()
            .flat_map(|(t, (m, a))| [(mover_name(t, of[m.piece]), 1), (held_name(t + 1, of[m.piece], a), 1)])
            .collect()
    }
}
