//! The cross slider through the facade: the instance from flags and grid text, and the verbs.

use std::time::Instant;

use puzzlec_core::{moves_to_string, Move};
use puzzlec_cross::drive as drive_cross;
use puzzlec_cross::encodings::{self as encodings, CrossEncoding};
use puzzlec_cross::rules::{
    self, parse_orientation_grid, relaxed_distances, Cell, CrossPuzzle, CrossSearch, UNREACHABLE,
};
use puzzlec_drive::horizon::{self, Attempt, Horizons, Shortest};

use crate::answer::{Answer, Solution, Status};
use crate::certify::Certification;
use crate::env::{self, Env};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::files;
use crate::request::{CrossInstance, CrossRequest, DecodeRequest, EmitRequest, VerifyRequest};

pub const PUZZLE: &str = "cross";

/// Positions the exhaustive unreachability proof may visit before giving up.
const REACH_CAP: usize = 2_000_000;

/// The longest plan looked for when the request names none.
pub const DEFAULT_MAX_MOVES: usize = 60;
/// The largest `--max-moves`: beyond it the horizon search would run for days.
pub const MAX_MOVES_CAP: usize = 1000;

use crate::files::size;

/// Parses a 1-based `ROW,COL` into a 0-based cell.
fn cell(flag: &str, text: &Option<String>) -> Result<Option<Cell>> {
    let Some(text) = text else { return Ok(None) };
    let parse = || -> Option<Cell> {
        let (r, c) = text.trim().split_once(',')?;
        let (r, c): (usize, usize) = (r.trim().parse().ok()?, c.trim().parse().ok()?);
        (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
    };
    parse()
        .map(Some)
        .ok_or_else(|| Error::bad_input(format!("{flag} {text:?}: expected ROW,COL counted from 1, e.g. 1,1")))
}

/// The instance from the flags (and the orientation grid, when given).
///
/// # Errors
/// Bad input naming the flag or the grid's line.
pub fn instance(a: &CrossInstance) -> Result<CrossPuzzle> {
    let bad = |e: rules::CrossError| Error::bad_input(e);
    let (cross_at, empty, target) =
        (cell("--cross", &a.cross)?, cell("--empty", &a.empty)?, cell("--target", &a.target)?);
    if let Some(text) = &a.orientations {
        let origin = a.orientations_origin.as_deref().unwrap_or("--orientations");
        let grid = parse_orientation_grid(text).map_err(|e| Error::bad_input(format!("{origin}: {e}")))?;
        if let Some(given) = &a.size {
            if size(given)? != (grid.rows, grid.cols) {
                return Err(Error::bad_input(format!(
                    "--size {given} conflicts with the orientation grid in {origin}, which is {}x{}",
                    grid.rows, grid.cols
                )));
            }
        }
        let target = target.unwrap_or((grid.rows - 1, grid.cols - 1));
        return CrossPuzzle::from_grid(&grid, cross_at, empty, target).map_err(bad);
    }
    let (rows, cols) = size(a.size.as_deref().unwrap_or("5x5"))?;
    let corner = (rows.saturating_sub(1), cols.saturating_sub(1));
    CrossPuzzle::new(rows, cols, cross_at.unwrap_or((0, 0)), empty.unwrap_or(corner), target.unwrap_or(corner))
        .map_err(bad)
}

/// What cluster jobs need of a cross-slider instance (see [`crate::slide::job_facts`]).
///
/// # Errors
/// Bad input for the instance or an encoding without action variables.
pub fn job_facts(i: &CrossInstance, name: Option<&str>) -> Result<crate::jobs::Facts> {
    let puzzle = instance(i)?;
    let chosen = match name {
        Some(n) => encoding(n)?,
        None => {
            *encodings::ALL.iter().find(|e| e.action_name(0, Move::Up).is_some()).expect("an encoding with actions")
        }
    };
    let n = puzzle.cells();
    let h0 = relaxed_distances(&puzzle)[puzzle.index(puzzle.cross) * n + puzzle.index(puzzle.empty)];
    let lower_bound = if h0 == UNREACHABLE { 0 } else { h0 as usize };
    let action = Box::new(move |t, m| chosen.action_name(t, m));
    Ok(crate::jobs::Facts { encoding: chosen.name(), lower_bound, allows_undo: chosen.allows_undo(), action })
}

/// This puzzle's encodings, as the chooser reads them.
fn registry() -> crate::choose::Registry<dyn CrossEncoding> {
    crate::choose::Registry {
        puzzle: PUZZLE,
        all: &encodings::ALL,
        by_name: encoding,
        name: |e| e.name(),
        form: drive_cross::form,
    }
}

/// The first registered encoding written in form `kind`.
pub fn default_encoding(kind: crate::InputKind) -> &'static str {
    crate::choose::first_in(&registry(), kind)
}

