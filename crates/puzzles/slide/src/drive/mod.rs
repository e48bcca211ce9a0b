//! Sliding tiles through an encoding and a backend: encode the horizon in the form the
//! backend reads, solve, decode, replay through the reference model.

use std::time::Duration;

use crate::encodings::compact::{self, Ingredients};
use crate::encodings::layered::Layered;
use crate::encodings::{bright, SlideEncoding};
use crate::rules::{Board, Move};
use puzzlec_encode::DecodeError;
use puzzlec_ir::{Cnf, Model};
use puzzlec_solve::{solve_by_cubes, Backend, Form, Outcome};

pub use crate::guided::strategy::{
    frontier_from, uses_pattern_databases, Cubes, Strategy, FRONTIER_FROM, FRONTIER_FROM_CACHED,
};
use puzzlec_drive::{solve_form, DriveError, Formula};

/// Encodes `start -> goal` in exactly `horizon` moves for a backend reading `input`; `None`
/// when the encoding has no form of that kind.
pub fn encode(
    encoding: &dyn SlideEncoding,
    start: &Board,
    goal: &Board,
    horizon: usize,
    input: Form,
) -> Option<Formula> {
    encode_with(encoding, start, goal, horizon, input, Ingredients::default())
}

/// The `puzzlec slide` line an emitted file begins with: the encoding, the size, the horizon
/// and both boards, so that `decode` reads a model only against the instance it encodes.
pub fn header(encoding: &str, start: &Board, goal: &Board, horizon: usize) -> String {
    format!(
        "puzzlec slide encoding={encoding} size={}x{} horizon={horizon} start={} goal={}",
        start.rows(),
        start.cols(),
        compact(start),
        compact(goal)
    )
}

/// A board in one word: rows split by `/`, tiles by `,`, the blank `_` (`4,1,3/7,2,6/_,5,8`).
pub fn compact(board: &Board) -> String {
    let row = |r: usize| -> String {
        let tile = |c: usize| match board.at(r, c) {
            0 => "_".to_owned(),
            t => t.to_string(),
        };
        (0..board.cols()).map(tile).collect::<Vec<_>>().join(",")
    };
    (0..board.rows()).map(row).collect::<Vec<_>>().join("/")
}

/// As [`encode`], with `compact`'s ingredients chosen (for measurements; other encodings
/// ignore them).
pub fn encode_with(
    encoding: &dyn SlideEncoding,
    start: &Board,
    goal: &Board,
    horizon: usize,
    input: Form,
    ing: Ingredients,
) -> Option<Formula> {
    let header = header(encoding.name(), start, goal, horizon);
    match input {
        Form::Dimacs if encoding.writes(puzzlec_ir::Form::Dimacs) => {
            let mut f = Cnf::new();
            f.comment(header);
            match encoding.layered() {
                Some(layered) if ing != Ingredients::default() => {
                    drop(layered.write(start, goal, horizon, ing, &mut f))
                }
                _ => drop(encoding.write_cnf(start, goal, horizon, &mut f)),
            }
            Some(Formula::Cnf(f))
        }
        Form::Smt2 => {
            let mut s = encoding.smt(start, goal, horizon)?;
            s.comment(header);
            Some(Formula::Smt(Box::new(s)))
        }
        Form::Dimacs => None,
    }
}

/// The encoding used when none is named: the fast CNF one, or `bright` for SMT solvers.
pub fn default_encoding(kind: Form) -> &'static dyn SlideEncoding {
    match kind {
        Form::Dimacs => &compact::Compact,
        Form::Smt2 => &bright::Bright,
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
        let smaller = crate::encodings::ALL
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
) -> Result<Outcome<Vec<Move>>, DriveError> {
    probe_with(encoding, backend, start, goal, horizon, limit, Ingredients::default(), Strategy::DEFAULT, None)
}

/// As [`probe`], with `compact`'s ingredients chosen, and how `compact` on the embedded
/// solver searches (cubes, propagator), both for measurements; with `trace`, the
/// certificate of an UNSAT that rests on the pattern databases is kept there ([`trace`]).
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
    trace: Option<&crate::certify::trace::Trace>,
) -> Result<Outcome<Vec<Move>>, DriveError> {
    if let Err(too_large) = check_size(encoding, start, horizon) {
        return Ok(Outcome::Unknown(too_large));
    }
    let layered = encoding.layered().filter(|_| strategy.cubes != Cubes::Off || strategy.propagator);
    if let Some(layered) = layered {
        if let Some(session) = backend.session(&Cnf::new(), strategy.settings()) {
            return crate::guided::by_cubes::by_cubes(
                encoding,
                layered,
                backend,
                session,
                (start, goal, horizon),
                limit,
                ing,
                strategy,
                trace,
            );
        }
    }
    let started = std::time::Instant::now();
    // A formula nobody has time to solve is not built to the end (it is abandoned at the
    // deadline, see `puzzlec_core::stop::building_until`).
    let form = puzzlec_core::stop::building_until(started + limit, || {
        encode_with(encoding, start, goal, horizon, backend.form(), ing)
    })
    .ok_or_else(|| backend.wrong_input(&encoding.forms_text()))?;
    let abandoned = form.abandoned();
    let Some(left) = puzzlec_drive::left_after(started, limit).filter(|_| !abandoned) else {
        return Ok(Outcome::Unknown(puzzlec_drive::ENCODING_TIMED_OUT.into()));
    };
    let outcome = solve_form(backend, &form, left)?;
    conclude(encoding, backend.id(), outcome, start, goal, horizon)
}

