//! A game's text read line by line into its sections, as the reference editor's tokenizer
//! reads it: nested `( )` comments that may span lines, `===` rules, section headers in their
//! fixed order, names matched without case. What a section holds is read by its own module
//! ([`super::objects`] for OBJECTS and LEGEND, [`super::sections`] for the rest).

use super::Diagnostic;

/// The sections in the order a game must give them.
pub const SECTIONS: [&str; 7] = ["objects", "legend", "sounds", "collisionlayers", "rules", "winconditions", "levels"];

/// One object as OBJECTS declares it.
#[derive(Clone, Debug, Default)]
pub struct ObjectDef {
    pub name: String,
    pub line: usize,
    /// Colour names or `#rgb`/`#rrggbb`, lower case.
    pub colors: Vec<String>,
    /// Rows of `.` (transparent) and colour digits.
    pub sprite: Vec<String>,
}

/// A legend entry after the reader has flattened it: a synonym names one thing, an aggregate
/// (`and`) and a property (`or`) name objects.
#[derive(Clone, Debug)]
pub struct LegendDef {
    pub name: String,
    pub parts: Vec<String>,
    pub line: usize,
}

/// A rule line: its text up to a comment (lower case), its line and its text as written.
#[derive(Clone, Debug)]
pub struct RuleLine {
    pub text: String,
    pub line: usize,
    pub written: String,
}

/// An entry of LEVELS: a level's rows (lower case) or a message.
#[derive(Clone, Debug)]
pub enum LevelDef {
    Rows { line: usize, rows: Vec<String> },
    Message { text: String },
}

/// Everything the sections hold, before compilation.
#[derive(Debug, Default)]
pub struct Source {
    /// Prelude keys and values (`"true"` for flags), with their lines.
    pub metadata: Vec<(String, String, usize)>,
    pub objects: Vec<ObjectDef>,
    pub synonyms: Vec<LegendDef>,
    pub aggregates: Vec<LegendDef>,
    pub properties: Vec<LegendDef>,
    /// Object names per collision layer, with the layer's line.
    pub layers: Vec<(Vec<String>, usize)>,
    pub rules: Vec<RuleLine>,
    /// Win-condition words with their line.
    pub wins: Vec<(Vec<String>, usize)>,
    pub levels: Vec<LevelDef>,
    /// The sound events SOUNDS declares (`sfx0`...), for the warning on undeclared ones.
    pub sounds: Vec<String>,
    /// Each sound line's words, with its line.
    pub sound_lines: Vec<(Vec<(String, super::sounds::Kind)>, usize)>,
    /// Every name OBJECTS and LEGEND declare (rules and win conditions may use them).
    pub names: std::collections::BTreeSet<String>,
    /// The single characters a level row may use.
    pub glyph_chars: std::collections::BTreeSet<char>,
    pub errors: Vec<Diagnostic>,
    /// The line of each section's header (errors about a whole section point there).
    pub headers: std::collections::BTreeMap<String, usize>,
    /// The number of lines (errors about the whole game point past the end).
    pub lines: usize,
    /// An error after which nothing can be compiled (a rule's sides of unequal length).
    pub invalid: bool,
    pub warnings: Vec<Diagnostic>,
}

impl Source {
    pub fn error(&mut self, line: usize, column: usize, message: impl Into<String>) {
        self.errors.push(Diagnostic { line, column, message: message.into() });
    }

    /// The line of a section's header, else the game's last line.
    pub fn header(&self, section: &str) -> usize {
        self.headers.get(section).copied().unwrap_or(self.lines.max(1))
    }

    pub fn warn(&mut self, line: usize, message: impl Into<String>) {
        self.warnings.push(Diagnostic { line, column: 1, message: message.into() });
    }

    pub fn is_object(&self, name: &str) -> bool {
        self.objects.iter().any(|o| o.name == name)
    }

    /// Whether a name is declared (an object or any legend entry).
    pub fn declared(&self, name: &str) -> bool {
        self.is_object(name)
            || [&self.synonyms, &self.aggregates, &self.properties].iter().any(|l| l.iter().any(|d| d.name == name))
    }
}

