//! `solve slide`: the policy from a request to an answer. The exact search by default; with
//! an encoding or `--all`, the horizon search on a SAT/SMT backend. A constructive plan is
//! made first: it bounds the horizons (a solver that claims UNSAT at or above its length is
//! wrong, not right) and is what a time limit falls back on.

use std::time::Instant;

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::{DriveError, Formula};
use puzzlec_engine::answer::{Answer, Solution, Status};
use puzzlec_engine::certify::Certification;
use puzzlec_engine::env::{self, Env};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::event::Event;
use puzzlec_engine::opinion::Opinion;
use puzzlec_engine::{plan, Request, SolveOptions};
use puzzlec_ir::Cnf;
use puzzlec_solve::{Backend, Solver};

use crate::drive as drive_slide;
use crate::encodings::SlideEncoding;
use crate::request::SlideRequest;
use crate::rules::{check_solvable, moves_to_string, Board, Heuristic, Move};
use crate::search::{constructive_plan, Search};
use crate::verbs::{boards, PUZZLE};

/// Every plan of one board has the parity of the blank's taxicab distance to its goal cell
/// (and of the permutation), so horizons go up by two.
const STEP: usize = 2;

/// The default solver: the exact search, or the embedded SAT solver once an encoding (or
/// every plan) is asked for.
const DEFAULT_SAT_SOLVER: &str = "cadical";

/// Solves a sliding-tile request.
///
/// # Errors
/// Bad input (boards, names, conflicting options); unknown when a solver fails or lies.
pub fn solve(request: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let req: &SlideRequest = &request.read()?;
    let options = &request.options;
    let started = Instant::now();
    let (start, goal) = boards(&req.instance)?;
    let deadline = env::deadline(options.timeout)?;
    let wants_sat = options.encoding.is_some() || options.all || req.incremental || options.certify;
    let id = options.solver.as_deref().unwrap_or(if wants_sat { DEFAULT_SAT_SOLVER } else { Solver::SEARCH_ID });
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
            reject_for_search(req, options)?;
            None
        }
        Some(backend) => Some((pick_encoding(req, options, backend)?, backend)),
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
    let cert = Certification::start(options, &solver, env, deadline)?;
    if let Err(parity) = check_solvable(&start, &goal) {
        let mut a = answer.no_solution(Some("parity"), parity.to_string());
        a.certificate =
            cert.map(|c| c.finish(Some("the parity rule, checked in Rust; no solver UNSAT to prove".into())));
        return finish(a);
    }
    let max = req.max_moves.unwrap_or(usize::MAX / 2);
    if lower_bound > max {
        let why = format!(
            "every plan needs at least {} (Manhattan distance plus linear conflict), more than --max-moves {max}",
            puzzlec_engine::answer::moves(lower_bound)
        );
        return finish(answer.no_solution(Some("max-moves"), why));
    }
    // Solvable, so the reduction always finds a plan; it is replayed inside.
    let known = constructive_plan(&start, &goal).ok_or_else(|| {
        Error::unknown("the constructive search found no plan for a solvable board; please report it")
    })?;
    let Some((encoding, backend)) = chosen else {
        if req.anytime {
            return finish(crate::anytime::run(answer, &start, &goal, known, deadline, on));
        }
        return finish(by_search(answer, &start, &goal, max, (deadline, options.timeout), &known, on)?);
    };
    let instead = drive_slide::default_encoding(puzzlec_solve::Form::Dimacs).name();
    puzzlec_engine::certify::needs_cnf(
        cert.is_some(),
        encoding.name(),
        encoding.writes(puzzlec_ir::Form::Dimacs),
        Some(instead),
    )?;
    let search = plan::Search::new(backend, options, (lower_bound, STEP), max, deadline).known(known.len());
    // With --certify, each horizon's proof and lemmas are traced while it is solved (only
    // kept where the UNSAT rests on the pattern databases; see `certify::trace`).
    let reprove = puzzlec_core::tuning::get().reprove;
    let trace = match cert.is_some() && !reprove && !req.incremental {
        true => Some(
            crate::certify::trace::Trace::new()
                .map_err(|e| Error::unknown(format!("--certify: a temporary folder: {e}")))?,
        ),
        false => None,
    };
    let plans = Case { encoding, backend, start, goal, known, incremental: req.incremental, trace };
    finish(plan::search(&plans, &search, answer, cert, on)?)
}

