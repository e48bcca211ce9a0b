//! One turn played on a symbolic level: every object and movement of every cell a literal,
//! the interpreter's steps written as gates. Loops the encoding unrolls a bounded number of
//! times (a group's repetitions, `startloop` passes, the movement's rounds, the `again` turns)
//! report the literal that says the bound was too small: where it holds, nothing after it is
//! trusted, and the search treats the step as able to win (an over-approximation, so that a
//! horizon proved unsatisfiable is proved for the interpreter's own turns).

use puzzlec_ir::{ClauseSink, Lit};

use super::circuit::{Circuit, F};
use super::groups::Phase;
use super::rules;
use crate::lang::{bits, Command, Game, Quantifier};

/// A level whose cells hold literals: object `o` of cell `i`, movement bit `b` (5 per layer).
#[derive(Clone)]
pub struct Sym {
    pub w: usize,
    pub h: usize,
    pub k: usize,
    pub layers: usize,
    /// Each object's layer.
    pub layer_of: Vec<usize>,
    objs: Vec<Lit>,
    movs: Vec<Lit>,
}

impl Sym {
    /// The known cells of a level (no movement).
    pub fn known(game: &Game, w: usize, h: usize, cells: &[u64]) -> Sym {
        let k = game.objects.len();
        let ow = game.object_words;
        let objs = (0..w * h)
            .flat_map(|i| (0..k).map(move |o| super::circuit::constant(bits::get(&cells[i * ow..(i + 1) * ow], o))))
            .collect();
        let layer_of = game.objects.iter().map(|o| o.layer).collect();
        Sym { w, h, k, layers: game.layer_count, layer_of, objs, movs: vec![F; w * h * 5 * game.layer_count] }
    }

    pub fn cells(&self) -> usize {
        self.w * self.h
    }

    pub fn bits_per_cell(&self) -> usize {
        5 * self.layers
    }

    pub fn obj(&self, i: usize, o: usize) -> Lit {
        self.objs[i * self.k + o]
    }

    pub fn set_obj(&mut self, i: usize, o: usize, v: Lit) {
        self.objs[i * self.k + o] = v;
    }

    pub fn mov(&self, i: usize, b: usize) -> Lit {
        self.movs[i * 5 * self.layers + b]
    }

    pub fn set_mov(&mut self, i: usize, b: usize, v: Lit) {
        self.movs[i * 5 * self.layers + b] = v;
    }

    pub fn objects(&self) -> &[Lit] {
        &self.objs
    }

    /// Each object of this level where `c` holds, else of `other`.
    fn choose(&self, c: &mut Circuit<impl ClauseSink>, cond: Lit, other: &Sym) -> Sym {
        let mut out = self.clone();
        for (n, (a, b)) in self.objs.iter().zip(&other.objs).enumerate() {
            out.objs[n] = c.ite(cond, *a, *b);
        }
        for (n, (a, b)) in self.movs.iter().zip(&other.movs).enumerate() {
            out.movs[n] = c.ite(cond, *a, *b);
        }
        out
    }

    /// Whether the objects differ from `other`'s.
    pub fn differs(&self, c: &mut Circuit<impl ClauseSink>, other: &Sym) -> Lit {
        let mut d = Vec::new();
        for (a, b) in self.objs.iter().zip(&other.objs) {
            if a != b {
                let x = c.ite(*a, -*b, *b);
                d.push(x);
            }
        }
        c.or_all(&d)
    }
}

/// The commands queued during a turn (a message or a sound changes nothing).
#[derive(Clone, Copy)]
pub struct Queue {
    pub cancel: Lit,
    pub restart: Lit,
    pub again: Lit,
    pub win: Lit,
}

impl Queue {
    pub fn empty() -> Queue {
        Queue { cancel: F, restart: F, again: F, win: F }
    }

