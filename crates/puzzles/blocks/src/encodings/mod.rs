//! Sliding-block encodings (`--encoding sat|labelled|smt`) and what they share: the anchors each
//! piece can ever use (alone on the board from its start) and the bounds that prune them per
//! step, and the decoder that reads every piece's anchor per step and turns the changes into
//! moves (then replayed through the rules).
//!
//! Both encodings say "a plan of at most H moves": a step may be idle, idle steps come last.
//! So one UNSAT horizon proves every shorter one, and the horizons go up by one.

pub(crate) mod backward;
pub(crate) mod classes;
mod counts;
pub(crate) mod forward;
pub(crate) mod frame;
pub(crate) mod labelled;
mod reach;
pub(crate) mod smt;

use puzzlec_encode::DecodeError;
use puzzlec_ir::{ClauseSink, Lit};

use crate::rules::search::{alone, reach, way, FAR};
use crate::rules::{Axis, BlockMove, BlocksPuzzle, Metric, State};

/// One sliding-block encoding: a plan of at most `horizon` moves that reaches the goal, in
/// one form, and back from a model to a plan. Add one as a file plus a line in [`ALL`].
pub trait BlocksEncoding: puzzlec_encode::PlanEncoding<BlocksPuzzle, Step = BlockMove> {
    /// The metrics it encodes (the others are refused before anything is written).
    fn metrics(&self) -> &'static [Metric];
    /// The labels of its mover variables (one character each: a piece, or a class by its
    /// first piece), which with [`idle_name`] cover every step of every model: cluster jobs
    /// split a horizon on them. Empty when the encoding names none in CNF.
    fn movers(&self, _p: &BlocksPuzzle) -> Vec<char> {
        Vec::new()
    }
    /// The name of mover `k` (in the order of [`BlocksEncoding::movers`]) at step t.
    fn mover_name(&self, _t: usize, _k: usize) -> String {
        String::new()
    }
}

/// The CNF encoding for `p` when none is named: `sat` (classes) for the path metric (the only
/// CNF encoding of it) or when two equal pieces can trade places (their anchors alone meet,
/// and they are not kept in order on one line), else `labelled`, the faster one when no
/// position has two labellings (Rush Hour: 2.7 times faster at the 51-move card's horizon 50).
pub fn preferred(p: &BlocksPuzzle) -> &'static str {
    use puzzlec_encode::Encoding as _;
    if !labelled::Labelled.metrics().contains(&p.metric) {
        return classes::Sat.name();
    }
    let dom = Domains::new(p, 0);
    let meet = p.groups().iter().any(|members| {
        members.iter().enumerate().any(|(k, &i)| {
            let mine = dom.ever(i);
            members[k + 1..].iter().any(|&j| ordered(p, i, j).is_none() && dom.ever(j).iter().any(|a| mine.contains(a)))
        })
    });
    if meet {
        classes::Sat.name()
    } else {
        labelled::Labelled.name()
    }
}

/// Two rectangles kept to one axis whose lines overlap can never pass each other: (the one
/// before, the one after, whether along a row). The order then replaces their offsets.
pub fn ordered(p: &BlocksPuzzle, i: usize, j: usize) -> Option<(usize, usize, bool)> {
    let (a, b) = (&p.board.pieces[i], &p.board.pieces[j]);
    let full = |q: &crate::rules::Piece| q.cells.len() == q.height * q.width;
    if a.axis != b.axis || a.axis == Axis::Free || !full(a) || !full(b) {
        return None;
    }
    let cols = p.board.cols;
    let ((ra, ca), (rb, cb)) = ((a.start / cols, a.start % cols), (b.start / cols, b.start % cols));
    let along_row = a.axis == Axis::Horizontal;
    let meet =
        if along_row { ra < rb + b.height && rb < ra + a.height } else { ca < cb + b.width && cb < ca + a.width };
    let i_first = if along_row { ca < cb } else { ra < rb };
    meet.then_some(if i_first { (i, j, along_row) } else { (j, i, along_row) })
}

