//! The pattern databases inside the SAT solver: an external propagator for `compact` on
//! the embedded CaDiCaL ([`puzzlec_solve::propagator`]).
//!
//! It watches the tile-position variables `P(tile, cell, t)` of every inner step. Whenever
//! the search has placed tiles at step t, their groups add up to an admissible estimate of
//! the moves still needed: a group whose tiles are all placed counts its pattern-database
//! entry, a group only partly placed counts the Manhattan distances of its placed tiles (the
//! groups are disjoint, so these add up). The tables are read twice, directly and on the
//! transposed board (the reflected lookup, [`crate::guided::bound`]). When t plus either
//! estimate exceeds the horizon H no plan of H moves passes through those placements, and
//! the propagator adds the clause "not all of these tiles on these cells at step t", naming
//! only the groups it needs. With the lookahead, a complete board at step t also rules out
//! each move whose next board is too far, before the solver plays it (a clause over the
//! placements, the blank `B(cell, t)` and the move `A(t, m)`, unit at once). Several moves
//! ahead, one clause per board does it instead: "not this board at step t, or one of the
//! moves that stay within the bound", leaving out each move whose next board a short
//! search on the tables proves too far for the steps left; a board with no move left so
//! is refuted whole by the same clause, its placements alone.
//!
//! Why it is sound although `compact` may set more than one position variable of a tile at
//! an inner step: a plan's own model sets only the cells the tiles truly occupy (see
//! `Ingredients::every_step_amo`), and there the estimate is a lower bound on the moves
//! left, so that model satisfies every clause given. UNSAT therefore still means "no plan
//! of H moves", but on the puzzle's word (an admissible bound), not by resolution from the
//! formula: the answer names these lemmas as trusted, and `--certify` has each one checked
//! against the tables by `puzzlec-slide-check` (lines `t ...` and `l ...` of a lemma file).
//!
//! Why it pays: the frontier cubes ([`crate::guided::cubes`]) prune the first half of the
//! plan with the same tables; this prunes the half the solver searches, and its clauses
//! speak of positions, so one lemma cuts every path to the same placement at that step.
//! Measured on Korf 10 (optimum 59), horizon 57 on both cores: 38.7 s with the direct
//! reading alone, 21.9 s with the transposed one too, 15.4 s with the lookahead as well.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::rules::Board;
use crate::tables::Tables;
use puzzlec_ir::Lit;
use puzzlec_solve::propagator::Propagator;

use crate::guided::bound::{Partition, UNKNOWN};

/// Readings of the tables at most: direct and transposed ([`Partition::all`]).
const READINGS: usize = 2;

/// The propagator for one horizon of one board (see the module documentation).
pub struct PdbPropagator {
    horizon: usize,
    pdb: Arc<dyn Tables>,
    /// Per variable: (step, tile index, cell) of a watched position variable.
    watched: Vec<Option<(u16, u8, u8)>>,
    /// The tables read directly, and on the transposed board where the goal allows.
    partitions: Vec<Partition>,
    /// Per tile index: Manhattan distance from each cell to its goal cell.
    manhattan: Vec<Vec<u8>>,
    /// Per step: each tile's placed cell ([`UNKNOWN`] if none yet).
    cell: Vec<Vec<u8>>,
    /// Placements in the order made (step, tile index, and each partition's contribution of
    /// the tile's group before it), and where each decision level began in it.
    trail: Vec<(u16, u8, [u16; READINGS])>,
    levels: Vec<usize>,
    pending: Vec<Vec<Lit>>,
    /// With a certificate: each pending clause's justification, and where given clauses
    /// are written with theirs (lines of a lemma file, see `puzzlec_slide_check::lemmas`).
    why: Vec<String>,
    record: Option<Arc<std::sync::Mutex<Vec<String>>>>,
    /// Position variables by (step, tile index, cell), to write clauses.
    var: Vec<Vec<Vec<Option<Lit>>>>,
    lemmas: Arc<AtomicUsize>,
    /// Forward branching over the action variables, when asked for.
    forward: Option<crate::guided::branching::Forward>,
    /// Per step: tiles placed; and, for the lookahead, the blank's and the actions'
    /// variables (`blank[t][cell]`, `act[t][m.index()]`).
    count: Vec<usize>,
    blank: Vec<Vec<Option<Lit>>>,
    act: Vec<Vec<Lit>>,
    /// How many moves the lookahead looks ahead ([`PdbPropagator::with_moves_ahead`]).
    ahead: usize,
    /// What the lookahead found for each (board, step) it looked at: bits 0-3 the moves
    /// left (by [`crate::rules::Move::index`]), bit 4 whether any was ruled out.
    memo: std::collections::HashMap<(u128, u16), u8, rustc_hash::FxBuildHasher>,
    /// Boards looked ahead from, those not remembered, and the boards their searches
    /// looked at (a measurement knob's line, `PUZZLEC_FRONTIER_STATS`).
    looked: (u64, u64, u64),
    start: Board,
}

