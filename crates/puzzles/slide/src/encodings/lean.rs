//! `lean`: [`compact`](super::compact) without its counting bounds (the away count and the
//! per-step linear conflicts). Those clauses only repeat a weaker form of what the pattern
//! databases enforce inside the embedded CaDiCaL, and each move assigns their counters'
//! variables at every later step, so where the tables work inside the solver this is the
//! formula it is given; a certified claim rests on it, and `emit --encoding lean` writes it
//! for anyone to compare. Without the tables inside, `compact` is the faster formula.

use crate::encodings::compact::{encode, Compact};
use crate::encodings::compact_ingredients::Ingredients;
use crate::encodings::SlideEncoding;
use crate::rules::{Board, Move};
use puzzlec_encode::DecodeError;
use puzzlec_ir::{ClauseSink, Lit, Model, SmtScript};

/// `lean` in the registry.
pub struct Lean;

puzzlec_encode::describe!(
    Lean,
    "lean",
    "compact without its counting bounds, which the pattern databases inside the embedded CaDiCaL repeat: the formula a certified claim rests on",
    [Dimacs]
);

/// Compact's formula with other ingredients: everything else is compact's.
impl SlideEncoding for Lean {
    fn write_cnf(&self, start: &Board, goal: &Board, horizon: usize, mut sink: &mut dyn ClauseSink) -> Vec<Vec<Lit>> {
        encode(start, goal, horizon, Ingredients::LEAN, &mut sink)
    }

    fn smt(&self, start: &Board, goal: &Board, horizon: usize) -> Option<SmtScript> {
        Compact.smt(start, goal, horizon)
    }

    fn decode(&self, model: &dyn Model, shape: &Board, horizon: usize) -> Result<Vec<Move>, DecodeError> {
        Compact.decode(model, shape, horizon)
    }

    fn action_name(&self, t: usize, m: Move) -> Option<String> {
        Compact.action_name(t, m)
    }

    fn blocking(&self, start: &Board, plan: &[Move]) -> Vec<(String, i64)> {
        Compact.blocking(start, plan)
    }

    fn estimated_clauses(&self, cells: usize, horizon: usize) -> u64 {
        Compact.estimated_clauses(cells, horizon)
    }

    /// Compact's layers, which take their ingredients as given.
    fn layered(&self) -> Option<&dyn super::layered::Layered> {
        Some(&Compact)
    }

    fn allows_undo(&self) -> bool {
        !Ingredients::LEAN.no_undo
    }
}