/// One board with its encoding and backend, as the plan search sees it.
struct Case<'a> {
    encoding: &'static dyn SlideEncoding,
    backend: &'a Backend,
    start: Board,
    goal: Board,
    /// The constructive plan.
    known: Vec<Move>,
    incremental: bool,
    trace: Option<crate::certify::trace::Trace>,
}

impl plan::Plans for Case<'_> {
    type Step = Move;

    fn write(&self, plan: &[Move]) -> String {
        puzzlec_core::moves_to_string(plan)
    }

    fn none_at(&self, horizon: usize) -> String {
        format!("no plan of exactly {}", puzzlec_engine::answer::moves(horizon))
    }

    fn probe(&self, horizon: usize, limit: std::time::Duration) -> plan::Probed {
        let (ing, how) = (Default::default(), crate::guided::strategy::Strategy::DEFAULT);
        let (start, goal, trace) = (&self.start, &self.goal, self.trace.as_ref());
        drive_slide::probe_with(self.encoding, self.backend, start, goal, horizon, limit, ing, how, trace)
    }

    fn evidence(&self, horizon: usize) -> Option<Box<dyn puzzlec_certify::Evidence>> {
        self.trace.as_ref()?.evidence(horizon)
    }

    /// Only where the encoding lets a plan undo a move (`compact` and `lean` forbid it).
    fn covers_shorter(&self) -> bool {
        self.encoding.allows_undo()
    }

    fn session(
        &self,
        horizons: Horizons,
        progress: &mut dyn FnMut(&Attempt),
    ) -> Option<std::result::Result<Shortest<Vec<Move>>, DriveError>> {
        let (start, goal) = (&self.start, &self.goal);
        let layered = self.encoding.layered().filter(|_| self.incremental)?;
        let ing = Default::default();
        Some(drive_slide::incremental_shortest(layered, self.backend, start, goal, ing, true, horizons, progress))
    }

    fn cnf(&self, horizon: usize) -> Option<Cnf> {
        match drive_slide::encode(self.encoding, &self.start, &self.goal, horizon, puzzlec_solve::Form::Dimacs) {
            Some(Formula::Cnf(cnf)) => Some(cnf),
            _ => None,
        }
    }

    fn replay(&self, plan: &[Move]) -> std::result::Result<(), String> {
        match self.start.apply_strict(plan) {
            Ok(end) if end == self.goal => Ok(()),
            Ok(_) => Err("it does not end on the goal".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn exact(&self, below: usize, deadline: Instant) -> Opinion {
        second_opinion(&self.start, &self.goal, below, deadline)
    }

    fn all(&self, horizon: usize, deadline: Option<Instant>, found: &mut dyn FnMut(usize)) -> plan::Every {
        drive_slide::all_plans(self.encoding, self.backend, &self.start, &self.goal, horizon, deadline, found)
    }

    fn blocking(&self, plan: &[Move]) -> Vec<(String, i64)> {
        self.encoding.blocking(&self.start, plan)
    }

    fn trusted(&self, horizon: usize, certified: bool) -> Option<String> {
        let pdb = !self.incremental
            && drive_slide::uses_pattern_databases(self.encoding, self.backend, (&self.start, &self.goal, horizon));
        pdb.then(|| format!(
            "the UNSAT at horizon {horizon} rests on pattern-database lemmas as well as the solver: an admissible bound (additive pattern databases: 6-6-3 on the 15-puzzle, 6-6-6-6 on the 24-puzzle) blocks the first moves that cannot reach the goal in time, and the propagator inside the solver refutes placements of tiles at later steps the same way and rules out moves into boards that a bounded search on the same tables (6 moves deep up to 16 cells, 30 on larger boards) shows too far, by clauses that do not follow from the formula by resolution{}",
            if certified { "; the certificate carries them, each with its justification, checked against the tables by puzzlec-slide-check (see the certificate's method)" } else { "; the solver refuted every first-move prefix the bound left, and a check that those prefixes and the blocked ones leave no move sequence out stands in for a last solve over all of them; --certify makes that solve and checks each lemma against the tables and the solver's proof with them" }
        ))
    }

    fn known(&self) -> Option<&[Move]> {
        Some(&self.known)
    }

    fn none_within(&self, max: usize) -> (Option<&'static str>, String) {
        let words = format!(
            "no plan of at most {} (the solver proved the longest such horizon unsatisfiable)",
            puzzlec_engine::answer::moves(max)
        );
        (Some("max-moves"), words)
    }

    fn show(&self, answer: &mut Answer, plans: &[Vec<Move>], optimal: bool, complete: Option<bool>) {
        let Some(complete) = complete else {
            answer.set_plan(&plans[0], optimal);
            return;
        };
        if let Some(first) = plans.first() {
            answer.set_plan(first, optimal);
        }
        let mut shown: Vec<String> = plans.iter().map(|p| moves_to_string(p)).collect();
        shown.sort();
        answer.moves = shown.first().cloned();
        answer.count = Some(shown.len());
        answer.complete = Some(complete);
        answer.solutions = Some(shown.into_iter().map(Solution::Plan).collect());
    }
}

/// Options that need an encoding cannot go with the search.
fn reject_for_search(req: &SlideRequest, options: &SolveOptions) -> Result<()> {
    puzzlec_engine::policy::search_refusals(options, false)?;
    if req.incremental {
        return Err(Error::bad_input(
            "--incremental needs --encoding compact on an incremental SAT solver (e.g. --solver cadical)",
        ));
    }
    Ok(())
}

/// The requested encoding, or the default for the backend's form; it must have that form.
fn pick_encoding(req: &SlideRequest, options: &SolveOptions, backend: &Backend) -> Result<&'static dyn SlideEncoding> {
    let name = options.encoding.as_deref().unwrap_or(drive_slide::default_encoding(backend.form()).name());
    let e = puzzlec_engine::choose::for_backend(PUZZLE, &crate::encodings::ALL, Some(name), backend)?;
    if req.incremental && !(e.layered().is_some() && backend.offers_sessions()) {
        return Err(Error::bad_input(
            "--incremental needs --encoding compact on an incremental SAT solver (e.g. --solver cadical)",
        ));
    }
    Ok(e)
}

/// The exact search's answer: its plan (replayed), or at the time limit the known plan with
/// the best lower bound proved (each IDA* iteration on the tables raises it, and says so).
fn by_search(
    answer: Answer,
    start: &Board,
    goal: &Board,
    max: usize,
    (deadline, timeout): (Option<Instant>, Option<f64>),
    known: &[Move],
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let started = Instant::now();
    let mut lb = answer.lower_bound.unwrap_or(0);
    let mut heard = |p: crate::search::Progress| {
        let seconds = started.elapsed().as_secs_f64();
        on(match p {
            crate::search::Progress::Tables { done, of } => {
                Event::Preparing { what: "pattern databases", done, of, seconds }
            }
            crate::search::Progress::Bound(bound) => {
                lb = lb.max(bound);
                Event::Bound { lower_bound: bound, seconds }
            }
        });
    };
    match crate::search::exact_shortest_path_with(start, goal, deadline, &mut heard) {
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
            let mut a = answer.unknown(env::limit_reason(timeout, deadline, "time limit reached"));
            a.set_best(known, lb);
            Ok(a)
        }
    }
}

/// The exact search's word on "no plan shorter than `horizon`" (see [`puzzlec_engine::opinion`]).
fn second_opinion(start: &Board, goal: &Board, horizon: usize, by: Instant) -> Opinion {
    match crate::search::exact_shortest_path(start, goal, Some(by)) {
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
