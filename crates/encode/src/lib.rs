//! What encodings share: cardinality constraints and reading a plan from action variables.
//! Each puzzle's encodings live in its own crate; they write an instance into an
//! intermediate form (`Cnf` through a `ClauseSink`, or an `SmtScript`), decode a model back
//! into the puzzle's terms, and never see a solver.

pub mod card;
pub mod info;

pub use info::{find, first_in, names, Encoding, Info, PlanEncoding};
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

/// The candidates whose Boolean, named by `name`, the model sets true.
///
/// # Errors
/// A candidate's variable the model does not give.
pub fn true_of<T: Copy>(
    model: &(impl puzzlec_ir::Model + ?Sized),
    candidates: impl IntoIterator<Item = T>,
    name: impl Fn(T) -> String,
) -> Result<Vec<T>, DecodeError> {
    let mut on = Vec::new();
    for c in candidates {
        let var = name(c);
        if model.bool(&var).ok_or(DecodeError::Missing(var))? {
            on.push(c);
        }
    }
    Ok(on)
}

/// The one candidate whose Boolean the model sets true: the decoding of a one-hot choice.
/// `what(n)` words the error when `n` of them are true instead.
///
/// # Errors
/// A missing variable, or no candidate true or several.
pub fn exactly_one<T: Copy>(
    model: &(impl puzzlec_ir::Model + ?Sized),
    candidates: impl IntoIterator<Item = T>,
    name: impl Fn(T) -> String,
    what: impl FnOnce(usize) -> String,
) -> Result<T, DecodeError> {
    match true_of(model, candidates, name)?.as_slice() {
        [one] => Ok(*one),
        on => Err(DecodeError::Inconsistent(what(on.len()))),
    }
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
        .map(|t| exactly_one(model, puzzlec_core::Move::ALL, |m| name(t, m), |n| format!("step {t} has {n} actions")))
        .collect()
}
