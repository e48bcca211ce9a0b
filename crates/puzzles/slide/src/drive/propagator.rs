//! The pattern databases inside the SAT solver: an external propagator for `compact` on
//! the embedded CaDiCaL ([`puzzlec_solve::propagator`]).
//!
//! It watches the tile-position variables `P(tile, cell, t)` of every inner step. Whenever
//! the search has placed tiles at step t, their groups add up to an admissible estimate of
//! the moves still needed: a group whose tiles are all placed counts its pattern-database
//! entry, a group only partly placed counts the Manhattan distances of its placed tiles (the
//! groups are disjoint, so these add up). The tables are read twice, directly and on the
//! transposed board (the reflected lookup, [`crate::drive::bound`]). When t plus either
//! estimate exceeds the horizon H no plan of H moves passes through those placements, and
//! the propagator adds the clause "not all of these tiles on these cells at step t", naming
//! only the groups it needs. With the lookahead, a complete board at step t also rules out
//! each move whose next board is too far, before the solver plays it (a clause over the
//! placements, the blank `B(cell, t)` and the move `A(t, m)`, unit at once).
//!
//! Why it is sound although `compact` may set more than one position variable of a tile at
//! an inner step: a plan's own model sets only the cells the tiles truly occupy (see
//! `Ingredients::every_step_amo`), and there the estimate is a lower bound on the moves
//! left, so that model satisfies every clause given. UNSAT therefore still means "no plan
//! of H moves", but on the puzzle's word (an admissible bound), not by resolution from the
//! formula: the answer names these lemmas as trusted, and `--certify` has each one checked
//! against the tables by `puzzlec-slide-check` (lines `t ...` and `l ...` of a lemma file).
//!
//! Why it pays: the frontier cubes ([`crate::drive::cubes`]) prune the first half of the
//! plan with the same tables; this prunes the half the solver searches, and its clauses
//! speak of positions, so one lemma cuts every path to the same placement at that step.
//! Measured on Korf 10 (optimum 59), horizon 57 on both cores: 38.7 s with the direct
//! reading alone, 21.9 s with the transposed one too, 15.4 s with the lookahead as well.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::rules::pdb::PatternDb;
use crate::rules::Board;
use puzzlec_ir::Lit;
use puzzlec_solve::propagator::Propagator;

use crate::drive::bound::{Partition, UNKNOWN};

/// The propagator for one horizon of one board (see the module documentation).
pub struct PdbPropagator {
    horizon: usize,
    pdb: Arc<PatternDb>,
    /// Per variable: (step, tile index, cell) of a watched position variable.
    watched: Vec<Option<(u16, u8, u8)>>,
    /// The tables read directly, and on the transposed board where the goal allows.
    partitions: Vec<Partition>,
    /// Per tile index: Manhattan distance from each cell to its goal cell.
    manhattan: Vec<Vec<u8>>,
    /// Per step: each tile's placed cell ([`UNKNOWN`] if none yet).
    cell: Vec<Vec<u8>>,
    /// Placements in the order made, and where each decision level began in it.
    trail: Vec<(u16, u8)>,
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
    forward: Option<crate::drive::branching::Forward>,
    /// Per step: tiles placed; and, for the lookahead, the blank's and the actions'
    /// variables (`blank[t][cell]`, `act[t][m.index()]`).
    count: Vec<usize>,
    blank: Vec<Vec<Option<Lit>>>,
    act: Vec<Vec<Lit>>,
    start: Board,
}

impl PdbPropagator {
    /// `positions[t][tile - 1][cell]` as `compact` made them, for a plan of exactly
    /// `horizon` moves to `goal`. `lemmas` counts the clauses given.
    pub fn new(
        positions: &[Vec<Vec<Option<Lit>>>],
        goal: &Board,
        horizon: usize,
        pdb: Arc<PatternDb>,
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
        PdbPropagator {
            horizon,
            partitions: Partition::all(&pdb, steps),
            pdb,
            watched,
            manhattan: crate::drive::bound::manhattan(goal),
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
            start: Board::goal(goal.rows(), goal.cols()),
        }
    }

    /// Also decides: the earliest open step's action, best estimate first
    /// ([`crate::drive::branching`]); `actions[t][m.index()]` as `compact` made them.
    pub fn with_forward_branching(mut self, start: &Board, actions: &[Vec<Lit>]) -> PdbPropagator {
        self.forward = Some(crate::drive::branching::Forward::new(actions));
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
        let mut cells = vec![0u8; self.start.len()];
        for (ti, &c) in self.cell.get(t)?.iter().enumerate() {
            if c == UNKNOWN || cells[c as usize] != 0 {
                return None;
            }
            cells[c as usize] = ti as u8 + 1;
        }
        Board::from_cells(self.start.rows(), self.start.cols(), &cells)
    }

