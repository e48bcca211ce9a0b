//! A second opinion on an external solver's word. An optimality claim rests on one UNSAT
//! answer (the horizon below the plan); an external binary's UNSAT is only its word, so the
//! puzzle's exact search is asked too, within a small budget: it confirms the claim, catches
//! the lie (a shorter plan, replayed), or runs out of time, and then the answer says in
//! `trusted` on whose word "optimal" rests.

use std::time::{Duration, Instant};

use crate::Error;

/// How long the exact search may spend on a second opinion (less when the run's own limit
/// is nearer).
pub const BUDGET: Duration = Duration::from_secs(2);

/// The exact search's deadline for a second opinion within a run that ends at `deadline`;
/// `None` when there is no time for one. The tuning's `second_opinion` sets the budget (tests use 0 to see an unchecked claim labelled as one).
pub fn deadline(deadline: Option<Instant>) -> Option<Instant> {
    let budget = puzzlec_core::tuning::get().second_opinion.unwrap_or(BUDGET);
    let by = Instant::now() + budget;
    let by = deadline.map_or(by, |d| d.min(by));
    (!budget.is_zero() && by > Instant::now()).then_some(by)
}

/// What the exact search said about "no plan below `horizon`".
pub enum Opinion {
    /// Its shortest plan has exactly `horizon` moves.
    Confirmed,
    /// It found (and replayed) a plan of this many moves, fewer than `horizon`.
    Shorter(usize),
    /// It did not finish in time.
    NoTime,
}

/// `checked`: the sentence for a confirmed claim.
pub fn confirmed() -> String {
    format!("the optimality was confirmed by the exact search (within {} s)", BUDGET.as_secs())
}

/// `trusted`: the sentence for a claim nobody but the solver vouches for.
pub fn unchecked(solver: &str, below: usize) -> String {
    format!(
        "\"optimal\" rests on the word of solver {solver} (its UNSAT at horizon {below}); the exact search could not confirm it within {} s, and --certify proves it",
        BUDGET.as_secs()
    )
}

/// `checked`: the sentence for a confirmed "no plan".
pub fn confirmed_none() -> String {
    format!("\"no plan\" was confirmed by the exact search (within {} s)", BUDGET.as_secs())
}

/// `trusted`: the sentence for a "no plan" nobody but the solver vouches for.
pub fn unchecked_none(solver: &str, max: usize) -> String {
    format!(
        "\"no plan\" rests on the word of solver {solver} (its UNSAT up to horizon {max}); the exact search could not confirm it within {} s, and --certify proves it",
        BUDGET.as_secs()
    )
}

/// The error for a solver whose UNSAT the exact search refuted.
pub fn lie(solver: &str, claimed: usize, found: usize) -> Error {
    Error::unknown(format!(
        "solver {solver} answered UNSAT below {}, but the exact search finds a plan of {} (replayed): the solver is wrong",
        crate::answer::moves(claimed),
        crate::answer::moves(found)
    ))
}
