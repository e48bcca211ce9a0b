//! Forward branching for `compact` inside the embedded solver, part of the pattern-database
//! propagator ([`crate::guided::propagator`]): the solver's next decision is the action of the
//! earliest step still open, the move whose board has the smallest estimate first (IDA*'s
//! child order). Why: CDCL's own choice jumps across the plan; deciding forward lets every
//! step's placements become known early, so the propagator's bound can refute them.

use crate::rules::Board;
use puzzlec_core::Move;
use puzzlec_ir::Lit;

/// See the module documentation.
pub struct Forward {
    /// act[t][m.index()]: "step t plays m".
    act: Vec<Vec<Lit>>,
    /// Per variable number: whether it is an action variable.
    is_action: Vec<bool>,
    /// Per variable number: 1 true, -1 false, 0 unassigned (action variables only).
    value: Vec<i8>,
    trail: Vec<Lit>,
    levels: Vec<usize>,
}

impl Forward {
    pub fn new(act: &[Vec<Lit>]) -> Forward {
        let size = act.iter().flatten().map(|l| l.unsigned_abs() as usize).max().unwrap_or(0) + 1;
        let mut is_action = vec![false; size];
        for &l in act.iter().flatten() {
            is_action[l.unsigned_abs() as usize] = true;
        }
        Forward { act: act.to_vec(), is_action, value: vec![0; size], trail: Vec::new(), levels: Vec::new() }
    }

    pub fn observed(&self) -> impl Iterator<Item = Lit> + '_ {
        self.act.iter().flatten().copied()
    }

    /// Takes note of `lit` if it is an action literal.
    pub fn assigned(&mut self, lit: Lit) {
        let v = lit.unsigned_abs() as usize;
        if self.is_action.get(v).copied().unwrap_or(false) && self.value[v] == 0 {
            self.value[v] = if lit > 0 { 1 } else { -1 };
            self.trail.push(lit);
        }
    }

    pub fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    pub fn backtrack(&mut self, level: usize) {
        let Some(&mark) = self.levels.get(level) else { return };
        for lit in self.trail.drain(mark..) {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
        self.levels.truncate(level);
    }

    /// Whether the action literal `lit` is already false.
    pub fn is_false(&self, lit: Lit) -> bool {
        self.value.get(lit.unsigned_abs() as usize).is_some_and(|&v| v == -1)
    }

    /// The earliest step with no action set yet.
    pub fn open_step(&self) -> Option<usize> {
        self.act.iter().position(|moves| moves.iter().all(|&l| self.value[l as usize] != 1))
    }

    /// The decision at step `t` from `board` (the board before step t): the open move whose
    /// result `estimate` rates lowest, or 0 when none is open.
    pub fn decide(&self, t: usize, board: &Board, estimate: impl Fn(&Board) -> usize) -> Lit {
        let mut best: Option<(usize, Lit)> = None;
        for m in Move::ALL {
            let lit = self.act[t][m.index()];
            if self.value[lit as usize] != 0 || !board.can_apply(m) {
                continue;
            }
            let mut next = *board;
            next.apply(m);
            let h = estimate(&next);
            if best.is_none_or(|(b, _)| h < b) {
                best = Some((h, lit));
            }
        }
        best.map_or(0, |(_, lit)| lit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The decision is the open legal move with the best estimate; set actions close their
    /// step, and backtracking opens it again.
    #[test]
    fn decides_the_best_open_move_of_the_earliest_step() {
        // Two steps, actions numbered 1..=8 (step 0: 1-4, step 1: 5-8, in Move::ALL order).
        let act: Vec<Vec<Lit>> = vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
        let mut f = Forward::new(&act);
        let goal = Board::goal(2, 2);
        // One move from the goal: the move back scores 0, anything else more.
        let mut board = goal;
        let first = board.legal_moves().next().unwrap();
        board.apply(first);
        let back = first.opposite();
        let estimate = |b: &Board| usize::from(*b != goal);
        assert_eq!(f.open_step(), Some(0));
        assert_eq!(f.decide(0, &board, estimate), act[0][back.index()]);
        f.new_level();
        f.assigned(-act[0][back.index()]);
        let other = f.decide(0, &board, estimate);
        assert!(other != 0 && other != act[0][back.index()] && board.can_apply(Move::ALL[(other - 1) as usize]));
        f.assigned(other);
        assert_eq!(f.open_step(), Some(1));
        f.backtrack(0);
        assert_eq!(f.open_step(), Some(0));
        assert_eq!(f.decide(0, &board, estimate), act[0][back.index()]);
    }
}
