//! Groups whose second repetition never changes anything: the interpreter need not run it,
//! and the SAT encoding need not write it.
//!
//! Why it holds for a group of rules that each match one cell (one row of one cell, no
//! ellipsis), none rigid or random, when no two of its rules can match the same cell and no
//! rule's writes can make another rule match where it did not: a rule writes only the cell it
//! matched, and a write is masks (`(old & !clear) | set`), so writing it again changes
//! nothing. In the first repetition a cell that no rule matches is never written, so no rule
//! matches it after; a cell that rule A matches is written by A alone (no other rule matched
//! it before, and A's write makes none match), so in the second repetition only A can match
//! it again, and A's write there changes nothing.

use super::bits;
use super::{Cell, Pattern, Rule};

/// Whether `group`'s second repetition never changes anything (see the module).
pub fn settles_at_once(group: &[Rule]) -> bool {
    let cells: Option<Vec<&Pattern>> = group.iter().map(lone_cell).collect();
    let Some(cells) = cells else { return false };
    for (a, pa) in cells.iter().enumerate() {
        for (b, pb) in cells.iter().enumerate() {
            if a != b && (!exclusive(pa, pb) || creates(pa, pb)) {
                return false;
            }
        }
    }
    true
}

/// The one cell pattern of a rule of one row of one cell, with plain writes.
fn lone_cell(rule: &Rule) -> Option<&Pattern> {
    if rule.random || rule.rigid.is_some() || rule.rows.len() != 1 {
        return None;
    }
    let [Cell::Pattern(p)] = rule.rows[0].as_slice() else { return None };
    if let Some(x) = &p.replace {
        if !bits::is_zero(&x.random_entity) || !bits::is_zero(&x.random_dir) {
            return None;
        }
    }
    Some(p)
}

/// No cell matches both: one needs what the other forbids, or they need two movements of one
/// layer (a layer of a cell moves one way at most).
fn exclusive(a: &Pattern, b: &Pattern) -> bool {
    if bits::any_in(&a.present, &b.missing) || bits::any_in(&b.present, &a.missing) {
        return true;
    }
    if bits::any_in(&a.moving, &b.still) || bits::any_in(&b.moving, &a.still) {
        return true;
    }
    let layers = a.moving.len() * 64 / 5;
    (0..layers).any(|l| {
        let (x, y) = (bits::field(&a.moving, 5 * l), bits::field(&b.moving, 5 * l));
        x != 0 && y != 0 && x != y
    })
}

/// Whether `a`'s write can make a cell match `b` that did not: it sets something `b` needs,
/// or clears something `b` forbids.
fn creates(a: &Pattern, b: &Pattern) -> bool {
    let Some(x) = &a.replace else { return false };
    let set_objects = &x.objects_set;
    let needs_objects = b.any.iter().fold(b.present.to_vec(), |mut acc, m| {
        bits::or(&mut acc, m);
        acc
    });
    if bits::any_in(set_objects, &needs_objects) || bits::any_in(&x.movements_set, &b.moving) {
        return true;
    }
    let cleared_objects: Vec<u64> = x.objects_clear.iter().zip(set_objects.iter()).map(|(c, s)| c & !s).collect();
    let cleared_moves: Vec<u64> = x
        .movements_clear
        .iter()
        .zip(x.movements_layer.iter())
        .zip(x.movements_set.iter())
        .map(|((c, l), s)| (c | l) & !s)
        .collect();
    bits::any_in(&cleared_objects, &b.missing) || bits::any_in(&cleared_moves, &b.still)
}

#[cfg(test)]
mod tests {
    /// The groups of a game of objects A, B and a player on one layer each, with `rules`.
    fn once(rules: &str) -> Vec<bool> {
        let text = format!(
            "title t\n\nOBJECTS\n\nBackground\nblack\n\nPlayer\nwhite\n\nA\nred\n\nB\nblue\n\nMoved\ngreen\n\n\
             LEGEND\n\n. = Background\nP = Player\nx = A\n\nSOUNDS\n\nCOLLISIONLAYERS\n\nBackground\nPlayer, Moved\nA\nB\n\n\
             RULES\n\n{rules}\n\nWINCONDITIONS\n\nno A\n\nLEVELS\n\nPx.\n"
        );
        crate::lang::compile(&text).unwrap_or_else(|e| panic!("{e:?}")).once
    }

    #[test]
    fn lone_cells_that_undo_their_match_settle_at_once() {
        // One rule clearing the movement it needs; a rule expanded into four directions,
        // which no cell matches two of.
        assert_eq!(once("[ up A ] -> [ A ]\n[ > Player ] -> [ Moved ]"), [true, true]);
    }

    #[test]
    fn rules_that_feed_each_other_or_span_cells_do_not() {
        // B written where the next rule wants it; A cleared where the next rule wants none.
        assert_eq!(once("[ A ] -> [ A B ]\n+ [ B no Player ] -> [ Player ]"), [false]);
        assert_eq!(once("[ A B ] -> [ B ]\n+ [ B no A ] -> [ ]"), [false]);
        // Two cells: a push moves the next cell's contents into a match.
        assert_eq!(once("[ > Player | A ] -> [ > Player | > A ]"), [false]);
    }
}
