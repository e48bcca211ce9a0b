//! `prove` for sliding tiles: the `bv` circuit's invariants on every size (linked z3), and
//! every encoding's bounded equivalence with the rules, then its clause families dropped.

pub(crate) mod equivalence;
pub mod invariants;

use std::ops::RangeInclusive;
use std::time::Duration;

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::prove::{self, InvariantsReport, Mutation, Proof, PropertyResult, Proved};
use puzzlec_engine::{Bench, Env, Error, Event, Result};
use puzzlec_solve::Solver;

use crate::prove::equivalence as eq;
use crate::rules::{benchset::random_walk, Board};
use invariants::{Property, Verdict};

/// Proves (a)-(c) on every square board with a side in `sides`, reporting each result as an
/// event as it comes.
///
/// # Errors
/// z3 fails to run.
pub fn invariants(
    env: &Env,
    sides: std::ops::RangeInclusive<usize>,
    on: &mut dyn FnMut(Event),
) -> Result<InvariantsReport> {
    let Solver::Backend(z3) = env.solver("z3")? else { return Err(Error::unknown("z3 is not a backend")) };
    let mut results = Vec::new();
    for side in sides {
        for p in Property::ALL {
            let (verdict, seconds) = invariants::prove(p, side, side, &z3, Duration::from_secs(3600))?;
            let (result, detail) = match verdict {
                Verdict::Proved => (Proof::Proved, None),
                Verdict::Fails(c) => (Proof::Fails, Some(c)),
                Verdict::Unknown(r) => (Proof::Unknown, Some(r)),
            };
            let size = format!("{side}x{side}");
            on(Event::Proved { property: p.words(), size: size.clone(), result: result.word(), seconds });
            results.push(PropertyResult { property: p.words(), size, result, seconds, detail });
        }
    }
    let proved = results.iter().all(|r| r.result == Proof::Proved);
    Ok(InvariantsReport { solver: z3.id().to_owned(), results, proved })
}

fn sample(rows: usize, cols: usize, count: usize, seed: u64) -> Vec<Board> {
    (0..count as u64).map(|i| random_walk(rows, cols, 40 + i as usize % 7, seed + i)).collect()
}

impl Bench for crate::Slide {
    fn family(&self, req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
        crate::family::labelled(req, env)
    }

    /// Every start of the small sizes on SAT, samples elsewhere; then each clause family of each
    /// CNF encoding dropped in turn. `quick` checks fewer start boards (for tests).
    ///
    /// # Errors
    /// A backend fails.
    fn prove_encodings(&self, env: &Env, quick: bool, on: &mut dyn FnMut(Event)) -> Result<Proved> {
        let (cnf, smt) = prove::backends(env)?;
        let mut full = Vec::new();
        if quick {
            full.extend(sample(2, 3, 20, 1));
        } else {
            for (r, c) in [(2, 2), (2, 3), (3, 2)] {
                full.extend(eq::all_boards(r, c));
            }
        }
        full.extend(sample(3, 3, if quick { 3 } else { 20 }, 100));
        full.extend(sample(3, 4, if quick { 1 } else { 5 }, 200));
        let few: Vec<_> = full.iter().step_by(if quick { 8 } else { 40 }).copied().collect();
        let covered_full =
            if quick { "20 2x3, 3 3x3, 1 3x4 starts" } else { "every 2x2, 2x3, 3x2 start; 20 3x3, 5 3x4" };
        let mut results = Vec::new();
        for e in crate::encodings::ALL {
            if e.writes(puzzlec_ir::Form::Dimacs) {
                let found = eq::slide(e, &cnf, &full, None)?;
                results.push(prove::record(
                    crate::NAME,
                    e.name(),
                    cnf.id(),
                    format!("{covered_full}; k = 1..3"),
                    found,
                    on,
                ));
            }
            if e.writes(puzzlec_ir::Form::Smt2) {
                let found = eq::slide(e, &smt, &few, None)?;
                let covered = format!("{} of those starts; k = 1..3", few.len());
                results.push(prove::record(crate::NAME, e.name(), smt.id(), covered, found, on));
            }
        }
        let mut mutations = Vec::new();
        let probe: Vec<_> = full.iter().step_by(if quick { 5 } else { 10 }).copied().collect();
        for e in crate::encodings::ALL.iter().filter(|e| e.writes(puzzlec_ir::Form::Dimacs)) {
            for family in eq::slide_families(*e) {
                let (_, miss) = eq::slide(*e, &cnf, &probe, Some(family))?;
                mutations.push(Mutation { encoding: e.name().into(), family, caught: miss.is_some(), detail: miss });
            }
        }
        Ok((results, mutations))
    }

    fn invariants(
        &self,
        env: &Env,
        sides: RangeInclusive<usize>,
        on: &mut dyn FnMut(Event),
    ) -> Option<Result<InvariantsReport>> {
        Some(invariants(env, sides, on))
    }
}
