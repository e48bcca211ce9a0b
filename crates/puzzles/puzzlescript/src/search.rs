//! The exact oracle: breadth-first search over the interpreter's states (the level's cells
//! after an input and its `again` turns, and the restart point when the game sets
//! checkpoints). The first win found is a shortest plan; a search that runs out of states
//! proves there is none. States are stored as their difference from the level's start.

use std::time::Instant;

use indexmap::IndexSet;

use crate::lang::{Command, Entry, Game};
use crate::run::{Input, Session};

/// When to stop.
#[derive(Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Stored states at most.
    pub max_states: Option<usize>,
    pub deadline: Option<Instant>,
    /// Asked between states: stop now (Ctrl-C, a portfolio's loser).
    pub stop: Option<&'a dyn Fn() -> bool>,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A shortest plan.
    Plan(Vec<Input>),
    /// Every state was seen: no plan exists.
    Unsolvable,
    /// A limit was reached: every plan has more than `depth` inputs.
    GaveUp { depth: usize, why: String },
}

#[derive(Clone, Debug)]
pub struct Report {
    pub found: Found,
    /// States stored.
    pub states: usize,
    /// Inputs whose `again` turns did not stop (within [`crate::run::AGAIN_CAP`]): dead ends.
    pub runaways: usize,
}

/// What stops the solvers from treating a game exactly, if anything.
pub fn refusal(game: &Game) -> Option<String> {
    if let Some(why) = &game.chance {
        return Some(format!("the game depends on chance ({why}); its turns have no single outcome"));
    }
    if game.meta("realtime_interval").is_some() {
        return Some("the game runs in real time (realtime_interval): its turns also come from the clock".into());
    }
    None
}

/// The inputs a player has (`action` unless `noaction`).
pub fn inputs(game: &Game) -> Vec<Input> {
    let mut all = vec![Input::Up, Input::Left, Input::Down, Input::Right];
    if game.meta("noaction").is_none() {
        all.push(Input::Action);
    }
    all
}

/// Writes `words` as its difference from `base`: (gap, word) pairs as variable-length numbers.
fn encode(out: &mut Vec<u8>, words: &[u64], base: &[u64]) {
    let mut last = 0usize;
    for (i, (w, b)) in words.iter().zip(base).enumerate() {
        if w != b {
            varint(out, (i - last) as u64);
            varint(out, w ^ b);
            last = i;
        }
    }
    out.push(0xff);
}

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn decode<'a>(bytes: &'a [u8], base: &[u64], into: &mut Vec<u64>) -> &'a [u8] {
    into.clear();
    into.extend_from_slice(base);
    let (mut at, mut i) = (0usize, 0usize);
    let read = |at: &mut usize| {
        let (mut v, mut shift) = (0u64, 0);
        loop {
            let b = bytes[*at];
            *at += 1;
            v |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return v;
            }
            shift += 7;
        }
    };
    while bytes[at] != 0xff {
        i += read(&mut at) as usize;
        into[i] ^= read(&mut at);
    }
    &bytes[at + 1..]
}

/// The shortest plan that wins entry `index` of LEVELS.
///
/// # Errors
/// The entry is no level, or the game is one the search cannot treat exactly.
pub fn shortest(
    game: &Game,
    index: usize,
    limits: Limits,
    on_depth: &mut dyn FnMut(usize, usize),
) -> Result<Report, String> {
    if let Some(why) = refusal(game) {
        return Err(why);
    }
    let Some(Entry::Level(board)) = game.levels.get(index) else {
        return Err(format!("entry {index} of LEVELS is a message, not a level"));
    };
    let base = &board.cells;
    let checkpoints = game.rules.iter().flatten().any(|r| r.commands.contains(&Command::Checkpoint));
    let start = Session::new(game, index).ok_or("the game has no level")?;
    let key = |cells: &[u64], restart: &[u64]| {
        let mut k = Vec::new();
        encode(&mut k, cells, base);
        if checkpoints {
            encode(&mut k, restart, base);
        }
        k.into_boxed_slice()
    };
    let mut seen: IndexSet<Box<[u8]>> = IndexSet::new();
    let mut parent: Vec<(u32, u8)> = Vec::new();
    seen.insert(key(&start.level.cells, start.restart_point()));
    parent.push((u32::MAX, 0));
    let moves = inputs(game);
    let (mut layer_start, mut depth) = (0usize, 0usize);
    let (mut cells, mut restart) = (Vec::new(), Vec::new());
    let mut s = Session::resume(game, index, base, base).ok_or("the game has no level")?;
    s.keep_undo = false;
    s.deadline = limits.deadline;
    let mut runaways = 0usize;
    while layer_start < seen.len() {
        on_depth(depth, seen.len());
        let layer_end = seen.len();
        for node in layer_start..layer_end {
            if let Some(why) = stopped(&limits, seen.len()) {
                return Ok(Report { found: Found::GaveUp { depth, why }, states: seen.len(), runaways });
            }
            let rest = decode(&seen[node], base, &mut cells);
            match checkpoints {
                true => drop(decode(rest, base, &mut restart)),
                false => restart.clone_from(base),
            }
            for (m, &input) in moves.iter().enumerate() {
                s.reset(&cells, &restart);
                s.step(crate::run::Step::Input(input));
                if s.wins > 0 {
                    let mut plan = vec![input];
                    let mut at = node;
                    while parent[at].0 != u32::MAX {
                        plan.push(moves[parent[at].1 as usize]);
                        at = parent[at].0 as usize;
                    }
                    plan.reverse();
                    return Ok(Report { found: Found::Plan(plan), states: seen.len(), runaways });
                }
                if s.runaway {
                    // Again turns that never stop: the level never settles, a dead end.
                    runaways += 1;
                    continue;
                }
                if seen.insert(key(&s.level.cells, s.restart_point())) {
                    parent.push((node as u32, m as u8));
                }
            }
        }
        layer_start = layer_end;
        depth += 1;
    }
    Ok(Report { found: Found::Unsolvable, states: seen.len(), runaways })
}

fn stopped(limits: &Limits, states: usize) -> Option<String> {
    if limits.stop.is_some_and(|s| s()) {
        return Some("interrupted".into());
    }
    if limits.deadline.is_some_and(|d| Instant::now() >= d) {
        return Some("time limit".into());
    }
    if limits.max_states.is_some_and(|m| states >= m) {
        return Some(format!("state limit ({states} states)"));
    }
    None
}