fn encoding(name: &str) -> Result<&'static dyn CrossEncoding> {
    encodings::by_name(name)
        .ok_or_else(|| Error::bad_input(format!("unknown encoding {name:?} for cross (known: {})", encodings::names())))
}

/// Replays every plan (the judge) and writes them, with their grids, into the answer.
fn set_plans(
    answer: &mut Answer,
    p: &CrossPuzzle,
    plans: &[Vec<Move>],
    optimal: bool,
    all: Option<bool>,
    solver: &str,
) -> Result<()> {
    let mut shown = Vec::new();
    for plan in plans {
        let end = rules::replay(p, plan)
            .map_err(|e| Error::unknown(format!("solver {solver} returned a plan that fails replay: {e}")))?;
        shown.push((moves_to_string(plan), end.grid(p)));
    }
    answer.length = Some(plans.first().map_or(0, Vec::len));
    answer.optimal = Some(optimal);
    if optimal {
        answer.lower_bound = answer.length;
    }
    answer.moves = shown.first().map(|s| s.0.clone());
    answer.grid = shown.first().map(|s| s.1.rows.clone());
    answer.figures = shown.iter().map(|(_, g)| g.to_string()).collect();
    if let Some(complete) = all {
        answer.count = Some(shown.len());
        answer.complete = Some(complete);
        answer.solutions =
            Some(shown.into_iter().map(|(moves, g)| Solution::CrossPlan { moves, grid: g.rows }).collect());
    }
    Ok(())
}

