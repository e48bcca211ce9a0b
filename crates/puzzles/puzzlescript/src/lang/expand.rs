//! Rules expanded as the reference compiler expands them: one rule per direction, relative
//! directions made absolute, `up` and `left` rules turned round, aggregates split into their
//! objects, synonyms replaced, ambiguous movements (`moving`, `horizontal`, ...) and
//! properties made concrete, objects a rule creates made stationary, duplicates removed.
//! The order of the resulting rules is the reference's, since a group applies its rules in
//! order.

use std::collections::HashMap;

use super::legend::Names;
use super::rule_text::{direction_aggregate, Cell, Item, RawRule, Row};
use super::source::Source;

pub fn expand_all(src: &mut Source, names: &Names, rules: Vec<RawRule>) -> Vec<RawRule> {
    let mut by_direction = Vec::new();
    for rule in &rules {
        for d in &rule.directions {
            let mut r = rule.clone();
            r.direction = d.clone();
            by_direction.push(r);
        }
    }
    for r in &mut by_direction {
        absolute(r);
        turn_round(r);
        split_aggregates(src, names, r);
        for cell in r.lhs.iter_mut().chain(r.rhs.iter_mut()).flatten() {
            for it in cell.iter_mut() {
                if let Some(t) = names.synonyms.get(&it.name) {
                    it.name = t.clone();
                }
            }
        }
    }
    let mut concrete = Vec::new();
    for r in by_direction {
        let line = r.line;
        concrete.extend(super::expand_moving::concrete_movements(src, r, line));
    }
    let mut out = Vec::new();
    for r in concrete {
        let line = r.line;
        out.extend(concrete_properties(src, names, r, line));
    }
    for r in &mut out {
        stationary_spawns(names, r);
    }
    dedup(out)
}

/// The absolute direction of each relative one (`^ v < > parallel perpendicular`), for a
/// rule scanning in `forward`.
fn absolute(r: &mut RawRule) {
    let table: [&str; 6] = match r.direction.as_str() {
        "right" => ["up", "down", "left", "right", "horizontal_par", "vertical_perp"],
        "up" => ["left", "right", "down", "up", "vertical_par", "horizontal_perp"],
        "down" => ["right", "left", "up", "down", "vertical_par", "horizontal_perp"],
        "left" => ["down", "up", "right", "left", "horizontal_par", "vertical_perp"],
        _ => return,
    };
    for it in r.lhs.iter_mut().chain(r.rhs.iter_mut()).flatten().flatten() {
        if let Some(i) = ["^", "v", "<", ">", "parallel", "perpendicular"].iter().position(|d| *d == it.dir) {
            it.dir = table[i].to_string();
        }
    }
}

/// An `up` or `left` rule without an ellipsis becomes the `down` or `right` rule of its
/// rows read backwards.
fn turn_round(r: &mut RawRule) {
    if r.lhs.iter().flatten().any(|cell| cell.first().is_some_and(|it| it.name == "...")) {
        return;
    }
    r.direction = match r.direction.as_str() {
        "up" => "down".into(),
        "left" => "right".into(),
        _ => return,
    };
    for i in 0..r.lhs.len() {
        r.lhs[i].reverse();
        if let Some(row) = r.rhs.get_mut(i) {
            row.reverse();
        }
    }
}

fn split_aggregates(src: &mut Source, names: &Names, r: &mut RawRule) {
    let line = r.line;
    for cell in r.lhs.iter_mut().chain(r.rhs.iter_mut()).flatten() {
        let mut i = 0;
        while i < cell.len() {
            if let Some(parts) = names.aggregates.get(&cell[i].name) {
                if cell[i].dir == "no" {
                    src.error(line, 1, format!("You cannot use 'no' to exclude the aggregate object {} (defined using 'AND'), only regular objects, or properties (objects defined using 'OR').  If you want to do this, you'll have to write it out yourself the long way.", cell[i].name.to_uppercase()));
                }
                let dir = cell[i].dir.clone();
                cell[i].name = parts[0].clone();
                for p in &parts[1..] {
                    cell.push(Item { dir: dir.clone(), name: p.clone() });
                }
            }
            i += 1;
        }
    }
}

/// The properties of a cell (not those a `random` spawns).
fn properties_of(names: &Names, cell: &Cell) -> Vec<String> {
    cell.iter()
        .filter(|it| it.dir != "random" && names.properties.contains_key(&it.name))
        .map(|it| it.name.clone())
        .collect()
}

/// `no P` for a property P becomes `no` of each of its objects.
fn expand_no(names: &Names, cell: &Cell) -> Cell {
    let mut out = Vec::new();
    for it in cell {
        match (it.dir.as_str(), names.properties.get(&it.name)) {
            ("no", Some(parts)) => out.extend(parts.iter().map(|p| Item { dir: "no".into(), name: p.clone() })),
            _ => out.push(it.clone()),
        }
    }
    out
}

fn name_in(cell: &mut Cell, property: &str, concrete: &str) {
    for it in cell.iter_mut().filter(|it| it.name == property && it.dir != "random") {
        it.name = concrete.to_string();
    }
}

