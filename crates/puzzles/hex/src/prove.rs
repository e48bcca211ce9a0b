//! `prove encodings` for magic hexagons: every encoding's models of orders 1 and 3 against
//! plain backtracking.

use puzzlec_engine::prove::{self, EncodingResult, Mutation};
use puzzlec_engine::{Env, Event, Result};

/// # Errors
/// A backend fails.
pub fn encodings(env: &Env, _quick: bool, on: &mut dyn FnMut(Event)) -> Result<(Vec<EncodingResult>, Vec<Mutation>)> {
    let (cnf, smt) = prove::backends(env)?;
    let mut results = Vec::new();
    for e in crate::encodings::ALL {
        let b = if e.writes(puzzlec_ir::Form::Dimacs) { &cnf } else { &smt };
        let covered = if e.writes(puzzlec_ir::Form::Dimacs) {
            "orders 1 and 3: every model, with and without symmetry breaking"
        } else {
            "orders 1 and 3: every model with symmetry breaking"
        };
        let found = crate::drive::equivalence::hex(e, b)?;
        results.push(prove::record(crate::NAME, e.name(), b.id(), covered.into(), found, on));
    }
    Ok((results, Vec::new()))
}
