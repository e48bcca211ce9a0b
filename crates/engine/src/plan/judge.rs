//! The plan search's run and its verdict: horizons climbed (one probe each, a live session,
//! or an at-most gallop), then what the outcome proves, checked and certified, written into
//! the answer. The judge holds what every claim needs (the puzzle, the solver's id, the
//! certification) so that each outcome is a method of its own.

use std::cell::{Cell, RefCell};
use std::time::Instant;

use puzzlec_drive::enumerate::Enumeration;
use puzzlec_drive::horizon::{self, Attempt, Shortest};

use super::{Plans, Search};
use crate::answer::{moves as length, Answer};
use crate::certify::Certification;
use crate::error::{Error, Result};
use crate::event::Event;
use crate::opinion::{self, Opinion};

/// Runs the search and writes what it found and proved into `answer`.
///
/// # Errors
/// The backend fails, a plan fails replay, a claim does not certify, or the solver is caught
/// lying (its UNSAT refuted by a known plan or the exact search).
pub fn search<S: Clone>(
    p: &dyn Plans<Step = S>,
    s: &Search,
    answer: Answer,
    cert: Option<Certification>,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let (outcome, proved) = climb(p, s, on)?;
    let judge = Judge { p, s, id: s.backend.id(), cert, answer };
    match outcome {
        Shortest::Found { plan, optimal, horizon } => judge.found(plan, optimal, horizon, proved, on),
        Shortest::NoneWithin { max } => judge.none_within(max),
        Shortest::Unknown { horizon, reason } => Ok(judge.unknown(horizon, &reason, proved)),
    }
}

/// The horizons climbed, with the least plan length the solver's UNSAT answers proved (for
/// an at-most search that stops short of the optimum: it skips horizons, so the last one
/// tried says less).
fn climb<S: Clone>(
    p: &dyn Plans<Step = S>,
    s: &Search,
    on: &mut dyn FnMut(Event),
) -> Result<(Shortest<Vec<S>>, usize)> {
    let h = s.horizons;
    let on = RefCell::new(on);
    let proved = Cell::new(h.lower_bound);
    let mut progress = |at: &Attempt| {
        if at.result == "unsat" && p.at_most() {
            proved.set(proved.get().max(at.horizon + 1));
        }
        (on.borrow_mut())(Event::Horizon { horizon: at.horizon, result: at.result, seconds: at.seconds })
    };
    let solving = |horizon, limit| {
        (on.borrow_mut())(Event::Solving { horizon });
        p.probe(horizon, limit)
    };
    let outcome = match p.session(h, &mut progress) {
        Some(outcome) => outcome,
        None if p.at_most() => {
            let started = Instant::now();
            // Each plan as the search will use it, shortened: its length is the next step.
            let shorten = |plan| {
                let plan = p.shorten(plan);
                (on.borrow_mut())(Event::Plan { length: plan.len(), seconds: started.elapsed().as_secs_f64() });
                plan
            };
            puzzlec_drive::at_most::shortest(h, solving, shorten, Vec::len, &mut progress)
        }
        None => horizon::shortest(h, solving, &mut progress),
    }?;
    Ok((outcome, proved.get()))
}

/// What every claim of one search needs.
struct Judge<'a, S> {
    p: &'a dyn Plans<Step = S>,
    s: &'a Search<'a>,
    id: &'a str,
    cert: Option<Certification>,
    answer: Answer,
}

