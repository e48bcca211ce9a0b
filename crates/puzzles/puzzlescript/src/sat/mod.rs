//! The SAT path: a horizon of inputs unrolled as a circuit ([`turn`]: one turn played on a
//! symbolic level, [`rules`]: the rules on it, [`circuit`]: the gates), solved by the embedded
//! CaDiCaL, the plan read back and replayed by the interpreter. Loops are unrolled a bounded
//! number of times and say when the bound was short; a horizon is then solved again with
//! the bound raised, so the plans it finds are the interpreter's and a horizon proved
//! unsatisfiable is proved for the interpreter's turns.

pub(crate) mod circuit;
pub mod drive;
mod free;
pub(crate) mod groups;
pub(crate) mod guide;
mod live;
mod movement;
pub(crate) mod rules;
pub(crate) mod shared;
pub(crate) mod turn;

use puzzlec_ir::{ClauseSink, Lit};

use crate::lang::{Command, Entry, Game};
use crate::run::Input;
use circuit::{Circuit, F};
use turn::{Bounds, Loop, Sym, Turn};

/// Whether the encoding treats `level`: nothing it cannot encode yet, and no rule with too
/// many combinations of matches on it (one step written to see).
///
/// # Errors
/// What it cannot treat, in words.
pub fn fits(level: &crate::level::Level) -> Result<(), String> {
    if let Some(why) = refusal(&level.game) {
        return Err(why);
    }
    let mut cnf = puzzlec_ir::Cnf::new();
    let mut u = Unroll::new(&level.game, level.index, &level.start, level.bounds(), &mut cnf)?;
    puzzlec_core::stop::building_within(puzzlec_drive::MAX_CLAUSES, || u.step())
}

/// What the encoding cannot treat yet, if anything (beside what the search refuses too).
pub fn refusal(game: &Game) -> Option<String> {
    if let Some(why) = crate::search::refusal(game) {
        return Some(why);
    }
    if game.rigid {
        return Some("rigid rules are not encoded yet (the breadth-first search treats them: --solver search)".into());
    }
    if game.rules.iter().chain(&game.late_rules).flatten().any(|r| r.commands.contains(&Command::Checkpoint)) {
        return Some("checkpoint is not encoded yet (the breadth-first search treats it: --solver search)".into());
    }
    None
}

/// The first bounds tried: two repetitions of a group (one that changes, one that shows
/// nothing more does; one for a group that settles at once), two passes of a loop, three
/// rounds of movement (see `movement`), one `again` turn where the game has any, and rules
/// of several rows written for one match per row.
pub fn first_bounds(game: &Game) -> Bounds {
    let again = game.rules.iter().chain(&game.late_rules).flatten().any(|r| r.commands.contains(&Command::Again));
    Bounds {
        repeats: game.once.iter().map(|&once| if once { 1 } else { 2 }).collect(),
        late_repeats: game.late_once.iter().map(|&once| if once { 1 } else { 2 }).collect(),
        loops: vec![2; game.rules.len()],
        late_loops: vec![2; game.late_rules.len()],
        passes: 3,
        ordered: false,
        agains: usize::from(again),
        products: std::collections::BTreeSet::new(),
    }
}

/// The most `again` turns written after an input.
pub const MAX_AGAINS: usize = 512;

/// Raises the bound a loop of `game` overflowed; false when it is already at its cap.
pub fn raise(game: &Game, bounds: &mut Bounds, what: Loop) -> bool {
    let (slot, cap) = match what {
        Loop::Tuples(line) => return bounds.products.insert(line),
        Loop::Collide => return !std::mem::replace(&mut bounds.ordered, true),
        Loop::Group(g) => (&mut bounds.repeats[g], 200),
        Loop::LateGroup(g) => (&mut bounds.late_repeats[g], 200),
        Loop::Startloop(g) => (&mut bounds.loops[g], loop_cap(&game.loop_point)),
        Loop::LateStartloop(g) => (&mut bounds.late_loops[g], loop_cap(&game.late_loop_point)),
        Loop::Passes => (&mut bounds.passes, 256),
        Loop::Agains => (&mut bounds.agains, MAX_AGAINS),
    };
    if *slot >= cap {
        return false;
    }
    *slot = (*slot * 2).min(cap);
    true
}

