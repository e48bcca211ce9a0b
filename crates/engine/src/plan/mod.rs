//! The plan search every plan puzzle runs on a SAT/SMT backend: horizons from the puzzle's
//! lower bound in its step, one probe (encode, solve, decode) per horizon or one solver kept
//! across horizons where the puzzle offers it, every plan replayed through the rules, the
//! optimality claim (the horizon one step below proved UNSAT), the second opinion of the
//! exact search on an external solver's word, `--all` with its blocking claim, and the
//! claims `--certify` proves. A puzzle says what is its own through [`Plans`]; what it
//! checks before the search (parity, reachability, bounds) stays in its crate.

use std::time::Instant;

use puzzlec_core::{parse_moves, Move};
use puzzlec_drive::enumerate::Enumeration;
use puzzlec_drive::horizon::{Attempt, Horizons, Outcome, Shortest};
use puzzlec_drive::lowering::{self, Lowering};
use puzzlec_drive::DriveError;
use puzzlec_ir::Cnf;
use puzzlec_solve::Backend;

use crate::answer::Answer;
use crate::error::{Error, Result};
use crate::opinion::Opinion;

/// Parses a move string.
///
/// # Errors
/// Bad input naming the first bad letter.
pub fn moves(text: &str) -> Result<Vec<Move>> {
    parse_moves(text).map_err(|e| Error::bad_input(format!("moves: {e}")))
}

/// One horizon probed: a plan, UNSAT, or why not; or the backend's failure.
pub type Probed<S = Move> = std::result::Result<Outcome<Vec<S>>, DriveError>;
/// Every plan of one horizon, or the backend's failure.
pub type Every<S = Move> = std::result::Result<Enumeration<Vec<S>>, DriveError>;

/// One instance's encoding on its backend, as the generic horizon driver
/// ([`puzzlec_drive::lowering`]) reads it.
pub struct Lowered<'a, S> {
    pub lowering: Box<dyn Lowering<Plan = Vec<S>> + 'a>,
    pub backend: &'a Backend,
}

/// What the plan search needs of one instance with its encoding and backend.
///
/// A plan is a list of [`Plans::Step`]s: the blank's moves for the grid puzzles, a piece
/// and its path for sliding blocks. The horizon at k must be satisfiable exactly when a plan
/// of k moves exists, or, for a puzzle whose horizons go up by one, when one of at most k
/// exists (idle steps at the end): then one UNSAT horizon proves every shorter one.
pub trait Plans {
    /// One move of a plan.
    type Step: Clone;

    /// A plan as the puzzle writes it (the answer's `moves`).
    fn write(&self, plan: &[Self::Step]) -> String;

    /// The words of a claim about one horizon: "no plan of exactly 13 moves".
    fn none_at(&self, horizon: usize) -> String;