    fn place(&mut self, t: usize, ti: usize, c: u8) {
        if self.cell[t][ti] != UNKNOWN {
            return;
        }
        self.cell[t][ti] = c;
        self.trail.push((t as u16, ti as u8));
        for p in &mut self.partitions {
            p.changed(t, ti, true, &self.cell[t], &self.pdb, &self.manhattan);
        }
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

    /// See [`PdbPropagator::with_lookahead`]: step t's board is complete and within bounds.
    fn look_ahead(&mut self, t: usize) {
        let Some(board) = self.board_at(t) else { return };
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
                let mut groups: Vec<usize> = (0..values.len()).collect();
                groups.sort_by_key(|&g| std::cmp::Reverse(values[g]));
                let (mut total, mut clause) = (0, vec![-blank, -act]);
                let mut why = String::new();
                if self.record.is_some() {
                    why = format!("l {t} {} {b}{}", m.letter(), if part.mirrored { " m" } else { "" });
                }
                let mut listed = String::new();
                for g in groups {
                    total += values[g];
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
                    if t + 1 + total > self.horizon {
                        break;
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

    /// The clause against step t's placements by partition k: the groups with the largest
    /// contributions, only as many as it takes to pass the horizon; and its justification
    /// (`t STEP [m] G=V...`, `m` for the transposed reading) when a certificate records it.
    fn lemma(&self, t: usize, k: usize) -> (Vec<Lit>, String) {
        let part = &self.partitions[k];
        let mut groups: Vec<usize> = (0..part.members.len()).filter(|&g| part.contribution[t][g] > 0).collect();
        groups.sort_by_key(|&g| std::cmp::Reverse(part.contribution[t][g]));
        let mut total = 0;
        let mut clause = Vec::new();
        let mut why = String::new();
        if self.record.is_some() {
            why = format!("t {t}{}", if part.mirrored { " m" } else { "" });
        }
        for g in groups {
            total += part.contribution[t][g];
            if self.record.is_some() {
                why.push_str(&format!(" {g}={}", part.contribution[t][g]));
            }
            for &tile in &part.members[g] {
                let ti = tile as usize - 1;
                let c = self.cell[t][ti];
                if c != UNKNOWN {
                    clause.push(-self.var[t][ti][c as usize].expect("a placed tile's variable exists"));
                }
            }
            if t + total > self.horizon {
                break;
            }
        }
        if self.record.is_some() {
            why.push_str(" @");
            for &l in &clause {
                if let Some(Some((_, ti, c))) = self.watched.get(l.unsigned_abs() as usize) {
                    why.push_str(&format!(" {}:{c}", ti + 1));
                }
            }
        }
        (clause, why)
    }

    fn unplace(&mut self, t: usize, ti: usize) {
        self.cell[t][ti] = UNKNOWN;
        self.count[t] -= 1;
        for p in &mut self.partitions {
            p.changed(t, ti, false, &self.cell[t], &self.pdb, &self.manhattan);
        }
    }
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
            let (t, ti) = self.trail.pop().expect("above the mark");
            self.unplace(t as usize, ti as usize);
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
                line.push_str(&format!(" {l}"));
            }
            line.push_str(" 0");
            record.lock().unwrap_or_else(|e| e.into_inner()).push(line);
        }
        Some(clause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encodings::compact::{encode_layers, Ingredients};
    use crate::rules::Move;
    use crate::rules::{benchset::random_walk, exact_shortest_path, Search};
    use puzzlec_ir::Cnf;

    /// The propagator for `board` at `horizon`, and the position variables it watches.
    fn setup(board: &Board, horizon: usize) -> (PdbPropagator, Vec<Vec<Vec<Option<Lit>>>>) {
        let goal = Board::goal(4, 4);
        let layers = encode_layers(board, &goal, horizon, Ingredients::DEFAULT, &mut Cnf::new()).expect("parity");
        let pdb = PatternDb::shared(&goal).expect("4x4 tables");
        let p = PdbPropagator::new(&layers.p, &goal, horizon, pdb, Arc::new(AtomicUsize::new(0)));
        (p, layers.p)
    }

    /// The literals "every tile where `board` has it, at step t".
    fn placements(positions: &[Vec<Vec<Option<Lit>>>], board: &Board, t: usize) -> Vec<Lit> {
        (1..board.len() as u8).filter_map(|tile| positions[t][tile as usize - 1][board.position_of(tile)]).collect()
    }

    /// Admissible: along optimal plans (horizon = optimum) no placement is ever refuted,
    /// step after step, with backtracking in between; with the lookahead, no clause rules
    /// out the plan's own next move (each rules out another move).
    #[test]
    fn optimal_plans_are_never_cut() {
        let goal = Board::goal(4, 4);
        for (seed, lookahead) in [(11, false), (12, false), (13, false), (11, true), (14, true), (15, true)] {
            let start = random_walk(4, 4, 40, seed);
            let Search::Found(plan) = exact_shortest_path(&start, &goal, None) else { panic!("solvable") };
            let layers =
                encode_layers(&start, &goal, plan.len(), Ingredients::DEFAULT, &mut Cnf::new()).expect("parity");
            let pdb = PatternDb::shared(&goal).expect("4x4 tables");
            let mut p = PdbPropagator::new(&layers.p, &goal, plan.len(), pdb, Arc::new(AtomicUsize::new(0)));
            if lookahead {
                p = p.with_forward_branching(&start, &layers.act).with_lookahead(&layers.b, &layers.act);
            }
            let mut board = start;
            for (t, &m) in plan.iter().enumerate() {
                board.apply(m);
                p.new_level();
                p.assigned(&placements(&layers.p, &board, t + 1));
                while let Some(clause) = p.clause() {
                    let next = plan.get(t + 1).map(|&n| layers.act[t + 1][n.index()]);
                    let other = layers.act[t + 1].iter().any(|&a| Some(a) != next && clause.contains(&-a));
                    assert!(lookahead && other, "seed {seed}: step {} of an optimal plan cut: {clause:?}", t + 1);
                }
            }
            p.backtrack(0);
            assert!(p.trail.is_empty() && p.partitions.iter().all(|q| q.sum.iter().all(|&s| s == 0)));
            assert!(p.count.iter().all(|&c| c == 0));
        }
    }

    /// A board too far from the goal for the steps left is refuted by a clause over its
    /// placements (negated), and undoing the level withdraws the pending clause.
    #[test]
    fn a_hopeless_step_is_refuted_by_its_placements() {
        let start = random_walk(4, 4, 40, 11);
        let Search::Found(plan) = exact_shortest_path(&start, &Board::goal(4, 4), None) else { panic!("solvable") };
        let (mut p, positions) = setup(&start, plan.len());
        // The start board again at the last step where every tile may still stand on its
        // start cell: most of the plan is gone and the board needs all of it.
        let goal = Board::goal(4, 4);
        let far = (1..16u8).map(|tile| p.manhattan[tile as usize - 1][start.position_of(tile)] as usize).max().unwrap();
        let t = plan.len() - far;
        assert!(t + p.pdb.estimate(&start) > plan.len() && goal != start);
        p.new_level();
        let lits = placements(&positions, &start, t);
        assert_eq!(lits.len(), 15, "every tile's variable exists at step {t}");
        p.assigned(&lits);
        let clause = p.clause().expect("refuted");
        assert!(!clause.is_empty() && clause.iter().all(|l| lits.contains(&-l)), "{clause:?}");
        p.new_level();
        p.backtrack(0);
        assert_eq!(p.clause(), None);
        assert!(p.cell[t].iter().all(|&c| c == UNKNOWN));
    }

    /// Where only the transposed reading passes the horizon, the clause comes from it, and
    /// its justification (`t STEP m ...`) is accepted by the independent checker against
    /// the same formula and tables; with a group's value raised by one it is refused.
    #[test]
    fn a_transposed_lemma_is_justified_for_the_checker() {
        let goal = Board::goal(4, 4);
        let pdb = PatternDb::shared(&goal).expect("4x4 tables");
        let parts = crate::drive::bound::Partition::all(&pdb, 1);
        let direct_of = |b: &Board| {
            let mut where_is = [0usize; 16];
            for t in 1..16u8 {
                where_is[t as usize] = b.position_of(t);
            }
            parts[0]
                .members
                .iter()
                .enumerate()
                .map(|(g, m)| {
                    let cells: Vec<usize> = m.iter().map(|&t| where_is[t as usize]).collect();
                    pdb.group_estimate(g, &cells)
                })
                .sum::<usize>()
        };
        let (start, plan) = (20..200)
            .map(|seed| random_walk(4, 4, 40, seed))
            .filter(|b| pdb.estimate(b) > direct_of(b))
            .find_map(|b| match exact_shortest_path(&b, &goal, None) {
                Search::Found(plan) => Some((b, plan)),
                _ => None,
            })
            .expect("a board the transposed lookup rates higher");
        let horizon = plan.len();
        let mut cnf = Cnf::new();
        let layers = encode_layers(&start, &goal, horizon, Ingredients::DEFAULT, &mut cnf).expect("parity");
        let record = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut p = PdbPropagator::new(&layers.p, &goal, horizon, pdb.clone(), Arc::new(AtomicUsize::new(0)))
            .with_record(record.clone());
        // The start's own placements at the step where the direct tables just fit.
        let t = horizon - direct_of(&start);
        p.new_level();
        p.assigned(&placements(&layers.p, &start, t));
        let clause = p.clause().expect("refuted by the transposed reading");
        let line = record.lock().unwrap()[0].clone();
        assert!(line.starts_with(&format!("t {t} m ")), "{line}");
        assert!(line.ends_with(&format!(": {} 0", clause.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(" "))));
        let shape = puzzlec_slide_check::board::Shape { rows: 4, cols: 4 };
        let formula = puzzlec_slide_check::lemmas::Formula::read(&cnf.to_dimacs(), shape).expect("the formula");
        let tables =
            puzzlec_slide_check::tables::Tables::read(pdb.bytes(), &pdb.excess().expect("excess")).expect("the tables");
        let (clauses, counted) =
            puzzlec_slide_check::lemmas::check(&line, &formula, &tables).expect("the checker accepts it");
        assert_eq!((clauses, counted.placements), (vec![clause], 1));
        let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
        let (g, v) = words[3].split_once('=').expect("G=V");
        words[3] = format!("{g}={}", v.parse::<usize>().unwrap() + 1);
        assert!(puzzlec_slide_check::lemmas::check(&words.join(" "), &formula, &tables).is_err());
    }

    /// A complete board exactly at the bound: the moves that raise the estimate are ruled
    /// out at once by clauses over its placements, the blank and the move, each accepted by
    /// the independent checker; the moves that keep within the bound are left alone.
    #[test]
    fn moves_past_the_bound_are_ruled_out_before_they_are_made() {
        let goal = Board::goal(4, 4);
        let pdb = PatternDb::shared(&goal).expect("4x4 tables");
        let tables =
            puzzlec_slide_check::tables::Tables::read(pdb.bytes(), &pdb.excess().expect("excess")).expect("tables");
        let mut checked = 0;
        for seed in 30..60 {
            let start = random_walk(4, 4, 40, seed);
            let Search::Found(plan) = exact_shortest_path(&start, &goal, None) else { panic!("solvable") };
            let horizon = plan.len();
            let t = horizon - pdb.estimate(&start);
            if t == 0 {
                continue;
            }
            let mut cnf = Cnf::new();
            let layers = encode_layers(&start, &goal, horizon, Ingredients::DEFAULT, &mut cnf).expect("parity");
            let Some(blank) = layers.b[t][start.blank()] else { continue };
            let record = Arc::new(std::sync::Mutex::new(Vec::new()));
            let mut p = PdbPropagator::new(&layers.p, &goal, horizon, pdb.clone(), Arc::new(AtomicUsize::new(0)))
                .with_forward_branching(&start, &layers.act)
                .with_lookahead(&layers.b, &layers.act)
                .with_record(record.clone());
            p.new_level();
            p.assigned(&placements(&layers.p, &start, t));
            let mut clauses = Vec::new();
            while let Some(c) = p.clause() {
                clauses.push(c);
            }
            let lines = record.lock().unwrap().clone();
            let formula =
                puzzlec_slide_check::lemmas::Formula::read(&cnf.to_dimacs(), tables.shape).expect("the formula");
            for m in Move::ALL.into_iter().filter(|&m| start.can_apply(m)) {
                let mut child = start;
                child.apply(m);
                let act = layers.act[t][m.index()];
                let ruled_out = clauses.iter().any(|c| c.contains(&-act));
                assert_eq!(ruled_out, t + 1 + pdb.estimate(&child) > horizon, "seed {seed}, move {m:?}");
            }
            for (c, line) in clauses.iter().zip(&lines) {
                assert!(c.contains(&-blank) && line.starts_with(&format!("l {t} ")), "{line}");
                let (got, counted) =
                    puzzlec_slide_check::lemmas::check(line, &formula, &tables).expect("the checker accepts it");
                assert_eq!((got, counted.lookahead), (vec![c.clone()], 1));
                checked += 1;
            }
        }
        assert!(checked > 0, "no move was ruled out on any board");
    }
}
