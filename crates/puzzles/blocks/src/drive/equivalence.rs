//! `prove encodings` for sliding blocks: an encoding is satisfiable at k exactly when the
//! exact search finds a plan of at most k moves (every reachable position visited).

use crate::encodings::BlocksEncoding;
use crate::rules::search::{shortest, Found};
use crate::rules::BlocksPuzzle;
use puzzlec_drive::equivalence::{cnf_of, satisfiable};
use puzzlec_drive::DriveError;
use puzzlec_drive::Formula;
use puzzlec_solve::Backend;

/// The clause families a CNF encoding names (in the order it writes them), for mutants.
pub fn families(encoding: &dyn BlocksEncoding, p: &BlocksPuzzle) -> Vec<&'static str> {
    cnf_of(|sink| encoding.write_cnf(p, 2, sink), None).1
}

/// Checks an encoding on `puzzles` for k = 0..=max_k, with the clauses of family `dropped`
/// left out when given (a mutant: a check that still passes says the family is redundant
/// there); returns the queries made and the first disagreement, in words.
///
/// # Errors
/// The backend fails or gives no answer.
pub fn blocks(
    encoding: &(dyn BlocksEncoding + 'static),
    backend: &Backend,
    puzzles: &[BlocksPuzzle],
    max_k: usize,
    dropped: Option<&'static str>,
) -> Result<(usize, Option<String>), DriveError> {
    let mut queries = 0;
    for p in puzzles.iter().filter(|p| encoding.metrics().contains(&p.metric)) {
        let optimum = match shortest(p, usize::MAX, None) {
            Found::Plan { plan, .. } => Some(plan.len()),
            _ => None,
        };
        for k in 0..=max_k {
            let form = match dropped {
                Some(family) => Formula::Cnf(cnf_of(|sink| encoding.write_cnf(p, k, sink), Some(family)).0),
                None => {
                    match puzzlec_drive::lowering::lower(&crate::drive::Lowered::new(encoding, p), k, backend.form()) {
                        Some(form) => form,
                        None => continue,
                    }
                }
            };
            queries += 1;
            let (got, want) = (satisfiable(backend, &form)?, optimum.is_some_and(|o| o <= k));
            if got != want {
                let how = if want { "misses" } else { "admits" };
                let board = p.board.drawing(&p.start().anchors).join("/");
                return Ok((
                    queries,
                    Some(format!("{how} a plan of at most {k} moves on {board} ({})", p.metric.name())),
                ));
            }
        }
    }
    Ok((queries, None))
}
