//! `compact`: the sliding-tile puzzle as CNF built for speed.
//!
//! State per step t: where each tile is (`P(n,c,t)`, one-hot per tile) and where the blank is
//! (`B(c,t)`, one-hot); one action per step (`A(t,d)`, the direction the tile slides), legal
//! only where the blank can receive a tile; a move variable per (blank cell, direction, step)
//! as the product of the two. Frame axioms name the blank's next cell: a tile stays unless
//! the blank comes onto its cell (then the move's transport takes it). One clause of three
//! literals per tile and cell; the earlier form listed the moves that could pull the tile
//! instead, and since every move sets most move variables false, the solver visited about
//! ten times as many clauses per step (measured with the pattern-database propagator:
//! 10-15% faster on Korf boards). Ingredients, each switchable for the ablation in `make bench`:
//!
//! - **reachability**: tile n can be on cell c after t moves only if c is at most t from its
//!   start, at most H - t from its goal, and the detour through c costs at most k moves away
//!   from its goal (k below); the blank likewise, and only on cells of the right colour.
//!   Variables that fail are never created.
//! - **away count**: every move changes the total Manhattan distance by exactly one, so a plan
//!   of H moves from distance h0 makes exactly k = (H - h0) / 2 moves that take a tile away
//!   from its goal. An indicator per step says "this move goes away" and a totalizer (rustsat)
//!   bounds their number by k. This is the heuristic of IDA*, turned into a constraint.
//! - **no undo**: a move followed by its opposite never occurs in a shortest plan.
//! - **conflicts**: linear conflicts at every step, charged against the same budget: the
//!   rest of IDA*'s pruning rule (see [`super::compact_conflicts`]). An earlier version that
//!   only said "one of the two must leave the line", without counting, cost more than it saved;
//!   counted, it halves the longest proofs.
//! - **detours** (off by default, measured slower): one global budget over how far each tile
//!   strays outside the rectangle between its start and goal (see [`super::compact_detours`]).
//! - **every-step at-most-one** (off by default): tiles are one-hot at every step only with
//!   it; without it, "at most one cell" is stated at the last step alone, which is enough
//!   (see [`Ingredients::every_step_amo`]) and drops more than half of the clauses.
//!
//! Plans of length H exist iff H >= optimum with the optimum's parity, as for `bright`, so the
//! same horizon search proves optimality. [`Layers`] also grows step by step for incremental
//! solving, where everything that depends on H is added under an activation literal.

use crate::rules::{Board, BLANK};
use puzzlec_core::Move;
use puzzlec_ir::{ClauseSink, Lit};

use super::compact_conflicts::linear_conflicts;
use super::compact_detours::detour_budget;
pub use super::compact_ingredients::Ingredients;
use puzzlec_encode::card::{self, exactly_one};

/// Name of the action variable of step t (from 0).
pub fn action_name(t: usize, m: Move) -> String {
    format!("A({t},{})", m.letter())
}

/// Name of the variable "tile n on cell c (from 0, row by row) after t moves": certificates
/// name their lemmas' literals through it.
pub fn position_name(tile: u8, c: usize, t: usize) -> String {
    format!("P({tile},{c},{t})")
}

/// Name of the variable "the blank on cell c after t moves" (certificates' lookahead lemmas
/// speak of it).
pub fn blank_name(c: usize, t: usize) -> String {
    format!("B({c},{t})")
}

fn taxicab(a: usize, b: usize, cols: usize) -> usize {
    (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)
}

/// The tiles' total Manhattan distance from `start` to `goal` (the blank not counted).
pub fn manhattan(start: &Board, goal: &Board) -> usize {
    (1..start.len() as u8).map(|t| taxicab(start.position_of(t), goal.position_of(t), start.cols())).sum()
}

/// The away-move budget of horizon `h`, or `None` when no plan of exactly `h` moves can exist
/// (too short, or the wrong parity).
pub fn budget(start: &Board, goal: &Board, h: usize) -> Option<usize> {
    let h0 = manhattan(start, goal);
    (h >= h0 && (h - h0).is_multiple_of(2)).then(|| (h - h0) / 2)
}

