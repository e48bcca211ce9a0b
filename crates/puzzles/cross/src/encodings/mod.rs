//! Cross-slider encodings (`--encoding sat|smt`) and the decoder they share: both name one
//! action per step, and the plan is read from those alone and then replayed.

pub(crate) mod sat;
pub(crate) mod smt;

use crate::rules::CrossPuzzle;
use puzzlec_core::Move;
use puzzlec_ir::{ClauseSink, Model, SmtScript};

use puzzlec_encode::DecodeError;

/// One cross-slider encoding: exactly `horizon` moves that bring the cross to the target,
/// in one form; and back from a model to a plan. Add one as a file plus a line in [`ALL`].
pub trait CrossEncoding: puzzlec_encode::Encoding {
    /// Writes the CNF (only called when it writes CNF; each cross encoding has one form).
    fn write_cnf(&self, p: &CrossPuzzle, horizon: usize, sink: &mut dyn ClauseSink);
    /// The SMT-LIB2 script (only called when it writes SMT-LIB2).
    fn smt(&self, p: &CrossPuzzle, horizon: usize) -> SmtScript;
    /// Reads the plan out of a model (not yet replayed).
    ///
    /// # Errors
    /// A step with no action or several.
    fn decode(&self, model: &dyn Model, horizon: usize) -> Result<Vec<Move>, DecodeError>;
    /// The assignment that identifies `plan`, for blocking it during enumeration.
    fn blocking(&self, plan: &[Move]) -> Vec<(String, i64)>;
    /// The name of the variable "step t plays move m", when the encoding has one for every
    /// step and move (cluster jobs split the search on the first moves through it).
    fn action_name(&self, _t: usize, _m: Move) -> Option<String> {
        None
    }
    /// Whether a plan may undo the move before it (both encodings here forbid it: undoing
    /// returns to the same cells with no looser orientations, so no shortest plan needs it).
    fn allows_undo(&self) -> bool {
        true
    }
}

/// Every cross-slider encoding.
pub static ALL: [&dyn CrossEncoding; 2] = [&sat::Sat, &smt::Smt];
