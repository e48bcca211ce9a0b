//! Sliding tiles through an encoding and a backend: encode the horizon in the form the
//! backend reads, solve, decode, replay through the reference model.

use std::time::Duration;

use puzzlec_core::slide::{Board, Move};
use puzzlec_encode::slide::compact::{self, Ingredients};
use puzzlec_encode::slide::{bright, SlideEncoding};
use puzzlec_encode::DecodeError;
use puzzlec_ir::{Cnf, Model};
use puzzlec_solve::{solve_by_cubes, Backend, Incremental, InputKind, Outcome};

use crate::horizon::Probe;
use crate::{solve_form, DriveError, Form};

/// Encodes `start -> goal` in exactly `horizon` moves for a backend reading `input`; `None`
/// when the encoding has no form of that kind.
pub fn encode(
    encoding: &dyn SlideEncoding,
    start: &Board,
    goal: &Board,
    horizon: usize,
    input: InputKind,
) -> Option<Form> {
    encode_with(encoding, start, goal, horizon, input, Ingredients::default())
}

/// As [`encode`], with `compact`'s ingredients chosen (for measurements; other encodings
/// ignore them).
pub fn encode_with(
    encoding: &dyn SlideEncoding,
    start: &Board,
    goal: &Board,
    horizon: usize,
    input: InputKind,
    ing: Ingredients,
) -> Option<Form> {
    let header =
        format!("puzzlec slide encoding={} size={}x{} horizon={horizon}", encoding.name(), start.rows(), start.cols());
    match input {
        InputKind::Dimacs if encoding.has_cnf() => {
            let mut f = Cnf::new();
            f.comment(header);
            if encoding.layered() && ing != Ingredients::default() {
                compact::encode(start, goal, horizon, ing, &mut f);
            } else {
                encoding.write_cnf(start, goal, horizon, &mut f);
            }
            Some(Form::Cnf(f))
        }
        InputKind::Smt2 => {
            let mut s = encoding.smt(start, goal, horizon)?;
            s.comment(header);
            Some(Form::Smt(Box::new(s)))
        }
        InputKind::Dimacs => None,
    }
}

/// The encoding used when none is named: the fast CNF one, or `bright` for SMT solvers.
pub fn default_encoding(kind: InputKind) -> &'static dyn SlideEncoding {
    match kind {
        InputKind::Dimacs => &compact::Compact,
        InputKind::Smt2 => &bright::Bright,
    }
}

/// Whether `encoding` can be written in the form `kind`.
pub fn has_form(encoding: &dyn SlideEncoding, kind: InputKind) -> bool {
    match kind {
        InputKind::Dimacs => encoding.has_cnf(),
        InputKind::Smt2 => encoding.has_smt(),
    }
}

/// The most clauses (or SMT assertions' worth of them) one horizon may have: about half a
/// gigabyte of formula. `bright` on 8x8 passes it near horizon 18; building more would take
/// the machine's memory before any solver starts.
pub const MAX_CLAUSES: u64 = 5_000_000;

/// Refuses a horizon whose formula would pass [`MAX_CLAUSES`].
///
/// # Errors
/// The sentence saying how large it would be and what to do instead.
pub fn check_size(encoding: &dyn SlideEncoding, start: &Board, horizon: usize) -> Result<(), String> {
    let clauses = encoding.estimated_clauses(start.len(), horizon);
    if clauses > MAX_CLAUSES {
        let smaller = puzzlec_encode::slide::ALL
            .iter()
            .filter(|e| e.estimated_clauses(start.len(), horizon) <= MAX_CLAUSES)
            .map(|e| e.name())
            .collect::<Vec<_>>();
        return Err(format!(
            "encoding {} at horizon {horizon} on a {}x{} board would have about {:.1} million clauses, above puzzlec's cap of {} million{}",
            encoding.name(),
            start.rows(),
            start.cols(),
            clauses as f64 / 1e6,
            MAX_CLAUSES / 1_000_000,
            if smaller.is_empty() { String::new() } else { format!("; {} stays below it", smaller.join(", ")) }
        ));
    }
    Ok(())
}

