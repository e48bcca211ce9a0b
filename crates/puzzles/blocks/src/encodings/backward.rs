//! `sat` written from the goal back into a live solver, one step more per horizon: state u
//! is the one u moves before the goal, the goal holds at state 0, and horizon h assumes the
//! start at state h. Idle steps come last, as in the whole-horizon writer; so a horizon h
//! below the last state written, W, assumes the start at W and the step h moves before it
//! idle (every later one is idle then too).
//!
//! Why from the goal: the solver keeps its learnt clauses from horizon to horizon, and those
//! about the goal's side ("this position cannot reach the goal in u moves") stay true as the
//! start moves further back, while the start's side changes with every horizon. Built from
//! the start instead, the goal would move and take its side's clauses with it. Why idle steps
//! last: with them first the same climb was 3.9 times slower (Klotski, slide metric, horizons
//! 1-60: 259 s against 66 s; prototypes over the written CNF, CaDiCaL 1.9.5 through PySAT;
//! with the goal moving instead, 327 s for horizons 1-62).
//!
//! The bounds are the goal's side alone (a goal piece u moves before its goal is at most u
//! moves from it alone): the start's side depends on the horizon.

use puzzlec_encode::DecodeError;
use puzzlec_ir::{ClauseSink, Lit, Model};

use super::frame::{self, Layout, Move, State};
use crate::rules::BlocksPuzzle;

/// Name of "a piece of class k holds anchor a, u moves before the goal".
pub fn back_name(u: usize, k: usize, a: usize) -> String {
    format!("B({u},{k},{a})")
}

/// The states and moves written so far.
pub struct Backward {
    lay: Layout,
    /// `states[u]`: u moves before the goal.
    states: Vec<State>,
    /// `moves[j]`: from state j + 1 to state j.
    moves: Vec<Move>,
}

impl Backward {
    /// Writes the goal's state into `sink`.
    pub fn open(p: &BlocksPuzzle, sink: &mut dyn ClauseSink) -> Backward {
        let lay = Layout::new(p, 0);
        let mut back = Backward { lay, states: Vec::new(), moves: Vec::new() };
        let goal = back.add_state(p, sink);
        for (k, members) in back.lay.classes.iter().enumerate() {
            if let Some(g) = p.goal_of(members[0]) {
                sink.family("goal");
                match back.lay.slot(k, g) {
                    Some(j) => sink.add_clause(&[goal[k][j]]),
                    None => sink.add_clause(&[]),
                }
            }
        }
        back
    }

    /// Writes states and moves until horizon `h` can be solved.
    pub fn grow(&mut self, p: &BlocksPuzzle, h: usize, sink: &mut dyn ClauseSink) {
        while self.states.len() <= h {
            let j = self.states.len() - 1;
            self.add_state(p, sink);
            let lay = &self.lay;
            let (after, before) = (&self.states[j].held, &self.states[j + 1]);
            let allowed = |k: usize, a: usize| lay.near_goal(k, j + 1, a);
            let m = frame::step(p, lay, j, (before, after), allowed, None, sink);
            if let Some(later) = self.moves.last() {
                frame::link(p, lay, (&m, later), sink);
            }
            self.moves.push(m);
        }
    }

    fn add_state(&mut self, p: &BlocksPuzzle, sink: &mut dyn ClauseSink) -> Vec<Vec<Lit>> {
        let u = self.states.len();
        let held = self.lay.held(sink, |k, a| Some(back_name(u, k, a)));
        let lay = &self.lay;
        let s = frame::state(p, lay, held.clone(), |k, a| lay.near_goal(k, u, a), sink);
        self.states.push(s);
        held
    }

    pub fn held(&self, u: usize) -> &[Vec<Lit>] {
        &self.states[u].held
    }

    /// The assumptions of horizon `h` (grown to it): every piece on its start at the last
    /// state written and, when that is beyond `h`, the step `h` moves after the start idle.
    pub fn assumptions(&self, p: &BlocksPuzzle, h: usize) -> Vec<Lit> {
        let last = self.states.len() - 1;
        let mut out = Vec::new();
        for (k, members) in self.lay.classes.iter().enumerate() {
            for &i in members {
                if let Some(j) = self.lay.slot(k, p.board.pieces[i].start) {
                    out.push(self.states[last].held[k][j]);
                }
            }
        }
        if h < last {
            out.push(self.moves[last - h - 1].idle);
        }
        out
    }

    /// Every piece's anchor after each step of a model, from the start at the last state
    /// written (idle steps at the end).
    ///
    /// # Errors
    /// As [`super::classes::anchors`].
    pub fn anchors(&self, p: &BlocksPuzzle, model: &dyn Model) -> Result<Vec<Vec<usize>>, DecodeError> {
        let last = self.states.len() - 1;
        super::classes::anchors_named(p, &self.lay, model, last, |t, k, a| back_name(last - t, k, a))
    }
}