/// Solves a cross-slider request.
///
/// # Errors
/// Bad input (flags, names, conflicting options); unknown when a solver fails.
pub fn solve(req: &CrossRequest, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let started = Instant::now();
    let puzzle = instance(&req.instance)?;
    let deadline = env::deadline(req.options.timeout)?;
    let max = req.max_moves.unwrap_or(DEFAULT_MAX_MOVES);
    if max > MAX_MOVES_CAP {
        return Err(Error::bad_input(format!(
            "--max-moves {max}: at most {MAX_MOVES_CAP} (every horizon up to it is encoded and solved)"
        )));
    }
    let solver = env.solver(req.options.solver.as_deref().unwrap_or("cadical"))?;
    let n = puzzle.cells();
    let h0 = relaxed_distances(&puzzle)[puzzle.index(puzzle.cross) * n + puzzle.index(puzzle.empty)];
    let mut answer = Answer::new(PUZZLE, Status::Solved);
    answer.solver = Some(solver.id().to_owned());
    answer.lower_bound = Some(if h0 == UNREACHABLE { 0 } else { h0 as usize });
    let finish = |mut a: Answer| {
        a.time_ms = Some(started.elapsed().as_millis() as u64);
        Ok(a)
    };
    let all = req.options.all.then_some(());
    let mut cert = Certification::start(&req.options, &solver, env, deadline)?;
    let Some(backend) = solver.backend() else {
        if cert.is_some() {
            return Err(Error::bad_input("--certify proves SAT solvers' UNSAT answers; the search solver gives none"));
        }
        if let Some(e) = &req.options.encoding {
            return Err(Error::bad_input(format!(
                "--encoding {e} needs a SAT or SMT solver; the search solver uses none"
            )));
        }
        answer.encoding = Some("none".into());
        let keep = if req.options.all { usize::MAX } else { 1 };
        return finish(match rules::shortest_solutions(&puzzle, max, keep, deadline) {
            CrossSearch::Found { solutions, complete, .. } => {
                set_plans(&mut answer, &puzzle, &solutions, true, all.map(|()| complete), solver.id())?;
                answer
            }
            CrossSearch::NoneWithin { max_moves: Some(m) } => answer.no_solution(None, none_within(&puzzle, m)),
            CrossSearch::NoneWithin { max_moves: None } => {
                answer.no_solution(None, "the cross cannot reach the target even with every piece free")
            }
            CrossSearch::TimedOut => answer.unknown(limit(req, deadline, "time limit reached")),
        });
    };
    let encoding = crate::choose::encoding(&registry(), req.options.encoding.as_deref(), backend)?;
    answer.encoding = Some(encoding.name().into());
    if cert.is_some() && !encoding.is_cnf() {
        return Err(Error::unknown(format!(
            "--certify: encoding {} has no CNF form, so its UNSAT answers cannot be proved with DRAT; use a CNF encoding and solver",
            encoding.name()
        )));
    }
    let cnf_at = |h: usize| match drive_cross::encode(encoding, &puzzle, h, puzzlec_solve::InputKind::Dimacs) {
        Some(puzzlec_drive::Form::Cnf(cnf)) => cnf,
        _ => unreachable!("checked above: the encoding is CNF"),
    };
    if h0 == UNREACHABLE {
        return finish(answer.no_solution(None, "the cross cannot reach the target even with every piece free"));
    }
    // With fixed orientations, or a bound above the default (climbing to it could take
    // long), first try to prove the target unreachable by visiting every position.
    let prove_first = req.instance.orientations.is_some() || max > DEFAULT_MAX_MOVES;
    if prove_first && rules::target_reachable(&puzzle, REACH_CAP) == Some(false) {
        return finish(
            answer.no_solution(None, "the cross can never reach the target (every reachable position was visited)"),
        );
    }
    let horizons = Horizons { lower_bound: h0 as usize, step: 2, max, deadline };
    let on_cell = std::cell::RefCell::new(&mut *on);
    let progress = |at: &Attempt| {
        (on_cell.borrow_mut())(Event::Horizon { horizon: at.horizon, result: at.result, seconds: at.seconds })
    };
    let outcome = horizon::shortest(
        horizons,
        |h, limit| {
            (on_cell.borrow_mut())(Event::Solving { horizon: h });
            drive_cross::probe(encoding, backend, &puzzle, h, limit)
        },
        progress,
    )?;
    match outcome {
        Shortest::Found { plan, horizon, optimal } => {
            let mut note = None;
            if let (Some(c), true) = (&mut cert, optimal) {
                if horizon >= 2 {
                    let words = format!(
                        "the cross cannot stand on the target after exactly {}",
                        crate::answer::moves(horizon - 2)
                    );
                    c.claim(words, Some(horizon - 2), None, cnf_at(horizon - 2))?;
                } else {
                    note = Some(format!("a plan of {} is optimal without a proof", crate::answer::moves(horizon)));
                }
            }
            if optimal && horizon >= 2 && cert.is_none() && backend.is_external() {
                let by = crate::opinion::deadline(deadline);
                match by.map(|by| rules::shortest_solutions(&puzzle, horizon, 1, Some(by))) {
                    Some(CrossSearch::Found { length, .. }) if length < horizon => {
                        return Err(crate::opinion::lie(backend.id(), horizon, length))
                    }
                    Some(CrossSearch::Found { .. }) => answer.checked = Some(crate::opinion::confirmed()),
                    _ => answer.trusted = Some(crate::opinion::unchecked(backend.id(), horizon - 2)),
                }
            }
            if !req.options.all {
                set_plans(&mut answer, &puzzle, &[plan], optimal, None, backend.id())?;
                answer.certificate = cert.map(|c| c.finish(note));
                return finish(answer);
            }
            let found =
                drive_cross::all_plans(encoding, backend, &puzzle, horizon, deadline, usize::MAX, &mut |count| {
                    on(Event::Found { count, noun: "plan" })
                })?;
            on(Event::Enumerated { count: found.solutions.len(), length: horizon, noun: "plan" });
            set_plans(&mut answer, &puzzle, &found.solutions, optimal, Some(found.complete), backend.id())?;
            if let (Some(c), true) = (&mut cert, found.complete) {
                let blocks: Vec<_> = found.solutions.iter().map(|p| encoding.blocking(p)).collect();
                let words = format!(
                    "no plan of exactly {} beyond the {} found",
                    crate::answer::moves(horizon),
                    found.solutions.len()
                );
                let cnf = puzzlec_drive::enumerate::blocked(cnf_at(horizon), &blocks);
                c.claim(words, Some(horizon), Some(found.solutions.len()), cnf)?;
            }
            answer.certificate = cert.map(|c| c.finish(note));
            finish(answer)
        }
        Shortest::NoneWithin { max } => {
            // A position search that finds the target reachable within the bound contradicts
            // the solver's UNSAT answers.
            if let CrossSearch::Found { length, .. } =
                rules::shortest_solutions(&puzzle, max, 1, Some(Instant::now() + std::time::Duration::from_secs(2)))
            {
                return Err(Error::unknown(format!(
                    "solver {} answered UNSAT up to horizon {max}, but the exact search finds a plan of {}: the solver is wrong",
                    backend.id(),
                    crate::answer::moves(length)
                )));
            }
            if let Some(c) = &mut cert {
                let last = h0 as usize + (max - h0 as usize) / 2 * 2;
                let words = format!(
                    "the cross cannot stand on the target after exactly {} (so within {max})",
                    crate::answer::moves(last)
                );
                c.claim(words, Some(last), None, cnf_at(last))?;
            }
            answer.certificate = cert.map(|c| c.finish(None));
            finish(answer.no_solution(None, none_within(&puzzle, max)))
        }
        Shortest::Unknown { horizon, reason } => {
            finish(answer.unknown(format!("at horizon {horizon}: {}", limit(req, deadline, &reason))))
        }
    }
}

