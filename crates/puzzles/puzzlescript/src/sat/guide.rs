//! The interpreter inside the embedded solver: a propagator that decides the inputs step
//! by step, plays each prefix the solver completes through the interpreter, and rules out
//! prefixes that reach a level some other prefix reached first.
//!
//! Why: the turn's circuit is deep (every rule, movement round and `again` turn a layer of
//! gates), and CDCL alone learns little that carries from one sequence of inputs to another
//! that meets the same level. Deciding forward turns the search into a depth-first walk of
//! plans, and the lemmas below make it a walk that visits each level once per horizon, as a
//! search with a table of visited states does.
//!
//! The lemma: when prefix `p` (inputs of steps 0..t) leads to level L and another prefix
//! `q` led there too, with `q` shorter, or as long and earlier in the order of the inputs,
//! then no plan that the search needs begins with `p`: the clause `¬p`. Why it keeps every
//! answer: take the shortest winning plan W that comes first in that order. Each prefix of
//! W is the shortest way to its level and the first in order among the shortest (else
//! swapping it in would give a shorter or earlier winning plan), so no lemma names a prefix
//! of W, and every horizon that W fits in stays satisfiable. Each lemma is checked by the
//! interpreter itself (both prefixes played), and the plan a model gives is replayed anyway.
//!
//! The second lemma holds within one horizon H: when prefix `p` has H - k inputs, k at most
//! [`AHEAD`], and no sequence of at most k inputs played from its level wins, no plan within
//! H begins with `p` (a lower bound on the inputs a level needs, as a pattern database
//! gives the sliding tiles one, here from an exact search k deep). It saves the solver the
//! last k steps' circuits for each sequence (the largest layers of the walk, and each try a
//! conflict to analyse through a whole turn), and is given as `¬p ∨ ¬a`, where `a` is the
//! literal the solve of horizon H assumes and that is made false when it returns: a longer
//! horizon may extend `p` to a win. It holds however far those turns ran their loops: where
//! the formula's bounds are short there, the step only looks like a win to the formula, and
//! the clause takes that look away, not a plan. What the interpreter learns of a level (no
//! win within so many inputs) is kept for every solver of the climb.
//!
//! A model whose inputs win through the interpreter is recorded, and the solve is asked for
//! a shorter plan under the same literal (see [`Guide::model`]): one solve comes down from
//! a horizon past the optimum to it, going on from where its walk stands.

use rustc_hash::FxHashMap as HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use puzzlec_ir::Lit;

use super::circuit::T;
use super::shared::{Current, Memory, Steps};
use crate::lang::Game;
use crate::run::{Input, Session};

/// The most inputs left in a horizon from which the guide plays every sequence of inputs
/// itself (see the module documentation). Each step the solver no longer walks is a layer of
/// the walk, the deepest and widest, each try a whole turn's circuit; the interpreter plays
/// a turn many times faster, and keeps each level's answer. Measured side by side over
/// ten of the demo games' hardest levels: 2 and 3 each proved a level the other did not
/// (kettle's level 11 and slidings' level 6 with 3, push's level 7 with 2); at 6, the
/// interpreter does most of a short level's walk (kettle's level 10, 10 inputs: 6.6 s).
const AHEAD: usize = 3;

/// Most levels remembered (each with the prefix that reached it first); past it new levels
/// are not remembered, which only makes the lemmas fewer.
const MAX_LEVELS: usize = 4_000_000;

