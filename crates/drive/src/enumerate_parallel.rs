//! Every model, with the cubes shared out over threads: each thread holds its own embedded
//! solver (and its own propagator, when the caller makes one), takes the next cube from a
//! common counter, and enumerates the models inside it under assumptions, blocking each.
//!
//! Why: a machine's cores are otherwise idle while one CDCL solver works. The cubes must be
//! disjoint and cover every model (e.g. each value of one one-hot cell): then no model is
//! found twice, and the enumeration is complete when every cube answered UNSAT. A thread
//! that finishes early takes more cubes, so uneven cubes balance themselves.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use puzzlec_ir::{Cnf, Lit};
use puzzlec_solve::propagator::Propagator;
use puzzlec_solve::{Backend, Outcome};

use crate::enumerate::Enumeration;
use crate::{AnyModel, DriveError};

/// Makes one solver's propagator from the formula (called once per thread).
pub type MakePropagator<'a> = &'a (dyn Fn(&Cnf) -> Option<Box<dyn Propagator>> + Sync);

/// How [`enumerate_parallel`] runs, beyond the formula and the cubes.
pub struct Parallel<'a> {
    pub threads: usize,
    pub cadical_config: Option<&'static str>,
    pub propagator: Option<MakePropagator<'a>>,
    /// Stop every thread at the first model (a race for one filling, not an enumeration):
    /// the answer then holds that model and is complete only when every cube was UNSAT.
    pub first: bool,
    /// In a race, how long a cube is solved at a time: past it the cube goes back behind
    /// the others with twice the time, so no thread stays in a hard cube (often an UNSAT
    /// one) while an easy one holds the model. `None`: each cube to the end.
    pub slice: Option<Duration>,
}

/// The cubes not yet answered, and those being solved.
struct Queue {
    /// Cube index and how long it may be solved this time.
    pending: Mutex<VecDeque<(usize, Option<Duration>)>>,
    /// Cubes not yet answered (pending or being solved).
    open: AtomicUsize,
    closed: std::sync::atomic::AtomicBool,
    /// Whether cubes come back (sliced): then an idle thread waits for them.
    sliced: bool,
}