/// Raises every bound of `bounds` (each loop's doubled, movement written in order, every
/// rule of several rows with every combination), for a listing of plans that cannot tell
/// which one its model leaned on; whether any rose.
pub fn raise_every(game: &Game, bounds: &mut Bounds) -> bool {
    let mut all = vec![Loop::Passes, Loop::Agains, Loop::Collide];
    all.extend((0..bounds.repeats.len()).map(Loop::Group));
    all.extend((0..bounds.late_repeats.len()).map(Loop::LateGroup));
    all.extend((0..bounds.loops.len()).map(Loop::Startloop));
    all.extend((0..bounds.late_loops.len()).map(Loop::LateStartloop));
    let rules = game.rules.iter().chain(&game.late_rules).flatten();
    all.extend(rules.filter(|r| r.rows.len() > 1).map(|r| Loop::Tuples(r.line)));
    all.into_iter().fold(false, |any, what| raise(game, bounds, what) | any)
}

/// Raises `bounds` to what the interpreter was seen to use (each within its cap); whether
/// any rose.
pub fn lift(game: &Game, bounds: &mut Bounds, seen: &crate::run::Usage) -> bool {
    let mut any = false;
    let mut up = |slots: &mut [usize], seen: &[usize], cap: usize| {
        for (slot, &n) in slots.iter_mut().zip(seen) {
            if n.min(cap) > *slot {
                *slot = n.min(cap);
                any = true;
            }
        }
    };
    up(&mut bounds.repeats, &seen.repeats[0], 200);
    up(&mut bounds.late_repeats, &seen.repeats[1], 200);
    up(&mut bounds.loops, &seen.loops[0], loop_cap(&game.loop_point));
    up(&mut bounds.late_loops, &seen.loops[1], loop_cap(&game.late_loop_point));
    up(std::slice::from_mut(&mut bounds.passes), &[seen.passes], 256);
    up(std::slice::from_mut(&mut bounds.agains), &[seen.agains], MAX_AGAINS);
    for &line in &seen.products {
        any |= bounds.products.insert(line);
    }
    any
}

/// The passes each loop of a list may be written with: together they jump back fewer times
/// than the interpreter allows a turn (see [`groups::MAX_PASSES`]).
fn loop_cap(points: &[Option<usize>]) -> usize {
    let n = groups::loops(points).len().max(1);
    groups::MAX_PASSES / n + 1
}

/// The steps unrolled so far from a level's start, in a circuit: the inputs of each step
/// (exactly one), and per step the literal that says the level is won there or a bound was
/// short there (an over-approximation), with the overflows.
pub struct Unroll<'g, S: ClauseSink> {
    pub c: Circuit<S>,
    game: &'g Game,
    bounds: Bounds,
    start: Sym,
    level: Sym,
    moves: Vec<Input>,
    pub inputs: Vec<Vec<(Lit, Input)>>,
    pub won: Vec<Lit>,
    pub overflow: Vec<Vec<(Lit, Loop)>>,
    /// Some step so far won (or overflowed).
    done: Lit,
    /// Per step: some step up to it won (or overflowed).
    dones: Vec<Lit>,
    /// The levels after each step (a shortest plan visits no level twice).
    past: Vec<Sym>,
    /// Whether the formula rules out plans that come back to a level they left: a clause
    /// per pair of steps, each comparing two levels, so that their number grows with the
    /// square of the horizon. A solver guided by the interpreter rules them out itself
    /// (`guide`'s lemmas) and goes without.
    pub no_return: bool,
}