/// The variables of steps 0..=t, grown one step at a time.
pub struct Layers {
    start: Board,
    goal: Board,
    ing: Ingredients,
    /// The fixed horizon and its budget, when not incremental: then H-dependent windows
    /// prune at creation.
    fixed: Option<(usize, usize)>,
    /// `p[t][tile - 1][cell]`, `b[t][cell]`, `act[t][direction]`, `away[t]`.
    pub p: Vec<Vec<Vec<Option<Lit>>>>,
    pub b: Vec<Vec<Option<Lit>>>,
    pub act: Vec<Vec<Lit>>,
    pub away: Vec<Lit>,
}

impl Layers {
    /// Step 0 with the start board; `fixed` is `Some((H, k))` for a one-shot encoding.
    pub fn new(
        start: &Board,
        goal: &Board,
        ing: Ingredients,
        fixed: Option<(usize, usize)>,
        sink: &mut impl ClauseSink,
    ) -> Layers {
        let mut layers = Layers {
            start: *start,
            goal: *goal,
            ing,
            fixed,
            p: Vec::new(),
            b: Vec::new(),
            act: Vec::new(),
            away: Vec::new(),
        };
        layers.push_layer(sink);
        sink.family("start");
        for (c, &tile) in start.cells().iter().enumerate() {
            let var = if tile == BLANK { layers.b[0][c] } else { layers.p[0][tile as usize - 1][c] };
            sink.add_clause(&var.map_or(vec![], |v| vec![v]));
        }
        layers
    }

    fn dist(&self, a: usize, b: usize) -> usize {
        taxicab(a, b, self.start.cols())
    }

    /// Whether tile `tile` may stand on `c` at step `t` (always the start-side window; the
    /// goal side and the detour budget only with a fixed horizon).
    fn tile_may(&self, tile: u8, c: usize, t: usize) -> bool {
        if !self.ing.reachability {
            return true;
        }
        let (s, g) = (self.start.position_of(tile), self.goal.position_of(tile));
        let a = self.dist(s, c);
        a <= t && self.fixed.is_none_or(|(h, k)| self.goal_side_ok(a, self.dist(c, g), self.dist(s, g), t, h, k))
    }

    fn goal_side_ok(&self, a: usize, b: usize, d: usize, t: usize, h: usize, k: usize) -> bool {
        t <= h && b <= h - t && (a + b - d) / 2 <= k
    }

    fn blank_may(&self, c: usize, t: usize) -> bool {
        let (bs, bg) = (self.start.blank(), self.goal.blank());
        let parity = (self.dist(bs, c) + t).is_multiple_of(2);
        parity
            && (!self.ing.reachability
                || (self.dist(bs, c) <= t && self.fixed.is_none_or(|(h, _)| t <= h && self.dist(c, bg) <= h - t)))
    }

    fn push_layer(&mut self, sink: &mut impl ClauseSink) {
        let (t, n) = (self.p.len(), self.start.len());
        let p: Vec<Vec<Option<Lit>>> = (1..n as u8)
            .map(|tile| {
                (0..n)
                    .map(|c| self.tile_may(tile, c, t).then(|| sink.new_var(Some(position_name(tile, c, t)))))
                    .collect()
            })
            .collect();
        let b: Vec<Option<Lit>> =
            (0..n).map(|c| self.blank_may(c, t).then(|| sink.new_var(Some(blank_name(c, t))))).collect();
        // See `Ingredients::every_step_amo`: with a fixed horizon, "at most one cell" is only
        // needed where the goal is read off.
        let amo = self.ing.every_step_amo || self.fixed.is_none_or(|(h, _)| h == t);
        sink.family("at-most-one");
        for cells in &p {
            let lits: Vec<Lit> = cells.iter().flatten().copied().collect();
            if amo {
                exactly_one(sink, &lits);
            } else {
                sink.add_clause(&lits);
            }
        }
        exactly_one(sink, &b.iter().flatten().copied().collect::<Vec<_>>());
        self.p.push(p);
        self.b.push(b);
    }

    /// Number of steps built so far.
    pub fn steps(&self) -> usize {
        self.act.len()
    }

