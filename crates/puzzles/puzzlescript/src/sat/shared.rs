//! What a climb, its live solvers and their guides share: the steps written (for the guide
//! to read), the solve under way, and what the guides learned of the interpreter's turns.

use rustc_hash::FxHashMap as HashMap;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use puzzlec_ir::Lit;

use crate::run::{Input, Usage};

/// What the guide reads of each step written so far (the unrolling adds a step's as it
/// writes it).
pub type Steps = Arc<Mutex<Vec<Written>>>;

#[derive(Clone)]
pub struct Written {
    /// Its inputs (exactly one holds).
    pub inputs: Vec<(Lit, Input)>,
    /// Some step up to it wins (or leans on a short bound).
    pub done: Lit,
}

/// The horizon being solved, the literal its solve assumes (0 between solves) and the
/// horizon proved unsatisfiable already; and the plans the guide found during the solve.
#[derive(Clone, Default)]
pub struct Current(Arc<Shared>);

#[derive(Default)]
struct Shared {
    horizon: AtomicUsize,
    act: AtomicI32,
    proved: AtomicUsize,
    /// Each plan found in this solve, shortest last, with the seconds since it began.
    better: Mutex<Vec<(Vec<Input>, f64)>>,
    began: Mutex<Option<std::time::Instant>>,
}

impl Current {
    /// A solve of `horizon` under `act`, every plan having more than `proved` inputs.
    pub fn set(&self, horizon: usize, act: Lit, proved: usize) {
        self.0.horizon.store(horizon, Ordering::Relaxed);
        self.0.act.store(act, Ordering::Relaxed);
        self.0.proved.store(proved, Ordering::Relaxed);
        *self.0.began.lock().unwrap_or_else(|e| e.into_inner()) = Some(std::time::Instant::now());
    }

    /// The horizon being solved and the literal its solve assumes.
    pub(super) fn get(&self) -> (usize, Lit) {
        (self.0.horizon.load(Ordering::Relaxed), self.0.act.load(Ordering::Relaxed))
    }

    /// The horizon proved unsatisfiable before this solve.
    pub(super) fn proved(&self) -> usize {
        self.0.proved.load(Ordering::Relaxed)
    }

    /// Records a plan found in this solve, which then asks for a win within `horizon`.
    pub(super) fn found(&self, plan: Vec<Input>, horizon: usize) {
        let began = self.0.began.lock().unwrap_or_else(|e| e.into_inner()).map_or(0.0, |b| b.elapsed().as_secs_f64());
        self.0.better.lock().unwrap_or_else(|e| e.into_inner()).push((plan, began));
        self.0.horizon.store(horizon, Ordering::Relaxed);
    }

    /// The plans found in the last solve (each shorter than the one before, every one a win
    /// through the interpreter), with the seconds into the solve each came.
    pub fn take_better(&self) -> Vec<(Vec<Input>, f64)> {
        std::mem::take(&mut *self.0.better.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// What the guides of one climb learn and keep when a solver is written anew (with raised
/// bounds): how far the turns played ran their loops, each level reached with the first
/// prefix (inputs by index) that reached it, and levels from which no few inputs win. All are
/// facts of the interpreter's turns, not of a formula, so a new solver's guide starts from
/// them: its walk meets each level at its shortest prefix at once, instead of reaching some
/// first by longer ones and walking them again when a shorter one comes.
#[derive(Default)]
pub struct Memory {
    pub usage: Usage,
    pub(super) first: HashMap<Box<[u64]>, Box<[u8]>>,
    /// Levels from which no sequence of so many inputs wins (the most known).
    pub(super) dead: HashMap<Box<[u64]>, u8>,
}
