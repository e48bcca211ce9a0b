//! Layered pair lemmas: which pairs of (class, anchor) facts can hold together a given number
//! of moves from the start, or from the goal, learnt by the solver one layer at a time and
//! given back to it as clauses.
//!
//! An atom is "a piece of class k holds anchor a"; a pair is two atoms (or one twice) that do
//! not overlap. Layer t asks a formula written one state at a time (from the start,
//! [`Forward`], or from the goal back, [`Backward`]) for a position at state t holding a pair
//! not seen at any earlier layer; each answer marks every pair of that position seen, and
//! when the solver answers UNSAT, every pair still unseen is ruled out at state t by a clause
//! (binary, or a unit for one atom). Each clause is implied by the formula (the solver has
//! just proved it), so the witnesses only decide how many calls a layer takes, never what it
//! rules out. Horizon h then asks the start's formula for the goal at state h, with the goal
//! side's layer u ruled out at state h - u under a selector of that horizon.
//!
//! Why: on Klotski (slide metric, optimum 90) horizon 89 written whole is out of reach
//! (the climb proved 78 in 585 s), but with every pair ruled out before its layer (taken, as
//! an experiment, from the exact search) CaDiCaL refutes it in 0.4 s; with the layers of the
//! start's side for states 0-54 and the goal's side for the last 35, in 32 s. Learning the
//! start's side alone grows steeply past layer 54 (one layer took minutes by 59), while the
//! goal's side is cheap for longer (60 layers in five minutes), hence both ends, one per core.

use std::time::{Duration, Instant};

use puzzlec_ir::{CnfModel, Lit};
use puzzlec_solve::{Incremental, Outcome};

use crate::encodings::backward::Backward;
use crate::encodings::forward::Forward;
use crate::encodings::frame::Layout;
use crate::rules::BlocksPuzzle;

/// The most pairs layered (beyond it the clauses per state outweigh what they save, and the
/// live solvers race without them): Klotski has 1,559, a 6x6 Rush Hour card a few hundred.
pub const MAX_PAIRS: usize = 40_000;

/// More of the start's layers than this to close before a horizon, and the goal is first
/// asked without them for [`GLANCE`].
pub const FAR_AHEAD: usize = 8;

/// How long the goal is asked for before the layers a far horizon would need.
pub const GLANCE: Duration = Duration::from_secs(2);

/// The formula the layers are closed on.
enum Side {
    Start(Forward),
    Goal(Backward),
}

impl Side {
    fn grow(&mut self, p: &BlocksPuzzle, t: usize, session: &mut dyn Incremental) {
        match self {
            Side::Start(f) => f.grow(p, t, session),
            Side::Goal(b) => b.grow(p, t, &mut *session),
        }
    }

    fn held(&self, t: usize) -> &[Vec<Lit>] {
        match self {
            Side::Start(f) => f.held(t),
            Side::Goal(b) => b.held(t),
        }
    }

    /// Whether class `k` may hold anchor `a` at state `t` (the side's own bounds).
    fn allowed(&self, lay: &Layout, k: usize, t: usize, a: usize) -> bool {
        match self {
            Side::Start(_) => lay.near_start(k, t, a),
            Side::Goal(_) => lay.near_goal(k, t, a),
        }
    }
}

/// One side's formula and the layers closed on it.
pub struct Layers {
    side: Side,
    lay: Layout,
    /// Per atom: its class and its slot in the class's anchors.
    atoms: Vec<(usize, usize)>,
    /// The pairs (atom indices, the first at most the second).
    pairs: Vec<(usize, usize)>,
    /// Pair index by atom indices (`n * i + j`, i <= j), `usize::MAX` for none.
    index: Vec<usize>,
    seen: Vec<bool>,
    /// The next layer to close; every earlier one rules its unseen pairs out.
    next: usize,
    /// The layer being closed and its pair literals ("both atoms of the pair hold").
    open: Option<(usize, Vec<Option<Lit>>)>,
}

