//! Cross-slider encodings (`--encoding sat|smt`) and the decoder they share: both name one
//! action per step, and the plan is read from those alone and then replayed.

pub(crate) mod sat;
pub(crate) mod smt;

use crate::rules::CrossPuzzle;
use puzzlec_core::Move;

/// One cross-slider encoding: exactly `horizon` moves that bring the cross to the target,
/// in one form; and back from a model to a plan. Add one as a file plus a line in [`ALL`].
pub trait CrossEncoding: puzzlec_encode::PlanEncoding<CrossPuzzle, Step = Move> {
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
