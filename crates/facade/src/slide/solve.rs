//! `solve slide`: the policy from a request to an answer. The exact search by default; with
//! an encoding or `--all`, the horizon search on a SAT/SMT backend. A constructive plan is
//! made first: it bounds the horizons (a solver that claims UNSAT at or above its length is
//! wrong, not right) and is what a time limit falls back on.

use std::time::Instant;

use puzzlec_drive::horizon::{self, Attempt, Horizons, Shortest};
use puzzlec_drive::{self as drive, Form};
use puzzlec_slide::drive as drive_slide;
use puzzlec_slide::encodings::SlideEncoding;
use puzzlec_slide::rules::{self, check_solvable, constructive_plan, moves_to_string, Board, Heuristic, Move, Search};
use puzzlec_solve::{Backend, Solver};

use super::{boards, encoding, PUZZLE};
use crate::answer::{Answer, Solution, Status};
use crate::certify::Certification;
use crate::env::{self, Env};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::opinion::{self, Opinion};
use crate::request::SlideRequest;

/// The default solver: the exact search, or the embedded SAT solver once an encoding (or
/// every plan) is asked for.
const DEFAULT_SAT_SOLVER: &str = "cadical";

/// Solves a sliding-tile request.
///
/// # Errors
/// Bad input (boards, names, conflicting options); unknown when a solver fails or lies.
pub fn solve(req: &SlideRequest, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let started = Instant::now();
    let (start, goal) = boards(&req.instance)?;
    let deadline = env::deadline(req.options.timeout)?;
    let wants_sat = req.options.encoding.is_some() || req.options.all || req.incremental || req.options.certify;
    let id = req.options.solver.as_deref().unwrap_or(if wants_sat { DEFAULT_SAT_SOLVER } else { Solver::SEARCH_ID });
    let solver = env.solver(id)?;
    if req.anytime && req.max_moves.is_some() {
        return Err(Error::bad_input("--anytime finds the best plan it can; --max-moves does not apply"));
    }
    if req.anytime && solver.backend().is_some() {
        return Err(Error::bad_input(
            "--anytime runs the constructive plan, window shortening and the exact search; leave out --solver, --encoding, --all and --certify",
        ));
    }
    let chosen = match solver.backend() {
        None => {
            reject_for_search(req)?;
            None
        }
        Some(backend) => Some((pick_encoding(req, backend)?, backend)),
    };
    let lower_bound = Heuristic::new(&goal).manhattan_linear_conflict(&start);
    let mut answer = Answer::new(PUZZLE, Status::Solved);
    answer.encoding = Some(chosen.map_or("none", |(e, _)| e.name()).to_owned());
    answer.solver = Some(solver.id().to_owned());
    answer.lower_bound = Some(lower_bound);
    answer.figures = vec![start.to_string()];
    let finish = |mut a: Answer| {
        a.time_ms = Some(started.elapsed().as_millis() as u64);
        Ok(a)
    };
    let mut cert = Certification::start(&req.options, &solver, env, deadline)?;
    if let Err(parity) = check_solvable(&start, &goal) {
        let mut a = answer.no_solution(Some("parity"), parity.to_string());
        a.certificate =
            cert.map(|c| c.finish(Some("the parity rule, checked in Rust; no solver UNSAT to prove".into())));
        return finish(a);
    }
    let max = req.max_moves.unwrap_or(usize::MAX / 2);
    if lower_bound > max {
        let why = format!("every plan needs at least {lower_bound} moves (Manhattan distance plus linear conflict), more than --max-moves {max}");
        return finish(answer.no_solution(Some("max-moves"), why));
    }
    // Solvable, so the reduction always finds a plan; it is replayed inside.
    let known = constructive_plan(&start, &goal).ok_or_else(|| {
        Error::unknown("the constructive search found no plan for a solvable board; please report it")
    })?;
    let Some((encoding, backend)) = chosen else {
        if req.anytime {
            return finish(super::anytime::run(answer, &start, &goal, known, deadline, on));
        }
        return finish(by_search(answer, &start, &goal, max, deadline, &known, req.options.timeout)?);
    };
    if cert.is_some() && !encoding.has_cnf() {
        return Err(Error::unknown(format!(
            "--certify: encoding {} has no CNF form, so its UNSAT answers cannot be proved with DRAT; use --encoding {}",
            encoding.name(),
            drive_slide::default_encoding(puzzlec_solve::InputKind::Dimacs).name()
        )));
    }
    let cnf_at = |h: usize| match drive_slide::encode(encoding, &start, &goal, h, puzzlec_solve::InputKind::Dimacs) {
        Some(Form::Cnf(cnf)) => cnf,
        _ => unreachable!("checked above: the encoding has a CNF form"),
    };
    let horizons = Horizons { lower_bound, step: 2, max: max.min(known.len()), deadline };
    // Both the probe (a horizon starts) and the progress (it ended) report.
    let on = std::cell::RefCell::new(on);
    let mut progress = |at: &Attempt| {
        (on.borrow_mut())(Event::Horizon { horizon: at.horizon, result: at.result, seconds: at.seconds })
    };
    let outcome = if req.incremental {
        drive_slide::incremental_shortest(backend, &start, &goal, Default::default(), true, horizons, &mut progress)
    } else {
        horizon::shortest(
            horizons,
            |h, limit| {
                (on.borrow_mut())(Event::Solving { horizon: h });
                drive_slide::probe(encoding, backend, &start, &goal, h, limit)
            },
            &mut progress,
        )
    }?;
    let on = on.into_inner();
    match outcome {
        Shortest::Found { plan, optimal, horizon } => {
            replay(&start, &goal, &plan, backend.id())?;
            answer.set_plan(&plan, optimal);
            if optimal && horizon >= 2 && cert.is_none() && backend.is_external() {
                match second_opinion(&start, &goal, horizon, deadline) {
                    Opinion::Confirmed => answer.checked = Some(opinion::confirmed()),
                    Opinion::Shorter(found) => return Err(opinion::lie(backend.id(), horizon, found)),
                    Opinion::NoTime => answer.trusted = Some(opinion::unchecked(backend.id(), horizon - 2)),
                }
            }
            if optimal && horizon >= 2 && !req.incremental && drive_slide::uses_pattern_databases(encoding, backend, &start, &goal, horizon - 2) {
                answer.trusted = Some(format!(
                    "the UNSAT at horizon {} rests on pattern-database lemmas as well as the solver: an admissible bound (additive 5-5-5 pattern databases) blocks the first moves that cannot reach the goal in time, and the propagator inside the solver refutes placements of tiles at later steps the same way, by clauses that do not follow from the formula by resolution{}",
                    horizon - 2,
                    if cert.is_some() { "; the certificate re-proves the claim from the plain formula without them" } else { "; --certify re-proves it from the plain formula without them" }
                ));
            }
            let mut note = None;
            if let (Some(c), true) = (&mut cert, optimal) {
                if horizon >= 2 {
                    let words = format!(
                        "no plan of exactly {} (so none shorter than {horizon}: plan lengths have one parity)",
                        crate::answer::moves(horizon - 2)
                    );
                    c.claim(words, Some(horizon - 2), None, cnf_at(horizon - 2))?;
                } else {
                    note = Some(format!("a plan of {} is optimal without a proof", crate::answer::moves(horizon)));
                }
            }
            if !req.options.all {
                answer.certificate = cert.map(|c| c.finish(note));
                return finish(answer);
            }
            let found = drive_slide::all_plans(encoding, backend, &start, &goal, horizon, deadline, &mut |count| {
                on(Event::Found { count, noun: "plan" })
            })?;
            for p in &found.solutions {
                replay(&start, &goal, p, backend.id())?;
            }
            on(Event::Enumerated {
                count: found.solutions.len(),
                length: horizon,
                noun: "plan",
            });
            if let (Some(c), true) = (&mut cert, found.complete) {
                let blocks: Vec<_> = found.solutions.iter().map(|p| encoding.blocking(&start, p)).collect();
                let words = format!("no plan of exactly {} beyond the {} found", crate::answer::moves(horizon), found.solutions.len());
                c.claim(words, Some(horizon), Some(found.solutions.len()), drive::enumerate::blocked(cnf_at(horizon), &blocks))?;
            }
            answer.certificate = cert.map(|c| c.finish(note));
            let mut plans: Vec<String> = found.solutions.iter().map(|p| moves_to_string(p)).collect();
            plans.sort();
            answer.moves = plans.first().cloned();
            answer.count = Some(plans.len());
            answer.complete = Some(found.complete);
            answer.solutions = Some(plans.into_iter().map(Solution::Plan).collect());
            finish(answer)
        }
        Shortest::NoneWithin { max: m } if m < max => Err(Error::unknown(format!(
            "solver {} answered UNSAT at horizon {m}, but a plan of {} exists (found by the constructive search and replayed): the solver is wrong",
            backend.id(),
            crate::answer::moves(known.len())
        ))),
        Shortest::NoneWithin { max: m } => {
            if backend.is_external() && cert.is_none() {
                if let Opinion::Shorter(found) = second_opinion(&start, &goal, m + 1, deadline) {
                    return Err(opinion::lie(backend.id(), m + 1, found));
                }
            }
            // The last horizon tried: the largest one of the plans' parity within the bound.
            let last = lower_bound + (m - lower_bound) / 2 * 2;
            if let Some(c) = &mut cert {
                let words = format!("no plan of exactly {} (so none of at most {m})", crate::answer::moves(last));
                c.claim(words, Some(last), None, cnf_at(last))?;
            }
            answer.certificate = cert.map(|c| c.finish(None));
            finish(answer.no_solution(
            Some("max-moves"),
            format!("no plan of at most {} (the solver proved the longest such horizon unsatisfiable)", crate::answer::moves(m)),
        ))
        }
        Shortest::Unknown { horizon, reason } => {
            let why = env::limit_reason(req.options.timeout, deadline, &reason);
            let mut a = answer.unknown(format!("at horizon {horizon}: {why}"));
            a.set_best(&known, horizon.max(lower_bound));
            finish(a)
        }
    }
}

