//! Ambiguous movements made concrete: a rule with `moving`, `horizontal`, `vertical`,
//! `orthogonal` (or a relative `parallel`/`perpendicular` made absolute) on its left becomes
//! one rule per movement, and the right side follows the left where it can tell which.

use super::expand::ambiguous;
use super::rule_text::{Cell, RawRule};
use super::source::Source;

/// Per (object, ambiguous word): the key, the movement, how many cells had it, the word, the
/// object and where the first was.
type Moving = (String, String, usize, String, String, (usize, usize));

/// What a concretized rule replaced: per (object, ambiguous word) its [`Moving`]; per
/// ambiguous word the movement and how often.
#[derive(Clone, Default)]
struct Replaced {
    moving: Vec<Moving>,
    words: Vec<(String, String, usize)>,
}

fn movings(cell: &Cell) -> Vec<(String, String)> {
    cell.iter().filter(|it| ambiguous(&it.dir).is_some()).map(|it| (it.name.clone(), it.dir.clone())).collect()
}

fn set_dir(cell: &mut Cell, from: &str, name: Option<&str>, to: &str) {
    for it in cell.iter_mut().filter(|it| it.dir == from && name.is_none_or(|n| it.name == n)) {
        it.dir = to.to_string();
    }
}

pub fn concrete_movements(src: &mut Source, rule: RawRule, line: usize) -> Vec<RawRule> {
    let mut result: Vec<(RawRule, Option<Replaced>)> = vec![(rule, None)];
    let mut modified = true;
    while modified {
        modified = false;
        let mut i = 0;
        while i < result.len() {
            let (cur, cur_rep) = result[i].clone();
            let mut remove = false;
            for j in 0..cur.lhs.len() {
                for k in 0..cur.lhs[j].len() {
                    let found = movings(&cur.lhs[j][k]);
                    let Some((name, word)) = found.into_iter().next() else { continue };
                    remove = true;
                    modified = true;
                    for concrete in ambiguous(&word).unwrap_or(&[]) {
                        let mut r = cur.clone();
                        let mut rep = cur_rep.clone().unwrap_or_default();
                        set_dir(&mut r.lhs[j][k], &word, Some(&name), concrete);
                        if !r.rhs.is_empty() {
                            set_dir(&mut r.rhs[j][k], &word, Some(&name), concrete);
                        }
                        let key = format!("{name}{word}");
                        match rep.moving.iter_mut().find(|m| m.0 == key) {
                            None => rep.moving.push((key, concrete.to_string(), 1, word.clone(), name.clone(), (j, k))),
                            Some(m) if m.5 != (j, k) => m.2 += 1,
                            Some(_) => {}
                        }
                        match rep.words.iter_mut().find(|w| w.0 == word) {
                            None => rep.words.push((word.clone(), concrete.to_string(), 1)),
                            Some(w) => w.2 += 1,
                        }
                        result.push((r, Some(rep)));
                    }
                }
            }
            if remove {
                result.remove(i);
            } else {
                i += 1;
            }
        }
    }
    let mut out = Vec::new();
    for (mut r, rep) in result {
        if let Some(rep) = rep {
            for (_, concrete, count, word, name, _) in &rep.moving {
                if *count == 1 {
                    r.rhs.iter_mut().flatten().for_each(|cell| set_dir(cell, word, Some(name), concrete));
                }
            }
            let mut by_word: Vec<(String, Option<String>)> = Vec::new();
            for (word, concrete, count) in &rep.words {
                match by_word.iter_mut().find(|b| &b.0 == word) {
                    Some(b) => b.1 = None,
                    None => by_word.push((word.clone(), (*count == 1).then(|| concrete.clone()))),
                }
            }
            for (word, concrete) in by_word {
                if let Some(concrete) = concrete {
                    r.rhs.iter_mut().flatten().for_each(|cell| set_dir(cell, &word, None, &concrete));
                }
            }
        }
        out.push(r);
    }
    let remains = out.iter().flat_map(|r| r.rhs.iter().flatten()).find_map(|cell| movings(cell).into_iter().next());
    if let Some((_, word)) = remains {
        src.invalid = true;
        src.error(line, 1, format!("This rule has an ambiguous movement on the right-hand side, \"{word}\", that can't be inferred from the left-hand side.  (either for every ambiguous movement associated to an entity on the right there has to be a corresponding one on the left attached to the same entity, OR, if there's a single occurrence of a particular ambiguous movement on the left, all properties of the same movement attached to the same object on the right are assumed to be the same (or something like that))."));
    }
    out
}
