//! One horizon of a plan puzzle, lowered: what a puzzle states about an encoding of its
//! instance ([`Lowering`]: the formula of a horizon in a form, and a model read back into a
//! replayed plan), and the verbs written once over it: probe a horizon ([`probe`]), every
//! plan of a horizon ([`every_plan`]).
//!
//! Why: each plan puzzle wrote these same steps (build within the deadline and the clause
//! cap, refuse a form the encoding lacks, solve, decode, replay, enumerate with blocking
//! clauses); a puzzle now states the facts and the driver is one.

use std::time::{Duration, Instant};

use puzzlec_ir::{Cnf, Form, Model, SmtScript};
use puzzlec_solve::{Backend, Outcome};

use crate::enumerate::{enumerate, Enumeration, Settings};
use crate::{DriveError, Formula};

/// An encoding of one instance, as the horizon driver sees it.
pub trait Lowering {
    /// A plan, as the puzzle's rules replay it.
    type Plan;

    /// The encoding (its name and the forms it writes).
    fn encoding(&self) -> &'static puzzlec_encode::Info;

    /// The header line a written file starts with (what `decode` checks the instance by).
    fn header(&self, horizon: usize) -> String;

    /// Writes the CNF of `horizon` (only called when it writes DIMACS).
    fn write_cnf(&self, horizon: usize, cnf: &mut Cnf);

    /// The SMT-LIB2 script of `horizon` (only called when it writes SMT-LIB2 alone).
    fn smt(&self, horizon: usize) -> SmtScript;

    /// A model read back into a plan and replayed through the rules.
    ///
    /// # Errors
    /// A model that does not decode, or a plan that fails replay, naming `solver`.
    fn decode(&self, solver: &str, model: &dyn Model, horizon: usize) -> Result<Self::Plan, DriveError>;

    /// The assignment that excludes `plan` (enumeration's blocking clause).
    fn blocking(&self, plan: &Self::Plan) -> Vec<(String, i64)>;
}

/// The formula of `horizon` in `form` (CNF where the encoding writes it), with its header;
/// `None` when the encoding does not write that form.
pub fn lower<L: Lowering + ?Sized>(l: &L, horizon: usize, form: Form) -> Option<Formula> {
    let forms = &l.encoding().forms;
    if !forms.contains(&form) {
        return None;
    }
    Some(if forms.contains(&Form::Dimacs) {
        let mut cnf = Cnf::new();
        cnf.comment(l.header(horizon));
        l.write_cnf(horizon, &mut cnf);
        Formula::Cnf(cnf)
    } else {
        let mut script = l.smt(horizon);
        script.comment(l.header(horizon));
        Formula::Smt(Box::new(script))
    })
}

/// The formula of one horizon for `backend`, abandoned at `deadline` or at the clause cap
/// ([`crate::build_capped`]).
fn form_for<L: Lowering + ?Sized>(
    l: &L,
    backend: &Backend,
    horizon: usize,
    deadline: Option<Instant>,
) -> Result<Formula, DriveError> {
    crate::build_capped(deadline, || lower(l, horizon, backend.form()))
        .ok_or_else(|| DriveError::Solve(backend.wrong_input(&Form::list(l.encoding().forms))))
}

/// Encodes, solves, decodes and replays one horizon within `limit`.
///
/// # Errors
/// Solver failures, undecodable models, plans that fail replay.
pub fn probe<L: Lowering + ?Sized>(
    l: &L,
    backend: &Backend,
    horizon: usize,
    limit: Duration,
) -> Result<Outcome<L::Plan>, DriveError> {
    let started = Instant::now();
    let form = form_for(l, backend, horizon, Some(started + limit))?;
    if form.too_large() {
        return Ok(Outcome::Unknown(crate::too_large_words(l.encoding().name, horizon)));
    }
    crate::probe(backend, &form, (started, limit), |m| l.decode(backend.id(), m, horizon))
}

/// Every plan of `horizon`, each decoded and replayed, blocked in turn.
///
/// # Errors
/// As [`probe`].
pub fn every_plan<L: Lowering + ?Sized>(
    l: &L,
    backend: &Backend,
    horizon: usize,
    deadline: Option<Instant>,
    settings: Settings,
    found: &mut dyn FnMut(usize),
) -> Result<Enumeration<L::Plan>, DriveError> {
    let form = form_for(l, backend, horizon, deadline)?;
    if let Some(cut) = crate::cut_short(&form, l.encoding().name, horizon) {
        return Ok(cut);
    }
    let solver = backend.id().to_owned();
    enumerate(backend, form, deadline, settings, |m| l.decode(&solver, m, horizon), |plan| l.blocking(plan), found)
}
