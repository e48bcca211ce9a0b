//! One live solver holding the unrolled steps of a level (with the guide connected, see
//! [`super::guide`]), asked for plans within any horizon written so far.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use puzzlec_ir::CnfModel;
use puzzlec_solve::Outcome;

use super::circuit::{F, T};
use super::guide::Guide;
use super::shared::{Current, Steps, Written};
use super::turn::{Bounds, Loop};
use crate::lang::{Entry, Game};
use crate::run::Input;
use crate::search::Limits;

/// CaDiCaL without chronological backtracking, restarts, or the minimizing of learnt
/// clauses. The guide decides the inputs forward, so a restart only walks the same steps
/// again, each a deep circuit to propagate; and a conflict there reaches back through
/// thousands of gates, which minimizing ran over for most of the time (lunar_lockout
/// level 1: horizon 10 in 9.9 s with them, 13 in 5 s without). Chronological backtracking
/// made a horizon with raised bounds run far past its time limit (slidings level 11).
const CONFIG: &str = "chrono=0,restart=0,minimize=0,shrink=0";

/// What a model says.
pub enum Read {
    /// The inputs up to the first step that wins.
    Plan(Vec<Input>),
    /// It leans on these loop bounds at or before its win; its inputs, every step's.
    Short(Vec<Loop>, Vec<Input>),
}

/// See the module documentation.
pub struct Solver<'g> {
    u: super::Unroll<'g, Live>,
    steps: Steps,
    horizon: Current,
    /// Lemmas the guide gave and turns it played.
    pub lemmas: Arc<AtomicUsize>,
    pub turns: Arc<AtomicUsize>,
}

