//! The path metric for `sat`: the anchor a moving class takes must be reachable from the one
//! it leaves by unit steps through anchors whose cells nothing else holds at that step.
//!
//! Reachability is written in levels, `R(d, c)` "anchor c is reachable within d unit steps":
//! level 0 is the anchor left, each level reaches one step further, and the anchor taken must
//! be at the last level. Why levels and not "reachable if a neighbour is": that rule lets a
//! free region the piece cannot get to support itself (each anchor there "reached" from the
//! next), and the piece would jump into it. How many levels: see [`longest`].

use puzzlec_ir::{ClauseSink, Lit};

use crate::rules::BlocksPuzzle;

/// One moving class at one step, as the path clauses see it.
pub struct Mover<'a> {
    /// A member of the class (its shape and axis).
    pub rep: usize,
    /// The class's anchors, in order.
    pub ever: &'a [usize],
    /// Per anchor: "left at this step", "taken at this step", "held at this step".
    pub left: &'a [Lit],
    pub taken: &'a [Lit],
    pub held: &'a [Lit],
}

/// Writes "the anchor taken is reachable from the one left" for `m` at one step;
/// `covering[c]` are the held literals (every class) whose anchor covers cell c.
pub fn path(p: &BlocksPuzzle, m: &Mover, covering: &[Vec<Lit>], sink: &mut dyn ClauseSink) {
    let n = m.ever.len();
    // open[j]: no other piece covers a cell of anchor j (the mover's own anchor aside).
    let open: Vec<Lit> = (0..n).map(|_| sink.new_var(None)).collect();
    for (j, &a) in m.ever.iter().enumerate() {
        for c in p.board.covers(m.rep, a) {
            for &h in &covering[c] {
                match m.held.iter().position(|&x| x == h) {
                    Some(own) => sink.add_clause(&[-open[j], -h, m.left[own]]),
                    None => sink.add_clause(&[-open[j], -h]),
                }
            }
        }
    }
    let neighbours = neighbours(p, m.rep, m.ever);
    let mut level: Vec<Lit> = m.left.to_vec();
    for _ in 0..longest(p, m.rep, n) {
        let next: Vec<Lit> = (0..n).map(|_| sink.new_var(None)).collect();
        for j in 0..n {
            let mut why = vec![-next[j], level[j]];
            why.extend(neighbours[j].iter().map(|&i| level[i]));
            sink.add_clause(&why);
            sink.add_clause(&[-next[j], open[j]]);
        }
        level = next;
    }
    for (&taken, &reached) in m.taken.iter().zip(&level) {
        sink.add_clause(&[-taken, reached]);
    }
}

/// The most unit steps a shortest path of piece `rep` (with `anchors` anchors) can take: a
/// simple path visits each anchor once, and every anchor on it lies within the piece's own
/// cells and the free ones (the board's cells less walls and pieces, the same at every step);
/// distinct anchors put the piece's first cell on distinct cells of those. Klotski has two
/// free cells, so a small square's path is at most 2 steps long, where it has 20 anchors.
pub(super) fn longest(p: &BlocksPuzzle, rep: usize, anchors: usize) -> usize {
    let walls = p.board.walls.iter().filter(|&&w| w).count();
    let taken: usize = p.board.pieces.iter().map(|q| q.cells.len()).sum();
    let free = p.board.cells().saturating_sub(walls + taken);
    anchors.saturating_sub(1).min(p.board.pieces[rep].cells.len() + free - 1)
}

/// Per anchor of `ever` (sorted): the indices of the anchors one unit step away that piece
/// `rep` fits on, along its axis.
pub(super) fn neighbours(p: &BlocksPuzzle, rep: usize, ever: &[usize]) -> Vec<Vec<usize>> {
    let slot = |a: usize| ever.binary_search(&a).ok();
    ever.iter()
        .map(|&a| {
            crate::rules::moves::STEPS
                .iter()
                .filter(|s| p.board.pieces[rep].axis.allows(s.0))
                .filter_map(|s| p.board.step(a, s.0).filter(|&b| p.board.fits(rep, b)).and_then(slot))
                .collect()
        })
        .collect()
}