    /// A rule's commands queued when `matched`: `cancel` outranks `restart`, which outranks
    /// the rest, as the interpreter queues them.
    pub fn push(&mut self, c: &mut Circuit<impl ClauseSink>, matched: Lit, commands: &[Command]) {
        if commands.is_empty() || matched == F {
            return;
        }
        let has = |w: &Command| rules::says(commands, w);
        let (cancel, restart) = (has(&Command::Cancel), has(&Command::Restart));
        let blocked = if cancel { self.cancel } else { c.or(self.cancel, self.restart) };
        let on = c.and(matched, -blocked);
        let words = [
            (&mut self.cancel, Command::Cancel),
            (&mut self.restart, Command::Restart),
            (&mut self.again, Command::Again),
            (&mut self.win, Command::Win),
        ];
        for (flag, word) in words {
            let mine = has(&word);
            *flag = match (cancel || restart, mine) {
                (true, _) => c.ite(on, super::circuit::constant(mine), *flag),
                (false, true) => c.or(*flag, on),
                (false, false) => *flag,
            };
        }
    }
}

/// How far the encoding unrolls each loop.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// Repetitions of each group (rules, then late rules).
    pub repeats: Vec<usize>,
    pub late_repeats: Vec<usize>,
    /// Passes of each `startloop`...`endloop` (by its last group; rules, then late rules).
    pub loops: Vec<usize>,
    pub late_loops: Vec<usize>,
    /// Movement passes (or rounds of the fixpoint of who moves, see `movement`).
    pub passes: usize,
    /// Whether movement is written pass by pass in the interpreter's order, as it must be
    /// where two objects that move may take one cell.
    pub ordered: bool,
    /// `again` turns after an input.
    pub agains: usize,
    /// The rules (by line) of several rows written with every combination of their rows'
    /// matches; the others are written for at most one match per row (see [`rules::apply`]).
    pub products: std::collections::BTreeSet<usize>,
}

/// Which bound a literal of overflow belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loop {
    Group(usize),
    LateGroup(usize),
    /// A loop, by its last group.
    Startloop(usize),
    LateStartloop(usize),
    Passes,
    Agains,
    /// A rule of several rows (by line) matched more than once in some row.
    Tuples(usize),
    /// Two objects that move took one cell (see `movement`).
    Collide,
}

/// What a turn left: the level, whether it changed, won, and the overflows.
pub struct Played {
    pub level: Sym,
    pub modified: Lit,
    pub won: Lit,
    pub again: Lit,
    pub probe: Lit,
}

pub struct Turn<'a> {
    pub game: &'a Game,
    pub bounds: &'a Bounds,
    /// The level as it starts (after its start turns): where `restart` goes.
    pub start: &'a Sym,
    pub overflow: Vec<(Lit, Loop)>,
    /// Whether an input's turn says exactly whether it changed the level (read by its
    /// `again` turns and by the clause against an input that changes nothing); else its
    /// `modified` is `T`. An `again` turn always says it.
    pub says_modified: bool,
}

