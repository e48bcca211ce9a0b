//! The layered-horizons capability. An encoding that offers it builds a horizon one step at
//! a time on a live solver, with a table of action variables per step ([`Layers`]): the
//! strategies built on that (one solver kept across horizons, cubes on the first moves, the
//! pattern-database frontier and the propagator inside the solver) ask an encoding for this
//! capability ([`super::SlideEncoding::layered`]) and never name the encoding.

use puzzlec_encode::DecodeError;
use puzzlec_ir::{ClauseSink, Lit, Model};

pub use super::compact::{Ingredients, Layers};
use crate::rules::{Board, Move};

pub trait Layered: Sync {
    /// The horizon with the ingredients `ing` (measurements choose them); returns the action
    /// table (`actions[t][m.index()]`), empty when the bound refutes the horizon at once.
    fn write(
        &self,
        start: &Board,
        goal: &Board,
        horizon: usize,
        ing: Ingredients,
        sink: &mut dyn ClauseSink,
    ) -> Vec<Vec<Lit>>;

    /// The horizon's layers written into `sink` (a live solver), every variable kept for
    /// the propagators; `None` when the bound refutes the horizon (one empty clause).
    fn layers(
        &self,
        start: &Board,
        goal: &Board,
        horizon: usize,
        ing: Ingredients,
        sink: &mut dyn ClauseSink,
    ) -> Option<Layers>;

    /// Step 0 alone, for a solver kept across horizons: each horizon is then closed under
    /// an activation literal ([`Layers::close`]).
    fn open(&self, start: &Board, goal: &Board, ing: Ingredients, sink: &mut dyn ClauseSink) -> Layers;

    /// The moves away from the goal a plan of `horizon` moves may make; `None` when no plan
    /// has that length.
    fn budget(&self, start: &Board, goal: &Board, horizon: usize) -> Option<usize>;

    /// Reads the plan out of a model of the layers (not yet replayed).
    ///
    /// # Errors
    /// A step with no action or several.
    fn plan(&self, model: &dyn Model, horizon: usize) -> Result<Vec<Move>, DecodeError>;
}

/// `compact` grows step by step in its [`Layers`].
impl Layered for super::compact::Compact {
    fn write(
        &self,
        start: &Board,
        goal: &Board,
        horizon: usize,
        ing: Ingredients,
        mut sink: &mut dyn ClauseSink,
    ) -> Vec<Vec<Lit>> {
        super::compact::encode(start, goal, horizon, ing, &mut sink)
    }

    fn layers(
        &self,
        start: &Board,
        goal: &Board,
        horizon: usize,
        ing: Ingredients,
        mut sink: &mut dyn ClauseSink,
    ) -> Option<Layers> {
        super::compact::encode_layers(start, goal, horizon, ing, &mut sink)
    }

    fn open(&self, start: &Board, goal: &Board, ing: Ingredients, mut sink: &mut dyn ClauseSink) -> Layers {
        Layers::new(start, goal, ing, None, &mut sink)
    }

    fn budget(&self, start: &Board, goal: &Board, horizon: usize) -> Option<usize> {
        super::compact::budget(start, goal, horizon)
    }

    fn plan(&self, model: &dyn puzzlec_ir::Model, horizon: usize) -> Result<Vec<Move>, puzzlec_encode::DecodeError> {
        super::compact::decode(&model, horizon)
    }
}