impl PdbPropagator {
    /// `positions[t][tile - 1][cell]` as `compact` made them, for a plan of exactly
    /// `horizon` moves to `goal`. `lemmas` counts the clauses given.
    pub fn new(
        positions: &[Vec<Vec<Option<Lit>>>],
        goal: &Board,
        horizon: usize,
        pdb: Arc<dyn Tables>,
        lemmas: Arc<AtomicUsize>,
    ) -> PdbPropagator {
        let tiles = goal.len() - 1;
        let max_var = positions.iter().flatten().flatten().flatten().map(|l| l.unsigned_abs()).max().unwrap_or(0);
        let mut watched = vec![None; max_var as usize + 1];
        // Inner steps only: step 0 is the start and step H the goal, both fixed.
        for (t, layer) in positions.iter().enumerate().take(horizon).skip(1) {
            for (ti, cells) in layer.iter().enumerate() {
                for (c, v) in cells.iter().enumerate() {
                    if let Some(v) = v {
                        watched[v.unsigned_abs() as usize] = Some((t as u16, ti as u8, c as u8));
                    }
                }
            }
        }
        let steps = positions.len();
        let partitions = Partition::all(pdb.as_ref(), steps);
        assert!(partitions.len() <= READINGS, "a placement keeps one value per reading");
        PdbPropagator {
            horizon,
            partitions,
            pdb,
            watched,
            manhattan: crate::guided::bound::manhattan(goal),
            cell: vec![vec![UNKNOWN; tiles]; steps],
            trail: Vec::new(),
            levels: Vec::new(),
            pending: Vec::new(),
            why: Vec::new(),
            record: None,
            var: positions.to_vec(),
            lemmas,
            forward: None,
            count: vec![0; steps],
            blank: Vec::new(),
            act: Vec::new(),
            ahead: 1,
            memo: Default::default(),
            looked: (0, 0, 0),
            start: Board::goal(goal.rows(), goal.cols()),
        }
    }

    /// Also decides: the earliest open step's action, best estimate first
    /// ([`crate::guided::branching`]); `actions[t][m.index()]` as `compact` made them.
    pub fn with_forward_branching(mut self, start: &Board, actions: &[Vec<Lit>]) -> PdbPropagator {
        self.forward = Some(crate::guided::branching::Forward::new(actions));
        self.start = *start;
        self
    }

    /// Also rules moves out before they are made: once a step's board is complete, each
    /// move whose board the tables rate too far for the steps left is refuted by a clause
    /// "not (these tiles here, the blank there, this move)", which is unit at once, so the
    /// solver never plays the move, builds the next step's board and meets the conflict
    /// there (most boards a bounded search reaches are such dead ends). `blanks[t][cell]`
    /// and `actions[t][m.index()]` as `compact` made them; only with forward branching.
    pub fn with_lookahead(mut self, blanks: &[Vec<Option<Lit>>], actions: &[Vec<Lit>]) -> PdbPropagator {
        self.blank = blanks.to_vec();
        self.act = actions.to_vec();
        self
    }

