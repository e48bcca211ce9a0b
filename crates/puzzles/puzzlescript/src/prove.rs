//! PuzzleScript has no benchmark family and no encoding to prove yet.

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::prove::Proved;
use puzzlec_engine::{Bench, Env, Error, Event, Result};

impl Bench for crate::PuzzleScript {
    fn family(&self, _req: &FamilyRequest, _env: &Env) -> Result<Vec<Labelled>> {
        Err(Error::bad_input("puzzlescript has no benchmark family: its levels come from game files"))
    }

    fn prove_encodings(&self, _env: &Env, _quick: bool, _on: &mut dyn FnMut(Event)) -> Result<Proved> {
        Ok((Vec::new(), Vec::new()))
    }
}