/// Name of "step t is idle" (no piece moves; idle steps come last).
pub fn idle_name(t: usize) -> String {
    format!("I({t})")
}

/// Writes the idle variable of a step: true exactly when none of `movers` is.
pub fn idle(sink: &mut dyn ClauseSink, t: usize, movers: &[puzzlec_ir::Lit]) -> Lit {
    let idle = sink.new_var(Some(idle_name(t)));
    let mut some = vec![idle];
    some.extend(movers);
    sink.add_clause(&some);
    for &m in movers {
        sink.add_clause(&[-idle, -m]);
    }
    idle
}

/// Every sliding-block encoding.
pub static ALL: [&dyn BlocksEncoding; 3] = [&classes::Sat, &labelled::Labelled, &smt::Smt];

/// The anchors piece `i` may use at step `t` of `horizon`: reachable from its start alone in
/// at most `t` moves and, for a goal piece, able to reach its goal alone in the moves left.
pub struct Domains {
    /// Per piece: moves alone from its start to each anchor.
    from_start: Vec<Vec<u32>>,
    /// Per piece: moves alone to its goal (`None` for a piece without one).
    to_goal: Vec<Option<Vec<u32>>>,
    pub horizon: usize,
}

impl Domains {
    pub fn new(p: &BlocksPuzzle, horizon: usize) -> Domains {
        let n = p.board.pieces.len();
        let from_start = (0..n).map(|i| alone(p, i, p.board.pieces[i].start)).collect();
        let to_goal = (0..n).map(|i| p.goal_of(i).map(|g| alone(p, i, g))).collect();
        Domains { from_start, to_goal, horizon }
    }

    /// Every anchor piece `i` can ever use, in order.
    pub fn ever(&self, i: usize) -> Vec<usize> {
        (0..self.from_start[i].len()).filter(|&a| self.from_start[i][a] != FAR).collect()
    }

    /// Whether piece `i` may stand on `a` after `t` moves.
    pub fn allowed(&self, i: usize, t: usize, a: usize) -> bool {
        self.near_start(i, t, a) && self.near_goal(i, self.horizon - t, a)
    }

    /// Whether piece `i` can reach `a` alone from its start in `t` moves (the start's side
    /// of the bounds alone, which does not depend on the horizon).
    pub fn near_start(&self, i: usize, t: usize, a: usize) -> bool {
        self.from_start[i][a] as usize <= t
    }

    /// Whether piece `i` on `a` can reach its goal alone in `left` moves (any piece without
    /// one can).
    pub fn near_goal(&self, i: usize, left: usize, a: usize) -> bool {
        self.to_goal[i].as_ref().is_none_or(|g| g[a] as usize <= left)
    }
}

/// The moves one step of a formula may take, counted with every piece alone on the board:
/// (piece, from, to) over the anchors each piece can ever reach, counting stops past `cap`.
/// What one step writes grows with it; the live solvers add steps with no clause cap of
/// their own, so a board past [`LIVE_TRANSITIONS`] is solved by fresh formulas, which
/// the clause cap and the deadline bound.
pub fn transitions(p: &BlocksPuzzle, cap: u64) -> u64 {
    let mut total = 0u64;
    for (i, piece) in p.board.pieces.iter().enumerate() {
        let dist = alone(p, i, piece.start);
        let ever: Vec<usize> = (0..dist.len()).filter(|&a| dist[a] != FAR).collect();
        total += match p.metric {
            // One move reaches any anchor of the piece's region.
            Metric::Path => (ever.len() * ever.len().saturating_sub(1)) as u64,
            _ => ever.iter().map(|&a| moves_alone(p, i, a).len() as u64).sum(),
        };
        if total > cap {
            break;
        }
    }
    total
}

/// The most [`transitions`] a board may have for the live solvers.
pub const LIVE_TRANSITIONS: u64 = 500_000;

/// Where piece `i` may go from `a` in one move with no other piece on the board.
pub fn moves_alone(p: &BlocksPuzzle, i: usize, a: usize) -> Vec<usize> {
    reach(p, &vec![None; p.board.cells()], i, a)
}

