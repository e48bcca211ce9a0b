//! The propagator's lookahead: once a step's board is complete, the moves from it that the
//! tables rule out one move ahead (a clause per move) or several moves ahead (one clause
//! per board). See [`PdbPropagator::with_lookahead`] and
//! [`PdbPropagator::with_moves_ahead`].

use std::fmt::Write as _;

use super::{enough, PdbPropagator};
use crate::rules::Board;
use puzzlec_ir::Lit;

/// Boards the lookahead remembers at most (then it forgets them all): a solver meets the
/// same board at the same step again and again (re-notified with each cube, and after
/// each restart), half the time or more on the hardest boards.
const MEMO_LIMIT: usize = 1 << 20;

impl PdbPropagator {
    /// See [`PdbPropagator::with_lookahead`]: step t's board is complete and within bounds.
    pub(super) fn look_ahead(&mut self, t: usize) {
        let Some(board) = self.board_at(t) else { return };
        if self.ahead > 1 {
            self.moves_ahead(t, &board);
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
                let values = part.values_on(&after, self.pdb.as_ref());
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
                        let _ = write!(why, " {g}={}", values[g]);
                    }
                    for &tile in &part.members[g] {
                        let (ti, c) = (tile as usize - 1, self.cell[t][tile as usize - 1]);
                        let Some(v) = self.var[t][ti][c as usize] else { return };
                        clause.push(-v);
                        if self.record.is_some() {
                            let _ = write!(listed, " {tile}:{c}");
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

    /// See [`PdbPropagator::with_moves_ahead`]: step t's board is complete and within
    /// bounds. Every legal move counts, the move back too (a plan may undo a move, whatever
    /// the formula says), and a move is left out only when no path from its board reaches
    /// the goal in the steps left ([`crate::search::tabled::Walk::moves_within`]), so the
    /// clause holds for every plan through the board at step t.
    fn moves_ahead(&mut self, t: usize, board: &Board) {
        // Five bits a cell: boards of up to 25 cells.
        let key = (board.cells().iter().fold(0u128, |k, &c| k << 5 | c as u128), t as u16);
        self.looked.0 += 1;
        let known = match self.memo.get(&key) {
            Some(&known) => known,
            None => {
                self.looked.1 += 1;
                let Some((left, ruled_out, nodes)) = self.pdb.moves_within(board, self.horizon - t, self.ahead) else {
                    return;
                };
                self.looked.2 += nodes;
                let known = left.iter().fold(u8::from(ruled_out) << 4, |bits, m| bits | 1 << m.index());
                if self.memo.len() >= MEMO_LIMIT {
                    self.memo.clear();
                }
                self.memo.insert(key, known);
                known
            }
        };
        let ruled_out = known & 1 << 4 != 0;
        let left = crate::rules::Move::ALL.into_iter().filter(|m| known & 1 << m.index() != 0);
        if ruled_out {
            if let Some(clause) = self.against_board(t) {
                let left: Vec<crate::rules::Move> = left.collect();
                if self.record.is_some() {
                    self.why.push(self.ahead_why(t, &left));
                }
                self.pending.push(clause.into_iter().chain(left.iter().map(|m| self.act[t][m.index()])).collect());
            }
        }
    }

    /// The justification of a lemma of [`Self::moves_ahead`] for the certificate:
    /// `k STEP DEPTH LEFT @ TILE:CELL ...`, every tile listed (`LEFT` is `-` for none).
    fn ahead_why(&self, t: usize, left: &[crate::rules::Move]) -> String {
        let letters: String = left.iter().map(|m| m.letter()).collect();
        let mut why = format!("k {t} {} {} @", self.ahead, if letters.is_empty() { "-" } else { &letters });
        for (ti, &c) in self.cell[t].iter().enumerate() {
            let _ = write!(why, " {}:{c}", ti + 1);
        }
        why
    }

    /// "Not every tile where it is at step t": the clause over step t's whole board.
    fn against_board(&self, t: usize) -> Option<Vec<Lit>> {
        self.cell[t].iter().enumerate().map(|(ti, &c)| self.var[t][ti][c as usize].map(|v| -v)).collect()
    }
}