/// Decodes a model of `encoding` at `horizon` into a plan (not yet replayed).
///
/// # Errors
/// The model lacks values or does not describe a sequence of slides.
pub fn decode(
    encoding: &dyn SlideEncoding,
    model: &dyn Model,
    shape: &Board,
    horizon: usize,
) -> Result<Vec<Move>, DecodeError> {
    encoding.decode(model, shape, horizon)
}

/// Replays a decoded plan; any failure is the solver's (or the encoding's) fault.
///
/// # Errors
/// [`DriveError::Replay`] naming the solver.
pub fn replay(solver: &str, start: &Board, goal: &Board, plan: &[Move], horizon: usize) -> Result<(), DriveError> {
    let fail = |detail: String| DriveError::Replay { solver: solver.to_owned(), detail };
    if plan.len() != horizon {
        return Err(fail(format!("{} moves decoded for horizon {horizon}", plan.len())));
    }
    match start.apply_strict(plan) {
        Ok(end) if end == *goal => Ok(()),
        Ok(end) => Err(fail(format!("the plan ends on\n{end}which is not the goal"))),
        Err(e) => Err(fail(e.to_string())),
    }
}

/// Encodes, solves, decodes and replays one horizon.
///
/// # Errors
/// Solver failures, undecodable models, plans that fail replay.
pub fn probe(
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    start: &Board,
    goal: &Board,
    horizon: usize,
    limit: Duration,
) -> Result<Probe<Vec<Move>>, DriveError> {
    probe_with(encoding, backend, start, goal, horizon, limit, Ingredients::default(), Strategy::DEFAULT)
}

/// How `compact` on the embedded solver splits a horizon (see [`crate::slide_cubes`]).
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
/// pattern-database propagator ([`crate::slide_propagator`]) runs inside the solver, and
/// whether it also makes the decisions ([`crate::slide_branching`]; only with it).
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
    encoding.layered()
        && backend.is_incremental()
        && horizon >= FRONTIER_FROM
        && start.len() <= puzzlec_core::slide::pdb::MAX_CELLS
        && compact::budget(start, goal, horizon).is_some()
}

/// Horizons from which the pattern-database frontier pays for building the tables (about
/// two seconds on the 15-puzzle; measured: below it the ranked cubes finish first).
pub const FRONTIER_FROM: usize = 30;
/// Prefixes wanted on the frontier, which stops at half the horizon in any case: deeper, the
/// pattern-database search would do the solver's work (measured: with no depth cap the
/// pruned search reached the full horizon and the solver only confirmed complete plans).
/// On Korf 16 (optimum 42): 200 prefixes, no answer in 60 s; 2,000, 49 s; 20,000, 15 s.
const FRONTIER_TARGET: usize = 20_000;

/// As [`probe`], with `compact`'s ingredients chosen, and how `compact` on the embedded
/// solver searches (cubes, propagator); both for measurements.
///
/// # Errors
/// As [`probe`].
#[allow(clippy::too_many_arguments)]
pub fn probe_with(
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    start: &Board,
    goal: &Board,
    horizon: usize,
    limit: Duration,
    ing: Ingredients,
    strategy: Strategy,
) -> Result<Probe<Vec<Move>>, DriveError> {
    if let Err(too_large) = check_size(encoding, start, horizon) {
        return Ok(Probe::Unknown(too_large));
    }
    if (strategy.cubes != Cubes::Off || strategy.propagator) && encoding.layered() {
        if let Some(session) = backend.session(&Cnf::new(), None) {
            return compact_by_cubes(session, backend.id(), start, goal, horizon, limit, ing, strategy);
        }
    }
    let started = std::time::Instant::now();
    let form = encode_with(encoding, start, goal, horizon, backend.input(), ing)
        .ok_or_else(|| backend.wrong_input(&forms_text(encoding)))?;
    let Some(left) = crate::left_after(started, limit) else {
        return Ok(Probe::Unknown(crate::ENCODING_TIMED_OUT.into()));
    };
    let outcome = solve_form(backend, &form, left)?;
    conclude(encoding, backend.id(), outcome, start, goal, horizon)
}