impl<S: Clone> Judge<'_, S> {
    /// A plan through the rules, or the solver named for one that fails.
    fn replay(&self, plan: &[S]) -> Result<()> {
        let (p, id) = (self.p, self.id);
        p.replay(plan).map_err(|why| {
            Error::unknown(format!("solver {id} returned a plan that fails replay ({why}): {}", p.write(plan)))
        })
    }

    /// Certifies the UNSAT of `horizon` (with the `found` plans blocked) when asked to.
    fn claim(&mut self, words: String, horizon: usize, found: Option<&[Vec<S>]>) -> Result<()> {
        let p = self.p;
        let Some(c) = &mut self.cert else { return Ok(()) };
        if let (None, Some(evidence)) = (found, p.evidence(horizon)) {
            return c.claim_evidence(words, horizon, evidence.as_ref(), || p.cnf(horizon));
        }
        let cnf = p.cnf(horizon).ok_or_else(|| Error::unknown("--certify: the encoding has no CNF form"))?;
        let cnf = match found {
            Some(plans) => {
                puzzlec_drive::enumerate::blocked(cnf, &plans.iter().map(|f| p.blocking(f)).collect::<Vec<_>>())
            }
            None => cnf,
        };
        c.claim(words, Some(horizon), found.map(<[_]>::len), cnf)
    }

    /// A plan of `horizon` moves: replayed, its optimality checked (the exact search's second
    /// opinion on an external solver) and certified; with `--all`, every plan of its length.
    fn found(
        mut self,
        plan: Vec<S>,
        optimal: bool,
        horizon: usize,
        proved: usize,
        on: &mut dyn FnMut(Event),
    ) -> Result<Answer> {
        let (p, s, id, h) = (self.p, self.s, self.id, self.s.horizons);
        self.replay(&plan)?;
        let below = horizon.checked_sub(h.step).filter(|_| optimal);
        if let (Some(below), None, true) = (below, &self.cert, s.backend.is_external()) {
            match opinion::deadline(h.deadline).map_or(Opinion::NoTime, |by| p.exact(horizon, by)) {
                Opinion::Confirmed => self.answer.checked = Some(opinion::confirmed()),
                Opinion::Shorter(found) => return Err(opinion::lie(id, horizon, found)),
                Opinion::NoTime => self.answer.trusted = Some(opinion::unchecked(id, below)),
            }
        }
        if let Some(t) = below.and_then(|b| p.trusted(b, self.cert.is_some())) {
            self.answer.trusted = Some(t);
        }
        let note = match below {
            Some(b) => {
                // Each horizon below, from the lower bound, where the last one's UNSAT does
                // not speak for them.
                let mut k = h.lower_bound;
                while k < b && !p.covers_shorter() {
                    self.claim(p.none_at(k), k, None)?;
                    k += h.step;
                }
                let why = match (h.step, p.covers_shorter()) {
                    (2, true) => ": plan lengths have one parity",
                    (2, false) => ": plan lengths have one parity, and each horizon from the lower bound is claimed",
                    _ => "",
                };
                self.claim(format!("{} (so none shorter than {horizon}{why})", p.none_at(b)), b, None)?;
                None
            }
            None => optimal.then(|| format!("a plan of {} is optimal without a proof", length(horizon))),
        };
        let note = note.filter(|_| optimal);
        if !s.all {
            let text = (!optimal && p.at_most()).then(|| p.write(&plan));
            p.show(&mut self.answer, &[plan], optimal, None);
            if let Some(text) = text {
                self.answer.set_best_text(text, horizon, proved);
            }
            self.answer.certificate = self.cert.map(|c| c.finish(note));
            return Ok(self.answer);
        }
        let found = p.all(horizon, h.deadline, &mut |count| on(Event::Found { count, noun: "plan" }))?;
        for plan in &found.solutions {
            self.replay(plan)?;
        }
        enumerated_the_plan(id, horizon, &p.write(&plan), &found, |f| p.write(f))?;
        on(Event::Enumerated { count: found.solutions.len(), length: horizon, noun: "plan" });
        if found.complete {
            let words = format!("no plan of exactly {} beyond the {} found", length(horizon), found.solutions.len());
            self.claim(words, horizon, Some(&found.solutions))?;
        }
        p.show(&mut self.answer, &found.solutions, optimal, Some(found.complete));
        self.answer.certificate = self.cert.map(|c| c.finish(note));
        Ok(self.answer)
    }

    /// No plan of at most `max` moves: checked against a known plan and the exact search,
    /// certified.
    fn none_within(mut self, max: usize) -> Result<Answer> {
        let (p, s, id, h) = (self.p, self.s, self.id, self.s.horizons);
        if let Some(known) = p.known().filter(|k| k.len() <= max) {
            return Err(Error::unknown(format!(
                "solver {id} answered UNSAT up to horizon {max}, but a plan of {} exists (found before the search and replayed): the solver is wrong",
                length(known.len())
            )));
        }
        match opinion::deadline(h.deadline).map_or(Opinion::NoTime, |by| p.exact(max + 1, by)) {
            Opinion::Shorter(found) => return Err(opinion::lie(id, max + 1, found)),
            Opinion::Confirmed if s.backend.is_external() => self.answer.checked = Some(opinion::confirmed_none()),
            Opinion::NoTime if s.backend.is_external() && self.cert.is_none() => {
                self.answer.trusted = Some(opinion::unchecked_none(id, max))
            }
            _ => {}
        }
        if let (None, Some(t)) = (&self.answer.trusted, p.trusted(max, self.cert.is_some())) {
            self.answer.trusted = Some(t);
        }
        if max >= h.lower_bound {
            // The last horizon tried: the largest one of the plans' parity within the bound
            // (and each one below it where its UNSAT does not speak for them).
            let last = h.lower_bound + (max - h.lower_bound) / h.step * h.step;
            let mut k = h.lower_bound;
            while k < last && !p.covers_shorter() {
                self.claim(p.none_at(k), k, None)?;
                k += h.step;
            }
            self.claim(format!("{} (so none of at most {max})", p.none_at(last)), last, None)?;
        }
        let (reason, words) = p.none_within(max.min(s.max));
        let mut answer = self.answer;
        answer.certificate = self.cert.map(|c| c.finish(None));
        Ok(answer.no_solution(reason, words))
    }

    /// A limit reached at `horizon`: the best plan known and the bound proved.
    fn unknown(self, horizon: usize, reason: &str, proved: usize) -> Answer {
        let (p, h) = (self.p, self.s.horizons);
        let why = crate::env::limit_reason(self.s.timeout, h.deadline, reason);
        let mut a = self.answer.unknown(format!("at horizon {horizon}: {why}"));
        if p.at_most() {
            a.lower_bound = Some(proved);
        }
        if let Some(known) = p.known() {
            a.set_best_text(p.write(known), known.len(), horizon.max(h.lower_bound));
        }
        a
    }
}

/// A horizon answered SAT with a plan, then enumerated: the enumeration must hold at least
/// one plan, and every plan when it says it is complete, the one found first among them.
/// Anything else is the solver contradicting itself (an honest first answer and lies after
/// it would otherwise read "0 shortest solutions; all of them").
fn enumerated_the_plan<S>(
    id: &str,
    horizon: usize,
    first: &str,
    found: &Enumeration<Vec<S>>,
    write: impl Fn(&[S]) -> String,
) -> Result<()> {
    let missing = if found.solutions.is_empty() {
        "finds no plan"
    } else if found.complete && !found.solutions.iter().any(|f| write(f) == first) {
        "says it is complete without it"
    } else {
        return Ok(());
    };
    Err(Error::unknown(format!(
        "solver {id} answered SAT at horizon {horizon} with a plan that replays ({first}), but its enumeration of that horizon {missing}: the solver contradicts itself"
    )))
}
