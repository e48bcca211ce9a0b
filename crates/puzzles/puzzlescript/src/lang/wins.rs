//! WINCONDITIONS compiled: `no`, `some` (or `any`) and `all` of a name, optionally `on`
//! another, each name's mask (an aggregate's objects must all be present).

use super::bits::Bits;
use super::legend::{Names, ALL};
use super::source::Source;
use super::{Quantifier, WinCondition};

impl Names {
    pub fn wins(&self, src: &mut Source) -> Vec<WinCondition> {
        let mut out = Vec::new();
        for (words, line) in src.wins.clone() {
            let quantifier = match words.first().map(String::as_str) {
                None => return out,
                Some("no") => Quantifier::No,
                Some("all") => Quantifier::All,
                _ => Quantifier::Some,
            };
            if words.len() <= 1 {
                src.error(line, 1, "Win conditions is badly formatted - needs to look something like \"No Fruit\", \"All Target On Crate\", \"Some Fruit\", \"Some Gold on Chest\", \"No Gold on Chest\", or the like.");
                continue;
            }
            let second = if words.len() == 4 { words[3].as_str() } else { ALL };
            let (Some(a), Some(b)) = (self.win_mask(src, &words[1], line), self.win_mask(src, second, line)) else {
                continue;
            };
            out.push(WinCondition { quantifier, first: a.1, first_all: a.0, second: b.1, second_all: b.0, line });
        }
        out
    }

    fn win_mask(&self, src: &mut Source, name: &str, line: usize) -> Option<(bool, Bits)> {
        if let Some(m) = self.object_masks.get(name) {
            return Some((false, m.clone()));
        }
        if let Some(m) = self.aggregate_masks.get(name) {
            return Some((true, m.clone()));
        }
        src.error(
            line,
            1,
            format!(
                "Unwelcome term \"{name}\" found in win condition. I don't know what I'm supposed to do with this. "
            ),
        );
        None
    }
}
