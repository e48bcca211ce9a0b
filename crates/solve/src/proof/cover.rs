//! The end of a cube-and-conquer proof written directly: once every cube is refuted, and the
//! cubes with the prefixes ruled out beside them leave no assignment out, the empty clause
//! follows from their clauses by unit propagation over the formula, one prefix at a time.
//!
//! Why: a solver asked for it (one last solve without assumptions) finds the same by
//! search, and with a propagator connected it goes on giving lemmas of its own, each of
//! which a certificate's checker must then justify (on Korf 51's horizon 54, a last solve
//! met 10,137 boards to look ahead from; the steps here need none).
//!
//! How: the leaves (each a prefix of decision literals whose negation is a clause the
//! proof holds: a refuted cube's blocking clause, or a lemma of the input) form a tree.
//! Walking it depth first, each inner prefix `p` is assumed literal by literal; once its
//! children's clauses are in, each of them is unit under `p`, and with the formula's own
//! clauses (one action per step, the moves that are illegal where the prefix leads)
//! propagation ends in a conflict. The step `¬p` names, in the order they became unit, the
//! clauses that propagation used (an LRAT step, checked in linear time); the root's step is
//! the empty clause. A prefix whose propagation ends in no conflict leaves an assignment
//! out: the derivation says so and writes nothing more (the caller then proves the horizon
//! another way).

use std::collections::BinaryHeap;

use super::merge::Joined;

const NONE: u32 = u32::MAX;

/// Steps between two looks at the stop.
const STOP_EVERY: u64 = 1 << 10;

/// Derives the empty clause into `joined` from clauses of the input (`formula`: each with its
/// id) and `leaves`: prefixes of literals whose negations `joined` holds.
///
/// Which clauses of the input to give is the caller's choice, and the cost of the walk is
/// their propagation at every prefix: the clauses that decide which literals a prefix
/// allows next are enough (for sliding tiles, those of the actions and the blank, without
/// the tiles' positions: measured on Korf 51's horizon 54, 1.2 s with the whole formula).
///
/// `stop` is asked now and then (a run that ends waits for no proof it will not use).
///
/// # Errors
/// A leaf whose clause the proof does not hold, a prefix the leaves do not cover, the file
/// cannot be written, or `stop` said so.
pub fn derive<'a>(
    joined: &mut Joined,
    formula: impl IntoIterator<Item = (u64, &'a [i32])>,
    leaves: &[Vec<i32>],
    stop: &dyn Fn() -> bool,
) -> Result<(), String> {
    let mut e = Engine { stop: Some(stop), ..Engine::default() };
    let mut conflict = None;
    for (id, clause) in formula {
        conflict = conflict.or(e.add(id, clause));
    }
    let mut tree = Tree::new(leaves);
    if tree.nodes[0].leaf {
        let id = joined.id(&[]).ok_or("the empty prefix is a leaf, but no empty clause is held")?;
        joined.step(&[], &[id]).map_err(|e| e.to_string())?;
        return Ok(());
    }
    e.clause_of = vec![NONE; tree.nodes.len()];
    e.forced = vec![false; tree.nodes.len()];
    for (leaf, &node) in leaves.iter().zip(&tree.ends) {
        let clause: Vec<i32> = leaf.iter().map(|l| -l).collect();
        let id = joined.id(&clause).ok_or_else(|| format!("the proof holds no clause refuting the prefix {leaf:?}"))?;
        tree.nodes[node as usize].held = Some((id, clause.into_boxed_slice()));
    }
    let conflict = match conflict.or_else(|| e.propagate()) {
        Some(c) => c,
        None => e.refute(&tree, 0, joined)?,
    };
    let (clause, hints) = e.learn(conflict);
    debug_assert!(clause.is_empty(), "at the root no literal is assumed");
    joined.step(&clause, &hints).map_err(|e| e.to_string())?;
    Ok(())
}

/// The prefixes as a tree: node 0 the empty prefix.
struct Tree {
    nodes: Vec<Node>,
    /// Each leaf's node.
    ends: Vec<u32>,
}

#[derive(Default)]
struct Node {
    children: Vec<(i32, u32)>,
    /// A prefix of the leaves (its clause is held; nothing below it matters).
    leaf: bool,
    /// A leaf's clause: its id in the proof, its literals.
    held: Option<(u64, Box<[i32]>)>,
}

impl Tree {
    fn new(leaves: &[Vec<i32>]) -> Tree {
        let mut nodes = vec![Node::default()];
        let mut ends = Vec::with_capacity(leaves.len());
        for leaf in leaves {
            let mut at = 0usize;
            for &l in leaf {
                let found = nodes[at].children.iter().find(|c| c.0 == l).map(|c| c.1 as usize);
                at = found.unwrap_or_else(|| {
                    nodes.push(Node::default());
                    let n = nodes.len() - 1;
                    nodes[at].children.push((l, n as u32));
                    n
                });
            }
            nodes[at].leaf = true;
            ends.push(at as u32);
        }
        Tree { nodes, ends }
    }
}

