//! IDA* on the dense tables, on every core: each iteration's tree is cut at a fixed depth and
//! the subtrees below the cut are dealt out as tickets, so the cores share one iteration and
//! the first plan found at the bound is a shortest one (the estimate is admissible).
//!
//! A move changes one tile's cell, so one group's rank and one mirrored group's: a node costs
//! two ranks of six cells and two table reads, and allocates nothing.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::rules::Board;
use crate::search::Search;
use crate::tables::dense::shape::{rank, MAX_CELLS, MAX_GROUP};
use crate::tables::dense::DenseDb;
use puzzlec_core::Move;

/// Depth at which an iteration's tree is dealt out (about 2^10 subtrees per iteration).
const CUT: usize = 12;
/// Nodes between two looks at the clock and the stop flags.
const CHECK_EVERY: u64 = 1 << 20;

/// One finished iteration: no plan within `bound`, so every plan has at least `next`
/// moves (the smallest estimate seen past the bound); and the nodes it took.
pub struct Iteration {
    pub bound: usize,
    pub next: usize,
    pub nodes: u64,
}

/// Shortest plan from `start` to the tables' goal; `None` when the board is not the tables'
/// shape. `on` hears each finished iteration (no plan within its bound). The caller checks
/// solvability first: on an unsolvable board this only ends at the deadline.
pub fn shortest_path(
    start: &Board,
    db: &DenseDb,
    deadline: Option<Instant>,
    on: &mut dyn FnMut(&Iteration),
) -> Option<Search> {
    if !start.same_shape(&db.goal) {
        return None;
    }
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let mut bound = Walker::new(start, db).estimate();
    let context = puzzlec_core::stop::context();
    loop {
        let shared = Shared {
            bound,
            ticket: AtomicUsize::new(0),
            next_bound: AtomicUsize::new(usize::MAX),
            found: Mutex::new(None),
            done: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            deadline,
        };
        let nodes: u64 = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    let (shared, context) = (&shared, &context);
                    scope.spawn(move || context.enter(|| Walker::new(start, db).iterate(shared)))
                })
                .collect();
            workers.into_iter().map(|w| w.join().expect("a search thread panicked")).sum()
        });
        if let Some(plan) = shared.found.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Some(Search::Found(plan));
        }
        if shared.stopped.load(Ordering::Relaxed) {
            return Some(Search::TimedOut);
        }
        match shared.next_bound.load(Ordering::Relaxed) {
            usize::MAX => return Some(Search::Unreachable),
            next => {
                on(&Iteration { bound, next, nodes });
                bound = next;
            }
        }
    }
}

/// The moves from `board` that may start a plan of at most `room` moves, whether any legal
/// move is left out, and the boards looked at: a move is left out when `depth` moves of
/// search below it prove every path from its board longer than `room - 1`, as
/// [`crate::search::tabled::Walk::moves_within`] does on the sparse tables (the lookahead
/// of the SAT path's propagator). `None` when the board is not the tables' shape.
pub(crate) fn moves_within(board: &Board, db: &DenseDb, room: usize, depth: usize) -> Option<(Vec<Move>, bool, u64)> {
    if !board.same_shape(&db.goal) {
        return None;
    }
    let mut w = Walker::new(board, db);
    w.budget = LOOKAHEAD_NODES;
    let (mut left, mut out) = (Vec::new(), false);
    let blank = w.blank;
    for &(mv, from) in &db.next_to[blank] {
        let beyond = w.below(from, |w| room == 0 || w.beyond(room - 1, depth.saturating_sub(1), blank));
        match beyond {
            true => out = true,
            false => left.push(mv),
        }
    }
    Some((left, out, w.nodes))
}

/// Boards one lookahead ([`moves_within`]) may look at (tens of milliseconds): past them it
/// rules nothing more out, which is always sound, so that a deep lookahead from a board far
/// from the goal cannot hold the solver (and its time limit, Ctrl-C) for long.
pub const LOOKAHEAD_NODES: u64 = 1 << 20;

/// What the threads of one iteration share.
struct Shared {
    bound: usize,
    /// The next subtree below the cut not yet taken.
    ticket: AtomicUsize,
    /// The smallest `g + h` seen above the bound.
    next_bound: AtomicUsize,
    found: Mutex<Option<Vec<Move>>>,
    /// A plan was found or the run stopped: every thread returns.
    done: AtomicBool,
    stopped: AtomicBool,
    deadline: Option<Instant>,
}