impl Layers {
    /// Writes the start's side (or, with `from_goal`, the goal's) into `session`; `None` when
    /// the puzzle has more than [`MAX_PAIRS`].
    pub fn open(p: &BlocksPuzzle, session: &mut dyn Incremental, from_goal: bool) -> Option<Layers> {
        let lay = Layout::new(p, 0);
        let atoms: Vec<(usize, usize)> =
            lay.ever.iter().enumerate().flat_map(|(k, ever)| (0..ever.len()).map(move |j| (k, j))).collect();
        let n = atoms.len();
        let cells =
            |(k, j): (usize, usize)| -> Vec<usize> { p.board.covers(lay.classes[k][0], lay.ever[k][j]).collect() };
        let together = |x: (usize, usize), y: (usize, usize)| {
            (x.0 != y.0 || lay.classes[x.0].len() > 1) && !cells(x).iter().any(|c| cells(y).contains(c))
        };
        let (mut pairs, mut index) = (Vec::new(), vec![usize::MAX; n * n]);
        for i in 0..n {
            for j in i..n {
                if i == j || together(atoms[i], atoms[j]) {
                    if pairs.len() == MAX_PAIRS {
                        return None;
                    }
                    index[n * i + j] = pairs.len();
                    pairs.push((i, j));
                }
            }
        }
        let side = if from_goal {
            Side::Goal(Backward::open(p, &mut *session))
        } else {
            Side::Start(Forward::open(p, session))
        };
        let seen = vec![false; pairs.len()];
        let mut layers = Layers { side, lay, atoms, pairs, index, seen, next: 0, open: None };
        if !from_goal {
            // Layer 0 is the start alone.
            let start: Vec<usize> = (0..n)
                .filter(|&i| {
                    let (k, j) = layers.atoms[i];
                    layers.lay.starts_on(p, k, layers.lay.ever[k][j])
                })
                .collect();
            layers.mark(&start);
            layers.next = 1;
        }
        Some(layers)
    }

    /// The next layer to close.
    pub fn next(&self) -> usize {
        self.next
    }

    /// Closes the next layer: the pairs it rules out (atom indices), or `None` when the
    /// deadline or a stop came first (the layer is taken up again by the next call).
    pub fn close_next(
        &mut self,
        p: &BlocksPuzzle,
        session: &mut dyn Incremental,
        deadline: Instant,
    ) -> Option<Vec<(usize, usize)>> {
        let t = self.next;
        self.side.grow(p, t, session);
        if !self.close(t, session, deadline) {
            return None;
        }
        Some(self.pairs.iter().zip(&self.seen).filter(|(_, &s)| !s).map(|(&q, _)| q).collect())
    }

    /// Horizon `h` on the start's side, with the goal's layers `back[u]` (the pairs ruled
    /// out u moves before the goal) ruled out at state `h - u`: the start's layers closed up
    /// to where the goal's reach, then the goal asked at state `h`. When that leaves more
    /// than [`FAR_AHEAD`] layers to close, the goal is first asked for [`GLANCE`] alone: a
    /// horizon far above the optimum (the at-most search gallops) is SAT and needs none of
    /// them, and the start's layers past the middle take minutes each. Unknown when `limit`
    /// runs out (the layers closed so far stay).
    pub fn probe(
        &mut self,
        p: &BlocksPuzzle,
        h: usize,
        session: &mut dyn Incremental,
        limit: Duration,
        back: &[Vec<(usize, usize)>],
    ) -> Outcome<CnfModel> {
        let deadline = Instant::now() + limit;
        self.side.grow(p, h, session);
        let Side::Start(start) = &self.side else { unreachable!("horizons are asked of the start's side") };
        let Some(mut assumed) = start.goal(p, h) else { return Outcome::Unsat };
        let select = session.new_var(None);
        for (u, ruled) in back.iter().enumerate().take(h + 1) {
            let held = start.held(h - u);
            for &(i, j) in ruled {
                let ((ki, si), (kj, sj)) = (self.atoms[i], self.atoms[j]);
                session.add_clause(&[-select, -held[ki][si], -held[kj][sj]]);
            }
        }
        assumed.push(select);
        let need = h.saturating_sub(back.len());
        let started = Instant::now();
        let left = || deadline.saturating_duration_since(Instant::now());
        let mut got = Outcome::Unknown(String::new());
        if need > self.next + FAR_AHEAD {
            got = session.solve(&assumed, GLANCE.min(left()));
        }
        if matches!(got, Outcome::Unknown(_)) {
            got = loop {
                if self.next > need {
                    break session.solve(&assumed, left());
                }
                if !self.close(self.next, session, deadline) {
                    break Outcome::Unknown("time limit reached".into());
                }
            };
        }
        session.add_clause(&[-select]);
        if puzzlec_core::tuning::get().layer_stats {
            let (s, g) = (self.next - 1, back.len());
            eprintln!(
                "layers: horizon {h}: start's side to {s}, goal's {g} deep, {:.2} s",
                started.elapsed().as_secs_f64()
            );
        }
        got
    }

