//! A rule whose matches all fire (see `lang::free`) played on a symbolic level: each match
//! fires where it holds at the rule's start, and each bit its replacements write is written
//! once, for every match that writes it. The interpreter's order gives the same level (no
//! match is undone by another, and no two write a bit two ways), and the gates are fewer
//! and shallower than a chain in which each match is checked again on the level the ones
//! before it left.
//!
//! A row with an ellipsis, `[ A | ... | B ]`, matches at every pair of places of A and B
//! along a line: written pair by pair, that is a gate per pair (mazezam's
//! `[ > Crate | ... | Crate ]` has 28 on a row of 8 cells). What a cell of A writes fires
//! where A holds there and B holds somewhere past it, and what a cell of B writes, where B
//! holds and A somewhere before it: a chain of disjunctions along the line, shared by every
//! place on it, so each side costs a gate or two per place.

use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeMap;

use puzzlec_ir::{ClauseSink, Lit};

use super::circuit::{Circuit, F};
use super::rules::{candidates, differs_by, pattern_at, writes, Bit};
use super::turn::Sym;
use crate::lang::{Cell, Pattern, Rule};

/// A run of a row's cells without an ellipsis, at one place: where its cells lie, and the
/// literal that says its patterns hold there.
struct Run {
    places: Vec<usize>,
    holds: Lit,
}

/// Per cell and bit: the value written, and the runs that write it.
type Written = BTreeMap<(usize, Bit), (bool, Vec<Lit>)>;

/// Applies `rule` (one row, [`Rule::free`]) where `guard` holds: the literals that say a
/// cell changed (unless `exact`: that it fired with something to write), and the one that
/// says the rule matched (`F` unless it has commands).
pub fn apply(
    c: &mut Circuit<impl ClauseSink>,
    st: &mut Sym,
    rule: &Rule,
    (guard, exact): (Lit, bool),
) -> (Vec<Lit>, Lit) {
    let (changed, matched, written) = fire(c, st, rule, (guard, exact));
    for ((i, bit), (set, fires)) in written {
        let any = c.or_all(&fires);
        let old = bit.read(st, i);
        let v = if set { c.or(old, any) } else { c.and(old, -any) };
        bit.write(st, i, v);
    }
    (changed, matched)
}

/// As [`apply`], with nothing written: whether the rule would change the level (see
/// `rules::probe`), and whether it matched.
pub fn probe(c: &mut Circuit<impl ClauseSink>, st: &Sym, rule: &Rule, guard: Lit) -> (Lit, Lit) {
    let (changed, matched, _) = fire(c, st, rule, (guard, true));
    (c.or_all(&changed), matched)
}

/// Where each run of `rule` fires, what that changes and what it writes.
fn fire(
    c: &mut Circuit<impl ClauseSink>,
    st: &Sym,
    rule: &Rule,
    (guard, exact): (Lit, bool),
) -> (Vec<Lit>, Lit, Written) {
    let row = &rule.rows[0];
    let split = row.iter().position(|cell| matches!(cell, Cell::Ellipsis));
    let patterns: Vec<&Pattern> = row.iter().filter_map(Cell::pattern).collect();
    let cut = split.unwrap_or(patterns.len());
    // Each run of the row, by the place of its first cell; and per place of one run, the
    // places of the other it pairs with.
    let mut runs: [BTreeMap<usize, Run>; 2] = [BTreeMap::new(), BTreeMap::new()];
    let mut pairs: [HashMap<usize, Vec<usize>>; 2] = [HashMap::default(), HashMap::default()];
    for places in candidates(st.w, st.h, rule, 0) {
        let places: Vec<usize> = places.into_iter().flatten().collect();
        let (a, b) = places.split_at(cut);
        let mut starts = [None, None];
        for (side, (cells, pats)) in [(a, &patterns[..cut]), (b, &patterns[cut..])].into_iter().enumerate() {
            let Some(&first) = cells.first() else { continue };
            starts[side] = Some(first);
            runs[side].entry(first).or_insert_with(|| {
                let lits: Vec<Lit> = pats.iter().zip(cells).map(|(p, &i)| pattern_at(c, st, p, i)).collect();
                Run { places: cells.to_vec(), holds: c.and_all(&lits) }
            });
        }
        if let [Some(x), Some(y)] = starts {
            pairs[0].entry(x).or_default().push(y);
            pairs[1].entry(y).or_default().push(x);
        }
    }
    // Where each run fires: it holds, and (with an ellipsis) the other run holds at some
    // place it pairs with; the disjunction built from the farthest place in, so that the
    // places along a line share its gates.
    let mut fires: Vec<(usize, usize, Lit)> = Vec::new();
    for side in 0..2 {
        for (&at, run) in &runs[side] {
            let mut fire = c.and(guard, run.holds);
            if split.is_some() && fire != F {
                let mut others = pairs[side].get(&at).cloned().unwrap_or_default();
                others.sort_by_key(|&o| std::cmp::Reverse(o.abs_diff(at)));
                let mut any = F;
                for o in others {
                    any = c.or(any, runs[1 - side][&o].holds);
                }
                fire = c.and(fire, any);
            }
            if fire != F {
                fires.push((side, at, fire));
            }
        }
    }
    let mut changed = Vec::new();
    let mut written = Written::new();
    for &(side, at, fire) in &fires {
        let pats = if side == 0 { &patterns[..cut] } else { &patterns[cut..] };
        for (p, &i) in pats.iter().zip(&runs[side][&at].places) {
            let bits = writes(st, p);
            changed.push(match exact {
                true => {
                    let differs = differs_by(c, st, i, &bits);
                    c.and(fire, differs)
                }
                false if bits.is_empty() => F,
                false => fire,
            });
            for (bit, set) in bits {
                let entry = written.entry((i, bit)).or_insert((set, Vec::new()));
                debug_assert_eq!(entry.0, set, "rule of line {}: a bit written two ways", rule.line);
                entry.1.push(fire);
            }
        }
    }
    // It matched where some run of its first side fired (each fires only with a match).
    let matched = match rule.commands.is_empty() {
        true => F,
        false => {
            let first: Vec<Lit> = fires.iter().filter(|f| f.0 == 0).map(|f| f.2).collect();
            c.or_all(&first)
        }
    };
    (changed, matched, written)
}