/// Decodes and replays a model; passes on UNSAT and unknown.
pub(crate) fn conclude(
    encoding: &dyn SlideEncoding,
    solver: &str,
    outcome: Outcome<impl Model>,
    start: &Board,
    goal: &Board,
    horizon: usize,
) -> Result<Outcome<Vec<Move>>, DriveError> {
    let decoded = match outcome {
        Outcome::Sat(m) => decode(encoding, &m as &dyn Model, start, horizon),
        Outcome::Unsat => return Ok(Outcome::Unsat),
        Outcome::Unknown(r) => return Ok(Outcome::Unknown(r)),
    };
    let plan = decoded.map_err(|source| DriveError::Decode { solver: solver.to_owned(), source })?;
    replay(solver, start, goal, &plan, horizon)?;
    Ok(Outcome::Sat(plan))
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
) -> Result<puzzlec_drive::enumerate::Enumeration<Vec<Move>>, DriveError> {
    let form = encode(encoding, start, goal, horizon, backend.form())
        .ok_or_else(|| backend.wrong_input(&encoding.forms_text()))?;
    let solver = backend.id().to_owned();
    puzzlec_drive::enumerate::enumerate(
        backend,
        form,
        deadline,
        puzzlec_drive::enumerate::Settings::default(),
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
/// `cubes`, under each cube of [`crate::guided::cubes`] in turn).
///
/// # Errors
/// Undecodable models and plans that fail replay.
#[allow(clippy::too_many_arguments)]
pub fn incremental_shortest(
    layered: &dyn Layered,
    backend: &Backend,
    start: &Board,
    goal: &Board,
    ing: Ingredients,
    cubes: bool,
    h: puzzlec_drive::horizon::Horizons,
    progress: impl FnMut(&puzzlec_drive::horizon::Attempt),
) -> Result<puzzlec_drive::horizon::Shortest<Vec<Move>>, DriveError> {
    let Some(mut session) = backend.session(&Cnf::new(), None) else {
        return Err(DriveError::Solve(backend.wrong_input("an incremental CNF session")));
    };
    let solver = backend.id().to_owned();
    let mut layers = layered.open(start, goal, ing, &mut session.as_mut());
    let mut previous: Option<i32> = None;
    puzzlec_drive::horizon::shortest(
        h,
        |horizon, limit| {
            let Some(k) = layered.budget(start, goal, horizon) else {
                return Ok(Outcome::Unsat);
            };
            // The live solver holds every step up to the horizon: the same cap as a formula
            // of that horizon (only `compact` is layered), checked before a step is written.
            if let Err(too_large) = check_size(&crate::encodings::compact::Compact, start, horizon) {
                return Ok(Outcome::Unknown(too_large));
            }
            let started = std::time::Instant::now();
            // The previous horizon is switched off for good (a unit clause, so the solver
            // drops its guarded clauses instead of carrying an ever longer list of assumptions).
            if let Some(old) = previous.replace(session.new_var(None)) {
                session.add_clause(&[-old]);
            }
            let act = previous.expect("set just above");
            layers.close(horizon, k, Some(act), &mut session.as_mut());
            let Some(limit) = puzzlec_drive::left_after(started, limit) else {
                return Ok(Outcome::Unknown(puzzlec_drive::ENCODING_TIMED_OUT.into()));
            };
            let assumptions = [act];
            let cubes = if cubes {
                crate::guided::cubes::cubes(&layers.act[..horizon], start, goal, horizon / 4)
            } else {
                Vec::new()
            };
            match solve_by_cubes(session.as_mut(), &assumptions, &cubes, limit) {
                Outcome::Sat(model) => {
                    let plan = layered
                        .plan(&model, horizon)
                        .map_err(|source| DriveError::Decode { solver: solver.clone(), source })?;
                    replay(&solver, start, goal, &plan, horizon)?;
                    Ok(Outcome::Sat(plan))
                }
                Outcome::Unsat => Ok(Outcome::Unsat),
                Outcome::Unknown(r) => Ok(Outcome::Unknown(r)),
            }
        },
        progress,
    )
}

#[cfg(test)]
mod tests;
