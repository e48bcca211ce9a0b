//! How `compact` searches one horizon on the embedded solver: cubes (ranked first moves or
//! the pattern-database frontier, [`crate::drive::cubes`]), the pattern-database propagator
//! inside the solver ([`crate::drive::propagator`]) and its forward branching
//! ([`crate::drive::branching`]), each switchable for the ablation in `make bench-korf`.

use std::time::Duration;

use crate::encodings::layered::{Ingredients, Layered};
use crate::encodings::SlideEncoding;
use crate::rules::{Board, Move};
use puzzlec_solve::{solve_by_cubes, Backend, Incremental};

use crate::drive::conclude;
use puzzlec_drive::horizon::Outcome;
use puzzlec_drive::DriveError;

/// How `compact` on the embedded solver splits a horizon (see [`crate::drive::cubes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cubes {
    /// One solver call on the whole horizon.
    Off,
    /// The first moves, every legal sequence, ranked by Manhattan + linear conflict.
    Ranked,
    /// From horizon [`FRONTIER_FROM`] on boards of up to 16 cells: an IDA* frontier pruned
    /// by the pattern database (with lemmas for the pruned prefixes); else as `Ranked`.
    Frontier,
}

/// How `compact` on the embedded solver searches a horizon: the cubes, whether the
/// pattern-database propagator ([`crate::drive::propagator`]) runs inside the solver, and
/// whether it also makes the decisions ([`crate::drive::branching`]; only with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strategy {
    pub cubes: Cubes,
    pub propagator: bool,
    pub branching: bool,
}

impl Strategy {
    /// What [`probe`] uses.
    pub const DEFAULT: Strategy = Strategy { cubes: Cubes::Frontier, propagator: true, branching: true };
    /// No cubes, no propagator: the formula alone on the live solver.
    pub const PLAIN: Strategy = Strategy { cubes: Cubes::Off, propagator: false, branching: false };
}

/// Whether [`probe`] at `horizon` uses the pattern databases (frontier lemmas, propagator),
/// whose clauses the answer must then name as trusted (they follow from an admissible bound,
/// not from the formula by resolution).
pub fn uses_pattern_databases(
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    start: &Board,
    goal: &Board,
    horizon: usize,
) -> bool {
    encoding.layered().is_some_and(|l| l.budget(start, goal, horizon).is_some())
        && backend.offers_sessions()
        && horizon >= FRONTIER_FROM
        && start.len() <= crate::rules::pdb::MAX_CELLS
}

/// Horizons from which the pattern-database frontier pays for the tables (reading them from
/// the cache, or building them once, about six seconds on the 15-puzzle; measured: below it
/// the ranked cubes finish first).
pub const FRONTIER_FROM: usize = 30;
/// Prefixes wanted on the frontier, which stops at half the horizon in any case: deeper, the
/// pattern-database search would do the solver's work (measured: with no depth cap the
/// pruned search reached the full horizon and the solver only confirmed complete plans).
/// On Korf 16 (optimum 42): 200 prefixes, no answer in 60 s; 2,000, 49 s; 20,000, 15 s.
const FRONTIER_TARGET: usize = 20_000;

/// `compact` on the embedded solver through cubes ([`crate::drive::cubes`]): the clauses go
/// straight into the live solver (no intermediate formula to build and copy), and the action
/// variables come back from the encoder to make the cubes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn by_cubes(
    encoding: &dyn SlideEncoding,
    layered: &dyn Layered,
    mut session: Box<dyn Incremental>,
    solver: &str,
    start: &Board,
    goal: &Board,
    horizon: usize,
    limit: Duration,
    ing: Ingredients,
    how: Strategy,
) -> Result<Outcome<Vec<Move>>, DriveError> {
    let started = std::time::Instant::now();
    let Some(layers) = layered.layers(start, goal, horizon, ing, &mut session.as_mut()) else {
        return Ok(Outcome::Unsat);
    };
    let actions = &layers.act;
    if puzzlec_drive::left_after(started, limit).is_none() {
        return Ok(Outcome::Unknown("time limit reached while loading the clauses".into()));
    }
    let pdb = match (how.cubes == Cubes::Frontier || how.propagator) && horizon >= FRONTIER_FROM {
        true => puzzlec_core::stop::building_until(started + limit, || crate::rules::pdb::PatternDb::shared(goal)),
        false => None,
    };
    let stats = std::env::var_os("PUZZLEC_FRONTIER_STATS").is_some();
    let lemmas = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    if let (Some(db), true) = (&pdb, how.propagator) {
        let mut p = crate::drive::propagator::PdbPropagator::new(&layers.p, goal, horizon, db.clone(), lemmas.clone());
        if how.branching {
            p = p.with_forward_branching(start, actions);
        }
        session.connect(Box::new(p));
    }
    let cubes = match (&pdb, how.cubes) {
        (_, Cubes::Off) => Vec::new(),
        (Some(db), Cubes::Frontier) => {
            let lc = crate::rules::Heuristic::new(goal);
            let h = |b: &Board| db.estimate(b).max(lc.manhattan_linear_conflict(b));
            let (cubes, lemmas) =
                crate::drive::cubes::frontier(actions, start, horizon, &h, FRONTIER_TARGET, horizon / 2);
            for lemma in &lemmas {
                session.add_clause(lemma);
            }
            // A measurement knob: how much of the horizon the frontier took from the solver.
            if stats {
                let depth = cubes.first().map_or(0, Vec::len);
                eprintln!("frontier: horizon {horizon}, depth {depth}, {} cubes, {} lemmas", cubes.len(), lemmas.len());
            }
            cubes
        }
        _ => crate::drive::cubes::cubes(actions, start, goal, horizon / 2),
    };
    let Some(left) = puzzlec_drive::left_after(started, limit) else {
        return Ok(Outcome::Unknown("time limit reached while building the cubes".into()));
    };
    let outcome = match cubes.is_empty() && how.cubes == Cubes::Off {
        true => session.solve(&[], left),
        false => solve_by_cubes(session.as_mut(), &[], &cubes, left),
    };
    if stats && how.propagator {
        eprintln!("propagator: horizon {horizon}, {} lemmas", lemmas.load(std::sync::atomic::Ordering::Relaxed));
    }
    conclude(encoding, solver, outcome, start, goal, horizon)
}