fn limit(req: &CrossRequest, deadline: Option<Instant>, reason: &str) -> String {
    env::limit_reason(req.options.timeout, deadline, reason)
}

/// "None within max" from a solver, upgraded to "never" when the positions are few enough to
/// visit them all.
fn none_within(puzzle: &CrossPuzzle, max: usize) -> String {
    match rules::target_reachable(puzzle, REACH_CAP) {
        Some(false) => "the cross can never reach the target (every reachable position was visited)".into(),
        _ => format!("no plan of at most {} brings the cross to the target", crate::answer::moves(max)),
    }
}

/// Replays a plan; valid when the cross ends on the target.
///
/// # Errors
/// Bad input for flags or move letters that do not parse.
pub fn verify(i: &CrossInstance, req: &VerifyRequest) -> Result<Answer> {
    let puzzle = instance(i)?;
    let plan = crate::slide::moves(&req.moves)?;
    let mut answer = Answer::new(PUZZLE, Status::Valid);
    answer.length = Some(plan.len());
    match rules::replay(&puzzle, &plan) {
        Ok(end) => {
            let grid = end.grid(&puzzle);
            answer.moves = Some(moves_to_string(&plan));
            answer.grid = Some(grid.rows.clone());
            answer.figures = vec![grid.to_string()];
        }
        Err(e) => {
            answer.status = Status::Invalid;
            answer.error = Some(e.to_string());
        }
    }
    Ok(answer)
}

/// One horizon's encoding as file text.
///
/// # Errors
/// Bad input for unknown names, horizons above the cap, or a form the encoding lacks.
pub fn emit(i: &CrossInstance, req: &EmitRequest) -> Result<String> {
    let puzzle = instance(i)?;
    let encoding = encoding(&req.encoding)?;
    files::check_horizon(req.horizon)?;
    let kind = req.format;
    let form = drive_cross::encode(encoding, &puzzle, req.horizon, kind).ok_or_else(|| {
        Error::bad_input(format!(
            "encoding {} has no {kind} form (it is {})",
            encoding.name(),
            drive_cross::form(encoding)
        ))
    })?;
    Ok(form.to_text())
}

/// Decodes a solver's answer to an emitted file and replays the plan.
///
/// # Errors
/// As [`crate::slide::decode`].
pub fn decode(i: &CrossInstance, req: &DecodeRequest) -> Result<Answer> {
    let puzzle = instance(i)?;
    let fields = files::header_fields(req, PUZZLE)?;
    let encoding = encoding(files::field(&fields, req, "encoding")?)?;
    let horizon = files::horizon(&fields, req)?;
    let expected = drive_cross::header(encoding, &puzzle, horizon);
    if !req.encoded.lines().any(|l| l.trim_start_matches(['c', ';', ' ']) == expected) {
        return Err(Error::bad_input(format!(
            "{} encodes another instance than the options describe (expected `{expected}`)",
            req.encoded_origin
        )));
    }
    let mut answer = Answer::new(PUZZLE, Status::Solved);
    answer.horizon = Some(horizon);
    let Some(model) = files::read_model(req)? else {
        answer.status = Status::NoSolution;
        answer.detail = Some(format!(
            "unsatisfiable: the cross cannot stand on the target after exactly {}",
            crate::answer::moves(horizon)
        ));
        return Ok(answer);
    };
    let plan = drive_cross::decode_checked(encoding, &format!("({})", req.answer_origin), &puzzle, &model, horizon)?;
    answer.encoding = Some(encoding.name().into());
    set_plans(&mut answer, &puzzle, &[plan], false, None, "(decode)")?;
    answer.optimal = None;
    Ok(answer)
}
