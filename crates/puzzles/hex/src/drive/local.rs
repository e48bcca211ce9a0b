//! One filling by local search ([`crate::rules::anneal`]), alone on every core (`--solver
//! search`) or on one core racing the SAT cubes on the others: the default for one filling
//! of an instance too large for `cnf`'s tables. Why: the annealing finds the published
//! order-5 hexagons in seconds where CDCL wanders for minutes, while only the SAT side can
//! prove that none exists; racing both keeps each one's strength. Every filling found is
//! checked by the rules before it is returned.

use std::sync::Mutex;
use std::time::Instant;

use puzzlec_core::stop::{self, Token};
use puzzlec_drive::DriveError;

use crate::encodings::MagicProblem;
use crate::rules::anneal::{anneal, Target};

/// The solver's name in answers.
pub const SOLVER: &str = "search";

/// Whether the local search can look for this problem's fillings: a fixed sum, and a
/// filling to place (at least two free cells to swap, or values that repeat).
pub fn applies(p: &MagicProblem) -> bool {
    p.magic.is_some() && p.shape.cells() >= 2
}

/// A filling found by `threads` annealers (seeds 1, 2, ...) before `deadline` or a stop,
/// checked; `None` when none was found.
///
/// # Errors
/// A filling that fails the check (a bug in the search, reported as the solver's).
pub fn search(p: &MagicProblem, deadline: Option<Instant>, threads: usize) -> Result<Option<Vec<i64>>, DriveError> {
    let Some(sum) = p.magic else { return Ok(None) };
    let target = Target { shape: &p.shape, values: &p.values, distinct: p.distinct, sum, givens: &p.givens };
    let found: Mutex<Option<Vec<i64>>> = Mutex::new(None);
    let token = Token::new();
    stop::forwarding(&token, || {
        std::thread::scope(|scope| {
            for seed in 1..=threads.max(1) as u64 {
                let (target, found, token) = (&target, &found, &token);
                scope.spawn(move || {
                    if let Some(f) = stop::within(token, || anneal(target, seed, deadline)) {
                        found.lock().expect("no searcher panics holding it").get_or_insert(f);
                        token.stop();
                    }
                });
            }
        });
    });
    let found = found.into_inner().expect("searchers finished");
    if let Some(f) = &found {
        super::check(SOLVER, p, f)?;
    }
    Ok(found)
}

/// Runs `sat` on this thread while one annealer looks for a filling beside it: whichever
/// ends first stops the other. Returns what `sat` returned and the annealer's filling (then
/// checked), if it found one.
///
/// # Errors
/// A filling of the annealer that fails the check.
pub fn race<T>(
    p: &MagicProblem,
    deadline: Option<Instant>,
    sat: impl FnOnce() -> T,
) -> Result<(T, Option<Vec<i64>>), DriveError> {
    let Some(sum) = p.magic else { return Ok((sat(), None)) };
    let target = Target { shape: &p.shape, values: &p.values, distinct: p.distinct, sum, givens: &p.givens };
    let (sat_token, search_token) = (Token::new(), Token::new());
    let found: Mutex<Option<Vec<i64>>> = Mutex::new(None);
    let out = stop::forwarding(&sat_token, || {
        std::thread::scope(|scope| {
            let (target, found, sat_token, search_token) = (&target, &found, &sat_token, &search_token);
            scope.spawn(move || {
                if let Some(f) = stop::within(search_token, || anneal(target, 1, deadline)) {
                    *found.lock().expect("no searcher panics holding it") = Some(f);
                    sat_token.stop();
                }
            });
            let out = stop::within(sat_token, sat);
            search_token.stop();
            out
        })
    });
    let found = found.into_inner().expect("the searcher finished");
    if let Some(f) = &found {
        super::check(SOLVER, p, f)?;
    }
    Ok((out, found))
}
