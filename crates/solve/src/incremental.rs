//! The live-solver capability: clauses added over time, solved again and again under
//! assumptions with conflict budgets, the model read back. Drivers ask a backend for it
//! ([`crate::Backend::session`]) and never name the solver behind it.

use std::time::{Duration, Instant};

use puzzlec_ir::{ClauseSink, CnfModel, Lit};

use crate::backend::Outcome;

/// A live SAT solver.
pub trait Incremental: ClauseSink {
    /// One solver call under `assumptions`; `None` when the time limit or the conflict
    /// budget ran out.
    fn run(&mut self, assumptions: &[Lit], limit: Duration, conflicts: Option<i32>) -> Option<bool>;
    /// The model of the last satisfiable call, through the variables' names.
    fn model(&self) -> CnfModel;

    /// The proof this solver writes while it solves, when it was made to write one.
    fn proof(&self) -> Option<crate::proof::ProofFile> {
        None
    }

    /// Connects an external propagator for the calls that follow ([`crate::propagator`]);
    /// false when this solver has no such interface (then nothing changes).
    fn connect(&mut self, _propagator: Box<dyn crate::propagator::Propagator>) -> bool {
        false
    }

    /// Has the connected propagator watch `var` too (a variable made after it was
    /// connected); false when there is none.
    fn observe(&mut self, _var: Lit) -> bool {
        false
    }

    /// Solves under `assumptions` within `limit`.
    fn solve(&mut self, assumptions: &[Lit], limit: Duration) -> Outcome<CnfModel> {
        match self.run(assumptions, limit, None) {
            Some(true) => Outcome::Sat(self.model()),
            Some(false) => Outcome::Unsat,
            None => Outcome::Unknown("time limit reached".into()),
        }
    }
}

/// Frees a live solver on a thread of its own, so that an answer given at a time limit does
/// not wait for it: a solver loaded with tens of millions of clauses and what it learnt
/// takes seconds to free.
pub fn free_in_background(session: Box<dyn Incremental>) {
    let owned = Handed::new(session);
    std::thread::spawn(move || drop(owned));
}

/// A live solver its owner gives up whole to another thread, which goes on with it (a
/// certificate's last solve, made in the background) or only frees it.
pub struct Handed(Box<dyn Incremental>);

// SAFETY: the session is owned alone (no other handle to it exists once the caller gave it
// up), its propagator is `Send`, and CaDiCaL keeps no state tied to the thread that made it;
// one thread at a time uses it.
unsafe impl Send for Handed {}

impl Handed {
    pub fn new(session: Box<dyn Incremental>) -> Handed {
        Handed(session)
    }

    /// The session, on the thread that took it.
    pub fn into_inner(self) -> Box<dyn Incremental> {
        self.0
    }
}

/// A live solver freed on a thread of its own when it is dropped ([`free_in_background`]), so
/// that whatever returns past it (often an answer at a time limit) does not wait.
pub struct FreedApart(Option<Box<dyn Incremental>>);

impl FreedApart {
    pub fn new(session: Box<dyn Incremental>) -> FreedApart {
        FreedApart(Some(session))
    }
}

impl std::ops::Deref for FreedApart {
    type Target = dyn Incremental;

    fn deref(&self) -> &Self::Target {
        self.0.as_deref().expect("the session is held until the drop")
    }
}

impl std::ops::DerefMut for FreedApart {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.0.as_deref_mut().expect("the session is held until the drop")
    }
}

impl Drop for FreedApart {
    fn drop(&mut self) {
        if let Some(session) = self.0.take() {
            free_in_background(session);
        }
    }
}

/// Conflicts allowed per cube in the first round of [`solve_by_cubes`].
const FIRST_CUBE_BUDGET: i32 = 500;