    /// Adds step t -> t+1: actions, moves, tile transport, frames, away indicator, no undo.
    pub fn add_step(&mut self, sink: &mut impl ClauseSink) {
        let t = self.steps();
        self.push_layer(sink);
        let n = self.start.len();
        let act: Vec<Lit> = Move::ALL.iter().map(|&m| sink.new_var(Some(action_name(t, m)))).collect();
        sink.family("actions");
        exactly_one(sink, &act);
        sink.family("transport");
        // The variable says "this move goes toward the goal" and the literal used is its
        // negation: solvers try variables true first, so the first plans tried are greedy.
        let w = -sink.new_var(None);
        let (p, b) = (&self.p, &self.b);
        // mv[c][d]: the blank is on c and the tile from c - delta(d) slides in.
        let mut mv: Vec<[Option<Lit>; 4]> = vec![[None; 4]; n];
        for c in 0..n {
            let Some(bc) = b[t][c] else { continue };
            for (di, &m) in Move::ALL.iter().enumerate() {
                let source = behind(&self.start, c, m);
                let Some(bx) = source.and_then(|x| b[t + 1][x]) else {
                    sink.add_clause(&[-bc, -act[di]]);
                    continue;
                };
                let x = source.expect("checked above");
                let v = sink.new_var(None);
                mv[c][di] = Some(v);
                sink.add_clause(&[-v, bc]);
                sink.add_clause(&[-v, act[di]]);
                sink.add_clause(&[v, -bc, -act[di]]);
                sink.add_clause(&[-v, bx]);
                for (ti, tile_now) in p[t].iter().enumerate() {
                    let Some(here) = tile_now[x] else { continue };
                    match p[t + 1][ti][c] {
                        Some(there) => sink.add_clause(&[-v, -here, there]),
                        None => sink.add_clause(&[-v, -here]),
                    }
                    if self.ing.away_count {
                        let g = self.goal.position_of(ti as u8 + 1);
                        let goes_away = self.dist(c, g) > self.dist(x, g);
                        sink.family("away-count");
                        sink.add_clause(&[-v, -here, if goes_away { w } else { -w }]);
                        sink.family("transport");
                    }
                }
            }
        }
        // Frame: a tile stays unless the blank comes onto its cell (then the transport
        // above moved it).
        sink.family("frame");
        for (ti, cells) in p[t].iter().enumerate() {
            for (x, var) in cells.iter().enumerate() {
                let Some(here) = *var else { continue };
                let mut clause = vec![-here];
                clause.extend(p[t + 1][ti][x]);
                clause.extend(b[t + 1][x]);
                sink.add_clause(&clause);
            }
        }
        if self.ing.no_undo && t > 0 {
            sink.family("no-undo");
            for (di, &m) in Move::ALL.iter().enumerate() {
                let back = m.opposite().index();
                sink.add_clause(&[-self.act[t - 1][di], -act[back]]);
            }
        }
        self.act.push(act);
        self.away.push(w);
    }

    /// Everything that makes "the goal at exactly step h" true, each clause guarded by
    /// `guard` (an activation literal) when given: the goal board, the goal-side windows and
    /// detour budget (incremental mode), the away count and the linear conflicts.
    pub fn close(&mut self, h: usize, k: usize, guard: Option<Lit>, sink: &mut impl ClauseSink) {
        while self.steps() < h {
            self.add_step(sink);
        }
        let with_guard =
            |clause: &[Lit]| -> Vec<Lit> { guard.map(|g| -g).into_iter().chain(clause.iter().copied()).collect() };
        sink.family("goal");
        for (c, &tile) in self.goal.cells().iter().enumerate() {
            let var = if tile == BLANK { self.b[h][c] } else { self.p[h][tile as usize - 1][c] };
            sink.add_clause(&with_guard(&var.map_or(vec![], |v| vec![v])));
        }
        if self.fixed.is_none() && self.ing.reachability {
            for t in 0..=h {
                for (ti, cells) in self.p[t].iter().enumerate() {
                    let (s, g) = (self.start.position_of(ti as u8 + 1), self.goal.position_of(ti as u8 + 1));
                    for (c, var) in cells.iter().enumerate() {
                        let ok = self.goal_side_ok(self.dist(s, c), self.dist(c, g), self.dist(s, g), t, h, k);
                        if let (Some(v), false) = (var, ok) {
                            sink.add_clause(&with_guard(&[-v]));
                        }
                    }
                }
                for (c, var) in self.b[t].iter().enumerate() {
                    if let (Some(v), true) = (var, self.dist(c, self.goal.blank()) > h - t) {
                        sink.add_clause(&with_guard(&[-v]));
                    }
                }
            }
        }
        if self.ing.away_count {
            sink.family("away-count");
            card::at_most(sink, &self.away[..h], k, guard);
        }
        if self.ing.detours {
            detour_budget(&self.start, &self.goal, h, k, &self.p, guard, sink);
        }
        if self.ing.conflicts {
            sink.family("conflicts");
            linear_conflicts(&self.goal, h, k, &self.p, &self.away, guard, sink);
        }
    }
}

