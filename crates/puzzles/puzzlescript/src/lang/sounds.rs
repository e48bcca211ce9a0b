//! SOUNDS: read and checked as the reference reads them (sound events with a seed, or an
//! object, a verb, directions and a seed), though no sound is ever played.

use super::source::{Line, Source};

/// What a word of a sound line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Event,
    Name,
    Verb,
    Direction,
    Seed,
}

const EVENTS: [&str; 21] = [
    "undo",
    "restart",
    "titlescreen",
    "startgame",
    "cancel",
    "endgame",
    "startlevel",
    "endlevel",
    "showmessage",
    "closemessage",
    "sfx0",
    "sfx1",
    "sfx2",
    "sfx3",
    "sfx4",
    "sfx5",
    "sfx6",
    "sfx7",
    "sfx8",
    "sfx9",
    "sfx10",
];
const VERBS: [&str; 5] = ["move", "action", "create", "destroy", "cantmove"];
const DIRECTIONS: [&str; 7] = ["up", "down", "left", "right", "horizontal", "vertical", "orthogonal"];

fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The length of one of `words` at the start of `text`, ending at a word boundary.
fn keyword(text: &str, words: &[&str]) -> Option<usize> {
    words
        .iter()
        .find(|w| {
            text.starts_with(**w) && !text[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
        .map(|w| w.len())
}

fn seed(text: &str) -> Option<usize> {
    let n = text.chars().take_while(char::is_ascii_digit).count();
    (n > 0 && !text[n..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')).then_some(n)
}

fn name(text: &str) -> Option<usize> {
    let n: usize = text.chars().take_while(|&c| word_char(c)).map(char::len_utf8).sum();
    (n > 0).then_some(n)
}

/// The next word whatever it is (up to a space).
fn fallback(text: &str) -> usize {
    text.chars().take_while(|c| !c.is_whitespace()).map(char::len_utf8).sum::<usize>().max(1)
}

pub fn sounds_line(src: &mut Source, line: &Line) {
    let mut words: Vec<(String, Kind)> = Vec::new();
    let mut broken = false;
    let mut rest = line.lower.trim_start();
    let n = line.number;
    while !rest.is_empty() {
        let (len, kind) = next_word(src, rest, &words, broken, n);
        let taken = rest[..len].to_string();
        rest = rest[len..].trim_start();
        match kind {
            Some(k) if !broken => words.push((taken, k)),
            Some(_) => {}
            None => broken = true,
        }
    }
    if !broken && !words.is_empty() {
        if let Some((w, Kind::Event)) = words.first() {
            src.sounds.push(w.clone());
        }
        src.sound_lines.push((words, n));
    }
}

/// Reads the next word of a sound line: its length, and its kind (`None`: an error).
fn next_word(src: &mut Source, rest: &str, words: &[(String, Kind)], broken: bool, n: usize) -> (usize, Option<Kind>) {
    if broken {
        let found = keyword(rest, &EVENTS)
            .or_else(|| keyword(rest, &VERBS))
            .or_else(|| keyword(rest, &DIRECTIONS))
            .or_else(|| seed(rest))
            .or_else(|| name(rest));
        return (found.unwrap_or_else(|| fallback(rest)), Some(Kind::Name));
    }
    let tok = |len: usize| rest[..len].trim().to_uppercase();
    let last = words.last().map(|w| w.0.to_uppercase()).unwrap_or_default();
    match words.len() {
        0 => {
            if let Some(len) = keyword(rest, &EVENTS) {
                return (len, Some(Kind::Event));
            }
            match name(rest) {
                Some(len) if src.declared(&rest[..len]) => (len, Some(Kind::Name)),
                Some(len) => {
                    src.error(n, 1, format!("unexpected sound token \"{}\".", &rest[..len]));
                    (len, None)
                }
                None => {
                    src.warn(n, "Was expecting a sound event (like SFX3, or ENDLEVEL) or an object name, but didn't find either.");
                    (fallback(rest), None)
                }
            }
        }
        1 if words[0].1 == Kind::Event => match seed(rest) {
            Some(len) => (len, Some(Kind::Seed)),
            None => {
                src.error(n, 1, "Was expecting a sound seed here (a number like 123123, like you generate by pressing the buttons above the console panel), but found something else.");
                (fallback(rest), None)
            }
        },
        1 => {
            match keyword(rest, &VERBS) {
                Some(len) => (len, Some(Kind::Verb)),
                None => {
                    src.error(n, 1, "Was expecting a soundverb here (MOVE, DESTROY, CANTMOVE, or the like), but found something else.");
                    (fallback(rest), None)
                }
            }
        }
        _ if words[0].1 == Kind::Event || words.last().is_some_and(|w| w.1 == Kind::Seed) => {
            let len = fallback(rest);
            src.error(n, 1, format!("I wasn't expecting anything after the sound declaration {last} on this line, so I don't know what to do with \"{}\" here.", tok(len)));
            (len, None)
        }
        _ => {
            let directional = words[1].0 == "move" || words[1].0 == "cantmove";
            if directional {
                if let Some(len) = keyword(rest, &DIRECTIONS) {
                    return (len, Some(Kind::Direction));
                }
            }
            if let Some(len) = seed(rest) {
                return (len, Some(Kind::Seed));
            }
            let len = fallback(rest);
            let what = if directional { "direction or a sound seed" } else { "a sound seed" };
            src.error(
                n,
                1,
                format!(
                    "Ah I was expecting {what} here after {last}, but I don't know what to make of \"{}\".",
                    tok(len)
                ),
            );
            (len, None)
        }
    }
}

/// The compiler's checks of the sound lines read.
pub fn check(
    src: &mut Source,
    aggregates: &std::collections::HashMap<String, Vec<String>>,
    masks: &std::collections::HashMap<String, super::bits::Bits>,
) {
    for (words, n) in src.sound_lines.clone() {
        if words.len() == 1 {
            src.warn(n, "incorrect sound declaration.");
            continue;
        }
        let seed = &words[words.len() - 1];
        if seed.1 != Kind::Seed {
            src.error(n, 1, format!("Expecting sfx data, instead found \"{}\".", seed.0));
        }
        if words[0].1 == Kind::Event {
            if words.len() > 3 {
                src.error(n, 1, "too much stuff to define a sound event.");
            }
            continue;
        }
        let target = &words[0].0;
        if aggregates.contains_key(target) {
            src.error(n, 1, format!("cannot assign sound events to aggregate objects (declared with \"and\"), only to regular objects, or properties, things defined in terms of \"or\" (\"{target}\")."));
        } else if !masks.contains_key(target) {
            src.error(n, 1, format!("Object \"{target}\" not found."));
        }
    }
}