/// Options that need an encoding cannot go with the search.
fn reject_for_search(req: &SlideRequest) -> Result<()> {
    if let Some(e) = &req.options.encoding {
        return Err(Error::bad_input(format!("--encoding {e} needs a SAT or SMT solver; the search solver uses none")));
    }
    if req.options.all {
        return Err(Error::bad_input("--all needs a SAT or SMT solver (e.g. --solver cadical)"));
    }
    if req.incremental {
        return Err(Error::bad_input(
            "--incremental needs --encoding compact on an incremental SAT solver (e.g. --solver cadical)",
        ));
    }
    Ok(())
}

/// The requested encoding, or the default for the backend's form; it must have that form.
fn pick_encoding(req: &SlideRequest, backend: &Backend) -> Result<&'static dyn SlideEncoding> {
    let name = match &req.options.encoding {
        Some(name) => name.as_str(),
        None => drive_slide::default_encoding(backend.input()).name(),
    };
    let e = encoding(name)?;
    if !drive_slide::has_form(e, backend.input()) {
        return Err(Error::bad_input(format!(
            "solver {} reads {} but encoding {} offers only {}",
            backend.id(),
            backend.input(),
            e.name(),
            drive_slide::forms_text(e)
        )));
    }
    if req.incremental && !(e.layered() && backend.is_incremental()) {
        return Err(Error::bad_input(
            "--incremental needs --encoding compact on an incremental SAT solver (e.g. --solver cadical)",
        ));
    }
    Ok(e)
}

