//! Rules of one row whose matches all fire, in any order. The interpreter finds a rule's
//! matches first and applies them one after another, each re-checked when its turn comes,
//! so that a replacement may undo a later match or write over an earlier one. Where no
//! replacement of the row clears anything a cell of the row requires (an object, one of a
//! property's objects, a movement) or sets anything a cell forbids (a missing object, a
//! stationary layer), every match found still holds when its turn comes; and where no bit
//! is set by one cell of the row and cleared by another, the writes commute. The rule then
//! does what its matches found at its start write, all of them, in any order:
//! `[ > Player | Crate ] -> [ > Player | > Crate ]`, mazezam's
//! `[ > Crate | ... | Crate ] -> [ > Crate | ... | > Crate ]`. The encoding then writes each
//! bit once for all the matches that write it, instead of a chain of matches each checked
//! on the level the ones before it left.

use super::bits;
use super::effect;
use super::{Cell, Game, Pattern, Rule};

/// Marks each rule whose matches all fire ([`Rule::free`]).
pub fn mark(game: &mut Game) {
    let layers: Vec<usize> = game.objects.iter().map(|o| o.layer).collect();
    for rule in game.rules.iter_mut().chain(game.late_rules.iter_mut()).flatten() {
        rule.free = free(&layers, rule);
    }
}

fn free(layers: &[usize], rule: &Rule) -> bool {
    let [row] = rule.rows.as_slice() else { return false };
    if !rule.has_replacements || rule.rigid.is_some() || rule.random {
        return false;
    }
    // At most one ellipsis, between two cells (a run of cells on each side of it).
    let ellipses: Vec<usize> = (0..row.len()).filter(|&i| matches!(row[i], Cell::Ellipsis)).collect();
    if ellipses.len() > 1 || ellipses.iter().any(|&i| i == 0 || i + 1 == row.len()) {
        return false;
    }
    let patterns: Vec<&Pattern> = row.iter().filter_map(Cell::pattern).collect();
    if patterns
        .iter()
        .filter_map(|p| p.replace.as_ref())
        .any(|x| !bits::is_zero(&x.random_entity) || !bits::is_zero(&x.random_dir))
    {
        return false;
    }
    // Everything the row's replacements write where they match.
    let Some(first) = patterns.first() else { return false };
    let mut all = effect::of(layers, first);
    for p in &patterns[1..] {
        let e = effect::of(layers, p);
        bits::or(&mut all.set, &e.set);
        bits::or(&mut all.clear, &e.clear);
        bits::or(&mut all.moves_set, &e.moves_set);
        bits::or(&mut all.moves_clear, &e.moves_clear);
    }
    let commute = !bits::any_in(&all.set, &all.clear) && !bits::any_in(&all.moves_set, &all.moves_clear);
    let kept = patterns.iter().all(|q| {
        !bits::any_in(&q.present, &all.clear)
            && !bits::any_in(&q.missing, &all.set)
            && !q.any.iter().any(|m| bits::any_in(m, &all.clear))
            && !bits::any_in(&q.moving, &all.moves_clear)
            && !bits::any_in(&q.still, &all.moves_set)
    });
    commute && kept
}

#[cfg(test)]
mod tests {
    /// Which rules of a game fire all their matches: the train's three (each writes only
    /// movement that no cell of its row forbids), not one that clears what another cell
    /// needs, nor one that sets a movement another cell says must not be there.
    #[test]
    fn a_rule_is_free_unless_a_write_undoes_a_match() {
        let game = crate::fixture("tests/fixtures/puzzlescript/row_train.txt");
        assert!(game.rules.iter().flatten().all(|r| r.free), "row_train's rules");
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../tests/fixtures/puzzlescript/row_train.txt"
        ))
        .unwrap();
        for (rule, free) in [
            ("[ Crate | Crate ] -> [ Crate | ]", false),
            ("[ > Player | stationary Crate ] -> [ > Player | > Crate ]", false),
            ("[ Player | Crate ] -> [ Player | Target Crate ]", true),
            ("[ Player ] [ Crate ] -> [ Player ] [ > Crate ]", false),
        ] {
            let changed = text.replacen("(A row of crates", &format!("{rule}\n(A row of crates"), 1);
            let game = crate::compile(&changed).unwrap_or_else(|e| panic!("{rule}: {e:?}"));
            let first = &game.rules[0][0];
            assert_eq!(first.free, free, "{rule}");
        }
    }
}
