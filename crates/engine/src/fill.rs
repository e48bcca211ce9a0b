//! The enumeration every filling puzzle runs on a SAT/SMT backend: one filling, or every
//! filling with the claim that there are no more. A symmetric problem (no givens) is
//! enumerated by symmetry classes, each class expanded by the puzzle and every member
//! checked; otherwise the fillings are enumerated plainly, and one per class kept after the
//! fact when asked. "None exists" from another solver is checked by the puzzle first
//! ([`Fillings::refute`]); `--certify` proves "no filling (or class) beyond those found".
//! A puzzle says what is its own through [`Fillings`].

use std::time::{Duration, Instant};

use puzzlec_drive::enumerate::Enumeration;
use puzzlec_drive::DriveError;
use puzzlec_ir::{Cnf, Outcome};

use crate::answer::Answer;
use crate::certify::Certification;
use crate::error::{Error, Result};
use crate::event::Event;

/// What a filling puzzle's instance asks beyond its shape and values: cells filled before
/// the search, and one filling per class of symmetries. One definition for the JSON keys
/// and the flags of every filling puzzle (flattened into its instance).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct FillOptions {
    /// Pre-filled cells, CELL=VALUE separated by commas, each cell named as the puzzle's
    /// drawing names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "cli", arg(long, value_name = "CELL=VALUE,..."))]
    pub givens: Option<String>,
    /// One filling per class of symmetries (emit: add the symmetry-breaking constraints).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "cli", arg(long))]
    pub up_to_symmetry: bool,
}

/// What `decode` says when the solver found an emitted filling problem unsatisfiable.
pub const UNSATISFIABLE: &str = "unsatisfiable: no filling satisfies this encoding";

/// Every class representative found, and every member of their classes.
pub struct Classes {
    pub members: Vec<Vec<i64>>,
    pub representatives: Enumeration<Vec<i64>>,
}

/// What the enumeration needs of one filling problem with its encoding and backend.
pub trait Fillings {
    /// Whether the problem has the puzzle's whole symmetry (no givens): then it is searched
    /// by classes.
    fn symmetric(&self) -> bool;

    /// One filling within `limit`; of a class representative when `classes`.
    ///
    /// # Errors
    /// The backend fails, or its model does not decode or check.
    fn one(&self, classes: bool, limit: Duration) -> std::result::Result<Outcome<Vec<i64>>, DriveError>;

    /// Every class (with its members, each checked).
    ///
    /// # Errors
    /// As [`Fillings::one`].
    fn classes(
        &self,
        deadline: Option<Instant>,
        found: &mut dyn FnMut(usize),
    ) -> std::result::Result<Classes, DriveError>;

    /// Every filling.
    ///
    /// # Errors
    /// As [`Fillings::one`].
    fn every(
        &self,
        deadline: Option<Instant>,
        found: &mut dyn FnMut(usize),
    ) -> std::result::Result<Enumeration<Vec<i64>>, DriveError>;

    /// The member that stands for a filling's class.
    fn canonical(&self, filling: &[i64]) -> Vec<i64>;

    /// The plain CNF of the problem (of its class representatives when `classes`).
    fn cnf(&self, classes: bool) -> Option<Cnf>;

    /// The assignment that excludes `filling`.
    fn blocking(&self, filling: &[i64]) -> Vec<(String, i64)>;

    /// Before "none exists" is printed on a solver's word: another solver's look.
    ///
    /// # Errors
    /// Unknown, naming the solver, when a filling that checks is found.
    fn refute(&self) -> Result<()>;

    /// The reason and words of "none exists".
    fn none(&self) -> (&'static str, &'static str);

    /// Writes the (checked) fillings into the answer; every one when `complete` is given.
    fn show(&self, answer: &mut Answer, fillings: &[Vec<i64>], complete: Option<bool>);

    /// The certificate's note on how classes were expanded.
    fn expansion(&self) -> String;
}

/// What to enumerate, and for whom.
pub struct Enumerate {
    pub all: bool,
    pub up_to_symmetry: bool,
    pub deadline: Option<Instant>,
    /// The user's time limit, for messages.
    pub timeout: Option<f64>,
}

/// Runs the enumeration and writes what it found and proved into `answer`.
///
/// # Errors
/// The backend fails, a filling fails its check, a claim does not certify, or a solver's
/// "none" is refuted.
pub fn enumerate(
    f: &dyn Fillings,
    e: &Enumerate,
    mut answer: Answer,
    mut cert: Option<Certification>,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let mut claim = |classes: bool, found: &[Vec<i64>]| -> Result<()> {
        let Some(c) = &mut cert else { return Ok(()) };
        let cnf = f.cnf(classes).ok_or_else(|| Error::unknown("--certify: the encoding has no CNF form"))?;
        let excluded: Vec<_> = found.iter().map(|x| f.blocking(x)).collect();
        let what = if classes { "symmetry class" } else { "filling" };
        let words = format!("no {what} beyond the {} found", found.len());
        c.claim(words, None, Some(found.len()), puzzlec_drive::enumerate::blocked(cnf, &excluded))
    };
    let none = |answer: Answer| -> Result<Answer> {
        f.refute()?;
        let (reason, words) = f.none();
        Ok(answer.no_solution(Some(reason), words))
    };
    let limit = |reason: &str| crate::env::limit_reason(e.timeout, e.deadline, reason);
    if !e.all {
        // Any filling answers, so look for a class representative when the problem is
        // symmetric: the symmetry-breaking facts cut the search by the group's size.
        let classes = f.symmetric();
        return Ok(match f.one(classes, crate::env::left(e.deadline))? {
            Outcome::Sat(values) => {
                f.show(&mut answer, &[values], None);
                answer
            }
            Outcome::Unsat => {
                claim(classes, &[])?;
                let mut a = none(answer)?;
                a.certificate = cert.map(|c| c.finish(None));
                a
            }
            Outcome::Unknown(reason) => answer.unknown(limit(&reason)),
        });
    }
    let classes = f.symmetric();
    let (mut fillings, complete, stopped, enumerated) = if classes {
        let Classes { members, representatives } =
            f.classes(e.deadline, &mut |count| on(Event::Found { count, noun: "class" }))?;
        let reps = representatives.solutions.clone();
        let chosen = if e.up_to_symmetry { representatives.solutions } else { members };
        (chosen, representatives.complete, representatives.stopped, reps)
    } else {
        let found = f.every(e.deadline, &mut |count| on(Event::Found { count, noun: "filling" }))?;
        let enumerated = found.solutions.clone();
        let mut fillings = found.solutions;
        if e.up_to_symmetry {
            // Without the whole symmetry, keep one filling per class after the fact.
            let mut seen = std::collections::HashSet::new();
            fillings.retain(|x| seen.insert(f.canonical(x)));
        }
        (fillings, found.complete, found.stopped, enumerated)
    };
    if complete {
        claim(classes, &enumerated)?;
    }
    if fillings.is_empty() {
        return Ok(match complete {
            true => {
                let mut a = none(answer)?;
                a.certificate = cert.map(|c| c.finish(None));
                a
            }
            false => answer.unknown(limit(&stopped.unwrap_or_default())),
        });
    }
    fillings.sort();
    f.show(&mut answer, &fillings, Some(complete));
    let note = classes.then(|| f.expansion());
    answer.certificate = cert.map(|c| c.finish(note));
    Ok(answer)
}
