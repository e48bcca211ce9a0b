//! PuzzleScript has no benchmark family (its levels come from game files) and no encoding
//! proved against its rules yet (the default: an empty report).

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::{Bench, Env, Error, Result};

impl Bench for crate::PuzzleScript {
    fn family(&self, _req: &FamilyRequest, _env: &Env) -> Result<Vec<Labelled>> {
        Err(Error::bad_input("puzzlescript has no benchmark family: its levels come from game files"))
    }
}
