//! What encodings share: cardinality constraints and reading a plan from action variables.
//! Each puzzle's encodings live in its own crate; they write an instance into an
//! intermediate form (`Cnf` through a `ClauseSink`, or an `SmtScript`), decode a model back
//! into the puzzle's terms, and never see a solver.

pub mod card;
pub mod info;

pub use info::{find, first_in, names, Encoding, Info};
#[doc(hidden)]
pub use puzzlec_ir::Form;

/// A model that does not decode into a solution. The CLI reports it as the solver's fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the model gives no value for {0}")]
    Missing(String),
    #[error("{0}")]
    Inconsistent(String),
}

/// Reads a plan from one Boolean action per step and move, named by `name(t, m)`: exactly
/// one must be true at every step (the replay then checks the moves against the rules).
///
/// # Errors
/// A missing variable, or a step with no action or several.
pub fn one_action_per_step(
    model: &impl puzzlec_ir::Model,
    horizon: usize,
    name: impl Fn(usize, puzzlec_core::Move) -> String,
) -> Result<Vec<puzzlec_core::Move>, DecodeError> {
    (0..horizon)
        .map(|t| {
            let mut chosen = Vec::new();
            for m in puzzlec_core::Move::ALL {
                let var = name(t, m);
                if model.bool(&var).ok_or(DecodeError::Missing(var))? {
                    chosen.push(m);
                }
            }
            match chosen.as_slice() {
                [m] => Ok(*m),
                _ => Err(DecodeError::Inconsistent(format!("step {t} has {} actions", chosen.len()))),
            }
        })
        .collect()
}
