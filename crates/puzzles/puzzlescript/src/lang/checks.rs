//! The compiler's checks that change nothing it builds but reject a game: the palette and
//! the prelude's colours, and a right side that both requires and forbids an object.

use super::legend::Names;
use super::rule_text::RawRule;
use super::source::Source;

/// The palettes a game may name (`color_palette`), by name and by number.
pub const PALETTES: [&str; 14] = [
    "mastersystem",
    "gameboycolour",
    "amiga",
    "arnecolors",
    "famicom",
    "atari",
    "pastel",
    "ega",
    "amstrad",
    "proteus_mellow",
    "proteus_rich",
    "proteus_night",
    "c64",
    "whitingjp",
];

/// The palette a game names, if any and known.
pub fn palette(value: &str) -> Option<&'static str> {
    let v = value.trim();
    match v.parse::<usize>() {
        Ok(n) => PALETTES.get(n.checked_sub(1)?).copied(),
        Err(_) => PALETTES.iter().find(|p| **p == v).copied(),
    }
}

fn is_color(value: &str) -> bool {
    let v = value.trim().to_lowercase();
    let code =
        v.strip_prefix('#').is_some_and(|h| (h.len() == 3 || h.len() == 6) && h.chars().all(|c| c.is_ascii_hexdigit()));
    code || super::objects::COLORS.iter().any(|c| *c != "#" && *c == v)
}

pub fn prelude(src: &mut Source) {
    for (key, value, line) in src.metadata.clone() {
        match key.as_str() {
            "color_palette" if palette(&value).is_none() => src.error(line, 1, format!("Palette \"{value}\" not found, defaulting to arnecolors.")),
            "text_color" if !is_color(&value) => {
                src.error(line, 1, format!("text_color in incorrect format - found {value}, but I expect a color name (like 'pink') or a colour code (like '#1412FA').  Defaulting to white."))
            }
            "background_color" if !is_color(&value) => {
                src.error(line, 1, format!("background_color in incorrect format - found {value}, but I expect a color name (like 'pink') or a colour code (like '#1412FA').  Defaulting to black."))
            }
            _ => {}
        }
    }
}

/// A right cell with `no X` where X takes in an object the same cell requires.
pub fn contradictions(src: &mut Source, names: &Names, rules: &[RawRule]) {
    for r in rules {
        for cell in r.rhs.iter().flatten() {
            let present: Vec<&str> = cell
                .iter()
                .filter(|it| it.dir != "no" && names.object(&it.name).is_some())
                .map(|it| it.name.as_str())
                .collect();
            let mut mask = super::bits::zero(names.object_words);
            present.iter().filter_map(|n| names.object(n)).for_each(|(id, _)| super::bits::set(&mut mask, id));
            for it in cell.iter().filter(|it| it.dir == "no") {
                if names.object_masks.get(&it.name).is_some_and(|m| super::bits::any_in(m, &mask)) {
                    let list = present.join(", ").to_uppercase();
                    src.error(r.line, 1, format!("You have specified that there should be NO {} but there is also a requirement that {list} be here.  This is a mistake right?", it.name.to_uppercase()));
                }
            }
        }
    }
}
