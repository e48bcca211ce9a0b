//! `sat` written from the start forward into a live solver, one step more per layer, with no
//! goal in it: state t holds the positions at most t moves from the start (idle steps last,
//! as in the whole-horizon writer), and horizon h assumes the goal at state h. The layered
//! lemmas ([`crate::drive::layers`]) ask of it which positions state t can hold.
//!
//! The bounds are the start's side alone (a piece t moves into a plan is at most t moves from
//! its start alone): the goal's side depends on the horizon.

use puzzlec_encode::DecodeError;
use puzzlec_ir::{ClauseSink, Lit, Model};

use super::classes::held_name;
use super::frame::{self, Layout, Move, State};
use crate::rules::BlocksPuzzle;

/// The states and moves written so far.
pub struct Forward {
    lay: Layout,
    /// `states[t]`: after at most t moves.
    states: Vec<State>,
    /// `moves[t]`: from state t to state t + 1.
    moves: Vec<Move>,
}

impl Forward {
    /// Writes the start's state into `sink`.
    pub fn open(p: &BlocksPuzzle, sink: &mut dyn ClauseSink) -> Forward {
        let mut out = Forward { lay: Layout::new(p, 0), states: Vec::new(), moves: Vec::new() };
        out.add_state(p, sink);
        for (k, held) in out.states[0].held.iter().enumerate() {
            out.lay.start(p, k, held, sink);
        }
        out
    }

    /// Writes states and moves until state `t` exists.
    pub fn grow(&mut self, p: &BlocksPuzzle, t: usize, sink: &mut dyn ClauseSink) {
        while self.states.len() <= t {
            let j = self.states.len() - 1;
            self.add_state(p, sink);
            let lay = &self.lay;
            let (before, after) = (&self.states[j], &self.states[j + 1].held);
            let allowed = |k: usize, a: usize| lay.near_start(k, j, a);
            let m = frame::step(p, lay, j, (before, after), allowed, self.moves.last(), sink);
            self.moves.push(m);
        }
    }

    fn add_state(&mut self, p: &BlocksPuzzle, sink: &mut dyn ClauseSink) {
        let t = self.states.len();
        let held = self.lay.held(sink, |k, a| Some(held_name(t, k, a)));
        let lay = &self.lay;
        let s = frame::state(p, lay, held, |k, a| lay.near_start(k, t, a), sink);
        self.states.push(s);
    }

    /// The held literals of state `t` (grown to it), per class and anchor.
    pub fn held(&self, t: usize) -> &[Vec<Lit>] {
        &self.states[t].held
    }

    /// The assumptions of horizon `h` (grown to it): every goal at state `h`; `None` when a
    /// goal is an anchor its piece can never take.
    pub fn goal(&self, p: &BlocksPuzzle, h: usize) -> Option<Vec<Lit>> {
        let mut out = Vec::new();
        for (k, members) in self.lay.classes.iter().enumerate() {
            if let Some(g) = p.goal_of(members[0]) {
                out.push(self.states[h].held[k][self.lay.slot(k, g)?]);
            }
        }
        Some(out)
    }

    /// Every piece's anchor after each of the first `h` steps of a model.
    ///
    /// # Errors
    /// As [`super::classes::anchors`].
    pub fn anchors(&self, p: &BlocksPuzzle, model: &dyn Model, h: usize) -> Result<Vec<Vec<usize>>, DecodeError> {
        super::classes::anchors_named(p, &self.lay, model, h, held_name)
    }
}