/// One physical line after comments: its text without them (as written, and in lower case),
/// where it starts, and whether it was blank outside any comment.
pub struct Line<'a> {
    pub number: usize,
    /// The line as written.
    pub written: &'a str,
    /// Without comments, as written.
    pub clean: String,
    pub lower: String,
    /// Byte offset of the first kept character in `written` (for columns).
    pub indent: usize,
    /// The line started inside a comment.
    pub in_comment: bool,
}

/// Reads a game's text into its sections.
pub fn read(text: &str) -> Source {
    let mut src = Source::default();
    src.levels.push(LevelDef::Rows { line: 0, rows: Vec::new() });
    let mut section = String::new();
    let mut visited: Vec<String> = Vec::new();
    let mut depth = 0usize;
    let mut objects = super::objects::ObjectsState::default();
    src.lines = text.split('\n').count();
    for (i, written) in text.split('\n').enumerate() {
        let written = written.strip_suffix('\r').unwrap_or(written);
        let number = i + 1;
        let starts_in = depth > 0;
        if !starts_in && written.trim().is_empty() {
            blank_line(&mut src, &section, &mut objects);
            continue;
        }
        let raw = written.trim_start().to_lowercase();
        let keep_parens = section == "levels" && !starts_in && raw.starts_with("message");
        let clean = match keep_parens {
            true => written.to_string(),
            false => strip_comments(written, &mut depth, &mut src, number, section == "rules"),
        };
        if clean.trim().is_empty() {
            continue;
        }
        let indent = written.len() - written.trim_start().len();
        let line = Line { number, written, lower: clean.to_lowercase(), clean, indent, in_comment: starts_in };
        let t = line.lower.trim_start();
        if t.starts_with('=') && (section != "levels" || t.trim().chars().all(|c| c == '=')) {
            if !t.trim_start_matches('=').trim().is_empty() {
                src.error(number, 1, "Only comments should go after a bunch of equals signs ('===') on a line.");
            }
            continue;
        }
        if section != "levels" {
            if let Some(name) = section_name(t) {
                enter_section(&mut src, &mut visited, name, number);
                src.headers.entry(name.to_string()).or_insert(number);
                if !t[name.len()..].trim().is_empty() {
                    src.error(
                        number,
                        1,
                        format!(
                            "Only comments should go after a section name (\"{}\") on a line.",
                            name.to_uppercase()
                        ),
                    );
                }
                section = name.to_string();
                objects = Default::default();
                continue;
            }
        }
        match section.as_str() {
            "" => prelude(&mut src, &line),
            "objects" => objects.line(&mut src, &line),
            "legend" => super::objects::legend_line(&mut src, &line),
            "sounds" => super::sounds::sounds_line(&mut src, &line),
            "collisionlayers" => super::sections::layers_line(&mut src, &line),
            "rules" => super::sections::rules_line(&mut src, &line),
            "winconditions" => super::sections::wins_line(&mut src, &line),
            _ => super::sections::levels_line(&mut src, &line),
        }
    }
    src
}

fn blank_line(src: &mut Source, section: &str, objects: &mut super::objects::ObjectsState) {
    match section {
        "levels" if !matches!(src.levels.last(), Some(LevelDef::Rows { rows, .. }) if rows.is_empty()) => {
            src.levels.push(LevelDef::Rows { line: 0, rows: Vec::new() });
        }
        "objects" => objects.blank(),
        _ => {}
    }
}

