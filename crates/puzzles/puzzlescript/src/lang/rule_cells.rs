//! The cells of a rule read word by word: brackets, `|`, directions, names, ellipses, the
//! arrow and the commands, with the reference's errors.

use super::rule_text::{Cell, Item, RawRule, Row, CELL_DIRECTIONS, COMMANDS};
use super::source::Source;
use super::Command;

/// Reads the cells of a rule, word by word.
#[derive(Default)]
pub struct CellReader {
    cell: Vec<String>,
    row: Row,
    in_row: bool,
    rhs: bool,
    balance: i32,
    pub done: bool,
}

impl CellReader {
    /// Takes one word; `false` drops the rule.
    #[allow(clippy::too_many_arguments)]
    pub fn word(
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
