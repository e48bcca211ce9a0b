//! The registry: the one list of puzzles. A verb finds its puzzle here by the request's name,
//! as a compiler finds its target; nothing else in the generic layers names a puzzle.

use puzzlec_engine::{Error, Puzzle, Result};

/// Every puzzle, in the order help texts list them.
pub static PUZZLES: &[&dyn Puzzle] = &[
    &puzzlec_slide::Slide,
    &puzzlec_cross::Cross,
    &puzzlec_hex::Hex,
    &puzzlec_figure::Figure,
    &puzzlec_blocks::Blocks,
    &puzzlec_puzzlescript::PuzzleScript,
];

/// The puzzle called `name`.
///
/// # Errors
/// Bad input listing the puzzles there are.
pub fn lookup(name: &str) -> Result<&'static dyn Puzzle> {
    PUZZLES
        .iter()
        .copied()
        .find(|p| p.name() == name)
        .ok_or_else(|| Error::bad_input(format!("unknown puzzle {name:?} (known: {})", names().join(", "))))
}

/// The puzzles' names.
pub fn names() -> Vec<&'static str> {
    PUZZLES.iter().map(|p| p.name()).collect()
}