/// See the module documentation.
pub struct Guide {
    game: Arc<Game>,
    index: usize,
    /// The level's restart point, as the search resumes sessions.
    base: Vec<u64>,
    steps: Steps,
    horizon: Current,
    /// Per variable: the step and input of an input literal.
    input_of: HashMap<u32, (usize, u8)>,
    /// Per step: the input chosen (true), if any.
    chosen: Vec<Option<u8>>,
    /// Per variable: assigned (either way) since the level the trail records.
    trail: Vec<u32>,
    levels: Vec<usize>,
    assigned: HashMap<u32, bool>,
    /// The levels after each step of the longest prefix chosen so far, played: `played[t]`
    /// is the level before step t (`played[0]` the start); its length is the prefix's plus one.
    played: Vec<Vec<u64>>,
    /// The step (and its input) where the walk stopped: a win, a turn that never settles,
    /// or a lemma given. It goes on once that step's input changes.
    stop: Option<(usize, u8)>,
    /// Per level of `played`: whether each input from it was played (see [`Guide::walk`]).
    expanded: Vec<bool>,
    pending: Vec<Vec<Lit>>,
    /// Lemmas given, for the report.
    pub given: Arc<AtomicUsize>,
    /// Turns played, for the report.
    pub turns: Arc<AtomicUsize>,
    /// How far the loops of the turns played ran, at most (bounds the formula needs at
    /// least), and the first prefix of each level reached; kept over the solvers of one climb.
    memory: Arc<Mutex<Memory>>,
}

impl Guide {
    pub fn new(
        (game, index): (Arc<Game>, usize),
        start: &[u64],
        base: Vec<u64>,
        (steps, horizon): (Steps, Current),
        memory: Arc<Mutex<Memory>>,
    ) -> Guide {
        memory.lock().unwrap_or_else(|e| e.into_inner()).first.insert(start.into(), Box::default());
        Guide {
            game,
            index,
            base,
            steps,
            horizon,
            input_of: HashMap::default(),
            chosen: Vec::new(),
            trail: Vec::new(),
            levels: Vec::new(),
            assigned: HashMap::default(),
            played: vec![start.to_vec()],
            stop: None,
            expanded: vec![false],
            pending: Vec::new(),
            given: Arc::default(),
            turns: Arc::default(),
            memory,
        }
    }

    /// Takes in the steps written since the last look.
    fn refresh(&mut self) {
        let steps = self.steps.lock().unwrap_or_else(|e| e.into_inner());
        for t in self.chosen.len()..steps.len() {
            for (i, &(lit, _)) in steps[t].inputs.iter().enumerate() {
                self.input_of.insert(lit.unsigned_abs(), (t, i as u8));
            }
            self.chosen.push(None);
        }
    }

    /// The prefix of steps whose inputs are all chosen.
    fn prefix(&self) -> usize {
        self.chosen.iter().take_while(|c| c.is_some()).count()
    }

