//! `prove invariants`: the `bv` circuit's properties for every board size, each proved by the
//! linked z3 over all states at once (`drive::invariants`).

use std::time::Duration;

use puzzlec_slide::drive::invariants::{self, Property, Verdict};
use puzzlec_solve::Solver;
use serde::Serialize;

use crate::env::Env;
use crate::error::{Error, Result};
use crate::event::Event;

/// One property on one size.
#[derive(Clone, Debug, Serialize)]
pub struct PropertyResult {
    pub property: &'static str,
    pub size: String,
    /// `proved`, `fails` or `unknown`.
    pub result: &'static str,
    pub seconds: f64,
    /// The counterexample (boards before and after) or why it is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// Every property on every size asked for.
#[derive(Clone, Debug, Serialize)]
pub struct InvariantsReport {
    pub solver: String,
    pub results: Vec<PropertyResult>,
    /// True when every property was proved on every size.
    pub proved: bool,
}

/// The smallest and largest side `prove invariants` covers by default.
pub const SIDES: std::ops::RangeInclusive<usize> = 2..=8;

/// Proves (a)-(c) on every square board with a side in `sides`, reporting each
/// result as an event as it comes.
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
                Verdict::Proved => ("proved", None),
                Verdict::Fails(c) => ("fails", Some(c)),
                Verdict::Unknown(r) => ("unknown", Some(r)),
            };
            let size = format!("{side}x{side}");
            on(Event::Proved { property: p.words(), size: size.clone(), result, seconds });
            results.push(PropertyResult { property: p.words(), size, result, seconds, detail });
        }
    }
    let proved = results.iter().all(|r| r.result == "proved");
    Ok(InvariantsReport { solver: z3.id().to_owned(), results, proved })
}

/// One line when everything is proved; else every failure with its counterexample.
impl std::fmt::Display for InvariantsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sizes = match (self.results.first(), self.results.last()) {
            (Some(a), Some(b)) => format!("{} to {}", a.size, b.size),
            _ => "no size".into(),
        };
        if self.proved {
            return writeln!(f, "proved: (a), (b) and (c) on every size from {sizes} ({})", self.solver);
        }
        writeln!(f, "not proved ({sizes}):")?;
        for r in self.results.iter().filter(|r| r.result != "proved") {
            writeln!(f, "{} {}: {} {}", r.size, r.property, r.result, r.detail.as_deref().unwrap_or(""))?;
        }
        Ok(())
    }
}

