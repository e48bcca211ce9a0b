//! Counts that hold at every step of every plan, stated per step for the `sat` encoding: each
//! class holds as many anchors as it has pieces, and as many cells are free as at the start.
//!
//! The frame clauses already imply both, but only through a chain of steps back to the start,
//! which the solver cannot use while it reasons about a middle step: without them it keeps
//! refuting positions where a class lost or gained a piece. Stated per step they are redundant
//! clauses that pay: Klotski (slide metric) horizon 30 went from over 300 s to 6 s through
//! CaDiCaL, horizon 50 from out of reach to under a minute (docs/bench-results.md).
//!
//! Not in `labelled`: there every piece already holds exactly one anchor per step, and the
//! free-cell count alone made Rush Hour's 51-move card slower (horizon 50: 1.3 s against 3.1 s).

use puzzlec_encode::card::at_most;
use puzzlec_ir::{ClauseSink, Lit};

/// Exactly `n` of `held` (a class of `n` pieces holds `n` anchors).
pub fn pieces(mut sink: &mut dyn ClauseSink, held: &[Lit], n: usize) {
    if n == 1 {
        super::exactly_one(sink, held, None);
        return;
    }
    at_most(&mut sink, held, n, None);
    let negated: Vec<Lit> = held.iter().map(|&l| -l).collect();
    at_most(&mut sink, &negated, held.len().saturating_sub(n), None);
}

/// At most `free` of the cells are free: one new variable per cell, true exactly when no
/// anchor in `covering` (the held literals covering it) is. With no overlap and every piece
/// on the board, the rest are covered; so a step where fewer cells are covered is refuted at
/// once. Returns the variables, per cell (`None` on walls), which the slides use too: their
/// definition is a family of its own (`free`), the count another (`free-cells`).
pub fn free_cells(
    mut sink: &mut dyn ClauseSink,
    covering: &[Vec<Lit>],
    walls: &[bool],
    free: usize,
) -> Vec<Option<Lit>> {
    sink.family("free");
    let cells: Vec<Option<Lit>> = covering
        .iter()
        .zip(walls)
        .map(|(lits, &wall)| {
            if wall {
                return None;
            }
            let f = sink.new_var(None);
            let mut some = vec![f];
            some.extend(lits);
            sink.add_clause(&some);
            for &l in lits {
                sink.add_clause(&[-f, -l]);
            }
            Some(f)
        })
        .collect();
    let vars: Vec<Lit> = cells.iter().flatten().copied().collect();
    sink.family("free-cells");
    at_most(&mut sink, &vars, free, None);
    cells
}