/// Unit propagation with two watched literals, the reason of each assigned literal, and
/// decisions on a trail.
#[derive(Default)]
struct Engine<'s> {
    /// Asked every [`STOP_EVERY`] steps.
    stop: Option<&'s dyn Fn() -> bool>,
    steps: u64,
    /// Each clause's id in the proof and literals (the first two watched).
    clauses: Vec<(u64, Box<[i32]>)>,
    /// By literal ([`code`]): the clauses watching it.
    watches: Vec<Vec<u32>>,
    /// By variable: 1 true, -1 false, 0 unassigned; the clause that made it unit; its place
    /// on the trail.
    value: Vec<i8>,
    reason: Vec<u32>,
    place: Vec<u32>,
    trail: Vec<i32>,
    head: usize,
    /// Where each decision level begins on the trail (its first literal is the decision).
    levels: Vec<usize>,
    seen: Vec<bool>,
    /// Per tree node: its clause (a leaf's, or the step refuting it), once there is one.
    clause_of: Vec<u32>,
    /// Clauses no longer watched: those of the nodes below a refuted one, which its step
    /// subsumes (left in place, they cost a visit at every literal of theirs the walk
    /// falsified again in another subtree).
    dead: Vec<bool>,
    /// Per tree node: entered without a decision of its own (the prefix above forced it).
    forced: Vec<bool>,
}

fn code(l: i32) -> usize {
    2 * l.unsigned_abs() as usize + usize::from(l < 0)
}

