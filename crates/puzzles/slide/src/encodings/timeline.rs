//! Turning a decoded sequence of boards into moves, checking each step is one legal slide.
//! Shared by every sliding-tile encoding that decodes whole boards per step.

use crate::rules::{Board, Move};

use puzzlec_encode::DecodeError;

/// Reads one board per step and returns the plan between them.
///
/// # Errors
/// A step that is not a permutation or not a single slide from the one before.
pub fn plan_from_boards(boards: &[Board]) -> Result<Vec<Move>, DecodeError> {
    boards
        .windows(2)
        .enumerate()
        .map(|(t, w)| {
            w[0].move_to(&w[1]).ok_or_else(|| {
                DecodeError::Inconsistent(format!(
                    "the boards at steps {t} and {} are not one slide apart:\n{}{}",
                    t + 1,
                    w[0],
                    w[1]
                ))
            })
        })
        .collect()
}

/// Builds a board from the tile read per cell; `tiles` uses 0 for the blank.
///
/// # Errors
/// The tiles are not a permutation.
pub fn board_at_step(rows: usize, cols: usize, tiles: &[u8], step: usize) -> Result<Board, DecodeError> {
    Board::from_cells(rows, cols, tiles).ok_or_else(|| {
        DecodeError::Inconsistent(format!("the board at step {step} is not a permutation of the tiles: {tiles:?}"))
    })
}
