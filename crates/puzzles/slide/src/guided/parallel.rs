//! The cubes of one horizon shared out over threads, each with its own solver (and its own
//! propagator): a queue hands the cubes out in the frontier's order, so a thread whose cubes
//! fall quickly takes more, and the first model stops the others.
//!
//! Once every cube is refuted, either the first solver takes in the other solvers' blocking
//! clauses (each refuted a cube of the very same formula and lemmas, so each is implied) and
//! makes the last solve without assumptions, as [`puzzlec_solve::solve_by_cubes`] does on
//! one thread, so the UNSAT is one solver's own (what a certificate needs); or, when the
//! caller has checked that the cubes leave no plan out ([`crate::guided::cover`]), the
//! refutations are the answer and that last solve, which would only find the same out by
//! resolution, is saved (or, for a certificate, left to the caller to make off the
//! search's path).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use puzzlec_core::stop::{self, Token};
use puzzlec_ir::{CnfModel, Lit};
use puzzlec_solve::{refute_cubes, Incremental, Outcome, Refuted};

/// What settles a horizon once every cube is refuted.
pub enum Closing<'a> {
    /// A last solve without assumptions on the first solver, after the other solvers'
    /// blocking clauses and these (clauses every cube satisfies, such as the frontier's
    /// lemmas: see [`crate::guided::strategy`]).
    Solve(&'a [Vec<Lit>]),
    /// Nothing more: the caller has checked that the cubes, with clauses it vouches for,
    /// leave no plan out ([`crate::guided::cover`]), so their refutations are the answer.
    Covered,
    /// Covered, and the first solver takes in the other solvers' blocking clauses: its
    /// last solve is the caller's to make later (a certificate's, in the background).
    Later,
}

/// Solves `cubes` on `first` (this thread) and `threads - 1` solvers made by `spawn` (on
/// their own threads; one that cannot be made takes no cubes), then closes as `closing`
/// says. Each of `orders` (indices into `cubes`, each cube once; none: the cubes' own
/// order) is a lane of the queue: thread k takes its cubes in order k (modulo their
/// number), a lone thread from each in turn, and no cube is taken twice ([`Lanes`]).
pub fn solve(
    first: &mut dyn Incremental,
    cubes: &[Vec<Lit>],
    orders: Vec<Vec<u32>>,
    closing: Closing,
    threads: usize,
    limit: Duration,
    spawn: &(dyn Fn() -> Option<Box<dyn Incremental>> + Sync),
) -> Outcome<CnfModel> {
    let deadline = Instant::now() + limit;
    let lanes = Lanes::new(cubes, orders);
    let race = Token::new();
    let context = stop::context();
    let results: Mutex<Vec<Refuted>> = Mutex::new(Vec::new());
    let record = |r: Refuted| {
        if matches!(r, Refuted::Model(_)) {
            race.stop();
        }
        results.lock().unwrap_or_else(|e| e.into_inner()).push(r);
    };
    let mine = stop::forwarding(&race, || {
        std::thread::scope(|scope| {
            for lane in 1..threads {
                let (lanes, context, race, record, deadline) = (&lanes, &context, &race, &record, deadline);
                scope.spawn(move || {
                    // The builder's deadline as on the calling thread; the race's token, so
                    // the first model (or the caller's stop, forwarded) ends this thread.
                    context.enter(|| {
                        stop::within(race, || {
                            let Some(mut s) = spawn() else { return };
                            let left = stop::time_left(Some(deadline));
                            record(refute_cubes(s.as_mut(), &[], &mut || lanes.next(lane), left));
                        })
                    })
                });
            }
            // A lone thread takes from each lane in turn.
            let mut turn = 0;
            let mut take = || {
                let lane = if threads > 1 { 0 } else { turn };
                turn += 1;
                lanes.next(lane)
            };
            let mine = stop::within(&race, || refute_cubes(first, &[], &mut take, limit));
            if matches!(mine, Refuted::Model(_)) {
                race.stop();
            }
            mine
        })
    });
    let others = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut imported = Vec::new();
    let mut unknown = None;
    let own = matches!(mine, Refuted::All(_));
    for (i, r) in std::iter::once(mine).chain(others).enumerate() {
        match r {
            Refuted::Model(m) => return Outcome::Sat(m),
            Refuted::Unknown(why) => unknown = Some(why),
            // The first solver's own blocking clauses are in it already.
            Refuted::All(blocked) if !(i == 0 && own) => imported.push(blocked),
            Refuted::All(_) => {}
        }
    }
    if let Some(why) = unknown {
        return Outcome::Unknown(why);
    }
    let last = match closing {
        Closing::Covered => return Outcome::Unsat,
        Closing::Later => None,
        Closing::Solve(last) => Some(last),
    };
    for clause in imported.iter().flatten().chain(last.into_iter().flatten()) {
        first.add_clause(clause);
    }
    match last {
        Some(_) => first.solve(&[], stop::time_left(Some(deadline))),
        None => Outcome::Unsat,
    }
}