/// Writes `compact` for exactly `horizon` moves; the action variables are named, and also
/// returned: `actions[t][m.index()]` says step t plays move m (empty when the horizon is
/// impossible and the formula is one empty clause).
pub fn encode(
    start: &Board,
    goal: &Board,
    horizon: usize,
    ing: Ingredients,
    sink: &mut impl ClauseSink,
) -> Vec<Vec<Lit>> {
    encode_layers(start, goal, horizon, ing, sink).map_or_else(Vec::new, |layers| layers.act)
}

/// As [`encode`], returning every variable made (`None` when the horizon is impossible and
/// the formula is one empty clause): the propagators of the embedded solver watch the
/// position variables.
pub fn encode_layers(
    start: &Board,
    goal: &Board,
    horizon: usize,
    ing: Ingredients,
    sink: &mut impl ClauseSink,
) -> Option<Layers> {
    let Some(k) = budget(start, goal, horizon) else {
        // No plan: every move changes the Manhattan distance by one.
        sink.family("away-count");
        sink.add_clause(&[]);
        return None;
    };
    let mut layers = Layers::new(start, goal, ing, Some((horizon, k)), sink);
    layers.close(horizon, k, None, sink);
    Some(layers)
}

/// The cell a tile comes from when it slides in direction `m` into `c` (one step against m).
fn behind(board: &Board, c: usize, m: Move) -> Option<usize> {
    let (dr, dc) = m.delta();
    let r = (c / board.cols()) as isize - dr;
    let col = (c % board.cols()) as isize - dc;
    (r >= 0 && col >= 0 && r < board.rows() as isize && col < board.cols() as isize)
        .then(|| r as usize * board.cols() + col as usize)
}

/// Reads the plan from the action variables (the replay checks it against the rules).
///
/// # Errors
/// A step with no action or several.
pub fn decode(model: &impl puzzlec_ir::Model, horizon: usize) -> Result<Vec<Move>, puzzlec_encode::DecodeError> {
    puzzlec_encode::one_action_per_step(model, horizon, action_name)
}

/// `compact` in the registry (default ingredients; measurements call [`encode`] directly).
pub struct Compact;

puzzlec_encode::describe!(
    Compact,
    "compact",
    "tile positions and actions, reachability windows, IDA*'s bound as a totalizer; CNF, built for speed",
    [Dimacs]
);

impl super::SlideEncoding for Compact {
    fn write_cnf(&self, start: &Board, goal: &Board, horizon: usize, mut sink: &mut dyn ClauseSink) -> Vec<Vec<Lit>> {
        encode(start, goal, horizon, Ingredients::default(), &mut sink)
    }

    fn smt(&self, _: &Board, _: &Board, _: usize) -> Option<puzzlec_ir::SmtScript> {
        None
    }

    fn decode(
        &self,
        model: &dyn puzzlec_ir::Model,
        _shape: &Board,
        horizon: usize,
    ) -> Result<Vec<Move>, puzzlec_encode::DecodeError> {
        decode(&model, horizon)
    }

    fn action_name(&self, t: usize, m: Move) -> Option<String> {
        Some(action_name(t, m))
    }

    /// The action of every step.
    fn blocking(&self, _start: &Board, plan: &[Move]) -> Vec<(String, i64)> {
        plan.iter().enumerate().map(|(t, &m)| (action_name(t, m), 1)).collect()
    }

    fn estimated_clauses(&self, cells: usize, horizon: usize) -> u64 {
        (horizon as u64 + 1) * 8 * (cells as u64).pow(2)
    }

    fn layered(&self) -> Option<&dyn super::layered::Layered> {
        Some(self)
    }

    fn allows_undo(&self) -> bool {
        !Ingredients::default().no_undo
    }
}
