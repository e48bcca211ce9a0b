//! SOUNDS, COLLISIONLAYERS, RULES, WINCONDITIONS and LEVELS, line by line. Rules are kept as
//! text here and read in full by [`super::rule_text`].

use super::source::{LevelDef, Line, RuleLine, Source};

pub fn layers_line(src: &mut Source, line: &Line) {
    src.layers.push((Vec::new(), line.number));
    let mut background_seen = false;
    let mut written: Vec<String> = Vec::new();
    let mut rest = line.lower.trim_start();
    while !rest.is_empty() {
        let name: String = rest.chars().take_while(|&c| c.is_alphanumeric() || c == '_').collect();
        if name.is_empty() {
            let c = rest.chars().next().unwrap_or(' ');
            if c != ',' && !c.is_whitespace() {
                src.error(
                    line.number,
                    line.written.len() - rest.len() + 1,
                    format!("error detected - unexpected character {c}"),
                );
            }
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let column = line.written.len() - rest.len() + 1;
        rest = &rest[name.len()..];
        if name == "background" {
            if !src.layers.last().is_some_and(|l| l.0.is_empty()) {
                src.error(line.number, column, "Background must be in a layer by itself.");
            }
            background_seen = true;
        } else if background_seen {
            src.error(line.number, column, "Background must be in a layer by itself.");
        }
        let objects = layer_objects(src, &name, line.number, column);
        let last = src.layers.len() - 1;
        let elsewhere: Vec<usize> = src.layers[..last]
            .iter()
            .enumerate()
            .filter(|(_, l)| objects.iter().any(|o| l.0.contains(o)))
            .map(|(i, _)| i + 1)
            .collect();
        if !elsewhere.is_empty() {
            let list: String = elsewhere.iter().map(|i| format!("#{i}, ")).collect();
            src.warn(
                line.number,
                format!(
                    "Object \"{}\" included in multiple collision layers ( layers {list}#{} ). You should fix this!",
                    name.to_uppercase(),
                    last + 1
                ),
            );
        }
        if written.contains(&name) {
            src.warn(
                line.number,
                format!(
                    "Object \"{}\" included explicitly multiple times in the same layer. Don't do that innit.",
                    name.to_uppercase()
                ),
            );
        }
        written.push(name);
        src.layers[last].0.extend(objects);
    }
}

/// The objects a name in a layer stands for.
fn layer_objects(src: &mut Source, name: &str, number: usize, column: usize) -> Vec<String> {
    if src.is_object(name) {
        return vec![name.to_string()];
    }
    if let Some(s) = src.synonyms.iter().find(|s| s.name == name) {
        let target = s.parts[0].clone();
        return layer_objects(src, &target, number, column);
    }
    if src.aggregates.iter().any(|a| a.name == name) {
        src.error(number, column, format!("\"{name}\" is an aggregate (defined using \"and\"), and cannot be added to a single layer because its constituent objects must be able to coexist."));
        return Vec::new();
    }
    if let Some(p) = src.properties.iter().find(|p| p.name == name) {
        return p.parts.clone();
    }
    src.error(
        number,
        column,
        format!("Cannot add \"{}\" to a collision layer; it has not been declared.", name.to_uppercase()),
    );
    Vec::new()
}

pub fn rules_line(src: &mut Source, line: &Line) {
    let text = match line.in_comment {
        true => line.lower.clone(),
        false => {
            let lower = line.written.to_lowercase();
            lower.split('(').next().unwrap_or("").to_string()
        }
    };
    src.rules.push(RuleLine { text, line: line.number, written: line.written.to_string() });
}

pub fn wins_line(src: &mut Source, line: &Line) {
    let words: Vec<String> = line.lower.split_whitespace().map(String::from).collect();
    for (i, word) in words.iter().enumerate() {
        let upper = word.to_uppercase();
        match i {
            0 if !["all", "any", "no", "some"].contains(&word.as_str()) => {
                src.error(
                    line.number,
                    1,
                    format!("Expecting the start of a win condition (\"ALL\",\"SOME\",\"NO\") but got \"{upper}'."),
                );
            }
            1 | 3 if !src.names.contains(word) => {
                src.error(line.number, 1, format!("Error in win condition: \"{upper}\" is not a valid object name."))
            }
            2 if word != "on" => src.error(line.number, 1, format!("Expecting the word \"ON\" but got \"{upper}\".")),
            4.. => src.error(line.number, 1, format!("Error in win condition: I don't know what to do with {upper}.")),
            _ => {}
        }
    }
    src.wins.push((words, line.number));
}

pub fn levels_line(src: &mut Source, line: &Line) {
    let t = line.written.trim_start();
    let lower = t.to_lowercase();
    if !line.in_comment && lower.starts_with("message") {
        let after = &t["message".len()..];
        if !after.is_empty() && !after.starts_with(char::is_whitespace) {
            src.warn(line.number, "You probably meant to put a space after 'message' innit.  That's ok, I'll still interpret it as a message, but you probably want to put a space there.");
        }
        let message = LevelDef::Message { text: after.trim().to_string() };
        match src.levels.last() {
            Some(LevelDef::Rows { rows, .. }) if rows.is_empty() => {
                let at = src.levels.len() - 1;
                src.levels.insert(at, message);
            }
            _ => src.levels.push(message),
        }
        return;
    }
    let row = match line.in_comment {
        true => line.lower.trim().to_string(),
        false => lower.split('(').next().unwrap_or("").trim().to_string(),
    };
    for (i, c) in row.chars().enumerate().filter(|(_, c)| !c.is_whitespace()) {
        if !src.glyph_chars.contains(&c) {
            let column = line.indent + i + 1;
            src.error(
                line.number,
                column,
                format!(
                    "Key \"{}\" not found. Do you need to add it to the legend, or define a new object?",
                    c.to_uppercase()
                ),
            );
        }
    }
    match src.levels.last_mut() {
        Some(LevelDef::Rows { line: at, rows }) => {
            if rows.is_empty() {
                *at = line.number;
            } else if rows[0].chars().count() != row.chars().count() {
                src.warnings.push(super::Diagnostic {
                    line: line.number,
                    column: 1,
                    message: "Maps must be rectangular, yo (In a level, the length of each row must be the same)."
                        .into(),
                });
            }
            rows.push(row);
        }
        _ => src.levels.push(LevelDef::Rows { line: line.number, rows: vec![row] }),
    }
}