/// One rule per object of each property the rule must tell apart (a property is left as
/// it is when its objects share a layer and the right side does not depend on which).
fn concrete_properties(src: &mut Source, names: &Names, mut rule: RawRule, line: usize) -> Vec<RawRule> {
    for j in 0..rule.lhs.len() {
        for k in 0..rule.lhs[j].len() {
            rule.lhs[j][k] = expand_no(names, &rule.lhs[j][k]);
            if !rule.rhs.is_empty() {
                rule.rhs[j][k] = expand_no(names, &rule.rhs[j][k]);
            }
        }
    }
    let mut ambiguous: Vec<String> = Vec::new();
    for (j, row) in rule.rhs.iter().enumerate() {
        for (k, cell) in row.iter().enumerate() {
            let left = properties_of(names, &rule.lhs[j][k]);
            ambiguous.extend(properties_of(names, cell).into_iter().filter(|p| !left.contains(p)));
        }
    }
    type Replaced = HashMap<String, (String, usize)>;
    let mut result: Vec<(RawRule, Replaced)> = vec![(rule, HashMap::new())];
    let mut modified = true;
    while modified {
        modified = false;
        let mut i = 0;
        while i < result.len() {
            let mut remove = false;
            'cells: for j in 0..result[i].0.lhs.len() {
                for k in 0..result[i].0.lhs[j].len() {
                    for property in properties_of(names, &result[i].0.lhs[j][k]) {
                        if names.single_layer.contains_key(&property) && !ambiguous.contains(&property) {
                            continue;
                        }
                        remove = true;
                        modified = true;
                        for alias in names.properties[&property].clone() {
                            let (mut r, mut rep) = result[i].clone();
                            name_in(&mut r.lhs[j][k], &property, &alias);
                            if !r.rhs.is_empty() {
                                name_in(&mut r.rhs[j][k], &property, &alias);
                            }
                            rep.entry(property.clone()).and_modify(|e| e.1 += 1).or_insert((alias.clone(), 1));
                            result.push((r, rep));
                        }
                        break 'cells;
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
    let mut remains = String::new();
    for (mut r, rep) in result {
        for (property, (concrete, count)) in &rep {
            if *count == 1 {
                r.rhs.iter_mut().flatten().for_each(|cell| name_in(cell, property, concrete));
            }
        }
        for cell in r.rhs.iter().flatten() {
            if let Some(p) = properties_of(names, cell).into_iter().rfind(|p| ambiguous.contains(p)) {
                remains = p;
            }
        }
        out.push(r);
    }
    if !remains.is_empty() {
        src.error(line, 1, format!("This rule has a property on the right-hand side, \"{}\", that can't be inferred from the left-hand side.  (either for every property on the right there has to be a corresponding one on the left in the same cell, OR, if there's a single occurrence of a particular property name on the left, all properties of the same name on the right are assumed to be the same).", remains.to_uppercase()));
        return Vec::new();
    }
    out
}

/// An object a (non-late) rule writes into a cell without a movement, where the left side
/// has nothing on its layer, is written stationary.
fn stationary_spawns(names: &Names, r: &mut RawRule) {
    if r.late {
        return;
    }
    for j in 0..r.rhs.len() {
        for k in 0..r.rhs[j].len() {
            let left: Vec<String> = r.lhs[j][k]
                .iter()
                .flat_map(|it| match names.properties.get(&it.name) {
                    Some(parts) => parts.clone(),
                    None if names.object(&it.name).is_some() => vec![it.name.clone()],
                    None => Vec::new(),
                })
                .collect();
            let layers: Vec<usize> = left.iter().filter_map(|n| names.object(n)).map(|o| o.1).collect();
            for it in r.rhs[j][k].iter_mut().filter(|it| it.dir.is_empty()) {
                if names.properties.contains_key(&it.name) || left.contains(&it.name) {
                    continue;
                }
                if let Some((_, layer)) = names.object(&it.name) {
                    if !layers.contains(&layer) {
                        it.dir = "stationary".into();
                    }
                }
            }
        }
    }
}

/// The text that tells two expanded rules apart (the reference's printed form).
fn key(r: &RawRule) -> String {
    let row = |row: &Row| {
        let mut s = String::from("[ ");
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                s.push_str("| ");
            }
            for it in cell {
                match it.dir == "..." {
                    true => s.push_str("... "),
                    false => s.push_str(&format!("{} {} ", it.dir, it.name)),
                }
            }
        }
        s + "] "
    };
    let directed = r.lhs.iter().any(|row| row.len() > 1);
    let mut s = format!("({}) {}{}{}{}", r.line, if directed { &r.direction } else { "" }, r.rigid, r.random, r.late);
    r.lhs.iter().for_each(|x| s.push_str(&row(x)));
    s.push_str("-> ");
    r.rhs.iter().for_each(|x| s.push_str(&row(x)));
    for c in &r.commands {
        s.push_str(&format!("{c:?}"));
    }
    s
}

/// Within a run of rules of one group, a rule equal to a later one is dropped (the last of
/// equal rules stays where it is).
fn dedup(rules: Vec<RawRule>) -> Vec<RawRule> {
    let mut keep = vec![false; rules.len()];
    let mut seen = std::collections::HashSet::new();
    let mut last_group = None;
    for (i, r) in rules.iter().enumerate().rev() {
        if last_group != Some(r.group) {
            seen.clear();
        }
        keep[i] = seen.insert(key(r));
        last_group = Some(r.group);
    }
    rules.into_iter().zip(keep).filter(|(_, k)| *k).map(|(r, _)| r).collect()
}

/// Whether a direction word is ambiguous (stands for several movements).
pub fn ambiguous(dir: &str) -> Option<&'static [&'static str]> {
    direction_aggregate(dir)
}
