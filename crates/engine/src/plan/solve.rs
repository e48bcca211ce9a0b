//! `solve` for every [`PlanPuzzle`], written once: the request read, the solver chosen, what
//! needs no solver settled first (a goal the relaxed puzzle cannot reach), the exact search
//! where it is the solver (its refusals in one wording, each plan replayed), else the encoding
//! chosen for the backend, the puzzle's quick look for a goal no position reaches, and the
//! horizon search with its claims ([`crate::plan::search`]).

use std::time::Instant;

use puzzlec_encode::Encoding as _;

use super::{Case, PlanPuzzle, Search};
use crate::answer::{Answer, Status};
use crate::certify::{self, Certification};
use crate::env::{self, Env};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::{policy, Request};

/// A plan puzzle's `solve` request: the instance and the longest plan to look for.
#[derive(Clone, Debug, Default, serde::Deserialize, serde::Serialize)]
pub struct PlanRequest<F> {
    #[serde(flatten)]
    pub instance: F,
    /// Longest plan to look for; `None` is the puzzle's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_moves: Option<usize>,
}

/// What the exact search said.
pub enum Searched<S> {
    /// The shortest plans (every one with `--all`, where the search lists them), and whether
    /// the list is complete.
    Plans { plans: Vec<Vec<S>>, complete: bool },
    /// No plan: the reason and the words.
    None(Option<&'static str>, String),
    /// A limit ended it: why, and the fewest moves any plan has, where the search proved it.
    Limit { why: String, lower_bound: Option<usize> },
}

/// Solves one request of `P`.
///
/// # Errors
/// Bad input (fields, names, options that do not go together); unknown when a solver fails or
/// lies.
pub fn solve<P: PlanPuzzle>(request: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let req: PlanRequest<P::Fields> = request.read()?;
    let levels = P::levels(&req.instance)?;
    if !levels.is_empty() {
        return super::levels::solve::<P>(levels, &req, request, env, on);
    }
    one::<P>(&req, request, env, on)
}

/// Solves one instance of `P` (one level of a file that holds several).
///
/// # Errors
/// As [`solve`].
pub(super) fn one<P: PlanPuzzle>(
    req: &PlanRequest<P::Fields>,
    request: &Request,
    env: &Env,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let started = Instant::now();
    let options = &request.options;
    let board = P::board(&req.instance)?;
    let deadline = env::deadline(options.timeout)?;
    let (default, cap) = P::MAX_MOVES;
    let max = policy::max_moves(req.max_moves, default, cap)?;
    let solver = env.solver(options.solver.as_deref().unwrap_or(P::SOLVER))?;
    let mut answer = Answer::new(P::NAME, Status::Solved);
    answer.solver = Some(solver.id().to_owned());
    let mut answer = match P::hopeless(&board) {
        Some((reason, words)) => answer.no_solution(reason, words),
        None => {
            answer.lower_bound = Some(P::lower_bound(&board));
            let cert = Certification::start(options, &solver, env, deadline)?;
            match solver.backend() {
                None => exact::<P>(&board, req, options, deadline, answer, on)?,
                Some(backend) => {
                    let encoding = chosen::<P>(&board, options, backend)?;
                    answer.encoding = Some(encoding.name().into());
                    certify::needs_cnf(cert.is_some(), encoding.name(), encoding.writes(crate::Form::Dimacs), None)?;
                    match P::look(&board, max, deadline) {
                        Some((reason, words)) => answer.no_solution(reason, words),
                        None => {
                            let search =
                                Search::new(backend, options, (P::lower_bound(&board), P::STRIDE), max, deadline);
                            let case = Case::<P> { encoding, backend, board: &board, deadline };
                            super::search(&case, &search, answer, cert, on)?
                        }
                    }
                }
            }
        }
    };
    P::describe(&mut answer, &board);
    answer.time_ms = Some(started.elapsed().as_millis() as u64);
    Ok(answer)
}

/// The exact search as the solver: the options it cannot honour refused, each plan replayed.
fn exact<P: PlanPuzzle>(
    board: &P::Board,
    req: &PlanRequest<P::Fields>,
    options: &crate::SolveOptions,
    deadline: Option<Instant>,
    mut answer: Answer,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    policy::search_refusals(options, P::LISTS)?;
    answer.encoding = Some("none".into());
    Ok(match P::search(board, req.max_moves, options.all, deadline, on) {
        Searched::Plans { plans, complete } => {
            for plan in &plans {
                P::replay(board, plan)
                    .map_err(|e| Error::unknown(format!("the exact search returned a plan that fails replay: {e}")))?;
            }
            P::show(&mut answer, board, &plans, true, options.all.then_some(complete));
            answer
        }
        Searched::None(reason, words) => answer.no_solution(reason, words),
        Searched::Limit { why, lower_bound } => {
            let mut answer = answer.unknown(env::limit_reason(options.timeout, deadline, &why));
            answer.lower_bound = answer.lower_bound.max(lower_bound);
            answer
        }
    })
}

/// The encoding named, else the one the puzzle writes in the backend's form; it must fit
/// the instance.
fn chosen<P: PlanPuzzle>(
    board: &P::Board,
    options: &crate::SolveOptions,
    backend: &puzzlec_solve::Backend,
) -> Result<&'static P::Encoding> {
    let default = Some(P::emits(board, backend.form())).filter(|name| !name.is_empty());
    let encoding = crate::choose::for_backend(P::NAME, P::ENCODINGS, options.encoding.as_deref().or(default), backend)?;
    P::fits(encoding, board)?;
    Ok(encoding)
}
