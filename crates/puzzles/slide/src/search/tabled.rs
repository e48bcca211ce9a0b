//! IDA* over the pattern databases, the exact search for boards of up to 16 cells: the
//! estimate is kept up to date move by move instead of recomputed, since a move changes one
//! tile's cell and so one digit of one group's index (and of one mirrored group's).
//!
//! Each node costs a few additions and two table reads, which is what makes the 6-6-3
//! tables with the reflected lookup pay: Korf's 100 take tens of millions of nodes in all.

use std::time::Instant;

use super::bfs::Search;
use crate::rules::board::Board;
use crate::tables::pdb::{table, PatternDb, MAX_CELLS};
use crate::tables::MIRROR_CELLS;
use puzzlec_core::Move;

/// Shortest plan from `start` to `goal` (the tables' goal) by IDA* on the tables' estimate;
/// `None` when the board is not the tables' shape. The caller checks solvability first: on
/// an unsolvable board this only ends at the deadline.
pub fn shortest_path(start: &Board, db: &PatternDb, deadline: Option<Instant>) -> Option<Search> {
    let mut walk = Walk::new(start, db, deadline)?;
    let mut bound = walk.estimate();
    loop {
        let before = walk.nodes;
        let step = walk.dfs(0, bound, None);
        // A measurement knob: the nodes each bound took (compared with the SAT path's cubes).
        if puzzlec_core::tuning::get().search_stats {
            eprintln!("bound {bound}: {} nodes", walk.nodes - before);
        }
        match step {
            Step::Found => return Some(Search::Found(walk.path)),
            _ if walk.timed_out => return Some(Search::TimedOut),
            Step::Exceeded(next) if next != usize::MAX => bound = next,
            _ => return Some(Search::Unreachable),
        }
    }
}

enum Step {
    Found,
    /// Smallest `g + h` seen above the bound.
    Exceeded(usize),
}

/// One table lookup kept current: the group's table, its index and its entry there.
struct Lookup<'a> {
    /// Per group (at most one per tile; arrays, so that making one allocates nothing).
    tables: [&'a [u8]; MAX_CELLS],
    index: [usize; MAX_CELLS],
    sum: usize,
    /// Per tile: its group and the shift of its digit.
    group: [usize; MAX_CELLS],
    shift: [usize; MAX_CELLS],
}

