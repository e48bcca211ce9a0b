//! `prove encodings`: bounded equivalence of every registered encoding with its puzzle's
//! reference model. Each puzzle says what "equivalent" means for it (the boards an encoding
//! reaches, the plans it admits, the fillings it models) in its own `drive::equivalence`;
//! what they share lives here: one satisfiability query, and the CNF of an encoder with one
//! clause family dropped.
//!
//! A mutant (one clause family dropped through [`puzzlec_ir::Without`]) is run through the
//! same checks: a mutation that changes nothing there is reported as redundant.

use std::time::Duration;

use puzzlec_ir::{Cnf, Without};
use puzzlec_solve::{Backend, Outcome};

use crate::{solve_form, DriveError, Formula};

/// How long one query may take.
const QUERY: Duration = Duration::from_secs(30);

/// Whether the form is satisfiable (a model is not needed: the question is which boards).
pub fn satisfiable(backend: &Backend, form: &Formula) -> Result<bool, DriveError> {
    // A live solver answers without building a model by name (most of a small query's time).
    if let Formula::Cnf(cnf) = form {
        if let Some(mut session) = backend.session(cnf, None) {
            return session.run(&[], QUERY, None).ok_or_else(|| DriveError::Replay {
                solver: backend.id().into(),
                detail: "no answer within the query's limit".into(),
            });
        }
    }
    match solve_form(backend, form, QUERY)? {
        Outcome::Sat(_) => Ok(true),
        Outcome::Unsat => Ok(false),
        Outcome::Unknown(r) => {
            Err(DriveError::Replay { solver: backend.id().into(), detail: format!("no answer: {r}") })
        }
    }
}

/// The CNF of `write`, with the clauses of family `dropped` left out when given, and the
/// families the encoder named.
pub fn cnf_of(
    write: impl FnOnce(&mut dyn puzzlec_ir::ClauseSink),
    dropped: Option<&'static str>,
) -> (Cnf, Vec<&'static str>) {
    let mut cnf = Cnf::new();
    // No family is called "": nothing is dropped then.
    let mut sink = Without::new(&mut cnf, dropped.unwrap_or(""));
    write(&mut sink);
    let seen = sink.seen;
    (cnf, seen)
}
