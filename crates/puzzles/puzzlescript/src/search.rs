//! The exact oracle: breadth-first search over the interpreter's states (the level's cells
//! after an input and its `again` turns, and the restart point when the game sets
//! checkpoints). The first win found is a shortest plan; a search that runs out of states
//! proves there is none. States are stored as their difference from the level's start.

use std::time::Instant;

type IndexSet<K> = indexmap::IndexSet<K, rustc_hash::FxBuildHasher>;

use crate::lang::{Command, Entry, Game};
use crate::run::{Input, Session};

/// When to stop.
#[derive(Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Stored states at most.
    pub max_states: Option<usize>,
    /// Inputs at most: a plan longer is not looked for.
    pub max_depth: Option<usize>,
    pub deadline: Option<Instant>,
    /// Asked between states: stop now (Ctrl-C, a portfolio's loser).
    pub stop: Option<&'a (dyn Fn() -> bool + Sync)>,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A shortest plan.
    Plan(Vec<Input>),
    /// Every state was seen: no plan exists.
    Unsolvable,
    /// No plan of at most this many inputs (the most the search was asked to look at).
    NoneWithin(usize),
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

/// What one thread found expanding a run of a layer's states: each new state (its parent,
/// the input, its key) in order, the first win, and whether it stopped short.
#[derive(Default)]
struct Expanded {
    next: Vec<(u32, u8, Box<[u8]>)>,
    win: Option<(u32, u8)>,
    stopped: Option<String>,
    runaways: usize,
}

/// The game and level a search runs on, shared by its threads.
struct Space<'g> {
    game: &'g Game,
    index: usize,
    base: &'g [u64],
    checkpoints: bool,
    moves: Vec<Input>,
}

impl Space<'_> {
    fn key(&self, cells: &[u64], restart: &[u64]) -> Box<[u8]> {
        let mut k = Vec::new();
        self.key_into(&mut k, cells, restart);
        k.into_boxed_slice()
    }

    /// The key of a state written into `k` (cleared first).
    fn key_into(&self, k: &mut Vec<u8>, cells: &[u64], restart: &[u64]) {
        k.clear();
        encode(k, cells, self.base);
        if self.checkpoints {
            encode(k, restart, self.base);
        }
    }

    /// Expands states `nodes` of `seen`, in order, until the first win.
    fn expand(&self, seen: &IndexSet<Box<[u8]>>, nodes: std::ops::Range<usize>, limits: &Limits) -> Expanded {
        let mut out = Expanded::default();
        let Some(mut s) = Session::resume(self.game, self.index, self.base, self.base) else { return out };
        s.keep_undo = false;
        s.deadline = limits.deadline;
        let (mut cells, mut restart, mut key) = (Vec::new(), Vec::new(), Vec::new());
        for node in nodes {
            if let Some(why) = stopped(limits, seen.len()) {
                out.stopped = Some(why);
                return out;
            }
            let rest = decode(&seen[node], self.base, &mut cells);
            match self.checkpoints {
                true => drop(decode(rest, self.base, &mut restart)),
                false => {
                    restart.clear();
                    restart.extend_from_slice(self.base);
                }
            }
            for (m, &input) in self.moves.iter().enumerate() {
                s.reset(&cells, &restart);
                s.step(crate::run::Step::Input(input));
                if s.wins > 0 {
                    out.win = Some((node as u32, m as u8));
                    return out;
                }
                if s.runaway {
                    // Again turns that never stop: the level never settles, a dead end.
                    out.runaways += 1;
                    continue;
                }
                // Most successors were seen already: a key is allocated for new ones only.
                self.key_into(&mut key, &s.level.cells, s.restart_point());
                if !seen.contains(key.as_slice()) {
                    out.next.push((node as u32, m as u8, key.as_slice().into()));
                }
            }
        }
        out
    }
}

/// The shortest plan that wins entry `index` of LEVELS, each layer of the search shared out
/// over the machine's cores (the plan found is the same on any number of them).
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
    let checkpoints = game.rules.iter().flatten().any(|r| r.commands.contains(&Command::Checkpoint));
    let space = Space { game, index, base: &board.cells, checkpoints, moves: inputs(game) };
    let start = Session::new(game, index).ok_or("the game has no level")?;
    if start.wins > 0 {
        // Won as it loads (its start's again turns): no input is needed.
        return Ok(Report { found: Found::Plan(Vec::new()), states: 1, runaways: 0 });
    }
    let mut seen: IndexSet<Box<[u8]>> = IndexSet::default();
    let mut parent: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    seen.insert(space.key(&start.level.cells, start.restart_point()));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let (mut layer_start, mut depth, mut runaways) = (0usize, 0usize, 0usize);
    while layer_start < seen.len() {
        if limits.max_depth.is_some_and(|m| depth >= m) {
            return Ok(Report { found: Found::NoneWithin(depth), states: seen.len(), runaways });
        }
        on_depth(depth, seen.len());
        let layer = layer_start..seen.len();
        // Runs of at most 4096 states, handed out in order; merged in order below.
        let runs: Vec<std::ops::Range<usize>> =
            layer.clone().step_by(4096).map(|a| a..(a + 4096).min(layer.end)).collect();
        let next_run = std::sync::atomic::AtomicUsize::new(0);
        let done: Vec<std::sync::Mutex<Option<Expanded>>> = runs.iter().map(|_| std::sync::Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.min(runs.len()) {
                scope.spawn(|| loop {
                    let r = next_run.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(run) = runs.get(r) else { break };
                    let e = space.expand(&seen, run.clone(), &limits);
                    let stop = e.win.is_some() || e.stopped.is_some();
                    *done[r].lock().expect("a run's result") = Some(e);
                    if stop {
                        // Later runs cannot matter: this one ends the search.
                        next_run.fetch_add(runs.len(), std::sync::atomic::Ordering::Relaxed);
                    }
                });
            }
        });
        for slot in done {
            let Some(e) = slot.into_inner().expect("a run's result") else { break };
            runaways += e.runaways;
            for (node, m, key) in e.next {
                if seen.insert(key) {
                    parent.push((node, m));
                }
            }
            if let Some((node, m)) = e.win {
                let mut plan = vec![space.moves[m as usize]];
                let mut at = node as usize;
                while parent[at].0 != u32::MAX {
                    plan.push(space.moves[parent[at].1 as usize]);
                    at = parent[at].0 as usize;
                }
                plan.reverse();
                return Ok(Report { found: Found::Plan(plan), states: seen.len(), runaways });
            }
            if let Some(why) = e.stopped {
                return Ok(Report { found: Found::GaveUp { depth, why }, states: seen.len(), runaways });
            }
        }
        layer_start = layer.end;
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
