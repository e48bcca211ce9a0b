//! OBJECTS (a name line with aliases, a colour line, an optional 5x5 sprite) and LEGEND
//! (`A = B`, `A = B and C`, `A = B or C`), read as the reference reads them: aliases become
//! synonyms, and aggregates and properties are flattened to objects as they are declared.

use super::source::{LegendDef, Line, ObjectDef, Source};

/// Where the reader is inside an object's declaration.
#[derive(Default)]
pub struct ObjectsState {
    /// 0 or 1: a name is expected; 2: colours; 3: sprite rows.
    phase: u8,
    current: Option<usize>,
    sprite_rows: usize,
}

/// The colour words in the order the reference tries them.
pub const COLORS: [&str; 26] = [
    "black",
    "white",
    "gray",
    "darkgray",
    "lightgray",
    "grey",
    "darkgrey",
    "lightgrey",
    "red",
    "darkred",
    "lightred",
    "brown",
    "darkbrown",
    "lightbrown",
    "orange",
    "yellow",
    "green",
    "darkgreen",
    "lightgreen",
    "blue",
    "lightblue",
    "darkblue",
    "purple",
    "pink",
    "transparent",
    "#",
];

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

impl ObjectsState {
    pub fn blank(&mut self) {
        self.phase = 0;
    }

    pub fn line(&mut self, src: &mut Source, line: &Line) {
        if self.phase == 2 {
            self.phase = 3;
        }
        if self.phase == 1 {
            self.phase = 2;
        }
        match self.phase {
            0 | 1 => self.name_line(src, line),
            2 => self.colors(src, line),
            _ => self.sprite_row(src, line),
        }
    }

    fn name_line(&mut self, src: &mut Source, line: &Line) {
        self.sprite_rows = 0;
        let t = line.lower.trim();
        let name: String = t.chars().take_while(|&c| is_word(c)).collect();
        if name.is_empty() {
            src.warn(line.number, "Unknown junk in object section (possibly: sprites have to be 5 pixels wide and 5 pixels high exactly. Or maybe: the main names for objects have to be words containing only the letters a-z0.9 - if you want to call them something like \",\", do it in the legend section).");
            return;
        }
        if src.is_object(&name) {
            src.error(
                line.number,
                line.indent + 1,
                format!("Object \"{}\" defined multiple times.", name.to_uppercase()),
            );
            return;
        }
        if src.synonyms.iter().any(|s| s.name == name) {
            src.error(line.number, line.indent + 1, format!("Name \"{}\" already in use.", name.to_uppercase()));
        }
        src.objects.push(ObjectDef { name: name.clone(), line: line.number, ..Default::default() });
        self.current = Some(src.objects.len() - 1);
        self.phase = 1;
        for alias in t[name.len()..].split_whitespace() {
            if src.is_object(alias) {
                src.error(line.number, 1, format!("Object \"{}\" defined multiple times.", alias.to_uppercase()));
                continue;
            }
            if src.synonyms.iter().any(|s| s.name == alias) {
                src.error(line.number, 1, format!("Name \"{}\" already in use.", alias.to_uppercase()));
            }
            src.synonyms.push(LegendDef { name: alias.to_string(), parts: vec![name.clone()], line: line.number });
        }
    }

    fn colors(&mut self, src: &mut Source, line: &Line) {
        let Some(current) = self.current else { return };
        let mut rest = line.lower.trim_start();
        while !rest.is_empty() {
            match color_at(rest) {
                Some(len) => {
                    src.objects[current].colors.push(rest[..len].to_string());
                    rest = rest[len..].trim_start();
                }
                None => {
                    let word: String = rest.chars().take_while(|&c| !c.is_whitespace()).collect();
                    let name = src.objects[current].name.to_uppercase();
                    let column = line.written.len() - rest.len() + 1;
                    src.error(
                        line.number,
                        column.max(1),
                        format!("Was looking for color for object {name}, got \"{word}\" instead."),
                    );
                    rest = rest[word.len()..].trim_start();
                }
            }
        }
    }