/// One thread's board and its estimate, kept current move by move.
struct Walker<'a> {
    db: &'a DenseDb,
    n: usize,
    cells: [u8; MAX_CELLS],
    at: [u8; MAX_CELLS],
    blank: usize,
    /// Per group: its entry on the board, and on the transposed board.
    direct: [u8; MAX_GROUPS],
    mirrored: [u8; MAX_GROUPS],
    sum: usize,
    mirrored_sum: usize,
    path: Vec<Move>,
    nodes: u64,
    /// Subtrees below the cut passed so far, and the one this thread holds.
    passed: usize,
    held: usize,
    next_bound: usize,
    /// Boards a lookahead may look at ([`LOOKAHEAD_NODES`]; unbounded for the search).
    budget: u64,
}

/// Most groups: a board of up to 25 cells in groups of six.
const MAX_GROUPS: usize = MAX_CELLS.div_ceil(MAX_GROUP);

impl<'a> Walker<'a> {
    fn new(start: &Board, db: &'a DenseDb) -> Walker<'a> {
        let n = start.len();
        let mut w = Walker {
            db,
            n,
            cells: [0; MAX_CELLS],
            at: [0; MAX_CELLS],
            blank: start.blank(),
            direct: [0; MAX_GROUPS],
            mirrored: [0; MAX_GROUPS],
            sum: 0,
            mirrored_sum: 0,
            path: Vec::with_capacity(256),
            nodes: 0,
            passed: 0,
            held: 0,
            next_bound: usize::MAX,
            budget: u64::MAX,
        };
        for (i, &t) in start.cells().iter().enumerate() {
            w.cells[i] = t;
            w.at[t as usize] = i as u8;
        }
        for g in 0..db.groups.len() {
            w.direct[g] = w.entry(g);
            w.sum += w.direct[g] as usize;
            if db.mirror.is_some() {
                w.mirrored[g] = w.mirrored_entry(g);
                w.mirrored_sum += w.mirrored[g] as usize;
            }
        }
        w
    }

    fn estimate(&self) -> usize {
        self.sum.max(self.mirrored_sum)
    }

    /// Group `g`'s entry on the board.
    #[inline]
    fn entry(&self, g: usize) -> u8 {
        let tiles = &self.db.groups[g];
        let mut cells = [0u8; MAX_GROUP];
        for (c, &t) in cells.iter_mut().zip(tiles) {
            *c = self.at[t as usize];
        }
        self.db.table(g)[rank(&cells[..tiles.len()], self.n)]
    }

    /// Group `g`'s entry on the transposed board (tile `t` there stands where the tile
    /// `m.tile[t]` stands here, transposed).
    #[inline]
    fn mirrored_entry(&self, g: usize) -> u8 {
        let m = self.db.mirror.as_ref().expect("a mirror");
        let tiles = &self.db.groups[g];
        let mut cells = [0u8; MAX_GROUP];
        for (c, &t) in cells.iter_mut().zip(tiles) {
            *c = m.cell[self.at[m.tile[t as usize] as usize] as usize];
        }
        self.db.table(g)[rank(&cells[..tiles.len()], self.n)]
    }

    /// The tile on `from` slides into the blank, its group's entry becoming `entry`: the
    /// board and the direct sum. Returns the tile and its group's entry before the move.
    #[inline]
    fn slide(&mut self, from: usize, entry: u8) -> (usize, u8) {
        let t = self.cells[from] as usize;
        let to = self.blank;
        self.cells[to] = t as u8;
        self.cells[from] = 0;
        self.at[t] = to as u8;
        self.at[0] = from as u8;
        self.blank = from;
        let g = self.db.group_of[t] as usize;
        let before = self.direct[g];
        self.sum = self.sum + entry as usize - before as usize;
        self.direct[g] = entry;
        (t, before)
    }

    /// The entry of the group of the tile on `from` once it slides into the blank.
    #[inline]
    fn entry_after(&self, from: usize) -> u8 {
        let t = self.cells[from];
        let g = self.db.group_of[t as usize] as usize;
        let tiles = &self.db.groups[g];
        let mut cells = [0u8; MAX_GROUP];
        for (c, &u) in cells.iter_mut().zip(tiles) {
            *c = if u == t { self.blank as u8 } else { self.at[u as usize] };
        }
        self.db.table(g)[rank(&cells[..tiles.len()], self.n)]
    }

    /// Tile `t` has moved: its mirrored group's entry read again. Returns the group and its
    /// entry before, for [`Walker::restore_mirrored`].
    #[inline]
    fn mirror_moved(&mut self, t: usize) -> (usize, u8) {
        let m = self.db.mirror.as_ref().expect("a mirror");
        let g = self.db.group_of[m.tile[t] as usize] as usize;
        let before = self.mirrored[g];
        let e = self.mirrored_entry(g);
        self.mirrored_sum = self.mirrored_sum + e as usize - before as usize;
        self.mirrored[g] = e;
        (g, before)
    }

    #[inline]
    fn restore_mirrored(&mut self, (g, before): (usize, u8)) {
        self.mirrored_sum = self.mirrored_sum + before as usize - self.mirrored[g] as usize;
        self.mirrored[g] = before;
    }

    /// This thread's share of one iteration; the nodes it expanded.
    fn iterate(mut self, shared: &Shared) -> u64 {
        self.held = shared.ticket.fetch_add(1, Ordering::Relaxed);
        let blank = self.blank;
        if self.dfs(0, usize::MAX, shared) {
            shared.done.store(true, Ordering::Relaxed);
            let mut found = shared.found.lock().unwrap_or_else(|e| e.into_inner());
            found.get_or_insert_with(|| self.path.clone());
        }
        debug_assert!(self.blank == blank || shared.done.load(Ordering::Relaxed));
        shared.next_bound.fetch_min(self.next_bound, Ordering::Relaxed);
        self.nodes
    }

    /// Depth-first below the current board at depth `g` (its estimate within the bound),
    /// never undoing the last move (`back` is the blank's previous cell); true when the
    /// goal is reached. A child is weighed in its parent: on the direct sum first, and on the
    /// transposed board only when that does not prune it (most children are pruned, so this
    /// saves a table read each), and a move taken back restores the entries it saved.
    /// (Reading every child's entries first, so that their cache misses overlap, measured
    /// slower: 87 s against 75 s on the 95-move instance.)
    fn dfs(&mut self, g: usize, back: usize, shared: &Shared) -> bool {
        if self.sum == 0 {
            // Every group home: the goal.
            return true;
        }
        if g == CUT {
            let mine = self.passed == self.held;
            self.passed += 1;
            if !mine {
                return false;
            }
            self.held = shared.ticket.fetch_add(1, Ordering::Relaxed);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.should_stop(shared) {
            return false;
        }
        let blank = self.blank;
        let mirrored = self.db.mirror.is_some();
        for &(mv, from) in &self.db.next_to[blank] {
            if from == back {
                continue;
            }
            let e = self.entry_after(from);
            let (t, before) = self.slide(from, e);
            let mut f = g + 1 + self.sum;
            let mut saved = None;
            if f <= shared.bound && mirrored {
                saved = Some(self.mirror_moved(t));
                f = f.max(g + 1 + self.mirrored_sum);
            }
            if f > shared.bound {
                self.next_bound = self.next_bound.min(f);
            } else {
                self.path.push(mv);
                if self.dfs(g + 1, blank, shared) {
                    return true;
                }
                self.path.pop();
            }
            if let Some(saved) = saved {
                self.restore_mirrored(saved);
            }
            self.slide(blank, before);
            if shared.done.load(Ordering::Relaxed) {
                return false;
            }
        }
        false
    }

    /// Whether every path from this board to the goal is longer than `room` moves, as far
    /// as `depth` moves of search can tell (never undoing the move that led here, whose
    /// blank was on `back`): see [`crate::search::tabled::Walk::beyond`].
    fn beyond(&mut self, room: usize, depth: usize, back: usize) -> bool {
        self.nodes += 1;
        let h = self.estimate();
        if h > room {
            return true;
        }
        if h == 0 || depth == 0 || self.nodes >= self.budget {
            return false;
        }
        let blank = self.blank;
        let db = self.db;
        db.next_to[blank]
            .iter()
            .filter(|&&(_, from)| from != back)
            .all(|&(_, from)| self.below(from, |w| w.beyond(room - 1, depth - 1, blank)))
    }

    /// `f` on the board after the tile on `from` slides into the blank (both sums kept
    /// current), the board restored after.
    fn below<T>(&mut self, from: usize, f: impl FnOnce(&mut Self) -> T) -> T {
        let blank = self.blank;
        let e = self.entry_after(from);
        let (t, before) = self.slide(from, e);
        let saved = self.db.mirror.is_some().then(|| self.mirror_moved(t));
        let result = f(self);
        if let Some(saved) = saved {
            self.restore_mirrored(saved);
        }
        self.slide(blank, before);
        result
    }

    fn should_stop(&self, shared: &Shared) -> bool {
        if shared.done.load(Ordering::Relaxed) {
            return true;
        }
        let late = shared.deadline.is_some_and(|d| Instant::now() > d) || puzzlec_core::stop::requested();
        if late {
            shared.stopped.store(true, Ordering::Relaxed);
            shared.done.store(true, Ordering::Relaxed);
        }
        late
    }
}