/// The queue of cubes, in one or more orders (lanes): each lane walks its own order and
/// skips the cubes another lane took. Why lanes: when a horizon has a plan, how soon it
/// falls depends on where its cube comes in the order, and no one order is best on every
/// board (see [`crate::guided::frontier::Frontier::in_move_order`]).
struct Lanes<'a> {
    cubes: &'a [Vec<Lit>],
    orders: Vec<Vec<u32>>,
    cursors: Vec<AtomicUsize>,
    taken: Vec<AtomicBool>,
}

impl<'a> Lanes<'a> {
    fn new(cubes: &'a [Vec<Lit>], mut orders: Vec<Vec<u32>>) -> Lanes<'a> {
        if orders.is_empty() {
            orders.push((0..cubes.len() as u32).collect());
        }
        let cursors = orders.iter().map(|_| AtomicUsize::new(0)).collect();
        Lanes { cubes, orders, cursors, taken: cubes.iter().map(|_| AtomicBool::new(false)).collect() }
    }

    /// The next cube of lane `lane` (modulo the lanes) no lane has taken yet.
    fn next(&self, lane: usize) -> Option<Vec<Lit>> {
        let lane = lane % self.orders.len();
        loop {
            let at = self.cursors[lane].fetch_add(1, Ordering::Relaxed);
            let cube = *self.orders[lane].get(at)? as usize;
            if !self.taken[cube].swap(true, Ordering::Relaxed) {
                return Some(self.cubes[cube].clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlec_ir::{ClauseSink, Model};
    use puzzlec_solve::Backend;

    /// Pigeons into holes, each pigeon in a hole, no two in one; variables named `p{i}h{j}`.
    fn pigeons(sink: &mut dyn ClauseSink, pigeons: usize, holes: usize) -> Vec<Vec<Lit>> {
        let x: Vec<Vec<Lit>> =
            (0..pigeons).map(|i| (0..holes).map(|j| sink.new_var(Some(format!("p{i}h{j}")))).collect()).collect();
        for row in &x {
            sink.add_clause(row);
        }
        for a in 0..pigeons {
            for b in a + 1..pigeons {
                for (&pa, &pb) in x[a].iter().zip(&x[b]) {
                    sink.add_clause(&[-pa, -pb]);
                }
            }
        }
        x
    }

    /// Cubes: every hole for pigeon 0 and pigeon 1.
    fn cubes(x: &[Vec<Lit>]) -> Vec<Vec<Lit>> {
        let holes = x[0].len();
        (0..holes).flat_map(|a| (0..holes).map(move |b| (a, b))).map(|(a, b)| vec![x[0][a], x[1][b]]).collect()
    }

    fn run(n: usize, holes: usize) -> (Outcome<CnfModel>, Vec<Vec<Lit>>) {
        run_closing(n, holes, false)
    }

    /// With `covered`, closes as the caller vouching for the cubes (every pair of holes for
    /// the first two pigeons: they do cover every model).
    fn run_closing(n: usize, holes: usize, covered: bool) -> (Outcome<CnfModel>, Vec<Vec<Lit>>) {
        let backend = Backend::embedded_sat();
        let open = || {
            let mut s = backend.session(&puzzlec_ir::Cnf::new(), None)?;
            let mut sink = s.as_mut();
            pigeons(&mut sink, n, holes);
            Some(s)
        };
        let mut first = open().expect("the embedded solver offers sessions");
        let x = {
            let mut scratch = puzzlec_ir::Cnf::new();
            pigeons(&mut scratch, n, holes)
        };
        let closing = if covered { Closing::Covered } else { Closing::Solve(&[]) };
        (solve(first.as_mut(), &cubes(&x), Vec::new(), closing, 2, Duration::from_secs(120), &open), x)
    }

    /// Seven pigeons in six holes: no cube has a model, and the last solve (with the other
    /// thread's blocking clauses taken in) says UNSAT.
    #[test]
    fn unsat_when_every_shared_cube_falls() {
        assert!(matches!(run(7, 6).0, Outcome::Unsat));
    }

    /// Covered cubes: the same answers without the last solve.
    #[test]
    fn covered_cubes_answer_without_a_last_solve() {
        assert!(matches!(run_closing(7, 6, true).0, Outcome::Unsat));
        assert!(matches!(run_closing(6, 6, true).0, Outcome::Sat(_)));
    }

    /// Six pigeons in six holes: a model, and it is one (each pigeon in exactly one hole of
    /// its own).
    #[test]
    fn a_model_from_whichever_thread_finds_it() {
        let (Outcome::Sat(m), x) = run(6, 6) else { panic!("six pigeons fit six holes") };
        let mut used = [false; 6];
        for (i, row) in x.iter().enumerate() {
            let holes: Vec<usize> = (0..row.len()).filter(|&j| m.bool(&format!("p{i}h{j}")) == Some(true)).collect();
            assert!(!holes.is_empty(), "pigeon {i} has no hole");
            for j in holes {
                assert!(!std::mem::replace(&mut used[j], true), "hole {j} twice");
            }
        }
    }
}
