//! Rows of a rule that write nothing: every cell's replacement leaves any cell it matches as
//! it was (`[ no Wall ] -> [ no Wall ]`, `[ Fighter ] -> [ Fighter ]`), so the row is only a
//! condition. Why it matters: the interpreter applies a rule of several rows to every
//! combination of its rows' matches, and a condition row often matches nearly every cell.
//! When each row that writes matches once, the combinations differ only in the quiet rows'
//! matches: the first applies the rule's replacement, and each after it either fails its
//! check or applies the same replacement again, which changes nothing (a replacement clears
//! and sets fixed bits, so applying it twice is applying it once). The rule then does
//! exactly what it does for one match of each row, however often the quiet rows match.

use super::bits;
use super::{Cell, Game, Pattern, Rule};

/// Marks each rule's quiet rows ([`Rule::quiet`]).
pub fn mark(game: &mut Game) {
    let rows = |game: &Game, rules: &[Vec<Rule>]| -> Vec<Vec<Vec<bool>>> {
        rules
            .iter()
            .map(|g| g.iter().map(|rule| (0..rule.rows.len()).map(|r| quiet_row(game, rule, r)).collect()).collect())
            .collect()
    };
    let (early, late) = (rows(game, &game.rules), rows(game, &game.late_rules));
    for (rules, marks) in [(&mut game.rules, early), (&mut game.late_rules, late)] {
        for (rule, quiet) in rules.iter_mut().flatten().zip(marks.into_iter().flatten()) {
            rule.quiet = quiet;
        }
    }
}

/// Whether row `r` of `rule` writes nothing into any cell it matches.
fn quiet_row(game: &Game, rule: &Rule, r: usize) -> bool {
    rule.rows[r].iter().all(|cell| match cell {
        Cell::Ellipsis => true,
        Cell::Pattern(p) => quiet(game, rule, p),
    })
}

/// Whether `p`'s replacement leaves every cell `p` matches as it was.
fn quiet(game: &Game, rule: &Rule, p: &Pattern) -> bool {
    let Some(x) = &p.replace else { return true };
    if !bits::is_zero(&x.random_entity) || !bits::is_zero(&x.random_dir) {
        return false;
    }
    // A rigid rule records the layers it moves, a change of its own.
    if rule.rigid.is_some() && game.rigid && !bits::is_zero(&x.movements_layer) {
        return false;
    }
    let layers: Vec<usize> = game.objects.iter().map(|o| o.layer).collect();
    super::effect::of(&layers, p).is_empty()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_condition_row_is_quiet_and_a_row_that_moves_or_clears_is_not() {
        let game = crate::fixture("tests/fixtures/puzzlescript/quiet_row.txt");
        let rule = game.rules.iter().flatten().find(|r| r.rows.len() == 3).unwrap();
        // [ action Player ] clears the action; [ no Wall ] writes nothing; [ Crate ] moves it.
        assert_eq!(rule.quiet, [false, true, false]);
        // The push writes movement into both of its cells.
        let push = game.rules.iter().flatten().find(|r| r.rows.len() == 1).unwrap();
        assert_eq!(push.quiet, [false]);
    }
}
