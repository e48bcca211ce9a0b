//! `prove`: every puzzle's stated invariants (`prove invariants`) and every registered
//! encoding against its puzzle's rules (`prove encodings`), over the registry.

pub use puzzlec_engine::prove::{EncodingResult, EncodingsReport, InvariantsReport, Mutation, PropertyResult};

use crate::{registry, Env, Event, Result};

/// The smallest and largest side `prove invariants` covers by default.
pub const SIDES: std::ops::RangeInclusive<usize> = 2..=8;

/// The sides `prove invariants --max-side N` covers: 2 to N.
///
/// # Errors
/// N outside 2 to 8 (bad input).
pub fn sides(max_side: usize) -> Result<std::ops::RangeInclusive<usize>> {
    if !SIDES.contains(&max_side) {
        return Err(crate::Error::bad_input(format!("--max-side {max_side}: boards from 2x2 to 8x8, so 2 to 8")));
    }
    Ok(2..=max_side)
}

/// Proves every puzzle's invariants on every square size with a side in `sides`, reporting
/// each result as an event as it comes.
///
/// # Errors
/// A solver fails to run.
pub fn invariants(
    env: &Env,
    sides: std::ops::RangeInclusive<usize>,
    on: &mut dyn FnMut(Event),
) -> Result<InvariantsReport> {
    let mut report: Option<InvariantsReport> = None;
    for puzzle in registry::PUZZLES {
        let Some(found) = puzzle.invariants(env, sides.clone(), on) else { continue };
        let found = found?;
        match &mut report {
            None => report = Some(found),
            Some(r) => {
                r.proved &= found.proved;
                r.results.extend(found.results);
            }
        }
    }
    Ok(report.unwrap_or(InvariantsReport { solver: "none".into(), results: Vec::new(), proved: true }))
}

/// Every registered encoding of every puzzle on the built-in backend that reads it, checked
/// against the reference model; then every clause family of the CNF encodings dropped in
/// turn. `quick` checks fewer instances (for tests).
///
/// # Errors
/// A backend fails.
pub fn encodings(env: &Env, quick: bool, on: &mut dyn FnMut(Event)) -> Result<EncodingsReport> {
    let (mut results, mut mutations) = (Vec::new(), Vec::new());
    for puzzle in registry::PUZZLES {
        let (r, m) = puzzle.prove_encodings(env, quick, on)?;
        results.extend(r);
        mutations.extend(m);
    }
    let proved = results.iter().all(|r| r.detail.is_none());
    Ok(EncodingsReport { results, mutations, proved })
}