    /// Plays the chosen prefix on from what is played already, and queues the lemma of the
    /// first step that reaches a level reached first by another prefix. At the end of the
    /// prefix, each input of the next step is played too, and the inputs that lead to a
    /// level reached first by another prefix are ruled out before the solver tries them
    /// (each try is a whole turn's circuit to propagate; an input that changes nothing is
    /// one of them, its level reached a step sooner).
    fn walk(&mut self) {
        let n = self.prefix();
        self.played.truncate(n + 1);
        self.expanded.truncate(n + 1);
        if let Some((t, c)) = self.stop {
            if t < n && self.chosen[t] == Some(c) {
                return;
            }
            self.stop = None;
        }
        if self.played.len() == n + 1 && self.expanded[n] {
            return;
        }
        let game = self.game.clone();
        let Some(mut s) = Session::resume(&game, self.index, &self.base, &self.base) else { return };
        s.keep_undo = false;
        let inputs = crate::search::inputs(&game);
        let mut prefix: Vec<u8> = self.chosen[..n].iter().map(|c| c.unwrap_or(0)).collect();
        while self.played.len() <= n {
            let t = self.played.len() - 1;
            let c = prefix[t];
            let Some(level) = self.play(&mut s, t, inputs[c as usize]) else {
                // A win ends the plan; a turn that never settles is left to the formula.
                self.stop = Some((t, c));
                return;
            };
            if self.meet(&level, &prefix[..=t]) {
                self.stop = Some((t, c));
                return;
            }
            self.played.push(level);
            self.expanded.push(false);
        }
        if n >= self.chosen.len() || self.expanded[n] {
            return;
        }
        self.expanded[n] = true;
        let (horizon, act) = self.horizon.get();
        // Some input wins here.
        let mut keep = false;
        let mut next = Vec::new();
        for (i, &input) in inputs.iter().enumerate() {
            let played = self.play(&mut s, n, input);
            let Some(level) = played else {
                keep |= s.wins > 0;
                continue;
            };
            prefix.push(i as u8);
            self.meet(&level, &prefix);
            prefix.pop();
            next.push(level);
        }
        // The inputs left within this horizon; where they are few, none win from here.
        let left = horizon.saturating_sub(n);
        if (1..=AHEAD).contains(&left)
            && act != 0
            && !keep
            && !(left > 1 && next.iter().any(|level| self.wins_within(&mut s, level, left - 1)))
        {
            let mut lemma = self.against(&prefix);
            lemma.push(-act);
            self.pending.push(lemma);
            self.given.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Whether some sequence of at most `k` inputs wins from `level`, through the
    /// interpreter (a turn that never settles wins nothing here).
    fn wins_within(&mut self, s: &mut Session<'_>, level: &[u64], k: usize) -> bool {
        let known = |g: &Guide| g.memory.lock().unwrap_or_else(|e| e.into_inner()).dead.get(level).copied();
        if k == 0 || known(self).is_some_and(|d| d as usize >= k) {
            return false;
        }
        for input in crate::search::inputs(&self.game) {
            s.reset(level, &self.base);
            s.step(crate::run::Step::Input(input));
            self.turns.fetch_add(1, Ordering::Relaxed);
            if s.wins > 0 {
                return true;
            }
            if s.runaway {
                continue;
            }
            let next = s.level.cells.clone();
            if k > 1 && self.wins_within(s, &next, k - 1) {
                return true;
            }
        }
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        if memory.dead.len() < MAX_LEVELS {
            let d = memory.dead.entry(level.into()).or_default();
            *d = (*d).max(k.min(u8::MAX as usize) as u8);
        }
        false
    }

    /// The level after playing `input` at step `t` of the prefix played (`None`: it wins, or
    /// its turn never settles).
    fn play(&self, s: &mut Session<'_>, t: usize, input: Input) -> Option<Vec<u64>> {
        s.reset(&self.played[t], &self.base);
        s.level.usage.get_or_insert_with(Box::default).clear();
        s.step(crate::run::Step::Input(input));
        self.turns.fetch_add(1, Ordering::Relaxed);
        if let Some(used) = s.level.usage.as_deref().filter(|_| !s.runaway) {
            self.memory.lock().unwrap_or_else(|e| e.into_inner()).usage.merge(used);
        }
        (s.wins == 0 && !s.runaway).then(|| s.level.cells.clone())
    }

    /// The clause that rules out `prefix` (inputs by index, from step 0).
    fn against(&self, prefix: &[u8]) -> Vec<Lit> {
        let steps = self.steps.lock().unwrap_or_else(|e| e.into_inner());
        prefix.iter().enumerate().map(|(u, &c)| -steps[u].inputs[c as usize].0).collect()
    }

    /// Notes that `prefix` reaches `level`; true (with the lemma against `prefix` queued)
    /// when another prefix reached it first.
    fn meet(&mut self, level: &[u64], prefix: &[u8]) -> bool {
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        let first = &mut memory.first;
        let room = first.len() < MAX_LEVELS;
        match first.get_mut(level) {
            Some(earlier) if (earlier.len(), &**earlier) < (prefix.len(), prefix) => {
                drop(memory);
                let lemma = self.against(prefix);
                self.pending.push(lemma);
                self.given.fetch_add(1, Ordering::Relaxed);
                return true;
            }
            Some(earlier) => *earlier = prefix.into(),
            None if room => drop(first.insert(level.into(), prefix.into())),
            None => {}
        }
        false
    }
}

impl puzzlec_solve::propagator::Propagator for Guide {
    fn observed(&self) -> Vec<Lit> {
        let steps = self.steps.lock().unwrap_or_else(|e| e.into_inner());
        let known = |l: &Lit| *l != T && *l != -T;
        let dones = steps.iter().map(|s| s.done).filter(known).map(Lit::abs);
        let mut vars: Vec<Lit> =
            steps.iter().flat_map(|s| s.inputs.iter().map(|&(l, _)| l.abs())).chain(dones).collect();
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    fn assigned(&mut self, lits: &[Lit]) {
        self.refresh();
        for &l in lits {
            let v = l.unsigned_abs();
            let Some(&(t, i)) = self.input_of.get(&v) else { continue };
            if self.assigned.insert(v, l > 0).is_none() {
                self.trail.push(v);
            }
            if l > 0 {
                self.chosen[t] = Some(i);
            }
        }
        self.walk();
    }

    fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    fn backtrack(&mut self, level: usize) {
        let keep = self.levels.get(level).copied().unwrap_or(self.trail.len());
        self.levels.truncate(level);
        for v in self.trail.drain(keep..) {
            if let Some(true) = self.assigned.remove(&v) {
                if let Some(&(t, _)) = self.input_of.get(&v) {
                    self.chosen[t] = None;
                }
            }
        }
        let n = self.prefix();
        self.played.truncate(n + 1);
        self.expanded.truncate(n + 1);
    }

    fn clause(&mut self) -> Option<Vec<Lit>> {
        self.pending.pop()
    }

    /// A model whose inputs win through the interpreter, in more inputs than the horizon
    /// proved already and one more, is recorded and rejected with the clause that asks this
    /// solve for a win in fewer inputs than it has: the walk goes on from where it stands
    /// instead of a horizon below starting a walk of its own (each walks again every level
    /// the ones before walked). The clause holds under the solve's literal only, and the
    /// lemmas given so far hold for any horizon up to this one. A model that leans on a short
    /// bound, or whose inputs do not win where its formula says, is the driver's to read.
    fn model(&mut self, values: &[Lit]) -> bool {
        let (horizon, act) = self.horizon.get();
        let proved = self.horizon.proved();
        if act == 0 {
            return true;
        }
        let truth: rustc_hash::FxHashSet<Lit> = values.iter().copied().filter(|&l| l > 0).collect();
        let holds = |l: Lit| l == T || (l != -T && truth.contains(&l.abs()) == (l > 0));
        let steps = self.steps.lock().unwrap_or_else(|e| e.into_inner());
        let Some(won) = (0..horizon.min(steps.len())).find(|&t| holds(steps[t].done)) else { return true };
        if won <= proved {
            // As short as a plan can be: the driver reads it.
            return true;
        }
        let plan: Option<Vec<Input>> =
            steps[..=won].iter().map(|s| s.inputs.iter().find(|&&(l, _)| holds(l)).map(|&(_, i)| i)).collect();
        let Some(plan) = plan.filter(|p| crate::judge::replay(&self.game, self.index, p).is_ok()) else { return true };
        let mut lemma = vec![-act];
        if won > 0 && steps[won - 1].done != -T {
            lemma.push(steps[won - 1].done);
        }
        drop(steps);
        self.horizon.found(plan, won);
        self.expanded.iter_mut().for_each(|e| *e = false);
        self.pending.push(lemma);
        false
    }

    /// The first input not ruled out of the earliest step with none chosen.
    fn decide(&mut self) -> Lit {
        self.refresh();
        let steps = self.steps.lock().unwrap_or_else(|e| e.into_inner());
        let Some(t) = self.chosen.iter().position(Option::is_none) else { return 0 };
        steps[t].inputs.iter().map(|&(l, _)| l).find(|l| !self.assigned.contains_key(&l.unsigned_abs())).unwrap_or(0)
    }
}
