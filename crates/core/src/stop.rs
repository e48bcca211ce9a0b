//! Stopping a run from outside: a portfolio stops the losers, Ctrl-C stops everything.
//!
//! A [`Token`] is installed for the current thread with [`within`]; every search here and
//! every solver backend polls [`passed`] beside its deadline, so a stopped run returns
//! "unknown" within a few milliseconds without any signature carrying the token. Why a
//! thread-local: the token must reach IDA*'s inner loop, CaDiCaL's terminate callback and
//! an external process's wait loop alike, and each of those runs on the racer's own thread.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Set once by [`interrupt`] (Ctrl-C, SIGTERM): every run on every thread stops, whatever
/// token it has. Why a global beside the tokens: an interrupt must reach threads that no
/// token was handed to (a batch's workers, cube threads, z3's watcher) at the same moment.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Stops every run of this process (the front end calls it from its signal handler).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Clears an [`interrupt`], for a front end that outlives one (the Python package: Ctrl-C
/// ends one call, not the interpreter). Call it only once the interrupted runs returned.
pub fn resume() {
    INTERRUPTED.store(false, Ordering::SeqCst);
}

/// True once [`interrupt`] was called (and not [`resume`]d since).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// A shared stop flag: clone it to the thread that may stop the run.
#[derive(Clone, Debug, Default)]
pub struct Token(Arc<AtomicBool>);

impl Token {
    pub fn new() -> Token {
        Token::default()
    }

    /// Asks every run under this token to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// True when this token was stopped, or the whole process was interrupted.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::SeqCst) || interrupted()
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Token>> = const { RefCell::new(None) };
    static BUILD_BY: std::cell::Cell<Option<Instant>> = const { std::cell::Cell::new(None) };
    static BUILD_CAP: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` (building a formula) with a cap of `clauses` installed for [`over_cap`]: past it
/// the builder drops what it has and says the formula was too large, so an encoding whose
/// size no estimate bounds costs at most the cap in memory.
pub fn building_within<R>(clauses: usize, f: impl FnOnce() -> R) -> R {
    let previous = BUILD_CAP.with(|b| b.replace(Some(clauses)));
    let result = f();
    BUILD_CAP.with(|b| b.set(previous));
    result
}

/// True when a formula of `clauses` clauses passes the cap of [`building_within`].
pub fn over_cap(clauses: usize) -> bool {
    BUILD_CAP.with(std::cell::Cell::get).is_some_and(|cap| clauses > cap)
}

/// Runs `f` (building a formula) with `deadline` installed for [`overdue`]; why a
/// thread-local: the formula builders (`Cnf`, `SmtScript`) sit below every encoder, and the
/// encoders' signatures should not carry a clock.
pub fn building_until<R>(deadline: Instant, f: impl FnOnce() -> R) -> R {
    let previous = BUILD_BY.with(|b| b.replace(Some(deadline)));
    let result = f();
    BUILD_BY.with(|b| b.set(previous));
    result
}

/// True when the formula being built on this thread is past its [`building_until`]
/// deadline, or its run was asked to stop: the builder drops what it has.
pub fn overdue() -> bool {
    passed(BUILD_BY.with(std::cell::Cell::get))
}

/// Runs `f` on this thread with `token` installed (the previous one is restored after).
pub fn within<R>(token: &Token, f: impl FnOnce() -> R) -> R {
    let previous = CURRENT.with(|c| c.replace(Some(token.clone())));
    let result = f();
    CURRENT.with(|c| *c.borrow_mut() = previous);
    result
}

/// Runs `f` while a watcher thread passes a stop of this thread's run (a portfolio's loser)
/// on to `token`, the token of the threads `f` spawns; an interrupt reaches every thread by
/// itself. Why: a run's own threads start with no token, so the caller's would not reach
/// them.
pub fn forwarding<R>(token: &Token, f: impl FnOnce() -> R) -> R {
    let outer = current().unwrap_or_default();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (outer, done) = (&outer, &done);
        scope.spawn(move || {
            while !done.load(Ordering::SeqCst) {
                if outer.is_stopped() {
                    token.stop();
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        });
        let out = f();
        done.store(true, Ordering::SeqCst);
        out
    })
}

/// What stops a run on this thread (its token and build deadline), to carry to helper
/// threads that do part of its work: see [`Context::enter`].
#[derive(Clone, Debug)]
pub struct Context {
    token: Option<Token>,
    build_by: Option<Instant>,
}

/// This thread's [`Context`].
pub fn context() -> Context {
    Context { token: current(), build_by: BUILD_BY.with(std::cell::Cell::get) }
}

impl Context {
    /// Runs `f` on this thread as if on the thread the context was taken from.
    pub fn enter<R>(&self, f: impl FnOnce() -> R) -> R {
        let previous = BUILD_BY.with(|b| b.replace(self.build_by));
        let token = CURRENT.with(|c| c.replace(self.token.clone()));
        let result = f();
        CURRENT.with(|c| *c.borrow_mut() = token);
        BUILD_BY.with(|b| b.set(previous));
        result
    }
}

/// The token installed on this thread, for a callback or watcher that runs elsewhere.
pub fn current() -> Option<Token> {
    CURRENT.with(|c| c.borrow().clone())
}

/// True when this thread's run was asked to stop (or the process was interrupted).
pub fn requested() -> bool {
    interrupted() || CURRENT.with(|c| c.borrow().as_ref().is_some_and(Token::is_stopped))
}

/// What a solver call may take when a run has no deadline: thirty days, longer than any run,
/// and within what every backend's limit can hold (z3 counts milliseconds in 32 bits).
/// Stated once, on purpose: a silent one-hour cap used to turn long runs into "unknown".
pub const NO_DEADLINE: std::time::Duration = std::time::Duration::from_secs(30 * 24 * 3600);

/// The time a solver call may take before `deadline`: none once this thread's run was
/// asked to stop, [`NO_DEADLINE`] when there is no deadline. The one time-left function.
pub fn time_left(deadline: Option<Instant>) -> std::time::Duration {
    match deadline {
        _ if requested() => std::time::Duration::ZERO,
        Some(d) => d.saturating_duration_since(Instant::now()),
        None => NO_DEADLINE,
    }
}

/// True when `deadline` has passed or this thread's run was asked to stop.
pub fn passed(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() > d) || requested()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_stops_only_the_thread_it_is_installed_on() {
        let token = Token::new();
        token.stop();
        assert!(!requested());
        assert!(within(&token, requested));
        assert!(within(&token, || passed(None)));
        assert!(!passed(None));
        let other = std::thread::spawn(requested).join().expect("thread");
        assert!(!other);
    }
}