/// Cube and conquer: solves under each cube of assumptions, in the caller's order, and stops
/// at the first model. Cubes get a small conflict budget first; those left open are retried
/// with four times the budget, round after round, so one hard cube early in the order cannot
/// hide an easy model behind it. A refuted cube is blocked by a clause (the formula implies
/// its negation), and once every cube is refuted a last solve without assumptions decides:
/// an UNSAT answer is always the solver's own, whether or not the cubes covered every case.
///
/// Why: a CDCL solver's own branching picks variables anywhere in a plan; the caller can
/// order cubes by a domain heuristic (IDA*'s f for sliding tiles) so the search starts where
/// a solution is likely, and the learnt clauses carry over from cube to cube.
///
/// `base` is assumed under every cube (activation literals in incremental use); the blocking
/// clauses then hold only under it.
pub fn solve_by_cubes(s: &mut dyn Incremental, base: &[Lit], cubes: &[Vec<Lit>], limit: Duration) -> Outcome<CnfModel> {
    let deadline = Instant::now() + limit;
    let mut queue = cubes.iter().cloned();
    match refute_cubes(s, base, &mut || queue.next(), limit) {
        Refuted::Model(m) => Outcome::Sat(m),
        Refuted::Unknown(why) => Outcome::Unknown(why),
        Refuted::All(_) => s.solve(base, puzzlec_core::stop::time_left(Some(deadline))),
    }
}

/// What [`refute_cubes`] ends with.
pub enum Refuted {
    /// A cube had a model.
    Model(CnfModel),
    /// Every cube taken was refuted: their blocking clauses, which another solver of the
    /// same formula may take in as they are (each is implied by the formula).
    All(Vec<Vec<Lit>>),
    /// Time ran out, or the run was stopped.
    Unknown(String),
}

/// The cube rounds of [`solve_by_cubes`] without its last solve, over the cubes `next`
/// hands out (first round, in that order; then the ones left open, with growing budgets).
/// Why a source instead of a slice: solvers on several threads share one queue of cubes,
/// so a thread that refutes its cubes quickly takes more.
pub fn refute_cubes(
    s: &mut dyn Incremental,
    base: &[Lit],
    next: &mut dyn FnMut() -> Option<Vec<Lit>>,
    limit: Duration,
) -> Refuted {
    let deadline = Instant::now() + limit;
    let left = || puzzlec_core::stop::time_left(Some(deadline));
    let timed_out = || Refuted::Unknown("time limit reached".into());
    let mut blocked: Vec<Vec<Lit>> = Vec::new();
    // How many of `blocked` the solver holds already. A proof must see each blocking clause
    // while the clauses that refuted its cube are still there, so a proving solver takes it
    // at once; any other takes the first round's all together afterwards: every cube of a
    // round is a different prefix, so none could prune another's search, and thousands of
    // clauses watched on the first moves' literals cost propagation in every cube after
    // them (measured on Korf 10's horizon 57: 10.3 s against 11.1 s).
    let mut held = 0;
    let at_once = s.proof().is_some();
    let mut open = Vec::new();
    let mut budget: i32 = FIRST_CUBE_BUDGET;
    let try_cube = |s: &mut dyn Incremental,
                    cube: Vec<Lit>,
                    budget: i32,
                    open: &mut Vec<Vec<Lit>>,
                    blocked: &mut Vec<Vec<Lit>>| {
        let assumptions: Vec<Lit> = base.iter().chain(cube.iter()).copied().collect();
        match s.run(&assumptions, left(), Some(budget)) {
            Some(true) => Some(Refuted::Model(s.model())),
            Some(false) => {
                let blocking: Vec<Lit> = assumptions.iter().map(|&l| -l).collect();
                if at_once {
                    s.add_clause(&blocking);
                }
                blocked.push(blocking);
                None
            }
            None if left().is_zero() => Some(timed_out()),
            None => {
                open.push(cube);
                None
            }
        }
    };
    let hold = |s: &mut dyn Incremental, blocked: &[Vec<Lit>], held: &mut usize| {
        if !at_once {
            for clause in &blocked[*held..] {
                s.add_clause(clause);
            }
        }
        *held = blocked.len();
    };
    while let Some(cube) = next() {
        if left().is_zero() {
            return timed_out();
        }
        if let Some(end) = try_cube(s, cube, budget, &mut open, &mut blocked) {
            return end;
        }
    }
    while !open.is_empty() {
        hold(s, &blocked, &mut held);
        budget = budget.saturating_mul(4);
        for cube in std::mem::take(&mut open) {
            if left().is_zero() {
                return timed_out();
            }
            if let Some(end) = try_cube(s, cube, budget, &mut open, &mut blocked) {
                return end;
            }
        }
    }
    hold(s, &blocked, &mut held);
    Refuted::All(blocked)
}