fn by_search(
    answer: Answer,
    start: &Board,
    goal: &Board,
    max: usize,
    deadline: Option<Instant>,
    known: &[Move],
    timeout: Option<f64>,
) -> Result<Answer> {
    match rules::exact_shortest_path(start, goal, deadline) {
        Search::Found(plan) => {
            replay(start, goal, &plan, Solver::SEARCH_ID)?;
            if plan.len() > max {
                let why = format!("the shortest plan has {} moves, more than --max-moves {max}", plan.len());
                return Ok(answer.no_solution(Some("max-moves"), why));
            }
            let mut answer = answer;
            answer.set_plan(&plan, true);
            Ok(answer)
        }
        Search::Unreachable => Err(Error::unknown("the exact search exhausted the board without reaching the goal, although parity allows it; please report this board")),
        Search::TimedOut => {
            let lb = answer.lower_bound.unwrap_or(0);
            let mut a = answer.unknown(env::limit_reason(timeout, deadline, "time limit reached"));
            a.set_best(known, lb);
            Ok(a)
        }
    }
}

/// The exact search's word on "no plan shorter than `horizon`" (see [`crate::opinion`]).
fn second_opinion(start: &Board, goal: &Board, horizon: usize, deadline: Option<Instant>) -> Opinion {
    let Some(by) = opinion::deadline(deadline) else { return Opinion::NoTime };
    match rules::exact_shortest_path(start, goal, Some(by)) {
        Search::Found(plan) if plan.len() < horizon && replay(start, goal, &plan, Solver::SEARCH_ID).is_ok() => {
            Opinion::Shorter(plan.len())
        }
        Search::Found(_) => Opinion::Confirmed,
        Search::Unreachable | Search::TimedOut => Opinion::NoTime,
    }
}

/// Replays a plan through the reference model; a plan that fails is the solver's error.
fn replay(start: &Board, goal: &Board, plan: &[Move], solver: &str) -> Result<()> {
    match start.apply_strict(plan) {
        Ok(end) if end == *goal => Ok(()),
        Ok(_) => Err(Error::unknown(format!(
            "solver {solver} returned a plan that does not end on the goal: {}",
            moves_to_string(plan)
        ))),
        Err(e) => Err(Error::unknown(format!(
            "solver {solver} returned a plan that fails replay ({e}): {}",
            moves_to_string(plan)
        ))),
    }
}
