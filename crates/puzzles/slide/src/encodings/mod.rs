//! Sliding-tile encodings, registered by name (`--encoding NAME`). Adding one is a file that
//! implements [`SlideEncoding`] plus one line in [`ALL`]; nothing else names encodings.

pub mod bright;
pub mod bv;
pub mod compact;
pub(crate) mod compact_conflicts;
pub(crate) mod compact_detours;
pub(crate) mod compact_ingredients;
pub(crate) mod layered;
pub mod lean;
pub(crate) mod timeline;

use crate::rules::{Board, Move};
use puzzlec_ir::{ClauseSink, Lit, Model, SmtScript};

use puzzlec_encode::DecodeError;

/// One sliding-tile encoding: exactly `horizon` moves from `start` to `goal`, in CNF, in
/// SMT-LIB2, or both; and back from a model to a plan.
pub trait SlideEncoding: puzzlec_encode::Encoding {
    /// Writes the CNF into `sink`. Returns the action table (`actions[t][m.index()]`: step t
    /// plays move m) when the encoding has one, which cubes are made from; else empty.
    /// Only called when it writes CNF.
    fn write_cnf(&self, start: &Board, goal: &Board, horizon: usize, sink: &mut dyn ClauseSink) -> Vec<Vec<Lit>>;
    /// The SMT-LIB2 script, when the encoding has that form.
    fn smt(&self, start: &Board, goal: &Board, horizon: usize) -> Option<SmtScript>;
    /// Reads the plan out of a model (not yet replayed).
    ///
    /// # Errors
    /// Missing values, or values that describe no sequence of moves.
    fn decode(&self, model: &dyn Model, shape: &Board, horizon: usize) -> Result<Vec<Move>, DecodeError>;
    /// The assignment `(variable, value)` that identifies `plan` in a model, for blocking it
    /// when every plan is enumerated (booleans are 0/1).
    fn blocking(&self, start: &Board, plan: &[Move]) -> Vec<(String, i64)>;
    /// A generous estimate of one horizon's clauses on a board of `cells` (the size cap).
    fn estimated_clauses(&self, cells: usize, horizon: usize) -> u64;
    /// Whether a plan may undo the move before it. Encodings that forbid it (a pruning that
    /// keeps every optimal plan) are satisfiable at a horizon only by plans without undos.
    fn allows_undo(&self) -> bool {
        true
    }
    /// The name of the variable "step t plays move m", when the encoding has one for every
    /// step and move (cluster jobs split the search on the first moves through it).
    fn action_name(&self, _t: usize, _m: Move) -> Option<String> {
        None
    }
    /// The layered-horizons capability ([`layered::Layered`]), when this encoding offers it.
    fn layered(&self) -> Option<&dyn layered::Layered> {
        None
    }
}

/// Every sliding-tile encoding, in the order `--help` lists them.
pub static ALL: [&dyn SlideEncoding; 4] = [&bright::Bright, &compact::Compact, &lean::Lean, &bv::Bv];

impl std::fmt::Debug for dyn SlideEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq for dyn SlideEncoding {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}
