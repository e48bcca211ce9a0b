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
//!
//! On two cores, when the puzzle's pairs of facts are few enough to layer ([`super::layers`]),
//! the two cores go to the two ends instead of a race: one thread closes the goal's layers
//! as fast as it can, the other closes the start's layers the goal's do not reach and asks
//! for the goal with both. Klotski (slide metric): proved optimal at 90 in 509-532 s, where
//! the race proved no more than 78 in ten minutes.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::layers::Layers;
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

/// The shortest plan through live solvers of `backend`: the at-most search of
/// [`puzzlec_drive::at_most`] over them, from the first horizon `fresh` took `quick` or more
/// to answer ([`puzzlec_drive::at_most::QUICK`] in use); before it, `fresh`. With two
/// `threads` or more and pairs few enough to layer, layers from both ends; else `threads`
/// solvers from the goal back (at least one) raced. `None` when `backend` offers no live
/// solver.
///
/// # Errors
/// Undecodable models and plans that fail replay, naming the solver.
pub fn shortest(
    backend: &Backend,
    p: &BlocksPuzzle,
    (h, threads, quick): (Horizons, usize, Duration),
    fresh: impl FnMut(usize, Duration) -> Probed,
    shorten: impl FnMut(Vec<BlockMove>) -> Vec<BlockMove>,
    progress: &mut dyn FnMut(&Attempt),
) -> Option<Result<Shortest<Vec<BlockMove>>, DriveError>> {
    if !backend.offers_sessions() {
        return None;
    }
    if threads >= 2 {
        if let Some(mut session) = backend.session(&Cnf::new(), None) {
            if let Some(start) = Layers::open(p, session.as_mut(), false) {
                return Some(two_ends(backend, p, (h, quick), (session, start), fresh, shorten, progress));
            }
        }
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
        let mut probe = fresh_first(fresh, quick, |horizon, limit| race(&jobs, &answers, horizon, limit));
        let out = puzzlec_drive::at_most::shortest(h, &mut probe, shorten, Vec::len, progress);
        drop(probe);
        drop(jobs);
        out
    }))
}

/// How many layers the goal's side may close beyond the highest horizon asked so far.
const AHEAD: usize = 32;

/// `fresh` while it answers within `quick` (fresh solvers cost less than writing the live
/// ones on boards solved in a second), then `live` from the first slow answer on.
fn fresh_first<'a>(
    mut fresh: impl FnMut(usize, Duration) -> Probed + 'a,
    quick: Duration,
    mut live: impl FnMut(usize, Duration) -> Probed + 'a,
) -> impl FnMut(usize, Duration) -> Probed + 'a {
    let mut slow = false;
    move |horizon, limit| {
        if slow {
            return live(horizon, limit);
        }
        let started = Instant::now();
        let probed = fresh(horizon, limit);
        slow = started.elapsed() >= quick;
        probed
    }
}

/// Layers from both ends: the goal's side on a thread of its own, closing layers as fast as
/// it can and sending each one's ruled-out pairs; the start's side on this thread, asked
/// every horizon after the first slow fresh one.
fn two_ends(
    backend: &Backend,
    p: &BlocksPuzzle,
    (h, quick): (Horizons, Duration),
    (mut session, mut start): (Box<dyn puzzlec_solve::Incremental>, Layers),
    fresh: impl FnMut(usize, Duration) -> Probed,
    shorten: impl FnMut(Vec<BlockMove>) -> Vec<BlockMove>,
    progress: &mut dyn FnMut(&Attempt),
) -> Result<Shortest<Vec<BlockMove>>, DriveError> {
    let (context, ends) = (stop::context(), Token::new());
    std::thread::scope(|scope| {
        let (ruled_to, ruled) = mpsc::channel::<Vec<(usize, usize)>>();
        let (asked_to, asked) = mpsc::channel::<usize>();
        let token = ends.clone();
        scope.spawn(move || {
            context.enter(|| {
                stop::within(&token, || {
                    let Some(mut s) = backend.session(&Cnf::new(), None) else { return };
                    let Some(mut goal) = Layers::open(p, s.as_mut(), true) else { return };
                    let far = Instant::now() + Duration::from_secs(86_400);
                    let mut highest = h.lower_bound;
                    loop {
                        // Ahead of the horizons asked, but not without end (past the optimum
                        // the layers stop ruling much out, and each is a state more).
                        while goal.next() > highest + AHEAD {
                            let Ok(h) = asked.recv() else { return };
                            highest = highest.max(h);
                        }
                        highest = asked.try_iter().fold(highest, usize::max);
                        let Some(out) = goal.close_next(p, s.as_mut(), far) else { return };
                        // After a layer that rules nothing out, none will (pairs stay seen).
                        let last = out.is_empty();
                        if ruled_to.send(out).is_err() || last {
                            return;
                        }
                    }
                })
            })
        });
        let mut back = Vec::new();
        let mut probe = fresh_first(fresh, quick, |horizon, limit| {
            let _ = asked_to.send(horizon);
            back.extend(ruled.try_iter());
            let got = start.probe(p, horizon, session.as_mut(), limit, &back);
            let forward = start.start().expect("the start's side");
            decode(backend.id(), p, got, horizon, |m| forward.anchors(p, m, horizon))
        });
        let out =
            stop::forwarding(&ends, || puzzlec_drive::at_most::shortest(h, &mut probe, shorten, Vec::len, progress));
        // The goal's side stops: its solver through the token, its wait for horizons when
        // the probe (and with it the sender of horizons) is dropped.
        drop(probe);
        ends.stop();
        out
    })
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
        let probed = decode(backend.id(), p, got, h, |m| back.anchors(p, m));
        if answers.send(probed).is_err() {
            return;
        }
    }
}

fn decode(
    solver: &str,
    p: &BlocksPuzzle,
    got: Outcome<puzzlec_ir::CnfModel>,
    h: usize,
    anchors: impl FnOnce(&puzzlec_ir::CnfModel) -> Result<Vec<Vec<usize>>, puzzlec_encode::DecodeError>,
) -> Probed {
    match got {
        Outcome::Sat(model) => {
            let plan = super::checked_plan(solver, p, anchors(&model))?;
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