/// `compact` on the embedded solver through cubes ([`crate::slide_cubes`]): the clauses go
/// straight into the live solver (no intermediate formula to build and copy), and the action
/// variables come back from the encoder to make the cubes.
#[allow(clippy::too_many_arguments)]
fn compact_by_cubes(
    mut session: Box<dyn Incremental>,
    solver: &str,
    start: &Board,
    goal: &Board,
    horizon: usize,
    limit: Duration,
    ing: Ingredients,
    how: Strategy,
) -> Result<Probe<Vec<Move>>, DriveError> {
    let started = std::time::Instant::now();
    let Some(layers) = compact::encode_layers(start, goal, horizon, ing, &mut session.as_mut()) else {
        return Ok(Probe::Unsat);
    };
    let actions = &layers.act;
    if crate::left_after(started, limit).is_none() {
        return Ok(Probe::Unknown("time limit reached while loading the clauses".into()));
    }
    let pdb = match (how.cubes == Cubes::Frontier || how.propagator) && horizon >= FRONTIER_FROM {
        true => puzzlec_core::slide::pdb::PatternDb::shared(goal),
        false => None,
    };
    let stats = std::env::var_os("PUZZLEC_FRONTIER_STATS").is_some();
    let lemmas = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    if let (Some(db), true) = (&pdb, how.propagator) {
        let mut p = crate::slide_propagator::PdbPropagator::new(&layers.p, goal, horizon, db.clone(), lemmas.clone());
        if how.branching {
            p = p.with_forward_branching(start, actions);
        }
        session.connect(Box::new(p));
    }
    let cubes = match (&pdb, how.cubes) {
        (_, Cubes::Off) => Vec::new(),
        (Some(db), Cubes::Frontier) => {
            let lc = puzzlec_core::slide::Heuristic::new(goal);
            let h = |b: &Board| db.estimate(b).max(lc.manhattan_linear_conflict(b));
            let (cubes, lemmas) =
                crate::slide_cubes::frontier(actions, start, horizon, &h, FRONTIER_TARGET, horizon / 2);
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
        _ => crate::slide_cubes::cubes(actions, start, goal, horizon / 2),
    };
    let Some(left) = crate::left_after(started, limit) else {
        return Ok(Probe::Unknown("time limit reached while building the cubes".into()));
    };
    let outcome = match cubes.is_empty() && how.cubes == Cubes::Off {
        true => session.solve(&[], left),
        false => solve_by_cubes(session.as_mut(), &[], &cubes, left),
    };
    if stats && how.propagator {
        eprintln!("propagator: horizon {horizon}, {} lemmas", lemmas.load(std::sync::atomic::Ordering::Relaxed));
    }
    conclude(&compact::Compact, solver, outcome, start, goal, horizon)
}

/// Decodes and replays a model; passes on UNSAT and unknown.
fn conclude(
    encoding: &dyn SlideEncoding,
    solver: &str,
    outcome: Outcome<impl Model>,
    start: &Board,
    goal: &Board,
    horizon: usize,
) -> Result<Probe<Vec<Move>>, DriveError> {
    let decoded = match outcome {
        Outcome::Sat(m) => decode(encoding, &m as &dyn Model, start, horizon),
        Outcome::Unsat => return Ok(Probe::Unsat),
        Outcome::Unknown(r) => return Ok(Probe::Unknown(r)),
    };
    let plan = decoded.map_err(|source| DriveError::Decode { solver: solver.to_owned(), source })?;
    replay(solver, start, goal, &plan, horizon)?;
    Ok(Probe::Sat(plan))
}

/// Every plan of exactly `horizon` moves (all optimal plans when `horizon` is the optimum),
/// each replayed; a plan is blocked by its action variables (`compact`) or by the blank's
/// cell at every step (`bright`, whose boards determine the moves).
///
/// # Errors
/// As [`probe`].
pub fn all_plans(
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    start: &Board,
    goal: &Board,
    horizon: usize,
    deadline: Option<std::time::Instant>,
    found: &mut dyn FnMut(usize),
) -> Result<crate::enumerate::Enumeration<Vec<Move>>, DriveError> {
    let form = encode(encoding, start, goal, horizon, backend.input())
        .ok_or_else(|| backend.wrong_input(&forms_text(encoding)))?;
    let solver = backend.id().to_owned();
    crate::enumerate::enumerate(
        backend,
        form,
        deadline,
        crate::enumerate::Settings::default(),
        |m| {
            let plan = decode(encoding, m, start, horizon)
                .map_err(|source| DriveError::Decode { solver: solver.clone(), source })?;
            replay(&solver, start, goal, &plan, horizon)?;
            Ok(plan)
        },
        |plan| encoding.blocking(start, plan),
        found,
    )
}

/// The horizon search for `compact` on the embedded solver, incrementally: one live CaDiCaL
/// keeps its learnt clauses from horizon to horizon; each horizon adds the steps it needs and
/// its goal, windows and away budget under a fresh activation literal, which is assumed (with
/// `cubes`, under each cube of [`crate::slide_cubes`] in turn).
///
/// # Errors
/// Undecodable models and plans that fail replay.
pub fn incremental_shortest(
    backend: &Backend,
    start: &Board,
    goal: &Board,
    ing: Ingredients,
    cubes: bool,
    h: crate::horizon::Horizons,
    progress: impl FnMut(&crate::horizon::Attempt),
) -> Result<crate::horizon::Shortest<Vec<Move>>, DriveError> {
    let Some(mut session) = backend.session(&Cnf::new(), None) else {
        return Err(DriveError::Solve(backend.wrong_input("an incremental CNF session")));
    };
    let solver = backend.id().to_owned();
    let mut layers = compact::Layers::new(start, goal, ing, None, &mut session.as_mut());
    let mut previous: Option<i32> = None;
    crate::horizon::shortest(
        h,
        |horizon, limit| {
            let Some(k) = compact::budget(start, goal, horizon) else {
                return Ok(Probe::Unsat);
            };
            // The previous horizon is switched off for good (a unit clause, so the solver
            // drops its guarded clauses instead of carrying an ever longer list of assumptions).
            if let Some(old) = previous.replace(session.new_var(None)) {
                session.add_clause(&[-old]);
            }
            let act = previous.expect("set just above");
            layers.close(horizon, k, Some(act), &mut session.as_mut());
            let assumptions = [act];
            let cubes = if cubes {
                crate::slide_cubes::cubes(&layers.act[..horizon], start, goal, horizon / 4)
            } else {
                Vec::new()
            };
            match solve_by_cubes(session.as_mut(), &assumptions, &cubes, limit) {
                Outcome::Sat(model) => {
                    let plan = compact::decode(&model, horizon)
                        .map_err(|source| DriveError::Decode { solver: solver.clone(), source })?;
                    replay(&solver, start, goal, &plan, horizon)?;
                    Ok(Probe::Sat(plan))
                }
                Outcome::Unsat => Ok(Probe::Unsat),
                Outcome::Unknown(r) => Ok(Probe::Unknown(r)),
            }
        },
        progress,
    )
}

/// "CNF", "SMT-LIB2" or both, for messages.
pub fn forms_text(encoding: &dyn SlideEncoding) -> String {
    match (encoding.has_cnf(), encoding.has_smt()) {
        (true, true) => "CNF and SMT-LIB2".into(),
        (true, false) => "CNF".into(),
        (false, true) => "SMT-LIB2".into(),
        (false, false) => "nothing".into(),
    }
}

#[cfg(test)]
#[path = "slide_tests.rs"]
mod tests;
