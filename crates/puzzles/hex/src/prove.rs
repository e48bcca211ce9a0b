//! `prove encodings` for magic hexagons: every encoding's models of orders 1 and 3 against
//! plain backtracking.

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::prove::{self, Proved};
use puzzlec_engine::{Bench, Env, Event, Result};

impl Bench for crate::Hex {
    fn family(&self, req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
        crate::family::labelled(req, env)
    }

    /// # Errors
    /// A backend fails.
    fn prove_encodings(&self, env: &Env, _quick: bool, on: &mut dyn FnMut(Event)) -> Result<Proved> {
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
}
