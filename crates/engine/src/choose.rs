//! Choosing an encoding for a backend, shared by the puzzles whose encodings have one form
//! each (cross slider, hexagons).

use puzzlec_solve::{Backend, Form};

use crate::error::{Error, Result};

/// How to read one puzzle's encoding registry.
pub struct Registry<E: ?Sized + 'static> {
    pub puzzle: &'static str,
    pub all: &'static [&'static E],
    pub by_name: fn(&str) -> Result<&'static E>,
    pub name: fn(&E) -> &'static str,
    pub form: fn(&E) -> Form,
}

/// The name of the first registered encoding written in form `kind`.
pub fn first_in<E: ?Sized>(r: &Registry<E>, kind: Form) -> &'static str {
    r.all.iter().copied().find(|e| (r.form)(e) == kind).map_or("", |e| (r.name)(e))
}

/// The encoding named, else the first registered one in the form the backend reads; either
/// way it must be written in that form (bad input otherwise).
///
/// # Errors
/// An unknown name, or an encoding the backend cannot read.
pub fn encoding<E: ?Sized>(r: &Registry<E>, requested: Option<&str>, backend: &Backend) -> Result<&'static E> {
    let e =
        match requested {
            Some(name) => (r.by_name)(name)?,
            None => r.all.iter().copied().find(|e| (r.form)(e) == backend.input()).ok_or_else(|| {
                Error::bad_input(format!("no {} encoding is written in {}", r.puzzle, backend.input()))
            })?,
        };
    if (r.form)(e) != backend.input() {
        return Err(Error::bad_input(format!(
            "solver {} reads {} but encoding {} offers only {}",
            backend.id(),
            backend.input(),
            (r.name)(e),
            (r.form)(e)
        )));
    }
    Ok(e)
}
