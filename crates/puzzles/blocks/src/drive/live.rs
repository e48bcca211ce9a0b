//! The plan search for `sat` on live solvers kept across horizons, built from the goal back
//! ([`crate::encodings::backward`]): each horizon adds the steps it needs and assumes the
//! start at its own state. One solver per thread, each with its own settings, all on the
//! same horizon: the first answer wins and stops the others, which keep what they learnt
//! and go on to the next horizon with the winner.
//!
//! The live solvers start after the first horizon that takes a fresh solver a second or more:
//! below that, writing the formula twice over and starting threads would cost more than the
//! solving (a few hundredths of a second on boards solved in one or two).
//!
//! Why a race and not one solver: a horizon's cost varies from one solver to another far
//! more than it grows from one horizon to the next (Klotski, slide metric: horizon 69 took
//! 1.3 s, 70 took 83 s on one solver), so two solvers on two cores make each horizon cost
//! the quicker of two draws.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::encodings::backward::Backward;
use crate::rules::{BlockMove, BlocksPuzzle};
use puzzlec_core::stop::{self, Token};
use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::DriveError;
use puzzlec_ir::Cnf;
use puzzlec_solve::{Backend, Outcome};

/// What one horizon gave.
pub type Probed = Result<Outcome<Vec<BlockMove>>, DriveError>;

/// CaDiCaL's presets the racing solvers take in turn (a backend without presets ignores
/// them): the default, then the one tuned for unsatisfiable formulas, which most horizons
/// of a climb are.
const SETTINGS: [Option<&str>; 2] = [None, Some("unsat")];

/// The shortest plan through `threads` live solvers of `backend` (at least one): the at-most
/// search of [`puzzlec_drive::at_most`] over them, from the first horizon `fresh` took
/// `quick` or more to answer ([`puzzlec_drive::at_most::QUICK`] in use); before it, `fresh`.
/// `None` when `backend` offers no live solver.
///
/// # Errors
/// Undecodable models and plans that fail replay, naming the solver.
pub fn shortest(
    backend: &Backend,
    p: &BlocksPuzzle,
    (h, threads, quick): (Horizons, usize, Duration),
    mut fresh: impl FnMut(usize, Duration) -> Probed,
    shorten: impl FnMut(Vec<BlockMove>) -> Vec<BlockMove>,
    progress: &mut dyn FnMut(&Attempt),
) -> Option<Result<Shortest<Vec<BlockMove>>, DriveError>> {
    if !backend.offers_sessions() {
        return None;
    }
    let context = stop::context();
    Some(std::thread::scope(|scope| {
        let (answer_to, answers) = mpsc::channel::<Probed>();
        let mut jobs = Vec::new();
        for setting in SETTINGS.iter().cycle().take(threads.max(1)) {
            let (job_to, job) = mpsc::channel::<(usize, Duration, Token)>();
            let (answer_to, context) = (answer_to.clone(), context.clone());
            scope.spawn(move || context.enter(|| work(backend, p, *setting, (job, answer_to))));
            jobs.push(job_to);
        }
        drop(answer_to);
        // Fresh solvers while they answer quickly; the live ones from the first slow answer on.
        let mut live = false;
        let mut probe = |horizon: usize, limit: Duration| -> Probed {
            if !live {
                let started = Instant::now();
                let probed = fresh(horizon, limit);
                live = started.elapsed() >= quick;
                return probed;
            }
            race(&jobs, &answers, horizon, limit)
        };
        let out = puzzlec_drive::at_most::shortest(h, &mut probe, shorten, Vec::len, progress);
        drop(jobs);
        out
    }))
}

/// One horizon on every solver: the first SAT or UNSAT (or error) stops the rest.
fn race(
    jobs: &[mpsc::Sender<(usize, Duration, Token)>],
    answers: &mpsc::Receiver<Probed>,
    horizon: usize,
    limit: Duration,
) -> Probed {
    let token = Token::new();
    let sent = jobs.iter().filter(|j| j.send((horizon, limit, token.clone())).is_ok()).count();
    stop::forwarding(&token, || {
        let (mut first, mut unknown) = (None, None);
        for _ in 0..sent {
            let Ok(got) = answers.recv() else { break };
            match got {
                Ok(Outcome::Unknown(why)) => drop(unknown.get_or_insert(why)),
                decided if first.is_none() => {
                    token.stop();
                    first = Some(decided);
                }
                _ => {}
            }
        }
        first.unwrap_or_else(|| Ok(Outcome::Unknown(unknown.unwrap_or_else(|| "no live solver".into()))))
    })
}

/// A racing solver's thread: its own live solver, horizons as they come, until the jobs end.
fn work(
    backend: &Backend,
    p: &BlocksPuzzle,
    setting: Option<&str>,
    (jobs, answers): (mpsc::Receiver<(usize, Duration, Token)>, mpsc::Sender<Probed>),
) {
    let Some(mut session) = backend.session(&Cnf::new(), setting) else { return };
    let mut back = Backward::open(p, &mut session.as_mut());
    for (h, limit, token) in jobs {
        back.grow(p, h, &mut session.as_mut());
        let assumed = back.assumptions(p, h);
        let got = stop::within(&token, || session.solve(&assumed, limit));
        let probed = decode(backend.id(), p, &back, got, h);
        if answers.send(probed).is_err() {
            return;
        }
    }
}

fn decode(solver: &str, p: &BlocksPuzzle, back: &Backward, got: Outcome<puzzlec_ir::CnfModel>, h: usize) -> Probed {
    match got {
        Outcome::Sat(model) => {
            let plan = super::checked_plan(solver, p, back.anchors(p, &model))?;
            if plan.len() > h {
                let detail = format!("a plan of {} moves at horizon {h}", plan.len());
                return Err(DriveError::Replay { solver: solver.to_owned(), detail });
            }
            Ok(Outcome::Sat(plan))
        }
        Outcome::Unsat => Ok(Outcome::Unsat),
        Outcome::Unknown(why) => Ok(Outcome::Unknown(why)),
    }
}