    fn sprite_row(&mut self, src: &mut Source, line: &Line) {
        let Some(current) = self.current else { return self.name_line(src, line) };
        let t = line.lower.trim();
        if !t.starts_with(|c: char| c == '.' || c.is_ascii_digit()) {
            if self.sprite_rows == 0 {
                return self.name_line(src, line);
            }
            let name = src.objects[current].name.to_uppercase();
            src.error(line.number, line.indent + 1, format!("Unknown junk in spritematrix for object {name}."));
            return;
        }
        let mut row = String::new();
        for (column, c) in t.chars().enumerate().filter(|(_, c)| !c.is_whitespace()) {
            if !(c == '.' || c.is_ascii_digit()) {
                let name = src.objects[current].name.to_uppercase();
                src.error(
                    line.number,
                    line.indent + column + 1,
                    format!("Unknown junk in spritematrix for object {name}."),
                );
                break;
            }
            row.push(c);
            if row.len() > 5 {
                src.warn(line.number, "Sprites must be 5 wide and 5 high.");
                row.pop();
                break;
            }
            if let Some(n) = c.to_digit(10) {
                let count = src.objects[current].colors.len();
                if n as usize >= count {
                    let name = src.objects[current].name.to_uppercase();
                    src.error(line.number, line.indent + column + 1, format!("Trying to access color number {n} from the color palette of sprite {name}, but there are only {count} defined in it."));
                }
            }
        }
        src.objects[current].sprite.push(row);
        self.sprite_rows += 1;
        if self.sprite_rows == 5 && src.objects[current].sprite.last().is_some_and(|r| r.len() == 5) {
            self.phase = 0;
        }
    }
}

/// The length of the colour at the start of `text`, as the reference's colour pattern
/// matches it (a word tried in order, or `#` with 3 or 6 digits of base 16).
fn color_at(text: &str) -> Option<usize> {
    for word in COLORS {
        if word == "#" {
            let digits = text.strip_prefix('#')?.chars().take_while(|c| c.is_ascii_hexdigit()).count();
            return match digits {
                0..=2 => None,
                3..=5 => Some(4),
                _ => Some(7),
            };
        }
        if text.starts_with(word) {
            return Some(word.len());
        }
    }
    None
}

/// What a legend name stands for, following synonyms.
enum Found {
    Object(String),
    Aggregate(Vec<String>),
    Property(String, Vec<String>),
    Undeclared(String),
}

fn lookup(src: &Source, name: &str) -> Found {
    if src.is_object(name) {
        return Found::Object(name.to_string());
    }
    if let Some(s) = src.synonyms.iter().find(|s| s.name == name) {
        return lookup(src, &s.parts[0]);
    }
    if let Some(a) = src.aggregates.iter().find(|a| a.name == name) {
        return Found::Aggregate(a.parts.clone());
    }
    if let Some(p) = src.properties.iter().find(|p| p.name == name) {
        return Found::Property(p.name.clone(), p.parts.clone());
    }
    Found::Undeclared(name.to_string())
}

/// Reads one legend line into its words and declares the entry.
pub fn legend_line(src: &mut Source, line: &Line) {
    let t = line.lower.trim();
    let lhs: String = t.chars().take_while(|&c| c != '=' && !c.is_whitespace()).collect();
    let mut words = vec![lhs.clone()];
    let mut rest = t[lhs.len()..].trim_start();
    match rest.strip_prefix('=') {
        Some(after) => {
            words.push("=".into());
            rest = after.trim_start();
        }
        None => {
            src.error(line.number, line.indent + lhs.len() + 1, "In the legend, define new items using the equals symbol - declarations must look like \"A = B\", \"A = B or C [ or D ...]\", \"A = B and C [ and D ...]\".");
            words.push("ERROR".into());
            rest = "";
        }
    }
    while !rest.is_empty() {
        let word: String = rest.chars().take_while(|&c| is_word(c)).collect();
        if word.is_empty() {
            src.error(line.number, line.written.len() - rest.len() + 1, "Something bad's happening in the LEGEND");
            break;
        }
        if words.len() >= 3 && words.len() % 2 == 1 {
            if word == "and" || word == "or" {
                if words.len() >= 5 && word != words[3] {
                    src.error(line.number, 1, "Hey! You can't go mixing ANDs and ORs in a single legend entry.");
                }
            } else {
                src.error(line.number, 1, format!("Expected and 'AND' or an 'OR' here, but got {} instead. In the legend, define new items using the equals symbol - declarations must look like 'A = B' or 'A = B and C' or 'A = B or C'.", word.to_uppercase()));
            }
        }
        rest = rest[word.len()..].trim_start();
        words.push(word);
    }
    declare(src, words, line.number);
}

