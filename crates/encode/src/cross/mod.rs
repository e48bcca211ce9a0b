//! Cross-slider encodings (`--encoding sat|smt`) and the decoder they share: both name one
//! action per step, and the plan is read from those alone and then replayed.

pub mod sat;
pub mod smt;

use puzzlec_core::Move;
use puzzlec_ir::Model;

use crate::DecodeError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossEncoding {
    /// CNF with relaxed-distance pruning (the fast one).
    Sat,
    /// SMT-LIB2, Int positions and Bool orientation flags.
    Smt,
}

impl CrossEncoding {
    pub const ALL: [CrossEncoding; 2] = [CrossEncoding::Sat, CrossEncoding::Smt];

    pub fn name(self) -> &'static str {
        match self {
            CrossEncoding::Sat => "sat",
            CrossEncoding::Smt => "smt",
        }
    }

    pub fn from_name(name: &str) -> Option<CrossEncoding> {
        CrossEncoding::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// Reads the plan of `horizon` moves out of a model of `encoding`.
///
/// # Errors
/// A step with no action or several.
pub fn decode(encoding: CrossEncoding, model: &impl Model, horizon: usize) -> Result<Vec<Move>, DecodeError> {
    (0..horizon)
        .map(|t| match encoding {
            CrossEncoding::Sat => {
                let mut chosen = Vec::new();
                for m in Move::ALL {
                    let name = sat::action_name(t, m);
                    if model.bool(&name).ok_or(DecodeError::Missing(name))? {
                        chosen.push(m);
                    }
                }
                match chosen.as_slice() {
                    [m] => Ok(*m),
                    _ => Err(DecodeError::Inconsistent(format!(
                        "step {t} has {} actions",
                        chosen.len()
                    ))),
                }
            }
            CrossEncoding::Smt => {
                let name = smt::action_name(t);
                let a = model.int(&name).ok_or(DecodeError::Missing(name))?;
                usize::try_from(a)
                    .ok()
                    .and_then(|i| Move::ALL.get(i).copied())
                    .ok_or_else(|| DecodeError::Inconsistent(format!("step {t} has action {a}, not 0..3")))
            }
        })
        .collect()
}
