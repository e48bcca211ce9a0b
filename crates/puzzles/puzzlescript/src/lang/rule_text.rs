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
const CELL_DIRECTIONS: [&str; 18] = [
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
const COMMANDS: [&str; 17] = [
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
    let mut reader = CellReader::default();
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

/// Reads the cells of a rule, word by word.
#[derive(Default)]
struct CellReader {
    cell: Vec<String>,
    row: Row,
    in_row: bool,
    rhs: bool,
    balance: i32,
    done: bool,
}

impl CellReader {
    /// Takes one word; `false` drops the rule.
    #[allow(clippy::too_many_arguments)]
    fn word(
        &mut self,
        src: &mut Source,
        r: &mut RawRule,
        w: &str,
        line: usize,
        words: &[String],
        i: usize,
        written: &str,
        before: &[RawRule],
    ) -> bool {
        match w {
            "[" => {
                self.balance += 1;
                if self.balance > 1 {
                    src.warn(line, "Multiple opening brackets without closing brackets.  Something fishy here.  Every '[' has to be closed by a ']', and you can't nest them.");
                }
                if !self.cell.is_empty() {
                    src.error(line, 1, "Error, malformed cell rule - encountered a \"[\"\" before previous bracket was closed");
                }
                self.in_row = true;
                self.cell.clear();
            }
            _ if CELL_DIRECTIONS.contains(&w) || w == "action" => {
                if self.cell.len() % 2 == 1 {
                    src.error(line, 1, "Error, an item can only have one direction/action at a time, but you're looking for several at once!");
                } else if !self.in_row {
                    src.warn(line, "Invalid syntax. Directions should be placed at the start of a rule.");
                } else if r.late && w != "no" && w != "random" && w != "randomdir" {
                    src.error(line, 1, "Movements cannot appear in late rules.");
                } else {
                    self.cell.push(w.to_string());
                }
            }
            "|" => {
                if !self.in_row {
                    src.warn(line, "Janky syntax.  \"|\" should only be used inside cell rows (the square brackety bits).");
                } else if self.cell.len() % 2 == 1 {
                    src.error(line, 1, "In a rule, if you specify a movement, it has to act on an object.");
                } else {
                    let cell = std::mem::take(&mut self.cell);
                    self.row.push(pairs(cell));
                }
            }
            "]" => {
                self.balance -= 1;
                if self.balance < 0 {
                    src.warn(line, "Multiple closing brackets without corresponding opening brackets.  Something fishy here.  Every '[' has to be closed by a ']', and you can't nest them.");
                    return false;
                }
                if self.cell.len() % 2 == 1 {
                    match self.cell[0] == "..." {
                        true => src.error(line, 1, "Cannot end a rule with ellipses."),
                        false => src.error(line, 1, "In a rule, if you specify a movement, it has to act on an object."),
                    }
                } else {
                    let cell = std::mem::take(&mut self.cell);
                    self.row.push(pairs(cell));
                }
                let row = std::mem::take(&mut self.row);
                match self.rhs {
                    true => r.rhs.push(row),
                    false => r.lhs.push(row),
                }
                self.in_row = false;
            }
            "->" => {
                if r.group != line && before.last().is_some_and(|p| p.late != r.late) {
                    src.warn(line, "Oh gosh you can mix late and non-late rules in a rule-group if you really want to, but gosh why would you want to do that?  What do you expect to accomplish?");
                }
                if self.in_row {
                    src.warn(line, "Encountered an unexpected \"->\" inside square brackets.  It's used to separate states, it has no place inside them >:| .");
                } else if self.rhs {
                    src.error(line, 1, "Error, you can only use \"->\" once in a rule; it's used to separate before and after states.");
                    return false;
                } else {
                    self.rhs = true;
                }
            }
            _ if src.names.contains(w) => self.name(src, w, line),
            "..." => {
                if !self.in_row {
                    src.warn(line, "Invalid syntax, ellipses should only be used within cells (square brackets).");
                } else {
                    self.cell.push(w.into());
                    self.cell.push(w.into());
                }
            }
            _ if COMMANDS.contains(&w) => self.command(src, r, w, line, words, i, written),
            _ => src.error(line, 1, format!("Error, malformed cell rule - was looking for cell contents, but found \"{w}\".  What am I supposed to do with this, eh, please tell me that.")),
        }
        true
    }

    fn name(&mut self, src: &mut Source, w: &str, line: usize) {
        if !self.in_row {
            return src.warn(
                line,
                format!(
                    "Invalid token {}. Object names should only be used within cells (square brackets).",
                    w.to_uppercase()
                ),
            );
        }
        for pair in self.cell.chunks(2).filter(|p| p.len() == 2 && p[1] == w) {
            let new_dir =
                if self.cell.len() % 2 == 1 { self.cell.last().map(String::as_str).unwrap_or("") } else { "" };
            if pair[0] == "no" && new_dir == "no" {
                src.warn(
                    line,
                    format!(
                        "I notice that you have NO {} more than once in a single cell. That's redundant innit.",
                        w.to_uppercase()
                    ),
                );
            } else {
                src.error(line, 1, format!("You cannot specify the same object more than once in a single cell (in this case {} occurs multiple times).", w.to_uppercase()));
            }
        }
        if self.cell.len().is_multiple_of(2) {
            self.cell.push(String::new());
        }
        self.cell.push(w.to_string());
    }

    #[allow(clippy::too_many_arguments)]
    fn command(
        &mut self,
        src: &mut Source,
        r: &mut RawRule,
        w: &str,
        line: usize,
        words: &[String],
        i: usize,
        written: &str,
    ) {
        if !self.rhs {
            src.error(line, 1, "Commands should only appear at the end of rules, not in or before the pattern-detection/-replacement sections.");
        } else if self.in_row || words[i..].iter().any(|t| t == "]") {
            src.warn(line, "Commands should only appear at the end of rules, not in or before the pattern-detection/-replacement sections.");
        }
        let command = match w {
            "message" => {
                let at = index_after(written, words, i);
                let text = written.get(at..).unwrap_or("").trim();
                self.done = true;
                Command::Message(if text.is_empty() { " ".into() } else { text.to_string() })
            }
            "again" => Command::Again,
            "cancel" => Command::Cancel,
            "checkpoint" => Command::Checkpoint,
            "restart" => Command::Restart,
            "win" => Command::Win,
            sfx => {
                if !src.sounds.iter().any(|s| s == sfx) {
                    src.warn(line, format!("Sound effect \"{sfx}\" not defined."));
                }
                Command::Sound(sfx.to_string())
            }
        };
        r.commands.push(command);
    }
}

/// Where the text after word `i` starts in the line as written.
fn index_after(written: &str, words: &[String], i: usize) -> usize {
    let lower = written.to_lowercase();
    let mut at = 0;
    for w in &words[..=i] {
        at = lower[at..].find(w.as_str()).map(|p| at + p + w.len()).unwrap_or(at);
    }
    at
}

fn pairs(flat: Vec<String>) -> Cell {
    flat.chunks(2).filter(|p| p.len() == 2).map(|p| Item { dir: p[0].clone(), name: p[1].clone() }).collect()
}
