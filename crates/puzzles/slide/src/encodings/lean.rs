//! `lean`: [`compact`](super::compact) without its counting bounds (the away count and the
//! per-step linear conflicts). Those clauses only repeat a weaker form of what the pattern
//! databases enforce inside the embedded CaDiCaL, and each move assigns their counters'
//! variables at every later step, so where the tables work inside the solver this is the
//! formula it is given; a certified claim rests on it, and `emit --encoding lean` writes it
//! for anyone to compare. Without the tables inside, `compact` is the faster formula.

use crate::encodings::compact::{action_name, decode, encode, Compact};
use crate::encodings::compact_ingredients::Ingredients;
use crate::rules::{Board, Move};
use puzzlec_ir::{ClauseSink, Lit};

/// `lean` in the registry.
pub struct Lean;

puzzlec_encode::describe!(
    Lean,
    "lean",
    "compact without its counting bounds, which the pattern databases inside the embedded CaDiCaL repeat: the formula a certified claim rests on",
    [Dimacs]
);

impl super::SlideEncoding for Lean {
    fn write_cnf(&self, start: &Board, goal: &Board, horizon: usize, mut sink: &mut dyn ClauseSink) -> Vec<Vec<Lit>> {
        encode(start, goal, horizon, Ingredients::LEAN, &mut sink)
    }

    fn smt(&self, _: &Board, _: &Board, _: usize) -> Option<puzzlec_ir::SmtScript> {
        None
    }

    fn decode(
        &self,
        model: &dyn puzzlec_ir::Model,
        _shape: &Board,
        horizon: usize,
    ) -> Result<Vec<Move>, puzzlec_encode::DecodeError> {
        decode(&model, horizon)
    }

    fn action_name(&self, t: usize, m: Move) -> Option<String> {
        Some(action_name(t, m))
    }

    /// The action of every step.
    fn blocking(&self, _start: &Board, plan: &[Move]) -> Vec<(String, i64)> {
        plan.iter().enumerate().map(|(t, &m)| (action_name(t, m), 1)).collect()
    }

    fn estimated_clauses(&self, cells: usize, horizon: usize) -> u64 {
        super::SlideEncoding::estimated_clauses(&Compact, cells, horizon)
    }

    /// Compact's layers, which take their ingredients as given.
    fn layered(&self) -> Option<&dyn super::layered::Layered> {
        Some(&Compact)
    }

    fn allows_undo(&self) -> bool {
        !Ingredients::LEAN.no_undo
    }
}
