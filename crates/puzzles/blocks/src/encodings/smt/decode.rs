//! Reading a model of the `smt` encoding back: every piece's anchor after each step.

use puzzlec_ir::Model;

use super::{col_name, row_name};
use crate::rules::BlocksPuzzle;

/// Every piece's anchor after each step, from the Ints of a model of [`super::encode`].
///
/// # Errors
/// A missing value, or one off the board.
pub fn anchors(
    p: &BlocksPuzzle,
    model: &dyn Model,
    horizon: usize,
) -> Result<Vec<Vec<usize>>, puzzlec_encode::DecodeError> {
    let (rows, cols) = (p.board.rows as i64, p.board.cols as i64);
    (0..=horizon)
        .map(|t| {
            (0..p.board.pieces.len())
                .map(|i| {
                    let get = |name: String| model.int(&name).ok_or(puzzlec_encode::DecodeError::Missing(name));
                    let (r, c) = (get(row_name(i, t))?, get(col_name(i, t))?);
                    if !(0..rows).contains(&r) || !(0..cols).contains(&c) {
                        return Err(puzzlec_encode::DecodeError::Inconsistent(format!(
                            "after {t} moves piece {i} is off the board"
                        )));
                    }
                    Ok((r * cols + c) as usize)
                })
                .collect()
        })
        .collect()
}
