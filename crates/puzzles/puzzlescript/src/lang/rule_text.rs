//! A rule line read into its parts: the directions it applies in, `late`/`rigid`/`random`,
//! `+` (joining the previous rule's group), the cell rows left and right of `->` (each cell
//! a list of direction and name pairs) and its commands, with the reference's errors.

use super::source::Source;
use super::Command;

/// A direction word (or `""`, or `...` for an ellipsis) and the name it qualifies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub dir: String,
    pub name: String,
}

pub type Cell = Vec<Item>;
pub type Row = Vec<Cell>;

/// A rule as written, before it is expanded.
#[derive(Clone, Debug)]
pub struct RawRule {
    pub directions: Vec<String>,
    pub direction: String,
    pub lhs: Vec<Row>,
    pub rhs: Vec<Row>,
    pub line: usize,
    pub late: bool,
    pub rigid: bool,
    /// The line of the group's first rule.
    pub group: usize,
    pub commands: Vec<Command>,
    pub random: bool,
}

/// Every rule line read: the rules, and the loop markers (line, +1 start or -1 end).
pub struct Read {
    pub rules: Vec<RawRule>,
    pub loops: Vec<(usize, i32)>,
}

/// What a word at the start of a rule adds to its directions.
pub fn direction_aggregate(word: &str) -> Option<&'static [&'static str]> {
    Some(match word {
        "horizontal" | "horizontal_par" | "horizontal_perp" => &["left", "right"],
        "vertical" | "vertical_par" | "vertical_perp" => &["up", "down"],
        "moving" => &["up", "down", "left", "right", "action"],
        "orthogonal" => &["up", "down", "left", "right"],
        "perpendicular" => &["^", "v"],
        "parallel" => &["<", ">"],
        _ => return None,
    })
}

const RELATIVE: [&str; 6] = ["^", "v", "<", ">", "perpendicular", "parallel"];
pub const CELL_DIRECTIONS: [&str; 18] = [
    ">",
    "<",
    "^",
    "v",
    "up",
    "down",
    "left",
    "right",
    "moving",
    "stationary",
    "no",
    "randomdir",
    "random",
    "horizontal",
    "vertical",
    "orthogonal",
    "perpendicular",
    "parallel",
];
pub const COMMANDS: [&str; 17] = [
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
    "cancel",
    "checkpoint",
    "restart",
    "win",
    "message",
    "again",
];

pub fn read_all(src: &mut Source) -> Read {
    let mut read = Read { rules: Vec::new(), loops: Vec::new() };
    for line in src.rules.clone() {
        check_words(src, &line.text, line.line);
        match read_rule(src, &line.text, line.line, &line.written, &read.rules) {
            Parsed::Rule(r) => read.rules.push(*r),
            Parsed::Loop(mark) => read.loops.push((line.line, mark)),
            Parsed::Skip => {}
        }
    }
    read
}

enum Parsed {
    Rule(Box<RawRule>),
    Loop(i32),
    Skip,
}

fn tokens(text: &str) -> Vec<String> {
    let spaced = text.replace('[', " [ ").replace(']', " ] ").replace('|', " | ").replace("->", " -> ");
    let mut t = spaced.trim().to_string();
    if t.starts_with('+') {
        t.insert(1, ' ');
    }
    t.split_whitespace().map(String::from).collect()
}

/// The tokenizer's check of every word of a rule: a word that is no name, direction or
/// command does not exist.
fn check_words(src: &mut Source, text: &str, line: usize) {
    let mut bracket_seen = false;
    let words = tokens(text);
    for (i, w) in words.iter().enumerate() {
        let w = w.as_str();
        if ["[", "]", "|", "+", "->"].contains(&w) {
            bracket_seen |= w != "+" && w != "->";
            continue;
        }
        if w == "message" {
            return;
        }
        let before = !bracket_seen
            && ([
                "startloop",
                "endloop",
                "up",
                "down",
                "left",
                "right",
                "horizontal",
                "vertical",
                "orthogonal",
                "late",
                "rigid",
            ]
            .contains(&w));
        let inside = bracket_seen && (CELL_DIRECTIONS.contains(&w) || w == "action");
        if before || inside || w == "..." || w == "rigid" || w == "random" || COMMANDS.contains(&w) {
            continue;
        }
        if src.names.contains(w) {
            if i == 0 {
                src.error(line, 1, "Objects cannot appear outside of square brackets in rules, only directions can.");
            }
            continue;
        }
        src.error(line, 1, format!("Name \"{w}\", referred to in a rule, does not exist."));
    }
}

