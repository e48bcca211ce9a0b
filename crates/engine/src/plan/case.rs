//! One instance of a [`PlanPuzzle`] with its encoding and backend, as the plan search sees
//! it: [`Plans`] written once from the puzzle's facts.

use std::time::Instant;

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::DriveError;
use puzzlec_solve::Backend;

use super::{Lowered, PlanPuzzle, Plans};
use crate::answer::Answer;
use crate::opinion::Opinion;

/// One instance with its encoding and backend.
pub struct Case<'a, P: PlanPuzzle> {
    pub encoding: &'static P::Encoding,
    pub backend: &'a Backend,
    pub board: &'a P::Board,
    /// The run's deadline, which the words of "no plan" keep too.
    pub deadline: Option<Instant>,
}

impl<P: PlanPuzzle> Plans for Case<'_, P> {
    type Step = P::Step;

    fn lowered(&self) -> Option<Lowered<'_, P::Step>> {
        Some(Lowered { lowering: Box::new(super::Encoded::<P>::new(self.encoding, self.board)), backend: self.backend })
    }

    fn write(&self, plan: &[P::Step]) -> String {
        P::write(self.board, plan)
    }

    fn none_at(&self, horizon: usize) -> String {
        P::none_at(horizon)
    }

    fn session(
        &self,
        horizons: Horizons,
        progress: &mut dyn FnMut(&Attempt),
    ) -> Option<std::result::Result<Shortest<Vec<P::Step>>, DriveError>> {
        P::session(self, horizons, progress)
    }

    fn all(&self, horizon: usize, deadline: Option<Instant>, found: &mut dyn FnMut(usize)) -> super::Every<P::Step> {
        P::all(self, horizon, deadline, found).unwrap_or_else(|| {
            let lowering = super::Encoded::<P>::new(self.encoding, self.board);
            puzzlec_drive::lowering::every_plan(&lowering, self.backend, horizon, deadline, Default::default(), found)
        })
    }

    fn trusted(&self, horizon: usize, certified: bool) -> Option<String> {
        P::trusted(self, horizon, certified)
    }

    fn at_most(&self) -> bool {
        P::STRIDE == 1
    }

    fn shorten(&self, plan: Vec<P::Step>) -> Vec<P::Step> {
        P::shorten(self.board, plan)
    }

    fn replay(&self, plan: &[P::Step]) -> std::result::Result<(), String> {
        P::replay(self.board, plan)
    }

    fn exact(&self, below: usize, deadline: Instant) -> Opinion {
        P::exact(self.board, below, deadline)
    }

    fn none_within(&self, max: usize) -> (Option<&'static str>, String) {
        P::none_within(self.board, max, self.deadline)
    }

    fn show(&self, answer: &mut Answer, plans: &[Vec<P::Step>], optimal: bool, complete: Option<bool>) {
        P::show(answer, self.board, plans, optimal, complete);
    }
}
