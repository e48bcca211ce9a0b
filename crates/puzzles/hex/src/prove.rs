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
        let results = prove::each_encoding(crate::NAME, &crate::encodings::ALL, env, on, |e, b| {
            let covered = match e.writes(puzzlec_ir::Form::Dimacs) {
                true => "orders 1 and 3: every model, with and without symmetry breaking",
                false => "orders 1 and 3: every model with symmetry breaking",
            };
            Ok((covered.into(), crate::drive::equivalence::hex(e, b)?))
        })?;
        Ok((results, Vec::new()))
    }
}