    /// The instance's encoding on its backend, when the puzzle goes through the generic
    /// horizon driver: [`Plans::probe`], [`Plans::cnf`], [`Plans::all`] and
    /// [`Plans::blocking`] then come from it. `None` for a puzzle that writes those itself.
    fn lowered(&self) -> Option<Lowered<'_, Self::Step>> {
        None
    }

    /// Encodes, solves and decodes one horizon within `limit`.
    ///
    /// # Errors
    /// The backend fails, or its model does not decode.
    fn probe(&self, horizon: usize, limit: std::time::Duration) -> Probed<Self::Step> {
        let l = lowered_or_said(self.lowered());
        lowering::probe(&*l.lowering, l.backend, horizon, limit)
    }

    /// The whole search on one solver kept across horizons, when the request asked for it
    /// and the encoding and backend can (`None`: probe each horizon afresh).
    fn session(
        &self,
        _horizons: Horizons,
        _progress: &mut dyn FnMut(&Attempt),
    ) -> Option<std::result::Result<Shortest<Vec<Self::Step>>, DriveError>> {
        None
    }

    /// Whether SAT at H means a plan of *at most* H moves (idle steps at the end), so that one
    /// UNSAT horizon proves every shorter one: the search then skips horizons
    /// ([`puzzlec_drive::at_most`]) instead of climbing one by one.
    fn at_most(&self) -> bool {
        false
    }

    /// Whether an UNSAT at one horizon proves every shorter one of its parity too: so at
    /// at-most horizons, and at exact ones whose encoding lets a plan undo a move (a shorter
    /// plan then grows by a move and its undo). Where it does not (an encoding that forbids
    /// undos, a pruning that keeps every optimal plan), a certificate claims each horizon
    /// the search answered UNSAT on its own.
    fn covers_shorter(&self) -> bool {
        self.at_most()
    }

    /// A plan made shorter by the puzzle's rules where they allow it (detours cut, moves the
    /// rest can do without dropped), for [`Plans::at_most`] searches; the plan search
    /// replays the result like any other.
    fn shorten(&self, plan: Vec<Self::Step>) -> Vec<Self::Step> {
        plan
    }

    /// The plain CNF of one horizon, for certificates (checked to exist before the search).
    fn cnf(&self, horizon: usize) -> Option<Cnf> {
        let l = lowered_or_said(self.lowered());
        match lowering::lower(&*l.lowering, horizon, puzzlec_solve::Form::Dimacs) {
            Some(puzzlec_drive::Formula::Cnf(cnf)) => Some(cnf),
            _ => None,
        }
    }

    /// Replays a plan through the rules: `Err` says how it fails.
    fn replay(&self, plan: &[Self::Step]) -> std::result::Result<(), String>;

    /// The exact search's word on "no plan shorter than `below`", by `deadline`.
    fn exact(&self, below: usize, deadline: Instant) -> Opinion;

    /// Every plan of exactly `horizon` moves (the found count reported as it grows).
    ///
    /// # Errors
    /// As [`Plans::probe`].
    fn all(&self, horizon: usize, deadline: Option<Instant>, found: &mut dyn FnMut(usize)) -> Every<Self::Step> {
        let l = lowered_or_said(self.lowered());
        lowering::every_plan(&*l.lowering, l.backend, horizon, deadline, Default::default(), found)
    }

    /// The assignment that excludes `plan` (the blocking clause `--all` adds).
    fn blocking(&self, plan: &[Self::Step]) -> Vec<(String, i64)> {
        lowered_or_said(self.lowered()).lowering.blocking(&plan.to_vec())
    }

    /// What an UNSAT at `horizon` rests on besides the solver, when anything does (lemmas
    /// that do not follow from the formula by resolution).
    fn trusted(&self, _horizon: usize, _certified: bool) -> Option<String> {
        None
    }

    /// The live solver's certificate of the UNSAT at `horizon`, when the search kept one
    /// (with `--certify`, where the UNSAT rests on lemmas; see [`puzzlec_certify::Evidence`]).
    fn evidence(&self, _horizon: usize) -> Option<Box<dyn puzzlec_certify::Evidence>> {
        None
    }

    /// A plan known before the search, which bounds it and which a time limit falls back on.
    fn known(&self) -> Option<&[Self::Step]> {
        None
    }

    /// The reason and the words of "no plan of at most `max` moves".
    fn none_within(&self, max: usize) -> (Option<&'static str>, String);

    /// Writes the (replayed) plans into the answer: every plan when `complete` is given.
    fn show(&self, answer: &mut Answer, plans: &[Vec<Self::Step>], optimal: bool, complete: Option<bool>);
}

/// `emit`: the file of one horizon through a puzzle's lowering, in `form`. A long horizon that
/// cannot fit under the clause cap is refused before it is built
/// ([`puzzlec_drive::build_by_horizon`]).
///
/// # Errors
/// Bad input for horizons above the cap, a form the encoding lacks, a formula too large.
pub fn emit<L: Lowering + ?Sized>(l: &L, horizon: usize, form: puzzlec_solve::Form) -> Result<String> {
    crate::files::check_horizon(horizon)?;
    let formula = puzzlec_drive::build_by_horizon(None, horizon, |h| lowering::lower(l, h, form));
    let formula = formula.ok_or_else(|| Error::bad_input("the encoding wrote nothing"))?;
    if formula.too_large() {
        return Err(Error::bad_input(puzzlec_drive::too_large_words(l.encoding().name, horizon)));
    }
    Ok(formula.to_text())
}

/// A puzzle that states no lowering must write the methods that would come from it: a
/// missing one is the puzzle's bug, said as such.
fn lowered_or_said<S>(lowered: Option<Lowered<'_, S>>) -> Lowered<'_, S> {
    lowered.expect("a plan puzzle states its lowering (Plans::lowered) or writes probe, cnf, all and blocking")
}

/// How to search: on which backend, over which horizons, for what.
pub struct Search<'a> {
    pub backend: &'a Backend,
    pub horizons: Horizons,
    /// The longest plan the request allows (the horizons may stop earlier, at a known plan).
    pub max: usize,
    pub all: bool,
    /// The user's time limit, for messages.
    pub timeout: Option<f64>,
}

impl<'a> Search<'a> {
    /// Horizons from `lower_bound` in the puzzle's `step` (2 where plan lengths have one
    /// parity, else 1) up to `max`, with the request's options.
    pub fn new(
        backend: &'a Backend,
        options: &crate::SolveOptions,
        (lower_bound, step): (usize, usize),
        max: usize,
        deadline: Option<Instant>,
    ) -> Search<'a> {
        let horizons = Horizons { lower_bound, step, max, deadline };
        Search { backend, horizons, max, all: options.all, timeout: options.timeout }
    }

    /// The horizons stop at `length`: a plan of that length is known.
    pub fn known(mut self, length: usize) -> Search<'a> {
        self.horizons.max = self.horizons.max.min(length);
        self
    }
}

mod case;
mod encoded;
mod facts;
mod judge;
mod levels;
mod solve;
pub use case::Case;
pub use encoded::Encoded;
pub use facts::PlanPuzzle;
pub use judge::search;
pub use solve::{solve, PlanRequest, Searched};