/// Reads one rule line as the reference compiler's `processRuleString` does.
fn read_rule(src: &mut Source, text: &str, line: usize, written: &str, before: &[RawRule]) -> Parsed {
    if written.contains('(') && !text.contains("->") {
        src.error(line, 1, "You can't have comments inside rules, sorry. In PuzzleScript, '(' starts a comment, so everything after the first '(' on this line was ignored before your rule was parsed.");
        return Parsed::Skip;
    }
    let words = tokens(text);
    if words.is_empty() {
        src.error(line, 1, "Spooky error!  Empty line passed to rule function.");
    }
    if words.len() == 1 && (words[0] == "startloop" || words[0] == "endloop") {
        return Parsed::Loop(if words[0] == "startloop" { 1 } else { -1 });
    }
    if !words.iter().any(|w| w == "->") {
        src.error(line, 1, "A rule has to have an arrow in it.  There's no arrow here! Consider reading up about rules - you're clearly doing something weird");
    }
    let mut r = RawRule {
        directions: Vec::new(),
        direction: String::new(),
        lhs: Vec::new(),
        rhs: Vec::new(),
        line,
        late: false,
        rigid: false,
        group: line,
        commands: Vec::new(),
        random: false,
    };
    let mut reader = super::rule_cells::CellReader::default();
    let mut in_cells = false;
    let mut has_plus = false;
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        if in_cells {
            if !reader.word(src, &mut r, w, line, &words, i, written, before) {
                return Parsed::Skip;
            }
            if reader.done {
                break;
            }
            i += 1;
            continue;
        }
        match w {
            "+" => {
                has_plus = true;
                if r.group == line {
                    if before.is_empty() {
                        src.error(line, 1, "The \"+\" symbol, for joining a rule with the group of the previous rule, needs a previous rule to be applied to.");
                        has_plus = false;
                    }
                    if i != 0 {
                        src.error(line, 1, "The \"+\" symbol, for joining a rule with the group of the previous rule, must be the first symbol on the line ");
                    }
                    if has_plus {
                        r.group = before[before.len() - 1].group;
                    }
                } else {
                    src.error(line, 1, "Two \"+\"s (the \"append to previous rule group\" symbol) applied to the same rule.");
                }
            }
            _ if RELATIVE.contains(&w) => src.error(line, 1, "You cannot use relative directions (\"^v<>\") to indicate in which direction(s) a rule applies.  Use absolute directions indicators (Up, Down, Left, Right, Horizontal, or Vertical, for instance), or, if you want the rule to apply in all four directions, do not specify directions"),
            _ if direction_aggregate(w).is_some() => r.directions.extend(direction_aggregate(w).unwrap_or(&[]).iter().map(|d| d.to_string())),
            "late" => r.late = true,
            "rigid" => r.rigid = true,
            "random" => {
                r.random = true;
                if has_plus {
                    src.error(line, 1, "A rule-group can only be marked random by the opening rule in the group (aka, a '+' and 'random' can't appear as rule modifiers on the same line).  Why? Well, you see \"random\" isn't a property of individual rules, but of whole rule groups.  It indicates that a single possible application of some rule from the whole group should be applied at random.");
                }
            }
            "up" | "down" | "left" | "right" => r.directions.push(w.to_string()),
            "[" => {
                if r.directions.is_empty() {
                    r.directions.extend(["up", "down", "left", "right"].map(String::from));
                }
                in_cells = true;
                continue;
            }
            _ => src.error(line, 1, format!("The start of a rule must consist of some number of directions (possibly 0), before the first bracket, specifying in what directions to look (with no direction specified, it applies in all four directions).  It seems you've just entered \"{}\".", w.to_uppercase())),
        }
        i += 1;
    }
    finish(src, r, line)
}

fn finish(src: &mut Source, mut r: RawRule, line: usize) -> Parsed {
    if r.late && r.rigid {
        src.error(line, 1, "Late rules cannot be marked as rigid (rigid rules are all about dealing with the consequences of unresolvable movements, and late rules can't even have movements).");
    }
    if r.lhs.len() != r.rhs.len() {
        if !r.rhs.is_empty() || r.commands.is_empty() {
            src.warn(line, "Error, when specifying a rule, the number of matches (square bracketed bits) on the left hand side of the arrow must equal the number on the right");
            return Parsed::Skip;
        }
    } else {
        for (l, rr) in r.lhs.iter().zip(&r.rhs) {
            if l.len() != rr.len() {
                src.error(line, 1, "In a rule, each pattern to match on the left must have a corresponding pattern on the right of equal length (number of cells).");
                src.invalid = true;
            }
            if l.is_empty() {
                src.error(line, 1, "You have an totally empty pattern on the left-hand side.  This will match *everything*.  You certainly don't want this.");
            }
        }
    }
    if r.lhs.is_empty() {
        src.error(line, 1, "This rule refers to nothing.  What the heck? :O");
    }
    if !directional(&r) && r.directions.len() > 1 {
        r.directions.truncate(1);
    }
    Parsed::Rule(Box::new(r))
}

/// Whether the rule's directions matter: a row of several cells, or a relative direction.
fn directional(r: &RawRule) -> bool {
    let relative = |row: &Row| row.iter().any(|cell| cell.iter().any(|it| RELATIVE.contains(&it.dir.as_str())));
    r.lhs.iter().any(|row| row.len() > 1 || relative(row)) || r.rhs.iter().any(relative)
}
