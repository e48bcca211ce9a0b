//! Choosing a puzzle's encoding: by name, or the first one written in the form a backend
//! reads, and checking that the backend can read it. Every puzzle's encodings describe
//! themselves ([`puzzlec_encode::Encoding`]), so this is written once.

use puzzlec_encode::Encoding;
use puzzlec_solve::{Backend, Form};

use crate::error::{Error, Result};

/// The encoding called `name` among `puzzle`'s encodings `all`.
///
/// # Errors
/// Bad input listing the names there are.
pub fn named<E: ?Sized + Encoding>(puzzle: &str, all: &[&'static E], name: &str) -> Result<&'static E> {
    puzzlec_encode::find(all, name).ok_or_else(|| {
        Error::bad_input(format!("unknown encoding {name:?} for {puzzle} (known: {})", puzzlec_encode::names(all)))
    })
}

/// The name of the first of `all` written in `form` ("" when none is).
pub fn first_in<E: ?Sized + Encoding>(all: &[&'static E], form: Form) -> &'static str {
    puzzlec_encode::first_in(all, form).map_or("", |e| e.name())
}

/// The encoding named, else the first of `all` in the form the backend reads; either way it
/// must be written in that form (bad input otherwise).
///
/// # Errors
/// An unknown name, or an encoding the backend cannot read.
pub fn for_backend<E: ?Sized + Encoding>(
    puzzle: &str,
    all: &[&'static E],
    requested: Option<&str>,
    backend: &Backend,
) -> Result<&'static E> {
    let e = match requested {
        Some(name) => named(puzzle, all, name)?,
        None => puzzlec_encode::first_in(all, backend.form())
            .ok_or_else(|| Error::bad_input(format!("no {puzzle} encoding is written in {}", backend.form())))?,
    };
    if !e.writes(backend.form()) {
        return Err(Error::bad_input(format!(
            "solver {} reads {} but encoding {} offers only {}",
            backend.id(),
            backend.form(),
            e.name(),
            e.forms_text()
        )));
    }
    Ok(e)
}

/// The encoding `emit` writes: the one named, else `default`; it must write `form`.
///
/// # Errors
/// An unknown name, or an encoding without that form (bad input).
pub fn writing<E: ?Sized + Encoding>(
    puzzle: &str,
    all: &[&'static E],
    requested: Option<&str>,
    default: &str,
    form: Form,
) -> Result<&'static E> {
    let name = match (requested, default) {
        (Some(name), _) => name,
        (None, "") => return Err(Error::bad_input(format!("no {puzzle} encoding is written in {form}"))),
        (None, name) => name,
    };
    let e = named(puzzle, all, name)?;
    if !e.writes(form) {
        return Err(Error::bad_input(format!(
            "encoding {} has no {form} form (it offers {})",
            e.name(),
            e.forms_text()
        )));
    }
    Ok(e)
}
