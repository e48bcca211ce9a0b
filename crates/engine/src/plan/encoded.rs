//! One encoding of one instance of a [`PlanPuzzle`], as the horizon driver reads it: the
//! puzzle's encoding writes and decodes, the puzzle's rules replay what was decoded, and
//! the puzzle's header names the instance in a written file. Written once here for every
//! plan puzzle.

use puzzlec_drive::lowering::Lowering;
use puzzlec_drive::DriveError;
use puzzlec_encode::{Encoding as _, PlanEncoding as _};
use puzzlec_ir::{Cnf, Model, SmtScript};

use super::PlanPuzzle;

/// An encoding of a plan puzzle with the instance it encodes.
pub struct Encoded<'a, P: PlanPuzzle> {
    pub encoding: &'a P::Encoding,
    pub board: &'a P::Board,
}

impl<'a, P: PlanPuzzle> Encoded<'a, P> {
    pub fn new(encoding: &'a P::Encoding, board: &'a P::Board) -> Self {
        Encoded { encoding, board }
    }
}

impl<P: PlanPuzzle> Lowering for Encoded<'_, P> {
    type Plan = Vec<P::Step>;

    fn encoding(&self) -> &'static puzzlec_encode::Info {
        self.encoding.info()
    }

    fn header(&self, horizon: usize) -> String {
        P::header(self.encoding, self.board, horizon)
    }

    fn write_cnf(&self, horizon: usize, cnf: &mut Cnf) {
        self.encoding.write_cnf(self.board, horizon, cnf);
    }

    fn smt(&self, horizon: usize) -> SmtScript {
        self.encoding.smt(self.board, horizon)
    }

    fn decode(&self, solver: &str, model: &dyn Model, horizon: usize) -> Result<Vec<P::Step>, DriveError> {
        let plan = self
            .encoding
            .decode(self.board, model, horizon)
            .map_err(|source| DriveError::Decode { solver: solver.to_owned(), source })?;
        P::replay(self.board, &plan).map_err(|detail| DriveError::Replay { solver: solver.to_owned(), detail })?;
        Ok(plan)
    }

    fn blocking(&self, plan: &Vec<P::Step>) -> Vec<(String, i64)> {
        self.encoding.blocking(self.board, plan)
    }
}
