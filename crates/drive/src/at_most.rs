//! Shortest plans for encodings that say "at most H moves" (idle steps at the end): SAT at
//! H gives a plan of at most H moves, and UNSAT at H proves that none of H or fewer exists.
//! So the horizons need not be visited one by one: the search gallops up from the lower
//! bound until a plan turns up, shortens it by the puzzle's own rules, and walks down from
//! its length (in growing strides while the plans stop getting shorter). Optimality is
//! still claimed only when the solver answered UNSAT at the plan's length less one.
//!
//! Why: near the optimum every horizon costs the solver about as much whether it is SAT or
//! UNSAT, and a climb one by one pays for every horizon below it (Rush Hour's 51-move card:
//! 50 horizons, of which only the last two decide anything).

use std::time::Duration;

use crate::horizon::{attempt, Attempt, Horizons, Outcome, Shortest};

/// Probes answered within this time let the gallop double its gap; a slower one sets it back
/// to one, so a hard instance climbs as before instead of leaping to horizons it cannot
/// answer (measured on Klotski, whose horizons cost about 1.5 times more each: keeping the
/// gap leapt from 18, answered in 4.7 s, to 34, unanswered in the minute left).
pub const QUICK: Duration = Duration::from_secs(1);

/// Runs the search. `probe(h, time_left)` encodes, solves and decodes horizon `h`; `shorten`
/// makes a plan shorter where the rules allow it (detours cut, moves dropped) and `len` counts
/// its moves. The plan in [`Shortest::Found`] has `horizon` moves.
///
/// # Errors
/// The first error `probe` returns.
pub fn shortest<P, E>(
    h: Horizons,
    mut probe: impl FnMut(usize, Duration) -> Result<Outcome<P>, E>,
    mut shorten: impl FnMut(P) -> P,
    len: impl Fn(&P) -> usize,
    mut progress: impl FnMut(&Attempt),
) -> Result<Shortest<P>, E> {
    let mut try_at = |horizon: usize| attempt(&h, horizon, &mut probe, &mut progress);
    // The largest horizon the solver answered UNSAT.
    let mut unsat: Option<usize> = None;
    if h.lower_bound > h.max {
        return Ok(Shortest::NoneWithin { max: h.max });
    }
    let (mut horizon, mut gap) = (h.lower_bound, 1);
    let mut best = loop {
        match try_at(horizon)? {
            (Outcome::Unsat, took) => {
                unsat = Some(horizon);
                if horizon >= h.max {
                    return Ok(Shortest::NoneWithin { max: h.max });
                }
                let quick = took < QUICK;
                gap = if quick { gap } else { 1 };
                horizon = (horizon + gap).min(h.max);
                gap = if quick { gap * 2 } else { 1 };
            }
            (Outcome::Unknown(reason), _) => return Ok(Shortest::Unknown { horizon, reason }),
            (Outcome::Sat(plan), _) => break shorten(plan),
        }
    };
    // Down from the plan: its length less one first (a shortened plan is often optimal or
    // close); each plan that comes back no shorter than its horizon (a solver that fills
    // every step, and nothing to cut) doubles the stride below the next plan, and an UNSAT
    // sets it back to the length less one.
    let mut stride = 0;
    loop {
        let length = len(&best);
        if length == 0 || unsat == Some(length - 1) {
            return Ok(Shortest::Found { plan: best, horizon: length, optimal: true });
        }
        // Below the lower bound nothing is SAT, but the claim needs the solver's own UNSAT
        // at length - 1, so a stride never goes under it.
        let low = unsat.map_or(h.lower_bound, |u| u + 1).min(length - 1);
        let probe_at = (length - 1).saturating_sub(stride).max(low);
        match try_at(probe_at)? {
            (Outcome::Unsat, _) => {
                unsat = Some(probe_at);
                stride = 0;
            }
            (Outcome::Sat(plan), _) => {
                let plan = shorten(plan);
                if len(&plan) > probe_at {
                    // SAT at a horizon shorter than the plan it gave: the solver or the
                    // decoder is broken; keep the plan in hand, claim nothing more.
                    return Ok(Shortest::Found { plan: best, horizon: length, optimal: false });
                }
                stride = if len(&plan) == probe_at { (2 * stride).max(1) } else { 0 };
                best = plan;
            }
            (Outcome::Unknown(_), _) => return Ok(Shortest::Found { plan: best, horizon: length, optimal: false }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solver for "at most k moves" with optimum `optimum` that returns plans of exactly
    /// `k` moves (the longest it may), shortened by `cut` moves.
    fn run(optimum: usize, lb: usize, max: usize, cut: usize) -> (Shortest<usize>, Vec<(usize, &'static str)>) {
        let mut tried = Vec::new();
        let h = Horizons { lower_bound: lb, step: 1, max, deadline: None };
        let out = shortest::<usize, ()>(
            h,
            |k, _| Ok(if k >= optimum { Outcome::Sat(k) } else { Outcome::Unsat }),
            |plan| plan.saturating_sub(cut).max(optimum),
            |plan| *plan,
            |a| tried.push((a.horizon, a.result)),
        )
        .unwrap();
        (out, tried)
    }

    #[test]
    fn gallops_up_then_down_and_proves_with_the_horizon_below() {
        let (out, tried) = run(51, 2, 200, 0);
        assert!(matches!(out, Shortest::Found { plan: 51, horizon: 51, optimal: true }), "{out:?}");
        assert_eq!(tried.last(), Some(&(50, "unsat")));
        assert!(tried.len() < 20, "{tried:?}");
        for (k, result) in &tried {
            assert_eq!(*result, if *k >= 51 { "sat" } else { "unsat" });
        }
    }

    #[test]
    fn the_optimum_at_the_bound_still_asks_the_solver_below_it() {
        let (out, tried) = run(7, 7, 200, 0);
        assert!(matches!(out, Shortest::Found { plan: 7, optimal: true, .. }), "{out:?}");
        assert_eq!(tried, vec![(7, "sat"), (6, "unsat")]);
        let (out, tried) = run(0, 0, 200, 0);
        assert!(matches!(out, Shortest::Found { plan: 0, optimal: true, .. }), "{out:?}");
        assert_eq!(tried, vec![(0, "sat")]);
    }

    #[test]
    fn no_plan_within_the_maximum_is_proved_at_the_maximum() {
        let (out, tried) = run(40, 3, 30, 0);
        assert!(matches!(out, Shortest::NoneWithin { max: 30 }), "{out:?}");
        assert_eq!(tried.last(), Some(&(30, "unsat")));
        let (out, tried) = run(40, 31, 30, 0);
        assert!(matches!(out, Shortest::NoneWithin { max: 30 }), "{out:?}");
        assert!(tried.is_empty());
    }

    #[test]
    fn a_shortened_plan_saves_probes() {
        let (_, long) = run(20, 1, 200, 0);
        let (out, short) = run(20, 1, 200, 100);
        assert!(matches!(out, Shortest::Found { plan: 20, optimal: true, .. }), "{out:?}");
        assert!(short.len() < long.len(), "{short:?} against {long:?}");
        // Cut to the optimum: the gallop, then the horizon below the plan, and done.
        assert_eq!(&short[short.len() - 2..], &[(32, "sat"), (19, "unsat")]);
    }

    #[test]
    fn plans_that_never_shorten_take_growing_strides_down() {
        let (out, tried) = run(51, 2, 200, 0);
        assert!(matches!(out, Shortest::Found { plan: 51, optimal: true, .. }), "{out:?}");
        // Gallop 2 3 5 9 17 33 65, then strides down: 64 62 59 54 45, 53 51 48, 50.
        assert!(tried.len() <= 16, "{tried:?}");
    }

    #[test]
    fn every_optimum_and_bound_is_found() {
        for optimum in 0..40 {
            for lb in 0..=optimum {
                let (out, tried) = run(optimum, lb, 60, 3);
                assert!(
                    matches!(out, Shortest::Found { plan, optimal: true, .. } if plan == optimum),
                    "{optimum} {lb}: {out:?}"
                );
                if optimum > 0 {
                    assert!(tried.contains(&(optimum - 1, "unsat")), "{optimum} {lb}: {tried:?}");
                }
            }
        }
    }
}
