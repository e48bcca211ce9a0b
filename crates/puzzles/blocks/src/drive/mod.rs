//! Sliding blocks through an encoding and a backend: what the horizon driver needs of an
//! encoding of one instance ([`Lowered`]), the live solvers kept across horizons ([`live`],
//! [`layers`]) and the encodings' proofs ([`equivalence`]).

pub(crate) mod equivalence;
pub(crate) mod layers;
pub(crate) mod live;

use crate::encodings::plan_of;
use crate::rules::{replay, BlockMove, BlocksPuzzle};
use puzzlec_drive::DriveError;

/// One encoding of one instance, as the horizon driver reads it.
pub(crate) type Lowered<'a> = puzzlec_engine::plan::Encoded<'a, crate::Blocks>;

/// The plan behind decoded anchors, replayed through the rules.
///
/// # Errors
/// Undecodable anchors and plans that fail replay, naming the solver.
pub fn checked_plan(
    solver: &str,
    p: &BlocksPuzzle,
    steps: Result<Vec<Vec<usize>>, puzzlec_encode::DecodeError>,
) -> Result<Vec<BlockMove>, DriveError> {
    let decode = |source| DriveError::Decode { solver: solver.to_owned(), source };
    let plan = plan_of(p, &steps.map_err(decode)?).map_err(decode)?;
    replay(p, &plan).map_err(|e| DriveError::Replay { solver: solver.to_owned(), detail: e.to_string() })?;
    Ok(plan)
}

#[cfg(test)]
mod tests;
