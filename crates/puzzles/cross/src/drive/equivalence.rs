//! `prove encodings` for the cross slider: an encoding is satisfiable at k exactly when some
//! k-move plan reaches the target (every move string of length k replayed).

use crate::encodings::CrossEncoding;
use crate::rules::{CrossPuzzle, CrossState};
use puzzlec_core::Move;
use puzzlec_drive::equivalence::satisfiable;
use puzzlec_drive::DriveError;
use puzzlec_solve::Backend;

/// Whether some plan of exactly `k` moves brings the cross to the target, every move
/// sequence played by the reference model (orientations are fixed by first moves).
fn cross_reachable(p: &CrossPuzzle, k: usize, undo: bool) -> bool {
    fn go(p: &CrossPuzzle, state: &CrossState, last: Option<Move>, left: usize, undo: bool) -> bool {
        if left == 0 {
            return p.solved(state);
        }
        Move::ALL.iter().any(|&m| {
            let mut next = state.clone();
            (undo || last != Some(m.opposite())) && next.apply(p, m, 0).is_ok() && go(p, &next, Some(m), left - 1, undo)
        })
    }
    go(p, &p.start(), None, k, undo)
}

/// Checks a cross encoding on `puzzles` for k = 1..=max_k.
///
/// # Errors
/// The backend fails or gives no answer.
pub fn cross(
    encoding: &(dyn CrossEncoding + 'static),
    backend: &Backend,
    puzzles: &[CrossPuzzle],
    max_k: usize,
) -> Result<(usize, Option<String>), DriveError> {
    let mut queries = 0;
    for p in puzzles {
        for k in 1..=max_k {
            let lowered = crate::drive::Lowered::new(encoding, p);
            let Some(form) = puzzlec_drive::lowering::lower(&lowered, k, backend.form()) else { continue };
            queries += 1;
            let (got, want) = (satisfiable(backend, &form)?, cross_reachable(p, k, encoding.allows_undo()));
            if got != want {
                let how = if want { "misses" } else { "admits" };
                return Ok((queries, Some(format!("{how} a {k}-move plan on {p:?}"))));
            }
        }
    }
    Ok((queries, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cnf_encoding_is_equivalent_on_a_small_grid() {
        let p = CrossPuzzle::new(3, 3, (1, 1), (0, 0), (0, 2)).unwrap();
        assert_eq!(cross(&crate::encodings::sat::Sat, &Backend::embedded_sat(), &[p], 5).unwrap().1, None);
    }
}