impl<'g> Solver<'g> {
    /// No steps yet, on a fresh solver of `backend`.
    ///
    /// # Errors
    /// The entry is no level, or the backend has no live solver.
    pub fn new(
        game: &'g Game,
        shared: &Arc<Game>,
        index: usize,
        cells: &[u64],
        bounds: Bounds,
        backend: &puzzlec_solve::Backend,
        memory: &Arc<std::sync::Mutex<super::shared::Memory>>,
    ) -> Result<Solver<'g>, String> {
        let mut live = backend
            .session(&puzzlec_ir::Cnf::new(), Some(CONFIG))
            .map(|s| Live(puzzlec_solve::FreedApart::new(s)))
            .ok_or_else(|| format!("{} offers no live solver", backend.id()))?;
        let Some(Entry::Level(board)) = game.levels.get(index) else { return Err("not a level".into()) };
        let (steps, horizon) = (Steps::default(), Current::default());
        let guide = Guide::new(
            (shared.clone(), index),
            cells,
            board.cells.clone(),
            (steps.clone(), horizon.clone()),
            memory.clone(),
        );
        let (lemmas, turns) = (guide.given.clone(), guide.turns.clone());
        let guided = live.0.connect(Box::new(guide));
        let mut u = super::Unroll::new(game, index, cells, bounds, live)?;
        // The guide's lemmas rule out coming back to a level (a clause each, when a walk does).
        u.no_return = !guided;
        Ok(Solver { u, steps, horizon, lemmas, turns })
    }

    /// Writes steps up to `horizon`; `Some` with the reason when the run stops first.
    ///
    /// # Errors
    /// A rule too large for the encoding.
    pub fn unroll(&mut self, horizon: usize, limits: &Limits) -> Result<Option<String>, String> {
        while self.u.steps() < horizon {
            // A live solver does not drop what it is given past the deadline: look between steps.
            if let Some(why) = super::drive::stopped(limits) {
                return Ok(Some(why));
            }
            let until = limits.deadline.unwrap_or_else(|| Instant::now() + Duration::from_secs(30 * 24 * 3600));
            if let Err(e) = puzzlec_core::stop::building_until(until, || self.u.step()) {
                return super::drive::stopped(limits).map(Some).ok_or(e);
            }
        }
        self.share();
        Ok(None)
    }

    /// Hands the guide the inputs of the steps written since the last call, and has the
    /// solver show it their assignments.
    fn share(&mut self) {
        let mut known = self.steps.lock().unwrap_or_else(|e| e.into_inner());
        let from = known.len();
        let u = &self.u;
        let new: Vec<Written> = (from..u.inputs.len())
            .map(|t| Written { inputs: u.inputs[t].clone(), done: u.goal_within(t + 1) })
            .collect();
        known.extend(new.iter().cloned());
        // Unlocked first: the solver may tell the guide of an assignment as it starts to watch.
        drop(known);
        let mut before = (from > 0).then(|| self.u.goal_within(from));
        for step in new {
            for (lit, _) in step.inputs {
                self.u.c.sink.0.observe(lit);
            }
            // Shared with the step before where this one can win at no input.
            if step.done.abs() != T && before != Some(step.done) {
                self.u.c.sink.0.observe(step.done.abs());
            }
            before = Some(step.done);
        }
    }

    /// Whether some plan of at most `horizon` inputs (written already) wins, none having
    /// `proved` inputs or fewer; the guide may find plans on the way and ask for shorter ones
    /// ([`Solver::better`]), so that an UNSAT answer is for the horizon below the last.
    pub fn solve(&mut self, horizon: usize, proved: usize, left: Duration) -> Outcome<CnfModel> {
        let goal = self.u.goal_within(horizon);
        if goal == F {
            return Outcome::Unsat;
        }
        // The literal this solve assumes, under which the guide's lemmas for this horizon
        // only are given; false for good once it returns.
        let act = self.u.c.input(None);
        self.u.c.sink.0.observe(act);
        self.horizon.set(horizon, act, proved);
        let assume: Vec<puzzlec_ir::Lit> = [goal, act].into_iter().filter(|&l| l != T).collect();
        let outcome = self.u.c.sink.0.solve(&assume, left);
        self.horizon.set(0, 0, 0);
        self.u.c.clause(&[-act]);
        outcome
    }

    /// The plans the guide found in the last solve, shortest last, each a win through the
    /// interpreter, with the seconds into the solve it came.
    pub fn better(&self) -> Vec<(Vec<Input>, f64)> {
        self.horizon.take_better()
    }

    /// What a model of horizon `horizon` says.
    ///
    /// # Errors
    /// A model that wins at no step or gives a step no input.
    pub fn read(&self, model: &CnfModel, horizon: usize) -> Result<Read, String> {
        let u = &self.u;
        let holds = |l| l == T || model.lit(l) == Some(true);
        let won_at = (0..horizon).find(|&s| holds(u.won[s])).ok_or("the model wins at no step")?;
        let short: Vec<Loop> = u.overflow[..=won_at].iter().flatten().filter(|o| holds(o.0)).map(|o| o.1).collect();
        let mut plan: Vec<Input> = u.inputs[..horizon]
            .iter()
            .map(|step| {
                step.iter().find(|(l, _)| model.lit(*l) == Some(true)).map(|s| s.1).ok_or("a step with no input")
            })
            .collect::<Result<_, _>>()?;
        if !short.is_empty() {
            return Ok(Read::Short(short, plan));
        }
        plan.truncate(won_at + 1);
        Ok(Read::Plan(plan))
    }

    /// Lemmas given and turns played by the guide so far.
    pub fn guided(&self) -> (usize, usize) {
        (self.lemmas.load(Ordering::Relaxed), self.turns.load(Ordering::Relaxed))
    }
}

/// A backend's live solver, as the circuit's sink; freed on a thread of its own, so that an
/// answer at a time limit does not wait for gigabytes of clauses to be freed.
pub struct Live(pub puzzlec_solve::FreedApart);

impl puzzlec_ir::ClauseSink for Live {
    fn new_var(&mut self, name: Option<String>) -> puzzlec_ir::Lit {
        self.0.new_var(name)
    }

    fn add_clause(&mut self, clause: &[puzzlec_ir::Lit]) {
        self.0.add_clause(clause)
    }

    fn num_vars(&self) -> u32 {
        self.0.num_vars()
    }

    fn abandoned(&self) -> bool {
        self.0.abandoned()
    }
}
