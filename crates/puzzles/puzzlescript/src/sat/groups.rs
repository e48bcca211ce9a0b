//! The rule groups of a turn on a symbolic level, in order, with their `startloop`/`endloop`
//! loops: the interpreter's `apply_rules` written as gates.
//!
//! A loop's groups run again while anything changed since the loop last began (the first
//! time: since the rules began, as the reference counts). Unrolled, each pass after the
//! first runs under a literal, its guard, that says the pass happens: a rule fires only where
//! its guard holds, so a pass that does not happen changes nothing and queues nothing. The
//! pass after the last one written is the loop's overflow.

use puzzlec_ir::{ClauseSink, Lit};

use super::circuit::{Circuit, F, T};
use super::rules;
use super::turn::{Loop, Queue, Sym, Turn};
use crate::lang::Rule;

/// Which list of groups a turn plays: the rules, or the late rules.
#[derive(Clone, Copy)]
pub enum Phase {
    Rules,
    Late,
}

/// Passes of a loop written at most: the interpreter stops all its rules after 200 jumps back
/// in one turn, counted over every loop, so the bounds of a list's loops together stay under it
/// (past them the horizon cannot be proved).
pub const MAX_PASSES: usize = 200;

/// The loops of a list of groups: for each, its first and last group.
pub fn loops(points: &[Option<usize>]) -> Vec<(usize, usize)> {
    points.iter().enumerate().filter_map(|(end, p)| p.map(|start| (start, end))).collect()
}

impl Turn<'_> {
    /// The groups of `phase` in order, with their loops.
    ///
    /// # Errors
    /// A rule with too many combinations of matches for the encoding.
    pub fn groups(
        &mut self,
        c: &mut Circuit<impl ClauseSink>,
        st: &mut Sym,
        q: &mut Queue,
        phase: Phase,
    ) -> Result<(), String> {
        let game = self.game;
        let (groups, points) = match phase {
            Phase::Rules => (&game.rules, &game.loop_point),
            Phase::Late => (&game.late_rules, &game.late_loop_point),
        };
        let spans = loops(points);
        // Whether a group's change is read: by a loop it is in or that comes after it.
        let read = |g: usize| spans.iter().any(|s| s.1 >= g);
        // Whether anything changed since the rules began or a loop last began again.
        let mut propagated = F;
        let mut g = 0;
        while g < groups.len() {
            let Some(&(_, end)) = spans.iter().find(|s| s.0 == g) else {
                let changed = self.guarded(c, st, q, (phase, g, read(g)), T)?;
                propagated = c.or(propagated, changed);
                g += 1;
                continue;
            };
            let mut guard = T;
            for _ in 0..self.passes(phase, end) {
                for h in g..=end {
                    let changed = self.guarded(c, st, q, (phase, h, true), guard)?;
                    propagated = c.or(propagated, changed);
                }
                guard = c.and(guard, propagated);
                propagated = F;
                if guard == F {
                    break;
                }
            }
            let what = match phase {
                Phase::Rules => Loop::Startloop(end),
                Phase::Late => Loop::LateStartloop(end),
            };
            self.overflow.push((guard, what));
            g = end + 1;
        }
        Ok(())
    }

    /// Group `g` of `phase` under `guard`, its repetitions' overflow noted: whether it
    /// changed the level (where `read`, else `F`).
    fn guarded(
        &mut self,
        c: &mut Circuit<impl ClauseSink>,
        st: &mut Sym,
        q: &mut Queue,
        (phase, g, read): (Phase, usize, bool),
        guard: Lit,
    ) -> Result<Lit, String> {
        let game = self.game;
        let (group, times, what, once) = match phase {
            Phase::Rules => (&game.rules[g], self.bounds.repeats[g], Loop::Group(g), game.once[g]),
            Phase::Late => (&game.late_rules[g], self.bounds.late_repeats[g], Loop::LateGroup(g), game.late_once[g]),
        };
        let (changed, over) = self.group(c, st, q, group, (times, !once, read), guard)?;
        // A group that settles at once needs no second repetition to show it is done.
        self.overflow.push((if once { F } else { over }, what));
        Ok(changed)
    }

    fn passes(&self, phase: Phase, end: usize) -> usize {
        match phase {
            Phase::Rules => self.bounds.loops[end],
            Phase::Late => self.bounds.late_loops[end],
        }
    }

    /// A group's rules under `guard`, repeated `times`: whether it changed the level (where
    /// `read`, else `F`), and whether it was still changing in its last repetition.
    ///
    /// Unless `read`, the repetitions before the last say no more than whether a rule could
    /// fire with something to write (which ends the unrolling where none can): the gates that
    /// say whether each match changed a cell would be read by nothing.
    ///
    /// With `probe`, the last repetition only tells whether the group was still changing
    /// (its overflow) and queues its commands; it writes nothing ([`rules::probe`]: whether
    /// some match would change the level, without the gates that apply one match after
    /// another). Where it changes nothing the level stays as it was, and where it changes
    /// something nothing after it is trusted: the turn goes on from the level before it
    /// either way, with gates that the next rules do not have to see through.
    fn group(
        &mut self,
        c: &mut Circuit<impl ClauseSink>,
        st: &mut Sym,
        q: &mut Queue,
        group: &[Rule],
        (times, probe, read): (usize, bool, bool),
        guard: Lit,
    ) -> Result<(Lit, Lit), String> {
        let (mut any, mut last) = (F, F);
        for n in 0..times {
            if puzzlec_core::stop::overdue() {
                return Err("the formula's deadline passed".into());
            }
            let probing = probe && n + 1 == times;
            let mut changed = Vec::new();
            for rule in group {
                if probing {
                    changed.push(rules::probe(c, st, q, rule, guard));
                    continue;
                }
                let product = self.bounds.products.contains(&rule.line);
                let (change, over) = rules::apply(c, st, q, rule, (product, read), guard)?;
                changed.push(change);
                if over != F {
                    self.overflow.push((over, Loop::Tuples(rule.line)));
                }
            }
            last = match probing || read {
                true => c.or_all(&changed),
                false => super::circuit::constant(changed.iter().any(|&l| l != F)),
            };
            if !probing && read {
                any = c.or(any, last);
            }
            if last == F {
                break;
            }
        }
        Ok((any, last))
    }
}