/// The anchors a slide of piece `i` from `a` reaches along its lines (on the empty board),
/// each with the cells swept on the way there beyond the ones it leaves: the cells that
/// must be free at the step of the slide (the anchor's own cells are free by the no-overlap
/// of the next step, since nothing else moves).
pub fn slides(p: &BlocksPuzzle, i: usize, a: usize) -> Vec<(usize, Vec<usize>)> {
    let own: Vec<usize> = p.board.covers(i, a).collect();
    let mut out = Vec::new();
    for s in crate::rules::moves::STEPS.iter().filter(|s| p.board.pieces[i].axis.allows(s.0)) {
        let (mut at, mut swept): (usize, Vec<usize>) = (a, Vec::new());
        while let Some(b) = p.board.step(at, s.0).filter(|&b| p.board.fits(i, b)) {
            out.push((b, swept.clone()));
            for c in p.board.covers(i, b) {
                if !own.contains(&c) && !swept.contains(&c) {
                    swept.push(c);
                }
            }
            at = b;
        }
    }
    out
}

/// At most one of `lits`: pairwise for short lists, rustsat's totalizer for long ones.
pub fn at_most_one(mut sink: &mut dyn ClauseSink, lits: &[Lit]) {
    if lits.len() <= 12 {
        for (k, &a) in lits.iter().enumerate() {
            for &b in &lits[k + 1..] {
                sink.add_clause(&[-a, -b]);
            }
        }
    } else {
        puzzlec_encode::card::at_most(&mut sink, lits, 1, None);
    }
}

/// Exactly one of `lits`; with a `guard`, at least one only when the guard holds.
pub fn exactly_one(sink: &mut dyn ClauseSink, lits: &[Lit], guard: Option<Lit>) {
    let mut alo: Vec<Lit> = guard.map(|g| -g).into_iter().collect();
    alo.extend(lits);
    sink.add_clause(&alo);
    at_most_one(sink, lits);
}

/// Whether two moves in a row of one piece can always be merged into one (or cancel): along
/// any path, or a slide kept to one axis. Shortest plans then never make them.
pub fn mergeable(p: &BlocksPuzzle, i: usize) -> bool {
    match p.metric {
        Metric::Path => true,
        Metric::Slide => p.board.pieces[i].axis != crate::rules::Axis::Free,
        Metric::Step => false,
    }
}

/// The plan behind the anchors of every step: each step either moves one piece (by one move
/// of the metric) or changes nothing; idle steps are dropped.
///
/// # Errors
/// Two pieces moving in one step, or a change that is not one move.
pub fn plan_of(p: &BlocksPuzzle, steps: &[Vec<usize>]) -> Result<Vec<BlockMove>, DecodeError> {
    let mut plan = Vec::new();
    for (t, pair) in steps.windows(2).enumerate() {
        let moved: Vec<usize> = (0..pair[0].len()).filter(|&i| pair[0][i] != pair[1][i]).collect();
        match moved.as_slice() {
            [] => {}
            [i] => {
                let grid = State { anchors: pair[0].clone() }.occupancy(p);
                let path = way(p, &grid, *i, pair[0][*i], pair[1][*i]).ok_or_else(|| {
                    DecodeError::Inconsistent(format!(
                        "step {}: piece {} does not get there in one {} move",
                        t + 1,
                        p.board.pieces[*i].name,
                        p.metric.name()
                    ))
                })?;
                plan.push(BlockMove { piece: *i, path });
            }
            many => {
                return Err(DecodeError::Inconsistent(format!("step {}: {} pieces move at once", t + 1, many.len())));
            }
        }
    }
    Ok(plan)
}

/// The anchors after each move of a plan (the start first), for blocking clauses.
pub fn anchors_along(p: &BlocksPuzzle, plan: &[BlockMove]) -> Vec<usize> {
    let after = crate::rules::moves::positions(p, plan);
    plan.iter().zip(&after[1..]).map(|(m, s)| s.anchors[m.piece]).collect()
}
