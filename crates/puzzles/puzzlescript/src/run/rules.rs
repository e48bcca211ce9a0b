//! Rules applied to a level as the reference engine applies them: a rule finds every match of
//! each of its rows (scanning in its direction), applies its replacement at each combination
//! of matches in turn (re-checking all but the first), queues its commands; a group repeats
//! its rules until none changes anything (at most 200 times); `endloop` sends the run back to
//! its `startloop` while anything changed (at most 200 times).

use crate::lang::bits::{self};
use crate::lang::{Cell, Command, Game, Rule};

use super::matches::{delta, find_matches, narrow_at, row_matches_at, Found};
use super::{Level, Usage};

/// Every combination of one match per row, the first row's match changing fastest.
pub fn tuples(matches: &[Vec<Found>]) -> Vec<Vec<Found>> {
    let mut out: Vec<Vec<Found>> = vec![Vec::new()];
    for row in matches {
        let mut next = Vec::with_capacity(out.len() * row.len());
        for m in row {
            for t in &out {
                let mut t = t.clone();
                t.push(*m);
                next.push(t);
            }
        }
        out = next;
    }
    out
}

/// Applies a rule at one combination of matches (re-checked first when `check`).
pub fn apply_at(game: &Game, level: &mut Level, rule: &Rule, tuple: &[Found], check: bool) -> bool {
    let d = delta(level, rule.direction);
    let still = |(r, (f, row)): (usize, (&Found, &Vec<Cell>))| match rule.narrow.get(r) {
        Some(narrow) => narrow_at(level, narrow, f.start, d, f.gaps),
        None => row_matches_at(game, level, row, f.start, d, f.gaps),
    };
    if check && !tuple.iter().zip(&rule.rows).enumerate().all(still) {
        return false;
    }
    let mut changed = false;
    for (f, row) in tuple.iter().zip(&rule.rows) {
        let mut pos = f.start as isize;
        let mut e = 0;
        for cell in row {
            match cell {
                Cell::Ellipsis => {
                    pos += f.gaps[e] as isize * d;
                    e += 1;
                }
                Cell::Pattern(p) => {
                    changed |= super::replace::replace(game, level, rule, p, pos as usize);
                    pos += d;
                }
            }
        }
    }
    changed
}

/// A rule's turn: every match applied, its commands queued when it matched at all.
fn try_apply(game: &Game, level: &mut Level, rule: &Rule) -> bool {
    if !bits::all_in(&rule.needs, &level.present) || !bits::all_in(&rule.needs_moving, &level.moving) {
        return false;
    }
    let matches = find_matches(game, level, rule);
    if matches.is_empty() {
        return false;
    }
    let mut changed = false;
    if let Some(u) = level.usage.as_deref_mut() {
        // Combinations the encoding writes out: a row that writes matching more than once
        // (a quiet row's matches make no difference, see `lang::quiet`).
        let many = |(r, m): (usize, &Vec<Found>)| m.len() > 1 && !rule.quiet[r];
        if rule.has_replacements && matches.len() > 1 && matches.iter().enumerate().any(many) {
            u.products.insert(rule.line);
        }
    }
    if rule.has_replacements {
        match matches.as_slice() {
            // One row (most rules): its matches are the combinations, in order.
            [only] => {
                for (t, found) in only.iter().enumerate() {
                    changed |= apply_at(game, level, rule, std::slice::from_ref(found), t > 0);
                }
            }
            _ => {
                // Every combination of one match per row, the first row's changing fastest.
                let mut index = vec![0usize; matches.len()];
                let mut tuple: Vec<Found> = matches.iter().map(|m| m[0]).collect();
                let mut first = true;
                loop {
                    changed |= apply_at(game, level, rule, &tuple, !first);
                    first = false;
                    let Some(r) = (0..matches.len()).find(|&r| index[r] + 1 < matches[r].len()) else { break };
                    for k in 0..r {
                        index[k] = 0;
                        tuple[k] = matches[k][0];
                    }
                    index[r] += 1;
                    tuple[r] = matches[r][index[r]];
                }
            }
        }
    }
    queue_commands(level, &rule.commands);
    changed
}

/// Queues a rule's commands: `cancel` outranks `restart`, which outranks the rest; each
/// command is queued once.
pub fn queue_commands(level: &mut Level, commands: &[Command]) {
    if commands.is_empty() {
        return;
    }
    let has = |q: &[Command], c: &Command| q.iter().any(|x| x.word() == c.word());
    let (cancel, restart) = (commands.contains(&Command::Cancel), commands.contains(&Command::Restart));
    if has(&level.commands, &Command::Cancel) || (has(&level.commands, &Command::Restart) && !cancel) {
        return;
    }
    if cancel || restart {
        level.commands.clear();
    }
    for c in commands {
        if !has(&level.commands, c) {
            level.commands.push(c.clone());
        }
    }
}

/// A group's rules until none changes anything (once, for a group whose second repetition
/// would change nothing: see [`crate::lang::settle`]).
fn apply_group(game: &Game, level: &mut Level, group: &[Rule], once: bool, (phase, g): (usize, usize)) -> bool {
    if group[0].random {
        return super::replace::apply_random_group(game, level, group);
    }
    let mut changed = false;
    let mut count = 0;
    let mut again = true;
    let cap = if once { 1 } else { 200 };
    while again && count < cap {
        count += 1;
        again = false;
        for rule in group {
            again |= try_apply(game, level, rule);
        }
        changed |= again;
    }
    if let Some(u) = level.usage.as_deref_mut().filter(|_| !once) {
        Usage::note(&mut u.repeats[phase], g, count);
    }
    changed
}

/// The groups of `phase` (0: the rules, 1: the late rules) in order, with their loops;
/// `banned` groups (rigid failures) are skipped.
pub fn apply_rules(
    game: &Game,
    level: &mut Level,
    (groups, phase): (&[Vec<Rule>], usize),
    loop_point: &[Option<usize>],
    once: &[bool],
    banned: Option<&[bool]>,
) {
    let mut propagated = false;
    let mut loops = 0;
    let mut g = 0;
    // Per loop (by its last group), the times it went back, when counted.
    let mut back_from: Vec<usize> = Vec::new();
    while g < groups.len() {
        if banned.is_none_or(|b| !b[g]) {
            propagated |= apply_group(game, level, &groups[g], once[g], (phase, g));
        }
        if propagated {
            if let Some(back) = loop_point[g] {
                if let Some(u) = level.usage.as_deref_mut() {
                    Usage::note(&mut back_from, g, 0);
                    back_from[g] += 1;
                    Usage::note(&mut u.loops[phase], g, back_from[g] + 1);
                }
                g = back;
                propagated = false;
                loops += 1;
                if loops > 200 {
                    break;
                }
                continue;
            }
        }
        g += 1;
    }
}