/// The line without its comments; `depth` carries open comments to the next line. A rule
/// line keeps nothing after its first `(` (as the reference reads rules), except the text
/// of a `message` command, which may hold parentheses.
fn strip_comments(written: &str, depth: &mut usize, src: &mut Source, number: usize, rule: bool) -> String {
    let mut out = String::new();
    let started_outside = *depth == 0;
    let mut cut = false;
    let mut word = String::new();
    for c in written.chars() {
        if rule && started_outside && *depth == 0 && !cut {
            if c.is_alphanumeric() || c == '_' {
                word.push(c);
            } else {
                if word.eq_ignore_ascii_case("message") {
                    out.push(c);
                    cut = true;
                    continue;
                }
                word.clear();
            }
        }
        if cut {
            out.push(c);
            continue;
        }
        match c {
            '(' => {
                // A comment separates the words around it.
                if *depth == 0 {
                    out.push(' ');
                }
                *depth += 1;
            }
            ')' if *depth > 0 => *depth -= 1,
            ')' => src.warn(number, "You're trying to close a comment here, but I can't find any opening bracket to match it? [This is highly suspicious; you probably want to fix it.]"),
            _ if *depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn section_name(t: &str) -> Option<&'static str> {
    SECTIONS
        .into_iter()
        .find(|s| t.starts_with(s) && !t[s.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

fn enter_section(src: &mut Source, visited: &mut Vec<String>, name: &'static str, number: usize) {
    if visited.iter().any(|s| s == name) {
        src.error(
            number,
            1,
            format!("cannot duplicate sections (you tried to duplicate \"{}\").", name.to_uppercase()),
        );
    }
    visited.push(name.to_string());
    let index = SECTIONS.iter().position(|s| *s == name).unwrap_or(0);
    if index == 0 && visited.len() > 1 {
        src.error(number, 1, format!("section \"{}\" must be the first section", name.to_uppercase()));
    } else if index > 0 && !visited.iter().any(|s| s == SECTIONS[index - 1]) {
        let before = SECTIONS[index - 1].to_uppercase();
        src.error(number, 1, format!("section \"{}\" is out of order, must follow  \"{before}\" (or it could be that the section \"{before}\"is just missing totally.  You have to include all section headings, even if the section itself is empty).", name.to_uppercase()));
    }
    if name == "sounds" {
        let names: Vec<String> = src
            .objects
            .iter()
            .map(|o| o.name.clone())
            .chain(
                [&src.synonyms, &src.aggregates, &src.properties].iter().flat_map(|l| l.iter().map(|d| d.name.clone())),
            )
            .collect();
        src.names.extend(names);
    }
    if name == "levels" {
        let singles: Vec<char> = src
            .objects
            .iter()
            .map(|o| &o.name)
            .chain(src.synonyms.iter().chain(&src.aggregates).map(|d| &d.name))
            .filter_map(|n| single_char(n))
            .collect();
        src.glyph_chars.extend(singles);
    }
}

fn single_char(name: &str) -> Option<char> {
    let mut chars = name.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

const WITH_VALUE: [&str; 12] = [
    "title",
    "author",
    "homepage",
    "background_color",
    "text_color",
    "key_repeat_interval",
    "realtime_interval",
    "again_interval",
    "flickscreen",
    "zoomscreen",
    "color_palette",
    "youtube",
];
const WITHOUT_VALUE: [&str; 10] = [
    "run_rules_on_level_start",
    "norepeat_action",
    "require_player_movement",
    "debug",
    "verbose_logging",
    "throttle_movement",
    "noundo",
    "noaction",
    "norestart",
    "scanline",
];

fn prelude(src: &mut Source, line: &Line) {
    let t = line.lower.trim_start();
    let word: String = t.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    if word.is_empty() {
        src.error(line.number, 1, format!("Unrecognised stuff \"{}\" in the prelude.", line.lower.trim()));
        return;
    }
    let offset = line.clean.len() - line.clean.trim_start().len() + word.len();
    let rest = match ["title", "author", "homepage"].contains(&word.as_str()) {
        true => line.clean.get(offset..).unwrap_or("").trim().to_string(),
        false => line.lower.get(offset..).unwrap_or("").trim().to_string(),
    };
    if WITH_VALUE.contains(&word.as_str()) {
        if rest.is_empty() {
            src.error(line.number, 1, format!("MetaData \"{word}\" needs a value."));
        } else {
            src.metadata.push((word, rest, line.number));
        }
    } else if WITHOUT_VALUE.contains(&word.as_str()) {
        if !rest.is_empty() {
            src.warn(
                line.number,
                format!(
                    "MetaData {} doesn't take any parameters, but you went and gave it \"{rest}\".",
                    word.to_uppercase()
                ),
            );
        }
        src.metadata.push((word, "true".into(), line.number));
    } else {
        src.error(line.number, line.indent + 1, "Unrecognised stuff in the prelude.");
    }
}
