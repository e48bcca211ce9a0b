//! Every model, with the cubes shared out over threads: each thread holds its own embedded
//! solver (and its own propagator, when the caller makes one), takes the next cube from a
//! common counter, and enumerates the models inside it under assumptions, blocking each.
//!
//! Why: a machine's cores are otherwise idle while one CDCL solver works. The cubes must be
//! disjoint and cover every model (e.g. each value of one one-hot cell): then no model is
//! found twice, and the enumeration is complete when every cube answered UNSAT. A thread
//! that finishes early takes more cubes, so uneven cubes balance themselves.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use puzzlec_ir::{Cnf, Lit};
use puzzlec_solve::propagator::Propagator;
use puzzlec_solve::{Backend, FreedApart, Outcome};

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
    let next = AtomicUsize::new(0);
    // The workers' own token: the caller's stop reaches it through the watcher, and in a
    // race the first model stops it.
    let token = puzzlec_core::stop::Token::new();
    let results: Mutex<Vec<Result<Enumeration<P>, DriveError>>> = Mutex::new(Vec::new());
    puzzlec_core::stop::forwarding(&token, || {
        std::thread::scope(|scope| {
            for _ in 0..how.threads.clamp(1, cubes.len().max(1)) {
                let (next, token, results) = (&next, &token, &results);
                scope.spawn(move || {
                    let out = puzzlec_core::stop::within(token, || {
                        worker(backend, cnf, cubes, next, deadline, how, decode, block)
                    });
                    if how.first && out.as_ref().is_ok_and(|o| !o.solutions.is_empty()) {
                        token.stop();
                    }
                    results.lock().expect("no worker panics while holding the lock").push(out);
                });
            }
        });
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
    next: &AtomicUsize,
    deadline: Option<Instant>,
    how: &Parallel<'_>,
    decode: &(dyn Fn(&AnyModel) -> Result<P, DriveError> + Sync),
    block: &(dyn Fn(&P) -> Vec<Lit> + Sync),
) -> Result<Enumeration<P>, DriveError> {
    let mut out = Enumeration { solutions: Vec::new(), complete: true, stopped: None };
    // Loading a large formula into each thread's solver is cut at the deadline (and such a
    // session, loaded in part, is never asked). The answer, often given at a time limit,
    // does not wait for the solver to be freed.
    let loaded = crate::build_by(deadline, || backend.session(cnf, how.cadical_config)).map(FreedApart::new);
    if puzzlec_core::stop::passed(deadline) {
        return Ok(Enumeration { complete: false, stopped: Some(crate::ENCODING_TIMED_OUT.into()), ..out });
    }
    let Some(mut session) = loaded else { return Ok(out) };
    if let Some(p) = how.propagator.and_then(|make| make(cnf)) {
        session.connect(p);
    }
    let remaining = || puzzlec_core::stop::time_left(deadline);
    loop {
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(cube) = cubes.get(i) else { return Ok(out) };
        loop {
            match session.solve(cube, remaining()) {
                Outcome::Sat(m) => {
                    let solution = decode(&AnyModel::Cnf(m))?;
                    session.add_clause(&block(&solution));
                    out.solutions.push(solution);
                    if how.first {
                        next.store(cubes.len(), Ordering::SeqCst);
                        out.complete = false;
                        return Ok(out);
                    }
                }
                Outcome::Unsat => break,
                Outcome::Unknown(reason) => {
                    // Stop the other threads too: the run is over.
                    next.store(cubes.len(), Ordering::SeqCst);
                    out.complete = false;
                    out.stopped = Some(reason);
                    return Ok(out);
                }
            }
        }
    }
}
