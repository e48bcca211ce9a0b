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

use super::{anchors_along, at_most_one, exactly_one, mergeable, moves_alone, slides, Domains};
use crate::rules::{BlockMove, BlocksPuzzle, Metric};

/// Name of "a piece of class k (numbered from 0) holds anchor a after t moves".
pub fn held_name(t: usize, k: usize, a: usize) -> String {
    format!("X({t},{k},{a})")
}

/// Name of "class k moves at step t".
pub fn mover_name(t: usize, k: usize) -> String {
    format!("M({t},{k})")
}

/// What the encoding and its decoder share: classes, their anchors, and per step which are
/// allowed.
struct Layout {
    classes: Vec<Vec<usize>>,
    /// Per class: every anchor a member can reach alone from its start.
    ever: Vec<Vec<usize>>,
    dom: Domains,
}

impl Layout {
    fn new(p: &BlocksPuzzle, horizon: usize) -> Layout {
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

    fn allowed(&self, k: usize, t: usize, a: usize) -> bool {
        self.classes[k].iter().any(|&i| self.dom.allowed(i, t, a))
    }
}

/// Writes the puzzle for at most `horizon` moves into `sink`.
pub fn encode(p: &BlocksPuzzle, horizon: usize, sink: &mut dyn ClauseSink) {
    let board = &p.board;
    let lay = Layout::new(p, horizon);
    let n = lay.classes.len();
    let held: Vec<Vec<Vec<Lit>>> = (0..=horizon)
        .map(|t| {
            (0..n).map(|k| lay.ever[k].iter().map(|&a| sink.new_var(Some(held_name(t, k, a)))).collect()).collect()
        })
        .collect();
    let slot = |k: usize, a: usize| lay.ever[k].binary_search(&a).ok();
    for (k, members) in lay.classes.iter().enumerate() {
        let starts: Vec<usize> = members.iter().map(|&i| board.pieces[i].start).collect();
        for (j, &a) in lay.ever[k].iter().enumerate() {
            sink.family("start");
            sink.add_clause(&[if starts.contains(&a) { held[0][k][j] } else { -held[0][k][j] }]);
        }
        if let Some(g) = p.goal_of(members[0]) {
            sink.family("goal");
            match slot(k, g) {
                Some(j) => sink.add_clause(&[held[horizon][k][j]]),
                None => sink.add_clause(&[]),
            }
        }
    }
    // covering[t][c]: the held literals whose anchor covers cell c.
    let mut covering: Vec<Vec<Vec<Lit>>> = Vec::new();
    let free = board.walls.iter().filter(|&&w| !w).count() - board.pieces.iter().map(|q| q.cells.len()).sum::<usize>();
    for (t, now) in held.iter().enumerate() {
        let mut cells: Vec<Vec<Lit>> = vec![Vec::new(); board.cells()];
        for (k, lits) in now.iter().enumerate() {
            for (j, &a) in lay.ever[k].iter().enumerate() {
                if !lay.allowed(k, t, a) {
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
            super::counts::pieces(sink, &now[k], members.len());
        }
        sink.family("free-cells");
        super::counts::free_cells(sink, &cells, &board.walls, free);
        covering.push(cells);
    }
    let mut previous: Option<(Vec<Lit>, Vec<Vec<Lit>>)> = None;
    for t in 0..horizon {
        let movers: Vec<Lit> = (0..n).map(|k| sink.new_var(Some(mover_name(t, k)))).collect();
        sink.family("one-mover");
        at_most_one(sink, &movers);
        sink.family("idle");
        super::idle(sink, t, &movers);
        let mut took = Vec::new();
        for k in 0..n {
            let rep = lay.classes[k][0];
            let left: Vec<Lit> = lay.ever[k].iter().map(|_| sink.new_var(None)).collect();
            let taken: Vec<Lit> = lay.ever[k].iter().map(|_| sink.new_var(None)).collect();
            sink.family("one-left-one-taken");
            exactly_one(sink, &left, Some(movers[k]));
            exactly_one(sink, &taken, Some(movers[k]));
            if let Some((before, took_before)) = &previous {
                let mut earlier = vec![-movers[k]];
                earlier.extend(before);
                sink.family("idle-last");
                sink.add_clause(&earlier);
                if mergeable(p, rep) {
                    sink.family("no-merge");
                    for j in 0..left.len() {
                        sink.add_clause(&[-took_before[k][j], -left[j]]);
                    }
                }
            }
            for (j, &a) in lay.ever[k].iter().enumerate() {
                let (x, y) = (held[t][k][j], held[t + 1][k][j]);
                sink.family("frame");
                sink.add_clause(&[-left[j], movers[k]]);
                sink.add_clause(&[-taken[j], movers[k]]);
                sink.add_clause(&[-left[j], x]);
                sink.add_clause(&[-left[j], -y]);
                sink.add_clause(&[-taken[j], -x]);
                sink.add_clause(&[-taken[j], y]);
                sink.add_clause(&[-x, y, left[j]]);
                sink.add_clause(&[x, -y, taken[j]]);
                if !lay.allowed(k, t, a) {
                    sink.family("bounds");
                    sink.add_clause(&[-left[j]]);
                    continue;
                }
                sink.family("move");
                let mut to = vec![-left[j]];
                to.extend(moves_alone(p, rep, a).into_iter().filter_map(|b| slot(k, b)).map(|i| taken[i]));
                sink.add_clause(&to);
                if p.metric == Metric::Slide {
                    sink.family("sweep");
                    sweep(p, &covering[t], rep, a, (left[j], &taken), &lay.ever[k], sink);
                }
            }
            if p.metric == Metric::Path {
                sink.family("reach");
                let m = super::reach::Mover { rep, ever: &lay.ever[k], left: &left, taken: &taken, held: &held[t][k] };
                super::reach::path(p, &m, &covering[t], sink);
            }
            took.push(taken);
        }
        previous = Some((movers, took));
    }
}

/// A slide of a piece of shape `rep` from `a` along its lines: every cell swept before each
/// anchor reached, beyond the cells it leaves, is covered by no anchor held at t.
fn sweep(
    p: &BlocksPuzzle,
    covering: &[Vec<Lit>],
    rep: usize,
    a: usize,
    (leaves, taken): (Lit, &[Lit]),
    ever: &[usize],
    sink: &mut dyn ClauseSink,
) {
    for (b, swept) in slides(p, rep, a) {
        let Ok(j) = ever.binary_search(&b) else { continue };
        for &c in &swept {
            for &lit in &covering[c] {
                sink.add_clause(&[-leaves, -taken[j], -lit]);
            }
        }
    }
}

/// Every piece's anchor after each step: the anchors held per class, followed from the start
/// (the piece on the anchor a class leaves is the one that moves).
///
/// # Errors
/// A missing variable, two classes changing in one step, or a change that is not one piece
/// leaving one anchor for another.
pub fn anchors(p: &BlocksPuzzle, model: &dyn Model, horizon: usize) -> Result<Vec<Vec<usize>>, DecodeError> {
    let lay = Layout::new(p, horizon);
    let held = |t: usize, k: usize| -> Result<Vec<usize>, DecodeError> {
        let mut out = Vec::new();
        for &a in &lay.ever[k] {
            let name = held_name(t, k, a);
            if model.bool(&name).ok_or(DecodeError::Missing(name))? {
                out.push(a);
            }
        }
        Ok(out)
    };
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

    fn write_cnf(&self, p: &BlocksPuzzle, horizon: usize, sink: &mut dyn ClauseSink) {
        encode(p, horizon, sink);
    }

    fn smt(&self, _: &BlocksPuzzle, _: usize) -> puzzlec_ir::SmtScript {
        unreachable!("sat is CNF only; callers check the form")
    }

    fn anchors(&self, p: &BlocksPuzzle, model: &dyn Model, horizon: usize) -> Result<Vec<Vec<usize>>, DecodeError> {
        anchors(p, model, horizon)
    }

    fn movers(&self, p: &BlocksPuzzle) -> Vec<char> {
        p.groups().iter().map(|m| p.board.pieces[m[0]].name).collect()
    }

    fn mover_name(&self, t: usize, k: usize) -> String {
        mover_name(t, k)
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
