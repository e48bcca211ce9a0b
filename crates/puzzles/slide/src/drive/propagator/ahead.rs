//! The propagator's lookahead: once a step's board is complete, the moves from it that the
//! tables rule out one move ahead (a clause per move) or, without a certificate, two moves
//! ahead (one clause per board). See [`PdbPropagator::with_lookahead`] and
//! [`PdbPropagator::with_two_moves`].

use super::{enough, PdbPropagator};
use crate::rules::Board;
use puzzlec_ir::Lit;

impl PdbPropagator {
    /// See [`PdbPropagator::with_lookahead`]: step t's board is complete and within bounds.
    pub(super) fn look_ahead(&mut self, t: usize) {
        let Some(board) = self.board_at(t) else { return };
        if self.two_moves {
            self.two_moves_ahead(t, &board);
            return;
        }
        let b = board.blank();
        let Some(blank) = self.blank.get(t).and_then(|row| row[b]) else { return };
        for m in crate::rules::Move::ALL {
            let act = self.act[t][m.index()];
            if !board.can_apply(m) || self.forward.as_ref().is_some_and(|f| f.is_false(act)) {
                continue;
            }
            let mut child = board;
            child.apply(m);
            let source = child.blank();
            let mut after = self.cell[t].clone();
            let moved = board.cells()[source] as usize - 1;
            after[moved] = b as u8;
            for part in &self.partitions {
                let values = part.values_on(&after, &self.pdb);
                if t + 1 + values.iter().sum::<usize>() <= self.horizon {
                    continue;
                }
                let mut clause = vec![-blank, -act];
                let mut why = String::new();
                if self.record.is_some() {
                    why = format!("l {t} {} {b}{}", m.letter(), if part.mirrored { " m" } else { "" });
                }
                let mut listed = String::new();
                for g in enough(&values, self.horizon - t - 1) {
                    if self.record.is_some() {
                        why.push_str(&format!(" {g}={}", values[g]));
                    }
                    for &tile in &part.members[g] {
                        let (ti, c) = (tile as usize - 1, self.cell[t][tile as usize - 1]);
                        let Some(v) = self.var[t][ti][c as usize] else { return };
                        clause.push(-v);
                        if self.record.is_some() {
                            listed.push_str(&format!(" {tile}:{c}"));
                        }
                    }
                }
                self.pending.push(clause);
                if self.record.is_some() {
                    self.why.push(format!("{why} @{listed}"));
                }
                break;
            }
        }
    }

    /// See [`PdbPropagator::with_two_moves`]: step t's board is complete and within bounds.
    /// Every legal move counts, the move back too (a plan may undo a move, whatever the
    /// formula says), so the clause holds for every plan through the board at step t.
    fn two_moves_ahead(&mut self, t: usize, board: &Board) {
        let mut left = Vec::new();
        let mut ruled_out = false;
        for m in crate::rules::Move::ALL {
            let mut next = *board;
            if !next.apply(m) {
                continue;
            }
            match t + 1 + self.pdb.estimate(&next) > self.horizon || self.stuck(&next, t + 1) {
                true => ruled_out = true,
                false => left.push(self.act[t][m.index()]),
            }
        }
        if ruled_out {
            if let Some(clause) = self.against_board(t) {
                self.pending.push(clause.into_iter().chain(left).collect());
            }
        }
    }

    /// "Not every tile where it is at step t": the clause over step t's whole board.
    fn against_board(&self, t: usize) -> Option<Vec<Lit>> {
        self.cell[t].iter().enumerate().map(|(ti, &c)| self.var[t][ti][c as usize].map(|v| -v)).collect()
    }

    /// Whether every move from `board` at step `s` (the move back included) leads to a
    /// board the tables put too far for the steps left: a dead end. Only asked before step
    /// H, so a move must follow.
    fn stuck(&self, board: &Board, s: usize) -> bool {
        crate::rules::Move::ALL.into_iter().all(|m| {
            let mut next = *board;
            !next.apply(m) || s + 1 + self.pdb.estimate(&next) > self.horizon
        })
    }
}
