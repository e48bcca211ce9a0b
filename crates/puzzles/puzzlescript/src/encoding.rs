//! The one encoding, `turns`: a horizon of a level written as DIMACS (each input's turn as a
//! circuit of the interpreter's steps, [`crate::sat`]), and a model read back into the plan.
//! The plan search writes, solves and replays through it; it never sees a solver.

use puzzlec_encode::DecodeError;
use puzzlec_ir::{ClauseSink, Model};

use crate::level::Level;
use crate::run::Input;

/// Each input's turn as a circuit of the interpreter's steps.
pub struct Turns;

puzzlec_encode::describe!(
    Turns,
    "turns",
    "each input's turn as a circuit of the interpreter's steps (rules, movement, commands, again turns); loops unrolled to bounds raised where a model needs it",
    [Dimacs]
);

/// Every encoding, in the order defaults are chosen.
pub static ALL: [&Turns; 1] = [&Turns];

impl puzzlec_encode::PlanEncoding<Level> for Turns {
    type Step = Input;

    /// Satisfiable when some plan of at most `horizon` inputs wins the level, or leans on a
    /// loop bound (which `decode` then says). The variables a decoder reads are named:
    /// `stepT_X` (input X at step T), `wonT` and `shortT` (a bound was short at step T).
    fn write_cnf(&self, level: &Level, horizon: usize, sink: &mut dyn ClauseSink) {
        let bounds = level.bounds();
        if let Err(why) = crate::sat::encode(&level.game, level.index, &level.start, horizon, &bounds, &mut *sink) {
            // Only a formula abandoned at its deadline or cap fails here (`fits` tried a
            // step first): its clauses so far are a part of the whole, so an UNSAT of them
            // still holds, and a model of them is refused by `decode`.
            level.saw(|s| s.trouble = Some(why));
        }
    }

    fn decode(&self, level: &Level, model: &dyn Model, horizon: usize) -> Result<Vec<Input>, DecodeError> {
        if let Some(why) = level.seen().trouble {
            return Err(DecodeError::Inconsistent(format!("the formula was not written whole: {why}")));
        }
        let won_at = (0..horizon)
            .find(|t| model.bool(&format!("won{t}")) == Some(true))
            .ok_or_else(|| DecodeError::Inconsistent("no step wins".into()))?;
        if (0..=won_at).any(|t| model.bool(&format!("short{t}")) == Some(true)) {
            return Err(DecodeError::Inconsistent(LEANS.into()));
        }
        (0..=won_at)
            .map(|t| {
                let on = |i: &Input| model.bool(&format!("step{t}_{}", i.letter())) == Some(true);
                Input::ALL.into_iter().find(on).ok_or_else(|| DecodeError::Missing(format!("the input of step {t}")))
            })
            .collect()
    }

    fn blocking(&self, _level: &Level, plan: &[Input]) -> Vec<(String, i64)> {
        plan.iter().enumerate().map(|(t, i)| (format!("step{t}_{}", i.letter()), 1)).collect()
    }
}

/// What `decode` says of a model that leans on a loop bound (a listing of plans raises the
/// bounds where it meets one: `PlanPuzzle::all`).
pub const LEANS: &str =
    "the model leans on a loop bound the formula unrolls; `solve puzzlescript --solver cadical` raises the bounds it needs";

/// A path in a header line (spaces and `%` escaped).
pub fn escape(path: &str) -> String {
    path.replace('%', "%25").replace(' ', "%20")
}

/// A path as [`escape`] wrote it.
pub fn unescape(path: &str) -> String {
    path.replace("%20", " ").replace("%25", "%")
}