impl Turn<'_> {
    /// One turn from `level`, with the input literals (`None`: no input).
    ///
    /// # Errors
    /// A rule with too many combinations of matches for the encoding.
    pub fn play(
        &mut self,
        c: &mut Circuit<impl ClauseSink>,
        level: &Sym,
        input: Option<&[(Lit, u64)]>,
    ) -> Result<Played, String> {
        let game = self.game;
        let mut st = level.clone();
        let mut player_at = Vec::new();
        for i in 0..st.cells() {
            let p: Vec<Lit> = bits::ones(&game.player).filter(|&o| o < st.k).map(|o| st.obj(i, o)).collect();
            player_at.push(if game.player_all { c.and_all(&p) } else { c.or_all(&p) });
        }
        if let Some(inputs) = input {
            // The input moves the layer of each player object there: one literal per layer
            // that holds a player (kettle's four kinds of police share theirs), then one gate
            // per input, rather than one per object and input.
            let mut layers: Vec<usize> =
                bits::ones(&game.player).filter(|&o| o < st.k).map(|o| st.layer_of[o]).collect();
            layers.sort_unstable();
            layers.dedup();
            for i in 0..st.cells() {
                for &layer in &layers {
                    let here: Vec<Lit> = bits::ones(&game.player)
                        .filter(|&o| o < st.k && st.layer_of[o] == layer)
                        .map(|o| st.obj(i, o))
                        .collect();
                    let here = c.or_all(&here);
                    for &(lit, mask) in inputs {
                        let b = 5 * layer + mask.trailing_zeros() as usize;
                        let on = c.and(here, lit);
                        let v = c.or(st.mov(i, b), on);
                        st.set_mov(i, b, v);
                    }
                }
            }
        }
        let mut q = Queue::empty();
        self.groups(c, &mut st, &mut q, Phase::Rules)?;
        self.movement(c, &mut st)?;
        self.groups(c, &mut st, &mut q, Phase::Late)?;
        self.finish(c, level, st, q, input.is_some(), &player_at)
    }

    /// The commands: `cancel` and a player that did not move (`require_player_movement`)
    /// put the level back, `restart` returns to its start; then the win.
    fn finish(
        &mut self,
        c: &mut Circuit<impl ClauseSink>,
        before: &Sym,
        st: Sym,
        q: Queue,
        had_input: bool,
        player_at: &[Lit],
    ) -> Result<Played, String> {
        let game = self.game;
        let mut back = q.cancel;
        if had_input && game.meta("require_player_movement").is_some() {
            let mut moved = Vec::new();
            for (i, &p) in player_at.iter().enumerate() {
                let now: Vec<Lit> = bits::ones(&game.player).filter(|&o| o < st.k).map(|o| st.obj(i, o)).collect();
                let now = c.or_all(&now);
                moved.push(c.and(p, -now));
            }
            let any_player = c.or_all(player_at);
            let moved = c.or_all(&moved);
            let stuck = c.and(any_player, -moved);
            back = c.or(back, stuck);
        }
        let restarted = c.and(-back, q.restart);
        let after_restart = self.start.choose(c, restarted, &st);
        let level = before.choose(c, back, &after_restart);
        let modified = match had_input && !self.says_modified {
            true => super::circuit::T,
            false => level.differs(c, before),
        };
        let queue_kept = c.and(-back, -q.restart);
        let win_command = c.and(queue_kept, q.win);
        let conditions = wins(c, game, &level);
        let won_now = c.or(win_command, conditions);
        let won = c.and(-back, won_now);
        let again = c.and(queue_kept, q.again);
        // The `again` probe: the next turn would change the level or queue a win or a restart.
        let probe = c.or_all(&[modified, q.win, q.restart]);
        Ok(Played { level, modified, won, again, probe })
    }
}

/// Whether the win conditions hold on a symbolic level (none: never).
pub fn wins(c: &mut Circuit<impl ClauseSink>, game: &Game, st: &Sym) -> Lit {
    if game.wins.is_empty() {
        return F;
    }
    let mut all = Vec::new();
    for w in &game.wins {
        let mut cells = Vec::new();
        for i in 0..st.cells() {
            let a = holds(c, st, i, &w.first, w.first_all);
            let b = holds(c, st, i, &w.second, w.second_all);
            cells.push(match w.quantifier {
                Quantifier::All => c.or(-a, b),
                _ => c.and(a, b),
            });
        }
        all.push(match w.quantifier {
            Quantifier::No => -c.or_all(&cells),
            Quantifier::Some => c.or_all(&cells),
            Quantifier::All => c.and_all(&cells),
        });
    }
    c.and_all(&all)
}

/// Whether cell `i` holds one (or, for an aggregate, every) object of `mask`.
fn holds(c: &mut Circuit<impl ClauseSink>, st: &Sym, i: usize, mask: &[u64], every: bool) -> Lit {
    let lits: Vec<Lit> = bits::ones(mask).filter(|&o| o < st.k).map(|o| st.obj(i, o)).collect();
    match every {
        true => c.and_all(&lits),
        false => c.or_all(&lits),
    }
}