impl Queue {
    /// The next cube; waits while every cube left is being solved by another thread (one
    /// may come back). `None` when all are answered, or the run is over.
    fn take(&self) -> Option<(usize, Option<Duration>)> {
        loop {
            if self.closed.load(Ordering::SeqCst) || puzzlec_core::stop::requested() {
                return None;
            }
            if let Some(next) = self.pending.lock().expect("no thread panics holding the queue").pop_front() {
                return Some(next);
            }
            if !self.sliced || self.open.load(Ordering::SeqCst) == 0 {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn answered(&self) {
        self.open.fetch_sub(1, Ordering::SeqCst);
    }

    fn put_back(&self, cube: usize, time: Duration) {
        self.pending.lock().expect("no thread panics holding the queue").push_back((cube, Some(time)));
    }

    fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
    }
}

/// Enumerates the models of `cnf` cube by cube over `how.threads` threads (the embedded
/// solver only: `None` for a backend without live sessions, which the caller then runs the
/// plain way). `decode` and `block` are as in [`crate::enumerate::enumerate`], with cubes and
/// blocking clauses as literals of `cnf`.
///
/// # Errors
/// Decode failures (the first one met).
#[allow(clippy::too_many_arguments)]
pub fn enumerate_parallel<P: Send>(
    backend: &Backend,
    cnf: &Cnf,
    cubes: &[Vec<Lit>],
    deadline: Option<Instant>,
    how: &Parallel<'_>,
    decode: &(dyn Fn(&AnyModel) -> Result<P, DriveError> + Sync),
    block: &(dyn Fn(&P) -> Vec<Lit> + Sync),
) -> Option<Result<Enumeration<P>, DriveError>> {
    if !backend.offers_sessions() {
        return None;
    }
    let slice = how.slice.filter(|_| how.first);
    let next = Queue {
        pending: Mutex::new((0..cubes.len()).map(|i| (i, slice)).collect()),
        open: AtomicUsize::new(cubes.len()),
        closed: std::sync::atomic::AtomicBool::new(false),
        sliced: slice.is_some(),
    };
    let outer = puzzlec_core::stop::current().unwrap_or_default();
    // The workers' own token: the caller's stop reaches it through the watcher below, and
    // in a race the first model stops it.
    let token = puzzlec_core::stop::Token::new();
    let done = std::sync::atomic::AtomicBool::new(false);
    let results: Mutex<Vec<Result<Enumeration<P>, DriveError>>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..how.threads.clamp(1, cubes.len().max(1)))
            .map(|_| {
                let (next, token, results) = (&next, &token, &results);
                scope.spawn(move || {
                    let out = puzzlec_core::stop::within(token, || {
                        worker(backend, cnf, cubes, next, deadline, how, decode, block)
                    });
                    if how.first && out.as_ref().is_ok_and(|o| !o.solutions.is_empty()) {
                        token.stop();
                    }
                    results.lock().expect("no worker panics while holding the lock").push(out);
                })
            })
            .collect();
        let (outer, token, done) = (&outer, &token, &done);
        scope.spawn(move || {
            while !done.load(Ordering::SeqCst) {
                if outer.is_stopped() {
                    token.stop();
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        });
        for w in workers {
            let _ = w.join();
        }
        done.store(true, Ordering::SeqCst);
    });
    let mut all = Enumeration { solutions: Vec::new(), complete: true, stopped: None };
    for result in results.into_inner().expect("workers finished") {
        match result {
            Ok(part) => {
                all.solutions.extend(part.solutions);
                all.complete &= part.complete;
                all.stopped = all.stopped.or(part.stopped);
            }
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(all))
}

/// One thread: its own solver, cubes from the shared counter until none is left.
#[allow(clippy::too_many_arguments)]
fn worker<P>(
    backend: &Backend,
    cnf: &Cnf,
    cubes: &[Vec<Lit>],
    next: &Queue,
    deadline: Option<Instant>,
    how: &Parallel<'_>,
    decode: &(dyn Fn(&AnyModel) -> Result<P, DriveError> + Sync),
    block: &(dyn Fn(&P) -> Vec<Lit> + Sync),
) -> Result<Enumeration<P>, DriveError> {
    let mut out = Enumeration { solutions: Vec::new(), complete: true, stopped: None };
    let Some(mut session) = backend.session(cnf, how.cadical_config) else { return Ok(out) };
    if let Some(p) = how.propagator.and_then(|make| make(cnf)) {
        session.connect(p);
    }
    let remaining = || puzzlec_core::stop::time_left(deadline);
    while let Some((i, time)) = next.take() {
        let cube = &cubes[i];
        loop {
            match session.solve(cube, time.map_or_else(remaining, |t| t.min(remaining()))) {
                Outcome::Sat(m) => {
                    let solution = decode(&AnyModel::Cnf(m))?;
                    session.add_clause(&block(&solution));
                    out.solutions.push(solution);
                    if how.first {
                        next.close();
                        out.complete = false;
                        return Ok(out);
                    }
                }
                Outcome::Unsat => {
                    next.answered();
                    break;
                }
                // Its time is up, not the run's: behind the others, with twice the time.
                Outcome::Unknown(_) if time.is_some() && !remaining().is_zero() => {
                    next.put_back(i, 2 * time.unwrap_or_default());
                    break;
                }
                Outcome::Unknown(reason) => {
                    // Stop the other threads too: the run is over.
                    next.close();
                    out.complete = false;
                    out.stopped = Some(reason);
                    return Ok(out);
                }
            }
        }
    }
    // Asked to stop between cubes: not complete (another thread's model or time limit,
    // when that is why, says so in its own part).
    if puzzlec_core::stop::requested() && next.open.load(Ordering::SeqCst) > 0 {
        out.complete = false;
        out.stopped = Some("stopped".into());
    }
    Ok(out)
}