impl Engine<'_> {
    fn grow(&mut self, var: usize) {
        if self.value.len() <= var {
            let n = (var + 1).max(self.value.len() * 3 / 2);
            self.value.resize(n, 0);
            self.reason.resize(n, NONE);
            self.place.resize(n, 0);
            self.seen.resize(n, false);
            self.watches.resize(2 * n + 2, Vec::new());
        }
    }

    fn val(&self, l: i32) -> i8 {
        let v = self.value[l.unsigned_abs() as usize];
        if l < 0 {
            -v
        } else {
            v
        }
    }

    fn assign(&mut self, l: i32, reason: u32) {
        let v = l.unsigned_abs() as usize;
        self.value[v] = if l < 0 { -1 } else { 1 };
        self.reason[v] = reason;
        self.place[v] = self.trail.len() as u32;
        self.trail.push(l);
    }

    /// Adds a clause under the current assignment; the clause itself when it is falsified.
    fn add(&mut self, id: u64, clause: &[i32]) -> Option<u32> {
        // In the order given (a prefix's clause: its first literals are the first to be
        // falsified, so the watches stay ahead of the walk and only its own prefix's clauses
        // are visited), each literal once.
        let mut sorted: Vec<i32> = clause.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == -w[1]) {
            return None;
        }
        let mut lits: Vec<i32> = clause.to_vec();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            sorted.dedup();
            lits = sorted;
        }
        for &l in &lits {
            self.grow(l.unsigned_abs() as usize);
        }
        // Watched first: literals not false, then the false ones assigned last.
        lits.sort_by_key(|&l| match self.val(l) {
            -1 => u64::MAX - u64::from(self.place[l.unsigned_abs() as usize]),
            _ => 0,
        });
        let index = self.clauses.len() as u32;
        let (first, second) = (lits.first().copied(), lits.get(1).copied());
        // A unit is never watched: it is added at the root, where nothing is undone.
        if let (Some(a), Some(b)) = (first, second) {
            self.watches[code(a)].push(index);
            self.watches[code(b)].push(index);
        }
        self.clauses.push((id, lits.into_boxed_slice()));
        self.dead.push(false);
        match (first.map(|l| self.val(l)), second.map(|l| self.val(l))) {
            (None | Some(-1), _) => Some(index),
            (Some(0), None | Some(-1)) => {
                self.assign(first.unwrap_or_default(), index);
                None
            }
            _ => None,
        }
    }

    /// Propagates what the trail holds; a falsified clause, if any.
    fn propagate(&mut self) -> Option<u32> {
        while self.head < self.trail.len() {
            let falsified = -self.trail[self.head];
            self.head += 1;
            let mut watching = std::mem::take(&mut self.watches[code(falsified)]);
            let mut i = 0;
            let mut conflict = None;
            while i < watching.len() {
                let ci = watching[i] as usize;
                if self.dead[ci] {
                    watching.swap_remove(i);
                    continue;
                }
                let mut lits = std::mem::take(&mut self.clauses[ci].1);
                if lits[0] == falsified {
                    lits.swap(0, 1);
                }
                let other = self.val(lits[0]);
                let moved = match other {
                    1 => false,
                    _ => match (2..lits.len()).find(|&k| self.val(lits[k]) != -1) {
                        Some(k) => {
                            lits.swap(1, k);
                            self.watches[code(lits[1])].push(ci as u32);
                            true
                        }
                        None => false,
                    },
                };
                let first = lits[0];
                self.clauses[ci].1 = lits;
                if moved {
                    watching.swap_remove(i);
                    continue;
                }
                i += 1;
                match other {
                    1 => {}
                    0 => self.assign(first, ci as u32),
                    _ => {
                        conflict = Some(ci as u32);
                        break;
                    }
                }
            }
            self.watches[code(falsified)] = watching;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    fn decide(&mut self, l: i32) {
        self.levels.push(self.trail.len());
        self.assign(l, NONE);
    }

    /// Undoes the last decision level.
    fn backtrack(&mut self) {
        let to = self.levels.pop().unwrap_or(0);
        for l in self.trail.drain(to..) {
            let v = l.unsigned_abs() as usize;
            self.value[v] = 0;
            self.reason[v] = NONE;
        }
        self.head = to;
    }

    /// The step a conflict gives: every decision negated, and the clauses that made each
    /// literal the conflict rests on unit, in trail order, the conflict's clause last.
    fn learn(&mut self, conflict: u32) -> (Vec<i32>, Vec<u64>) {
        let mut heap = BinaryHeap::new();
        let mut marked = Vec::new();
        let mut mark = |e: &mut Engine<'_>, l: i32, heap: &mut BinaryHeap<u32>| {
            let v = l.unsigned_abs() as usize;
            if !e.seen[v] {
                e.seen[v] = true;
                marked.push(v);
                heap.push(e.place[v]);
            }
        };
        for k in 0..self.clauses[conflict as usize].1.len() {
            let l = self.clauses[conflict as usize].1[k];
            mark(self, l, &mut heap);
        }
        let mut hints = Vec::new();
        while let Some(at) = heap.pop() {
            let l = self.trail[at as usize];
            let r = self.reason[l.unsigned_abs() as usize];
            if r == NONE {
                continue;
            }
            hints.push(self.clauses[r as usize].0);
            for k in 0..self.clauses[r as usize].1.len() {
                let x = self.clauses[r as usize].1[k];
                if x.unsigned_abs() != l.unsigned_abs() {
                    mark(self, x, &mut heap);
                }
            }
        }
        for v in marked {
            self.seen[v] = false;
        }
        hints.reverse();
        hints.push(self.clauses[conflict as usize].0);
        let clause = self.levels.iter().map(|&at| -self.trail[at]).collect();
        (clause, hints)
    }

    /// Unwatches the clauses below `node`, whose step subsumes them.
    fn kill(&mut self, tree: &Tree, node: usize) {
        for &(_, below) in &tree.nodes[node].children {
            let below = below as usize;
            if let Some(d) = self.dead.get_mut(self.clause_of[below] as usize) {
                *d = true;
            }
            if self.forced[below] {
                self.kill(tree, below);
            }
        }
    }

    /// Refutes the inner prefix `node`, assumed and propagated without a conflict: each
    /// child that is no leaf is refuted in turn and its step added; the conflict that then
    /// follows at this level.
    fn refute(&mut self, tree: &Tree, node: usize, joined: &mut Joined) -> Result<u32, String> {
        // The leaves below come in only now, each unit at once: watched from the start,
        // every clause would be visited wherever the walk assumes one of its literals.
        for &(_, child) in &tree.nodes[node].children {
            if let Some((id, clause)) = &tree.nodes[child as usize].held {
                self.clause_of[child as usize] = self.clauses.len() as u32;
                if let Some(c) = self.add(*id, clause) {
                    return Ok(c);
                }
            }
        }
        if let Some(c) = self.propagate() {
            return Ok(c);
        }
        for &(lit, child) in &tree.nodes[node].children {
            let child = child as usize;
            if tree.nodes[child].leaf {
                continue;
            }
            match self.val(lit) {
                -1 => continue,
                // The prefix forces it: the child's conflict is this prefix's (and the
                // child's clauses go when this prefix's do).
                1 => {
                    self.forced[child] = true;
                    return self.refute(tree, child, joined);
                }
                _ => {}
            }
            self.decide(lit);
            let conflict = match self.propagate() {
                Some(c) => c,
                None => self.refute(tree, child, joined)?,
            };
            let (clause, hints) = self.learn(conflict);
            let id = joined.step(&clause, &hints).map_err(|e| e.to_string())?;
            self.steps += 1;
            if self.steps.is_multiple_of(STOP_EVERY) && self.stop.is_some_and(|s| s()) {
                return Err("stopped".into());
            }
            self.backtrack();
            self.kill(tree, child);
            self.clause_of[child] = self.clauses.len() as u32;
            if let Some(c) = self.add(id, &clause).or_else(|| self.propagate()) {
                return Ok(c);
            }
        }
        Err(format!("a prefix of {} literals is not covered by the refuted ones", self.levels.len()))
    }
}

#[cfg(test)]
mod tests;