fn declare(src: &mut Source, mut words: Vec<String>, number: usize) {
    const FORMS: &str = "should be one of \"A = B\", \"A = B or C [ or D ...]\", \"A = B and C [ and D ...]\"";
    if words.len() == 1 {
        return src.error(number, 1, format!("Incorrect format of legend - {FORMS}."));
    }
    if words.len().is_multiple_of(2) {
        let last = words.last().map(|w| w.to_uppercase()).unwrap_or_default();
        return src.error(
            number,
            1,
            format!("Incorrect format of legend - {FORMS}, but it looks like you have a dangling \"{last}\"?"),
        );
    }
    let name = words[0].clone();
    let mut ok = true;
    if let Some(at) = declared_line(src, &name) {
        src.error(number, 1, format!("Name \"{}\" already in use (on line line {at}).", name.to_uppercase()));
        ok = false;
    }
    if words[2..].iter().step_by(2).any(|w| *w == name) {
        src.error(number, 1, format!("You can't define object {} in terms of itself!", name.to_uppercase()));
        ok = false;
        while let Some(i) = words.iter().skip(2).position(|w| *w == name).map(|i| i + 2) {
            let from = if i >= 4 { i - 1 } else { i };
            words.drain(from..(from + 2).min(words.len()));
        }
    }
    for part in words.iter().skip(2).step_by(2) {
        if *part != name && !src.declared(part) {
            src.error(
                number,
                1,
                format!("You're talking about {} but it's not defined anywhere.", part.to_uppercase()),
            );
        }
    }
    if words.len() == 3 {
        src.synonyms.push(LegendDef { name, parts: vec![words[2].clone()], line: number });
    } else if words.len() > 3 && words[3] == "and" {
        let mut parts = Vec::new();
        for part in words.iter().skip(2).step_by(2) {
            match lookup(src, part) {
                Found::Object(o) | Found::Undeclared(o) => parts.push(o),
                Found::Aggregate(objects) => parts.extend(objects),
                Found::Property(p, _) => {
                    src.error(
                        number,
                        1,
                        "Cannot define an aggregate (using 'and') in terms of properties (something that uses 'or').",
                    );
                    parts.push(p);
                }
            }
        }
        src.aggregates.push(LegendDef { name, parts, line: number });
    } else if words.len() > 3 && words[3] == "or" {
        if words.iter().skip(5).step_by(2).any(|w| w != "or") {
            return;
        }
        let mut parts = Vec::new();
        for part in words.iter().skip(2).step_by(2) {
            match lookup(src, part) {
                Found::Object(o) | Found::Undeclared(o) => parts.push(o),
                Found::Aggregate(_) => src.error(number, 1, format!("Cannot define a property (something defined in terms of 'or') in terms of an aggregate (something that uses 'and').  In this case, you can't define \"{}\" in terms of \"{}\".", name.to_uppercase(), part.to_uppercase())),
                Found::Property(p, objects) => parts.extend(objects.into_iter().filter(|o| *o != p)),
            }
        }
        if !parts.is_empty() {
            src.properties.push(LegendDef { name, parts, line: number });
        }
    } else if ok {
        src.error(number, 1, "This legend-entry is incorrectly-formatted - it should be one of A = B, A = B or C ( or D ...), A = B and C (and D ...)");
    }
}

/// The line a name was declared on, if it was.
fn declared_line(src: &Source, name: &str) -> Option<usize> {
    if let Some(o) = src.objects.iter().find(|o| o.name == name) {
        return Some(o.line);
    }
    [&src.aggregates, &src.properties, &src.synonyms]
        .into_iter()
        .flat_map(|l| l.iter())
        .find(|d| d.name == name)
        .map(|d| d.line)
}
