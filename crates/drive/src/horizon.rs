//! Shortest plans by growing the horizon. Horizons step by `step` (2 for sliding tiles, whose
//! plan lengths have a fixed parity); SAT at H means a plan of exactly H moves; optimality is
//! claimed only when the horizon one step below was answered UNSAT by the solver.

use std::time::{Duration, Instant};

/// One solver answer at one horizon: the plan, UNSAT, or why not.
pub use puzzlec_solve::Outcome;

/// A line of progress: which horizon, what the solver said, how long it took.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub horizon: usize,
    pub result: &'static str,
    pub seconds: f64,
}

/// How the search ended.
#[derive(Debug)]
pub enum Shortest<P> {
    Found {
        plan: P,
        horizon: usize,
        optimal: bool,
    },
    /// Proved: no plan within `max` moves (the largest horizon tried was UNSAT, or the lower
    /// bound alone exceeds `max`).
    NoneWithin {
        max: usize,
    },
    Unknown {
        horizon: usize,
        reason: String,
    },
}

/// The search's settings.
#[derive(Clone, Copy, Debug)]
pub struct Horizons {
    pub lower_bound: usize,
    pub step: usize,
    pub max: usize,
    pub deadline: Option<Instant>,
}

impl Horizons {
    /// Time left before the deadline (see `puzzlec_core::stop::time_left`).
    pub fn remaining(&self) -> Duration {
        puzzlec_core::stop::time_left(self.deadline)
    }
}

/// Probes `horizon` within the time left (unknown when none is) and reports the attempt:
/// the answer and how long it took.
///
/// # Errors
/// The error `probe` returns.
pub fn attempt<P, E>(
    h: &Horizons,
    horizon: usize,
    probe: &mut impl FnMut(usize, Duration) -> Result<Outcome<P>, E>,
    progress: &mut impl FnMut(&Attempt),
) -> Result<(Outcome<P>, Duration), E> {
    let started = Instant::now();
    let remaining = h.remaining();
    let answer =
        if remaining.is_zero() { Outcome::Unknown("time limit reached".into()) } else { probe(horizon, remaining)? };
    let result = match &answer {
        Outcome::Sat(_) => "sat",
        Outcome::Unsat => "unsat",
        Outcome::Unknown(_) => "unknown",
    };
    let took = started.elapsed();
    progress(&Attempt { horizon, result, seconds: took.as_secs_f64() });
    Ok((answer, took))
}

/// Runs the horizon search. `probe(h, time_left)` encodes, solves and decodes horizon `h`.
///
/// # Errors
/// The first error `probe` returns.
pub fn shortest<P, E>(
    h: Horizons,
    mut probe: impl FnMut(usize, Duration) -> Result<Outcome<P>, E>,
    mut progress: impl FnMut(&Attempt),
) -> Result<Shortest<P>, E> {
    let mut try_at = |horizon: usize| attempt(&h, horizon, &mut probe, &mut progress).map(|(answer, _)| answer);
    let mut horizon = h.lower_bound;
    let mut last_unsat: Option<usize> = None;
    loop {
        if horizon > h.max {
            return Ok(Shortest::NoneWithin { max: h.max });
        }
        match try_at(horizon)? {
            Outcome::Unsat => {
                last_unsat = Some(horizon);
                horizon += h.step;
            }
            Outcome::Unknown(reason) => return Ok(Shortest::Unknown { horizon, reason }),
            Outcome::Sat(plan) => {
                // Prove (or find) shorter: walk down until the solver says UNSAT.
                let (mut best, mut best_h) = (plan, horizon);
                loop {
                    if best_h < h.step || last_unsat == Some(best_h - h.step) {
                        return Ok(Shortest::Found { plan: best, horizon: best_h, optimal: true });
                    }
                    match try_at(best_h - h.step)? {
                        Outcome::Unsat => return Ok(Shortest::Found { plan: best, horizon: best_h, optimal: true }),
                        Outcome::Unknown(_) => {
                            return Ok(Shortest::Found { plan: best, horizon: best_h, optimal: false })
                        }
                        Outcome::Sat(shorter) => {
                            best = shorter;
                            best_h -= h.step;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(optimum: usize, lb: usize, max: usize) -> (Shortest<usize>, Vec<usize>) {
        let mut tried = Vec::new();
        let h = Horizons { lower_bound: lb, step: 2, max, deadline: None };
        let out = shortest::<usize, ()>(
            h,
            |k, _| Ok(if k >= optimum { Outcome::Sat(k) } else { Outcome::Unsat }),
            |a| tried.push(a.horizon),
        )
        .unwrap();
        (out, tried)
    }

    #[test]
    fn proves_with_the_horizon_below() {
        let (out, tried) = run(15, 11, 80);
        assert!(matches!(out, Shortest::Found { plan: 15, optimal: true, .. }));
        assert_eq!(tried, vec![11, 13, 15]);
        let (out, tried) = run(15, 15, 80);
        assert!(matches!(out, Shortest::Found { plan: 15, optimal: true, .. }));
        assert_eq!(tried, vec![15, 13]);
        let (out, _) = run(15, 9, 14);
        assert!(matches!(out, Shortest::NoneWithin { max: 14 }));
    }

    #[test]
    fn a_bound_that_overshoots_is_walked_down() {
        let (out, tried) = run(11, 15, 80);
        assert!(matches!(out, Shortest::Found { plan: 11, optimal: true, .. }));
        assert_eq!(tried, vec![15, 13, 11, 9]);
    }
}
