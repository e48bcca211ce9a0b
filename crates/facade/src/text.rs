//! The human text of an answer (`--json` prints the answer itself), kept in the library so
//! that every front end says the same things: the shared lines from
//! [`puzzlec_engine::text`], the puzzle's own through the registry.

use puzzlec_engine::text;
pub use puzzlec_engine::text::verified;

use crate::{registry, Answer};

/// The text of a `solve` answer, with a line for its certificate.
pub fn solved(a: &Answer) -> String {
    text::solved(a, |a| match registry::lookup(&a.puzzle) {
        Ok(p) => p.text(a),
        Err(_) => text::decoded_plan(a),
    })
}

/// The text of a `decode` answer.
pub fn decoded(a: &Answer) -> String {
    text::decoded(a, |a| match registry::lookup(&a.puzzle) {
        Ok(p) => p.decoded_text(a),
        Err(_) => text::decoded_plan(a),
    })
}