    /// Also looks `moves` moves ahead (with the lookahead; one: as [`with_lookahead`]
    /// alone): a move is ruled out when a search of `moves - 1` more moves below its next
    /// board, on the tables' estimate, finds every path from there too long for the steps
    /// left. One clause per board states it all: "not every tile where it is at step t, or
    /// one of the moves left" (none left: the board is refuted whole). Why one clause and
    /// not one per move ruled out: each would name the whole board anyway, and the solver,
    /// which decides the moves left first ([`crate::guided::branching`]), needs the others
    /// ruled out only once those have failed, when the clause is falsified at once; the
    /// lemmas, which the solver stores and sweeps, are fewer (Korf 82's horizon 60, two
    /// moves ahead: 498,448 against 580,812 one clause per move). Why further than two:
    /// each move further takes a few more table reads per board and spares the solver
    /// (whose board costs microseconds, a read nanoseconds) the boards it would build
    /// below; what the boards' search finds is remembered per board and step, since the
    /// solver meets the same ones again and again. Measured in [`crate::guided::strategy::MOVES_AHEAD`].
    /// A certificate's checker justifies each such lemma by the same search of its own.
    ///
    /// [`with_lookahead`]: PdbPropagator::with_lookahead
    pub fn with_moves_ahead(mut self, moves: usize) -> PdbPropagator {
        self.ahead = moves;
        self
    }

    /// Writes every clause it gives, with its justification, into `record`.
    pub fn with_record(mut self, record: Arc<std::sync::Mutex<Vec<String>>>) -> PdbPropagator {
        self.record = Some(record);
        self
    }

    /// The board at step t, when every tile's cell there is known.
    fn board_at(&self, t: usize) -> Option<Board> {
        if t == 0 {
            return Some(self.start);
        }
        // On the stack: asked at every decision and every complete board.
        let mut cells = [0u8; crate::tables::MIRROR_CELLS];
        let cells = cells.get_mut(..self.start.len())?;
        for (ti, &c) in self.cell.get(t)?.iter().enumerate() {
            if c == UNKNOWN || cells[c as usize] != 0 {
                return None;
            }
            cells[c as usize] = ti as u8 + 1;
        }
        Board::from_cells(self.start.rows(), self.start.cols(), cells)
    }

    fn place(&mut self, t: usize, ti: usize, c: u8) {
        if self.cell[t][ti] != UNKNOWN {
            return;
        }
        self.cell[t][ti] = c;
        let mut before = [0; READINGS];
        for (p, b) in self.partitions.iter_mut().zip(&mut before) {
            *b = p.place(t, ti, c, &self.cell[t], self.pdb.as_ref(), &self.manhattan) as u16;
        }
        self.trail.push((t as u16, ti as u8, before));
        self.count[t] += 1;
        if let Some(k) = (0..self.partitions.len()).find(|&k| t + self.partitions[k].sum[t] > self.horizon) {
            let (lemma, why) = self.lemma(t, k);
            self.pending.push(lemma);
            if self.record.is_some() {
                self.why.push(why);
            }
        } else if self.count[t] == self.cell[t].len() && !self.act.is_empty() && t + 1 < self.horizon {
            self.look_ahead(t);
        }
    }

    /// The clause against step t's placements by partition k: the groups with the largest
    /// contributions, only as many as it takes to pass the horizon; and its justification
    /// (`t STEP [m] G=V...`, `m` for the transposed reading) when a certificate records it.
    fn lemma(&self, t: usize, k: usize) -> (Vec<Lit>, String) {
        let part = &self.partitions[k];
        let mut clause = Vec::new();
        let mut why = String::new();
        if self.record.is_some() {
            why = format!("t {t}{}", if part.mirrored { " m" } else { "" });
        }
        let contribution = part.contributions(t);
        for g in enough(contribution, self.horizon - t) {
            if self.record.is_some() {
                let _ = write!(why, " {g}={}", contribution[g]);
            }
            for &tile in &part.members[g] {
                let ti = tile as usize - 1;
                let c = self.cell[t][ti];
                if c != UNKNOWN {
                    clause.push(-self.var[t][ti][c as usize].expect("a placed tile's variable exists"));
                }
            }
        }
        if self.record.is_some() {
            why.push_str(" @");
            for &l in &clause {
                if let Some(Some((_, ti, c))) = self.watched.get(l.unsigned_abs() as usize) {
                    let _ = write!(why, " {}:{c}", ti + 1);
                }
            }
        }
        (clause, why)
    }