impl<'g, S: ClauseSink> Unroll<'g, S> {
    /// No step yet, from the level's start `cells` (entry `index` of LEVELS).
    ///
    /// # Errors
    /// The entry is no level.
    pub fn new(game: &'g Game, index: usize, cells: &[u64], bounds: Bounds, sink: S) -> Result<Unroll<'g, S>, String> {
        let Some(Entry::Level(board)) = game.levels.get(index) else { return Err("not a level".into()) };
        let start = Sym::known(game, board.width, board.height, cells);
        let moves = crate::search::inputs(game);
        let level = start.clone();
        Ok(Unroll {
            c: Circuit::new(sink),
            game,
            bounds,
            start,
            level,
            moves,
            inputs: Vec::new(),
            won: Vec::new(),
            overflow: Vec::new(),
            done: F,
            dones: Vec::new(),
            past: Vec::new(),
            no_return: true,
        })
    }

    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    pub fn steps(&self) -> usize {
        self.won.len()
    }

    /// One more step: an input, its turn and its `again` turns.
    ///
    /// # Errors
    /// A rule with too many combinations of matches, or a formula abandoned at its limit.
    pub fn step(&mut self) -> Result<(), String> {
        let (c, t) = (&mut self.c, self.won.len());
        let lits: Vec<(Lit, Input)> =
            self.moves.iter().map(|&m| (c.input(Some(format!("step{t}_{}", m.letter()))), m)).collect();
        let only: Vec<Lit> = lits.iter().map(|l| l.0).collect();
        c.exactly_one(&only);
        let masks: Vec<(Lit, u64)> = lits.iter().map(|&(l, m)| (l, m.mask())).collect();
        // A guided solver's lemmas rule out an input that changes nothing (its level is
        // reached a step sooner), as they rule out coming back: without `again` turns to
        // read it, whether the turn changed the level is not written.
        let says_modified = self.no_return || self.bounds.agains > 0;
        let mut turn =
            Turn { game: self.game, bounds: &self.bounds, start: &self.start, overflow: Vec::new(), says_modified };
        let p = turn.play(c, &self.level, Some(&masks))?;
        let (mut won, mut now) = (p.won, p.level.clone());
        let mut due = c.and(p.again, p.modified);
        for _ in 0..self.bounds.agains {
            if due == F {
                break;
            }
            if puzzlec_core::stop::overdue() {
                return Err("the formula's deadline passed".into());
            }
            // Written under `due` (see `Circuit::guarded`): after most inputs no `again` turn
            // is due, and the solver then propagates nothing through it. What it says is read
            // where it happens only; its overflows, where it is due.
            let from = turn.overflow.len();
            let q = c.guarded(due, |c| turn.play(c, &now, None))?;
            for o in &mut turn.overflow[from..] {
                o.0 = c.and(due, o.0);
            }
            let happens = c.and(due, q.probe);
            let won_again = c.and(happens, q.won);
            won = c.or(won, won_again);
            now = choose(c, happens, &q.level, &now);
            let next = c.and(q.again, q.modified);
            due = c.and(happens, next);
        }
        turn.overflow.push((due, Loop::Agains));
        let over: Vec<Lit> = turn.overflow.iter().map(|o| o.0).collect();
        let over_any = c.or_all(&over);
        let step = c.or(won, over_any);
        self.done = c.or(self.done, step);
        self.dones.push(self.done);
        // A shortest plan has no input that leaves the level as it was, and comes back to no
        // level it left, until it wins (the first clause is dropped where `modified` is `T`).
        c.clause(&[p.modified, self.done]);
        if self.no_return {
            let earlier: Vec<Sym> = std::iter::once(self.start.clone()).chain(self.past.iter().cloned()).collect();
            for (s, back) in earlier.iter().enumerate() {
                if s + 1 < earlier.len() {
                    let differs = now.differs(c, back);
                    c.clause(&[differs, self.done]);
                }
            }
            self.past.push(now.clone());
        }
        self.inputs.push(lits);
        self.won.push(step);
        self.overflow.push(turn.overflow.into_iter().filter(|o| o.0 != F).collect());
        self.level = now;
        if c.abandoned() {
            return Err("the formula was abandoned (time limit or size cap)".into());
        }
        Ok(())
    }

    /// The literal that says some step so far wins.
    pub fn goal(&self) -> Lit {
        self.done
    }

    /// The literal that says some step of the first `steps` wins (`steps` written already).
    pub fn goal_within(&self, steps: usize) -> Lit {
        self.dones[steps - 1]
    }
}

/// Writes `horizon` steps from the level's start `cells` into `sink`, with the clause that
/// some step wins.
///
/// # Errors
/// The entry is no level, or a rule has too many combinations of matches.
pub fn encode<'g, S: ClauseSink>(
    game: &'g Game,
    index: usize,
    cells: &[u64],
    horizon: usize,
    bounds: &Bounds,
    sink: S,
) -> Result<Unroll<'g, S>, String> {
    let mut u = Unroll::new(game, index, cells, bounds.clone(), sink)?;
    for _ in 0..horizon {
        u.step()?;
    }
    let goal = u.goal();
    u.c.clause(&[goal]);
    // Named copies of what a decoder reads: where the level is won (or a bound was short).
    for t in 0..horizon {
        let (won, short) = (u.won[t], u.overflow[t].iter().map(|o| o.0).collect::<Vec<Lit>>());
        let short = u.c.or_all(&short);
        for (name, lit) in [(format!("won{t}"), won), (format!("short{t}"), short)] {
            let v = u.c.input(Some(name));
            u.c.clause(&[-v, lit]);
            u.c.clause(&[v, -lit]);
        }
    }
    Ok(u)
}

fn choose(c: &mut Circuit<impl ClauseSink>, cond: Lit, a: &Sym, b: &Sym) -> Sym {
    let mut out = a.clone();
    let n = a.cells() * a.k;
    let (ao, bo) = (a.objects(), b.objects());
    for i in 0..n {
        let v = c.ite(cond, ao[i], bo[i]);
        out.set_obj(i / a.k, i % a.k, v);
    }
    out
}

#[cfg(test)]
mod tests;