impl<'a> Lookup<'a> {
    fn new(db: &'a PatternDb, where_is: &[usize]) -> Lookup<'a> {
        let mut l = Lookup {
            tables: [&[]; MAX_CELLS],
            index: [0; MAX_CELLS],
            sum: 0,
            group: [0; MAX_CELLS],
            shift: [0; MAX_CELLS],
        };
        for (g, tiles) in db.groups().enumerate() {
            l.tables[g] = db.table(g);
            for (i, &t) in tiles.iter().enumerate() {
                l.group[t as usize] = g;
                l.shift[t as usize] = table::shift(i, tiles.len());
            }
            l.index[g] = table::index(tiles.iter().map(|&t| where_is[t as usize]));
            l.sum += l.tables[g][l.index[g]] as usize;
        }
        l
    }

    /// Tile `t` moves from cell `from` to cell `to`.
    #[inline]
    fn slide(&mut self, t: usize, from: usize, to: usize) {
        let (g, s) = (self.group[t], self.shift[t]);
        let table = self.tables[g];
        let old = self.index[g];
        let new = old - (from << s) + (to << s);
        self.sum = self.sum + table[new] as usize - table[old] as usize;
        self.index[g] = new;
    }
}

pub(crate) struct Walk<'a> {
    cells: [u8; MAX_CELLS],
    blank: usize,
    next_to: &'a [Vec<(Move, usize)>],
    direct: Lookup<'a>,
    /// The same tables on the transposed board, with the maps that transpose a move.
    mirrored: Option<(Lookup<'a>, [u8; MIRROR_CELLS], [u8; MIRROR_CELLS])>,
    path: Vec<Move>,
    deadline: Option<Instant>,
    nodes: u64,
    timed_out: bool,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(start: &Board, db: &'a PatternDb, deadline: Option<Instant>) -> Option<Walk<'a>> {
        let goal = db.goal();
        if !start.same_shape(&goal) {
            return None;
        }
        let mut where_is = [0usize; MAX_CELLS];
        let mut cells = [0u8; MAX_CELLS];
        for (i, &t) in start.cells().iter().enumerate() {
            where_is[t as usize] = i;
            cells[i] = t;
        }
        let mirrored = db.mirror().map(|m| {
            let mut at = [0usize; MAX_CELLS];
            for t in 0..start.len() {
                at[m.tile[t] as usize] = m.cell[where_is[t]] as usize;
            }
            (Lookup::new(db, &at), m.tile, m.cell)
        });
        Some(Walk {
            cells,
            blank: start.blank(),
            next_to: db.next_to(),
            direct: Lookup::new(db, &where_is),
            mirrored,
            path: Vec::new(),
            deadline,
            nodes: 0,
            timed_out: false,
        })
    }

    /// Boards looked at so far (by [`Walk::beyond`], or expanded by the search).
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(crate) fn estimate(&self) -> usize {
        match &self.mirrored {
            Some((m, _, _)) => self.direct.sum.max(m.sum),
            None => self.direct.sum,
        }
    }

    /// The tile at cell `from` slides into the blank.
    #[inline]
    fn slide(&mut self, from: usize) {
        let (to, t) = (self.blank, self.cells[from] as usize);
        self.direct.slide(t, from, to);
        if let Some((m, tile, cell)) = &mut self.mirrored {
            m.slide(tile[t] as usize, cell[from] as usize, cell[to] as usize);
        }
        self.cells[to] = t as u8;
        self.cells[from] = 0;
        self.blank = from;
    }

    /// The moves from the board that may start a plan of at most `room` moves, and whether
    /// any legal move is left out: a move is left out when `depth` moves of search below it
    /// prove every path from its board longer than `room - 1` ([`Walk::beyond`]).
    pub(crate) fn moves_within(&mut self, room: usize, depth: usize) -> (Vec<Move>, bool) {
        let (mut left, mut out) = (Vec::new(), false);
        self.each_child(None, |walk, m| {
            match room == 0 || walk.beyond(room - 1, depth.saturating_sub(1), None) {
                true => out = true,
                false => left.push(m),
            }
            None::<()>
        });
        (left, out)
    }

    /// Whether every path from this board to the goal is longer than `room` moves, as far
    /// as `depth` moves of search can tell (false when it cannot). `last` is the move that
    /// led here and is not undone: with it left out the answer means "no shortest path of
    /// at most `room` moves starts otherwise than by undoing `last`", which is all a caller
    /// one level up needs, since a shortest path never undoes its own move. The first call
    /// passes `None`, and its answer is then exact: no path of at most `room` moves at all.
    pub(crate) fn beyond(&mut self, room: usize, depth: usize, last: Option<Move>) -> bool {
        self.nodes += 1;
        let h = self.estimate();
        if h > room {
            return true;
        }
        if h == 0 || depth == 0 {
            return false;
        }
        // A child within reach ends the search: this board is not proved beyond.
        let within = self.each_child(last, |walk, m| (!walk.beyond(room - 1, depth - 1, Some(m))).then_some(()));
        within.is_none()
    }

    fn dfs(&mut self, g: usize, bound: usize, last: Option<Move>) -> Step {
        let h = self.estimate();
        if g + h > bound {
            return Step::Exceeded(g + h);
        }
        // Every group at zero: every tile home, so the blank too.
        if h == 0 {
            return Step::Found;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(1 << 14) && puzzlec_core::stop::passed(self.deadline) {
            self.timed_out = true;
        }
        if self.timed_out {
            return Step::Exceeded(usize::MAX);
        }
        let mut min = usize::MAX;
        // The path keeps a found plan's moves (the board itself is not needed after).
        let found = self.each_child(last, |walk, m| {
            walk.path.push(m);
            match walk.dfs(g + 1, bound, Some(m)) {
                Step::Found => return Some(()),
                Step::Exceeded(t) => min = min.min(t),
            }
            walk.path.pop();
            None
        });
        match found {
            Some(()) => Step::Found,
            None => Step::Exceeded(min),
        }
    }

    /// Each move from this board but the one undoing `last`, in the order of
    /// [`Move::ALL`]: slides, hands the walk to `visit`, slides back, and stops at the first
    /// `Some` it returns (the searches above share this loop).
    #[inline]
    fn each_child<T>(&mut self, last: Option<Move>, mut visit: impl FnMut(&mut Self, Move) -> Option<T>) -> Option<T> {
        let here = self.blank;
        for k in 0..self.next_to[here].len() {
            let (m, from) = self.next_to[here][k];
            if last == Some(m.opposite()) {
                continue;
            }
            self.slide(from);
            let seen = visit(self, m);
            self.slide(here);
            if seen.is_some() {
                return seen;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{benchset::random_walk, parse_board};
    use crate::search::ida;

    /// On 3x5 boards (no mirror: not square) with small groups, the same lengths as IDA* on
    /// Manhattan + linear conflict, and plans that replay to the goal.
    #[test]
    fn agrees_with_plain_ida_on_3x5_boards() {
        let goal = Board::goal(3, 5);
        let db =
            PatternDb::with_groups(&goal, &[vec![1, 2, 6, 7], vec![3, 4, 8, 9], vec![5, 10, 14], vec![11, 12, 13]])
                .expect("small tables");
        assert!(db.mirror().is_none());
        for seed in 0..12 {
            let b = random_walk(3, 5, 40, 300 + seed);
            let Some(Search::Found(plan)) = shortest_path(&b, &db, None) else { panic!("{b:?}") };
            let Search::Found(other) = ida::shortest_path(&b, &goal, None) else { panic!("{b:?}") };
            assert_eq!(plan.len(), other.len(), "{b:?}");
            assert_eq!(b.apply_strict(&plan).unwrap(), goal);
        }
    }

    /// The default 15-puzzle tables (mirror included) on Korf's boards 1 and 82 (optima 57
    /// and 62), and a board of another shape is refused rather than misread.
    #[test]
    fn korf_boards_get_their_published_optima() {
        let goal = Board::goal(4, 4);
        let db = PatternDb::shared(&goal).expect("4x4 tables");
        assert!(db.mirror().is_some());
        // Korf's boards as `benches/korf100.txt` writes them (blank-last goal).
        for (text, optimum) in
            [("13 6 8 12 / 15 14 _ 10 / 11 7 4 5 / 9 1 3 2", 57), ("_ 12 11 1 / 4 10 13 9 / 5 8 7 3 / 15 14 6 2", 62)]
        {
            let b = parse_board(text).unwrap();
            let Some(Search::Found(plan)) = shortest_path(&b, &db, None) else { panic!("{text}") };
            assert_eq!(plan.len(), optimum, "{text}");
            assert_eq!(b.apply_strict(&plan).unwrap(), goal);
        }
        assert!(shortest_path(&Board::goal(3, 5), &db, None).is_none());
    }

    /// The bounded search below a board against the exact distances on 3x3 boards: when it
    /// says "beyond", no path of that length exists, whatever the depth; deep enough to
    /// reach the goal it says so exactly; and every move it keeps starts a path that short.
    #[test]
    fn beyond_never_claims_a_reachable_goal() {
        let goal = Board::goal(3, 3);
        let db = PatternDb::with_groups(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]]).expect("small tables");
        let distance = |b: &Board| match ida::shortest_path(b, &goal, None) {
            Search::Found(plan) => plan.len(),
            _ => panic!("solvable"),
        };
        let mut proved = 0;
        for seed in 0..20 {
            let b = random_walk(3, 3, 30, 500 + seed);
            let d = distance(&b);
            for room in d.saturating_sub(6)..=d + 1 {
                for depth in 0..=8 {
                    let mut walk = Walk::new(&b, &db, None).expect("same shape");
                    let far = walk.beyond(room, depth, None);
                    assert!(!far || d > room, "{b:?}: room {room}, depth {depth}, distance {d}");
                    if depth > room {
                        assert_eq!(far, d > room, "{b:?}: room {room}, depth {depth}");
                    }
                    proved += usize::from(far && walk.estimate() <= room);
                    let (left, out) = walk.moves_within(room, depth);
                    for m in Move::ALL {
                        let mut child = b;
                        if !child.apply(m) {
                            continue;
                        }
                        let within = distance(&child) < room;
                        assert!(!within || left.contains(&m), "{b:?}: {m:?} dropped at room {room}");
                        assert_eq!(out, left.len() < b.legal_moves().count(), "{b:?}");
                    }
                }
            }
        }
        assert!(proved > 0, "the search never proved more than the estimate alone");
    }
}