/// One encoding on one backend against the reference model.
#[derive(Clone, Debug, Serialize)]
pub struct EncodingResult {
    pub puzzle: &'static str,
    pub encoding: String,
    pub solver: String,
    /// What was covered, e.g. "every 2x2, 2x3, 3x2 start; 20 3x3, 5 3x4; k = 1..3".
    pub covered: String,
    pub queries: usize,
    /// `equivalent` or `differs`.
    pub result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// One clause family dropped from one CNF encoding.
#[derive(Clone, Debug, Serialize)]
pub struct Mutation {
    pub encoding: String,
    pub family: &'static str,
    /// True when the checks noticed; false means the family is redundant on what was checked.
    pub caught: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// The whole `prove encodings` run.
#[derive(Clone, Debug, Serialize)]
pub struct EncodingsReport {
    pub results: Vec<EncodingResult>,
    pub mutations: Vec<Mutation>,
    /// True when every registered encoding is equivalent on every backend checked.
    pub proved: bool,
}

fn sample(rows: usize, cols: usize, count: usize, seed: u64) -> Vec<puzzlec_slide::rules::Board> {
    (0..count as u64)
        .map(|i| puzzlec_slide::rules::benchset::random_walk(rows, cols, 40 + i as usize % 7, seed + i))
        .collect()
}

/// Every registered encoding of every puzzle on the built-in backend that reads it, checked
/// against the reference model; then every clause family of the CNF encodings dropped in
/// turn. `quick` checks fewer start boards (for tests).
///
/// # Errors
/// A backend fails.
pub fn encodings(env: &Env, quick: bool, on: &mut dyn FnMut(Event)) -> Result<EncodingsReport> {
    use puzzlec_slide::drive::equivalence as eq;
    let backend = |kind: puzzlec_solve::InputKind| -> Result<puzzlec_solve::Backend> {
        let id = if kind == puzzlec_solve::InputKind::Dimacs { "cadical" } else { "z3" };
        match env.solver(id)? {
            Solver::Backend(b) => Ok(b),
            Solver::Search => Err(Error::unknown("the built-in backends are backends")),
        }
    };
    let (cnf, smt) = (backend(puzzlec_solve::InputKind::Dimacs)?, backend(puzzlec_solve::InputKind::Smt2)?);
    let mut results = Vec::new();
    let mut record =
        |puzzle, encoding: &str, solver: &str, covered: String, (queries, miss): (usize, Option<String>)| {
            let result = if miss.is_none() { "equivalent" } else { "differs" };
            on(Event::Proved { property: "bounded equivalence", size: encoding.to_owned(), result, seconds: 0.0 });
            results.push(EncodingResult {
                puzzle,
                encoding: encoding.into(),
                solver: solver.into(),
                covered,
                queries,
                result,
                detail: miss,
            });
        };
    // Sliding tiles: every start of the small sizes on SAT, samples elsewhere.
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
    let covered_full = if quick { "20 2x3, 3 3x3, 1 3x4 starts" } else { "every 2x2, 2x3, 3x2 start; 20 3x3, 5 3x4" };
    for e in puzzlec_slide::encodings::ALL {
        if e.has_cnf() {
            let found = eq::slide(e, &cnf, &full, None)?;
            record("slide", e.name(), cnf.id(), format!("{covered_full}; k = 1..3"), found);
        }
        if e.has_smt() {
            let found = eq::slide(e, &smt, &few, None)?;
            record("slide", e.name(), smt.id(), format!("{} of those starts; k = 1..3", few.len()), found);
        }
    }
    // The cross slider: a few instances per size, some with fixed orientations.
    let mut puzzles = Vec::new();
    for (i, (rows, cols)) in [(3, 3), (3, 4), (3, 3), (3, 4)].into_iter().enumerate() {
        for (cross, empty, target) in
            [((0, 0), (rows - 1, cols - 1), (rows - 1, cols - 1)), ((1, 1), (0, 0), (0, cols - 1))]
        {
            let mut p = puzzlec_cross::rules::CrossPuzzle::new(rows, cols, cross, empty, target).expect("valid cells");
            if i >= 2 {
                // Fix every other piece's orientation.
                let (skip_a, skip_b) = (p.index(cross), p.index(empty));
                for c in (0..p.cells()).step_by(2).filter(|&c| c != skip_a && c != skip_b) {
                    p.fixed[c] = if c % 4 == 0 {
                        puzzlec_cross::rules::Orientation::Horizontal
                    } else {
                        puzzlec_cross::rules::Orientation::Vertical
                    };
                }
            }
            puzzles.push(p);
        }
    }
    let max_k = if quick { 6 } else { 8 };
    for e in puzzlec_cross::encodings::ALL {
        let b = if e.is_cnf() { &cnf } else { &smt };
        let found = puzzlec_cross::drive::equivalence::cross(e, b, &puzzles, max_k)?;
        record(
            "cross",
            e.name(),
            b.id(),
            format!("{} 3x3 and 3x4 instances (half with fixed orientations); k = 1..{max_k}", puzzles.len()),
            found,
        );
    }
    for e in puzzlec_hex::encodings::ALL {
        let b = if e.is_cnf() { &cnf } else { &smt };
        let covered = if e.is_cnf() {
            "orders 1 and 3: every model, with and without symmetry breaking"
        } else {
            "orders 1 and 3: every model with symmetry breaking"
        };
        record("hex", e.name(), b.id(), covered.into(), puzzlec_hex::drive::equivalence::hex(e, b)?);
    }
    // Mutations: each clause family of each CNF slide encoding dropped in turn.
    let mut mutations = Vec::new();
    let probe: Vec<_> = full.iter().step_by(if quick { 5 } else { 10 }).copied().collect();
    for e in puzzlec_slide::encodings::ALL.iter().filter(|e| e.has_cnf()) {
        for family in eq::slide_families(*e) {
            let (_, miss) = eq::slide(*e, &cnf, &probe, Some(family))?;
            mutations.push(Mutation { encoding: e.name().into(), family, caught: miss.is_some(), detail: miss });
        }
    }
    let proved = results.iter().all(|r| r.detail.is_none());
    Ok(EncodingsReport { results, mutations, proved })
}

impl std::fmt::Display for EncodingsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in &self.results {
            writeln!(
                f,
                "{:<6} {:<8} {:<8} {:<11} {:>6} queries  {}",
                r.puzzle, r.encoding, r.solver, r.result, r.queries, r.covered
            )?;
            if let Some(d) = &r.detail {
                writeln!(f, "       {d}")?;
            }
        }
        writeln!(f, "mutations (one clause family dropped):")?;
        for m in &self.mutations {
            let what = if m.caught { "caught" } else { "redundant here (no check noticed)" };
            writeln!(f, "  {:<8} without {:<14} {what}", m.encoding, m.family)?;
        }
        let verdict =
            if self.proved { "every registered encoding is equivalent on what was checked" } else { "NOT equivalent" };
        writeln!(f, "{verdict}")
    }
}