    /// Closes layer `t`: asks for positions at state t with an unseen pair until there is none,
    /// then rules the unseen pairs out there. False when the deadline came first.
    fn close(&mut self, t: usize, session: &mut dyn Incremental, deadline: Instant) -> bool {
        let held = self.side.held(t).to_vec();
        let lit = |i: usize, atoms: &[(usize, usize)]| held[atoms[i].0][atoms[i].1];
        let live: Vec<bool> =
            self.atoms.iter().map(|&(k, j)| self.side.allowed(&self.lay, k, t, self.lay.ever[k][j])).collect();
        let usable = |q: usize, pairs: &[(usize, usize)]| live[pairs[q].0] && live[pairs[q].1];
        if self.open.as_ref().is_none_or(|(layer, _)| *layer != t) {
            self.open = Some((t, vec![None; self.pairs.len()]));
        }
        loop {
            let unseen: Vec<usize> =
                (0..self.pairs.len()).filter(|&q| !self.seen[q] && usable(q, &self.pairs)).collect();
            if unseen.is_empty() {
                break;
            }
            let select = session.new_var(None);
            let mut some = vec![-select];
            let Some((_, both)) = self.open.as_mut() else { unreachable!("opened above") };
            for &q in &unseen {
                let (i, j) = self.pairs[q];
                some.push(*both[q].get_or_insert_with(|| {
                    if i == j {
                        return lit(i, &self.atoms);
                    }
                    let z = session.new_var(None);
                    session.add_clause(&[-z, lit(i, &self.atoms)]);
                    session.add_clause(&[-z, lit(j, &self.atoms)]);
                    z
                }));
            }
            session.add_clause(&some);
            let got = session.run(&[select], deadline.saturating_duration_since(Instant::now()), None);
            session.add_clause(&[-select]);
            match got {
                None => return false,
                Some(false) => break,
                Some(true) => {
                    let model = session.model();
                    let now: Vec<usize> =
                        (0..self.atoms.len()).filter(|&i| model.lit(lit(i, &self.atoms)) == Some(true)).collect();
                    self.mark(&now);
                }
            }
        }
        for (q, &(i, j)) in self.pairs.iter().enumerate() {
            if !self.seen[q] && usable(q, &self.pairs) {
                session.add_clause(&[-lit(i, &self.atoms), -lit(j, &self.atoms)]);
            }
        }
        self.next = t + 1;
        self.open = None;
        true
    }

    /// Marks every pair among `held` (atom indices, in order) seen.
    fn mark(&mut self, held: &[usize]) {
        let n = self.atoms.len();
        for (a, &i) in held.iter().enumerate() {
            for &j in &held[a..] {
                if let Some(seen) = self.seen.get_mut(self.index[n * i + j]) {
                    *seen = true;
                }
            }
        }
    }

    /// The start's formula (for decoding a plan).
    pub fn start(&self) -> Option<&Forward> {
        match &self.side {
            Side::Start(f) => Some(f),
            Side::Goal(_) => None,
        }
    }
}