    fn unplace(&mut self, t: usize, ti: usize, before: [u16; READINGS]) {
        let c = std::mem::replace(&mut self.cell[t][ti], UNKNOWN);
        self.count[t] -= 1;
        for (p, b) in self.partitions.iter_mut().zip(before) {
            p.unplace(t, ti, c, b as usize, &self.manhattan);
        }
    }
}

/// The groups a clause needs: the largest values first, only as many as it takes to sum
/// past `room` (the moves left), so the clause names as few placements as it can.
fn enough(values: &[usize], room: usize) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..values.len()).filter(|&g| values[g] > 0).collect();
    groups.sort_by_key(|&g| std::cmp::Reverse(values[g]));
    let (mut total, mut taken) = (0, 0);
    while taken < groups.len() && total <= room {
        total += values[groups[taken]];
        taken += 1;
    }
    groups.truncate(taken);
    groups
}

impl Propagator for PdbPropagator {
    fn observed(&self) -> Vec<Lit> {
        let positions = self.watched.iter().enumerate().filter(|(_, w)| w.is_some()).map(|(v, _)| v as Lit);
        let blanks = self.blank.iter().flatten().flatten().map(|l| l.abs());
        positions.chain(blanks).chain(self.forward.iter().flat_map(|f| f.observed())).collect()
    }

    fn assigned(&mut self, lits: &[Lit]) {
        for &lit in lits {
            if let Some(f) = &mut self.forward {
                f.assigned(lit);
            }
            if lit < 0 {
                continue;
            }
            if let Some(Some((t, ti, c))) = self.watched.get(lit as usize).copied() {
                self.place(t as usize, ti as usize, c);
            }
        }
    }

    fn new_level(&mut self) {
        self.levels.push(self.trail.len());
        if let Some(f) = &mut self.forward {
            f.new_level();
        }
    }

    fn backtrack(&mut self, level: usize) {
        let Some(&mark) = self.levels.get(level) else { return };
        while self.trail.len() > mark {
            let (t, ti, before) = self.trail.pop().expect("above the mark");
            self.unplace(t as usize, ti as usize, before);
        }
        self.levels.truncate(level);
        self.pending.clear();
        self.why.clear();
        if let Some(f) = &mut self.forward {
            f.backtrack(level);
        }
    }

    fn decide(&mut self) -> Lit {
        let Some(f) = &self.forward else { return 0 };
        let Some(t) = f.open_step() else { return 0 };
        let Some(board) = self.board_at(t) else { return 0 };
        f.decide(t, &board, |b| self.pdb.estimate(b))
    }

    fn clause(&mut self) -> Option<Vec<Lit>> {
        let clause = self.pending.pop()?;
        self.lemmas.fetch_add(1, Ordering::Relaxed);
        if let (Some(record), Some(why)) = (&self.record, self.why.pop()) {
            let mut line = why;
            line.push_str(" :");
            for l in &clause {
                let _ = write!(line, " {l}");
            }
            line.push_str(" 0");
            record.lock().unwrap_or_else(|e| e.into_inner()).push(line);
        }
        Some(clause)
    }
}

impl Drop for PdbPropagator {
    /// A measurement knob's line: how the work split between the solver and the lookahead.
    fn drop(&mut self) {
        if self.ahead > 1 && puzzlec_core::tuning::get().frontier_stats {
            let (boards, searched, nodes) = self.looked;
            eprintln!("lookahead: {boards} complete boards, {searched} searched ({nodes} boards below them)");
        }
    }
}

mod ahead;

#[cfg(test)]
mod tests;
