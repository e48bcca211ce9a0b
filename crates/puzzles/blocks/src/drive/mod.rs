//! Sliding blocks through an encoding and a backend: what the horizon driver needs of an
//! encoding of one instance ([`Lowered`]), the live solvers kept across horizons ([`live`],
//! [`layers`]) and the encodings' proofs ([`equivalence`]).

pub(crate) mod equivalence;
pub(crate) mod layers;
pub(crate) mod live;

use crate::encodings::{plan_of, BlocksEncoding};
use crate::rules::{replay, BlockMove, BlocksPuzzle};
use puzzlec_drive::DriveError;
use puzzlec_ir::{Cnf, Model, SmtScript};

/// One encoding of one instance: what the horizon driver (`puzzlec_drive::lowering`) asks.
pub struct Lowered<'a> {
    pub encoding: &'a dyn BlocksEncoding,
    pub puzzle: &'a BlocksPuzzle,
}

impl puzzlec_drive::lowering::Lowering for Lowered<'_> {
    type Plan = Vec<BlockMove>;

    fn encoding(&self) -> &'static puzzlec_encode::Info {
        self.encoding.info()
    }

    /// The line that lets `decode blocks` check the instance: the board (rows joined by
    /// `/`), the axes, the goals and the metric.
    fn header(&self, horizon: usize) -> String {
        let p = self.puzzle;
        let rows = p.board.drawing(&p.start().anchors).join("/");
        let axes: String = p
            .board
            .pieces
            .iter()
            .map(|q| match q.axis {
                crate::rules::Axis::Free => '+',
                crate::rules::Axis::Horizontal => '-',
                crate::rules::Axis::Vertical => '|',
            })
            .collect();
        format!(
            "puzzlec blocks encoding={} metric={} board={rows} axes={axes} goals={} horizon={horizon}",
            self.encoding.name(),
            p.metric.name(),
            p.goals_text().replace(' ', ";"),
        )
    }

    fn write_cnf(&self, horizon: usize, cnf: &mut Cnf) {
        self.encoding.write_cnf(self.puzzle, horizon, cnf);
    }

    fn smt(&self, horizon: usize) -> SmtScript {
        self.encoding.smt(self.puzzle, horizon)
    }

    fn decode(&self, solver: &str, model: &dyn Model, horizon: usize) -> Result<Vec<BlockMove>, DriveError> {
        checked_plan(solver, self.puzzle, self.encoding.anchors(self.puzzle, model, horizon))
    }

    /// One per sequence of (piece, destination): paths to one destination count once.
    fn blocking(&self, plan: &Vec<BlockMove>) -> Vec<(String, i64)> {
        self.encoding.blocking(self.puzzle, plan)
    }
}

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
