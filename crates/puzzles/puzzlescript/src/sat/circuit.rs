//! Boolean circuits written as clauses: gates folded over constants and shared when built
//! twice (structural hashing), so that a turn played on a level that is mostly known
//! (walls, floors, whatever the first inputs cannot reach) costs only what can change.

use rustc_hash::FxHashMap as HashMap;

use puzzlec_ir::{ClauseSink, Lit};

/// The constant true; its negation is the constant false.
pub const T: Lit = i32::MAX;
pub const F: Lit = -i32::MAX;

pub fn constant(b: bool) -> Lit {
    if b {
        T
    } else {
        F
    }
}

/// A circuit writing its gates into a sink.
pub struct Circuit<S: ClauseSink> {
    /// Where the clauses go (a file's formula, or a live solver).
    pub sink: S,
    /// Gates by their inputs and the literal under which they are defined (`T`: always).
    ands: HashMap<(Vec<Lit>, Lit), Lit>,
    ites: HashMap<(Lit, Lit, Lit, Lit), Lit>,
    /// The literal under which the gates written now are defined (see [`Circuit::guarded`]).
    guard: Lit,
}

/// Gates past which a circuit's tables are freed on a thread of their own: tens of millions
/// of entries take seconds to free (13.6 s for castlemouse level 4 at horizon 9 with 20
/// `again` turns a step), which an answer given at a time limit should not wait for.
const FREE_APART: usize = 1 << 20;

impl<S: ClauseSink> Drop for Circuit<S> {
    fn drop(&mut self) {
        if self.ands.len() + self.ites.len() > FREE_APART {
            let tables = (std::mem::take(&mut self.ands), std::mem::take(&mut self.ites));
            std::thread::spawn(move || drop(tables));
        }
    }
}

impl<S: ClauseSink> Circuit<S> {
    pub fn new(sink: S) -> Circuit<S> {
        Circuit { sink, ands: HashMap::default(), ites: HashMap::default(), guard: T }
    }

    /// Writes the gates of `f` defined only where `guard` holds: each of their clauses also
    /// says `¬guard`, so where it is false they are free and the solver propagates nothing
    /// through them. Why: an `again` turn is written after every input, and after most
    /// inputs none is due; defined everywhere, its gates would be propagated on every try,
    /// a whole turn each. The caller reads what `f` gives only where `guard` holds (gates
    /// defined everywhere and written before are shared; gates written here are not shared
    /// outside).
    pub fn guarded<R>(&mut self, guard: Lit, f: impl FnOnce(&mut Self) -> R) -> R {
        let outer = std::mem::replace(&mut self.guard, guard);
        let r = f(self);
        self.guard = outer;
        r
    }

    /// Writes a gate's defining clause, under the guard.
    fn define(&mut self, clause: &[Lit]) {
        if self.guard == T {
            self.sink.add_clause(clause);
        } else {
            let mut c = clause.to_vec();
            c.push(-self.guard);
            self.sink.add_clause(&c);
        }
    }

    /// A fresh input (or a value left free), named when a decoder reads it.
    pub fn input(&mut self, name: Option<String>) -> Lit {
        self.sink.new_var(name)
    }

    /// Adds a clause over gate outputs (constants folded: a true literal drops the clause, as
    /// does a literal with its negation; a literal written twice is written once).
    pub fn clause(&mut self, lits: &[Lit]) {
        if lits.contains(&T) {
            return;
        }
        let mut kept: Vec<Lit> = lits.iter().copied().filter(|&l| l != F).collect();
        kept.sort_unstable_by_key(|l| (l.unsigned_abs(), *l));
        kept.dedup();
        if kept.windows(2).any(|w| w[0] == -w[1]) {
            return;
        }
        self.sink.add_clause(&kept);
    }

    pub fn and(&mut self, a: Lit, b: Lit) -> Lit {
        self.and_all(&[a, b])
    }

    pub fn or(&mut self, a: Lit, b: Lit) -> Lit {
        -self.and_all(&[-a, -b])
    }

    pub fn or_all(&mut self, lits: &[Lit]) -> Lit {
        let negated: Vec<Lit> = lits.iter().map(|l| -l).collect();
        -self.and_all(&negated)
    }

    /// The conjunction of `lits`.
    pub fn and_all(&mut self, lits: &[Lit]) -> Lit {
        let mut v: Vec<Lit> = Vec::with_capacity(lits.len());
        for &l in lits {
            if l == F {
                return F;
            }
            if l != T {
                v.push(l);
            }
        }
        v.sort_unstable_by_key(|l| (l.unsigned_abs(), *l));
        v.dedup();
        if v.windows(2).any(|w| w[0] == -w[1]) {
            return F;
        }
        match v.len() {
            0 => return T,
            1 => return v[0],
            _ => {}
        }
        let mut key = (v, T);
        if let Some(&g) = self.ands.get(&key) {
            return g;
        }
        if self.guard != T {
            key.1 = self.guard;
            if let Some(&g) = self.ands.get(&key) {
                return g;
            }
        }
        let g = self.sink.new_var(None);
        for &l in &key.0 {
            self.define(&[-g, l]);
        }
        let mut long: Vec<Lit> = key.0.iter().map(|l| -l).collect();
        long.push(g);
        self.define(&long);
        self.ands.insert(key, g);
        g
    }

    /// `c ? a : b`.
    pub fn ite(&mut self, c: Lit, a: Lit, b: Lit) -> Lit {
        match (c, a, b) {
            (T, _, _) => return a,
            (F, _, _) => return b,
            _ if a == b => return a,
            (_, T, F) => return c,
            (_, F, T) => return -c,
            (_, T, _) => return self.or(c, b),
            (_, F, _) => return self.and(-c, b),
            (_, _, T) => return self.or(-c, a),
            (_, _, F) => return self.and(c, a),
            _ => {}
        }
        if c == a {
            return self.or(c, b);
        }
        if c == -a {
            return self.and(-c, b);
        }
        if c == b {
            return self.and(c, a);
        }
        if c == -b {
            return self.or(-c, a);
        }
        let guards: &[Lit] = if self.guard == T { &[T] } else { &[T, self.guard] };
        for &guard in guards {
            if let Some(&g) = self.ites.get(&(c, a, b, guard)) {
                return g;
            }
        }
        let g = self.sink.new_var(None);
        for clause in [[-c, -a, g], [-c, a, -g], [c, -b, g], [c, b, -g]] {
            self.define(&clause);
        }
        // Where both branches agree, so does the gate (propagates without `c`; nothing to
        // say when one branch is the other's negation, as in an exclusive or).
        if a != -b {
            self.define(&[-a, -b, g]);
            self.define(&[a, b, -g]);
        }
        self.ites.insert((c, a, b, self.guard), g);
        g
    }

    /// Exactly one of `lits` (pairwise for the handful of inputs a step chooses from).
    pub fn exactly_one(&mut self, lits: &[Lit]) {
        self.clause(lits);
        for i in 0..lits.len() {
            for j in i + 1..lits.len() {
                self.clause(&[-lits[i], -lits[j]]);
            }
        }
    }

    /// True when the sink dropped the formula (its deadline passed or it grew past the cap).
    pub fn abandoned(&self) -> bool {
        self.sink.abandoned()
    }
}
