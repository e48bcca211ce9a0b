//! The interpreter: one turn exactly as the reference engine plays it ([`Session::input`]),
//! and a session of play over a game's levels as the reference test harness drives it
//! (undo, restart, `again` turns, winning into the next level).

mod matches;
mod moves;
mod replace;
pub(crate) mod rng;
mod rules;
mod session;
mod usage;

pub use matches::scan;
pub use session::{Session, Step, AGAIN_CAP};
pub use usage::Usage;

use crate::lang::bits;
use crate::lang::{Board, Command, Game};

/// A player's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    Up,
    Left,
    Down,
    Right,
    Action,
}

impl Input {
    pub const ALL: [Input; 5] = [Input::Up, Input::Left, Input::Down, Input::Right, Input::Action];

    /// The movement bits it gives the player.
    pub fn mask(self) -> u64 {
        match self {
            Input::Up => bits::UP,
            Input::Left => bits::LEFT,
            Input::Down => bits::DOWN,
            Input::Right => bits::RIGHT,
            Input::Action => bits::ACTION,
        }
    }

    /// The reference's number for it (0 up, 1 left, 2 down, 3 right, 4 action).
    pub fn from_index(i: u64) -> Option<Input> {
        Input::ALL.get(i as usize).copied()
    }

    /// One letter: `u l d r x`.
    pub fn letter(self) -> char {
        match self {
            Input::Up => 'u',
            Input::Left => 'l',
            Input::Down => 'd',
            Input::Right => 'r',
            Input::Action => 'x',
        }
    }

    pub fn from_letter(c: char) -> Option<Input> {
        Input::ALL.into_iter().find(|i| i.letter() == c.to_ascii_lowercase())
    }
}

/// A level being played: its cells and, during a turn, their movements, the rigid records
/// and the queued commands.
#[derive(Clone, Debug)]
pub struct Level {
    pub width: usize,
    pub height: usize,
    /// Cell `x * height + y`, `Game::object_words` words each.
    pub cells: Vec<u64>,
    pub movements: Vec<u64>,
    pub rigid_group: Vec<u64>,
    pub rigid_applied: Vec<u64>,
    pub commands: Vec<Command>,
    /// Every object and every movement any cell has held since the turn began: a rule
    /// needing something outside them cannot match (the interpreter skips it).
    pub present: Vec<u64>,
    pub moving: Vec<u64>,
    /// The same per line, in a game of one object word and one movement word (empty in
    /// others): the objects every row (`height` words, then every column, `width` words)
    /// has held since the turn began, and their movements. A rule row needing more cannot
    /// match on that line.
    pub lines: Vec<u64>,
    pub line_moves: Vec<u64>,
    /// The random numbers of a seeded session (`None`: chance takes the first choice).
    pub rng: Option<rng::Rng>,
    /// How far the loops ran, when counted (see [`Usage`]).
    pub usage: Option<Box<Usage>>,
}

impl Level {
    pub fn new(game: &Game, board: &Board) -> Level {
        let n = board.width * board.height * game.movement_words;
        let rigid = if game.rigid { n } else { 0 };
        Level {
            width: board.width,
            height: board.height,
            cells: board.cells.clone(),
            movements: vec![0; n],
            rigid_group: vec![0; rigid],
            rigid_applied: vec![0; rigid],
            commands: Vec::new(),
            present: board.cells.chunks(game.object_words).fold(game.creatable.to_vec(), |mut acc, c| {
                bits::or(&mut acc, c);
                acc
            }),
            moving: vec![0; game.movement_words],
            lines: Vec::new(),
            line_moves: Vec::new(),
            rng: None,
            usage: None,
        }
    }

    /// Whether cells are one object word and one movement word, as [`Level::lines`] needs.
    fn narrow(game: &Game) -> bool {
        game.object_words == 1 && game.movement_words == 1
    }

    /// Adds cell `pos`'s objects and movements to its row's and column's [`Level::lines`].
    pub fn mark(&mut self, pos: usize) {
        if self.lines.is_empty() {
            return;
        }
        let h = self.height;
        let (x, y) = (pos / h, pos % h);
        let (o, m) = (self.cells[pos], self.movements[pos]);
        self.lines[y] |= o;
        self.lines[h + x] |= o;
        self.line_moves[y] |= m;
        self.line_moves[h + x] |= m;
    }

    /// Records every object on the level now (a turn's start): with what the turn's rules
    /// write, a superset of what any cell holds until the turn ends.
    pub fn survey(&mut self, game: &Game) {
        self.present.fill(0);
        if !Level::narrow(game) {
            for cell in self.cells.chunks(game.object_words) {
                bits::or(&mut self.present, cell);
            }
        } else {
            let (w, h) = (self.width, self.height);
            self.lines.clear();
            self.lines.resize(h + w, 0);
            self.line_moves.clear();
            self.line_moves.resize(h + w, 0);
            let (rows, columns) = self.lines.split_at_mut(h);
            let (row_moves, column_moves) = self.line_moves.split_at_mut(h);
            // Storage is column by column: a column is a run of `h` words.
            let cells = self.cells.chunks_exact(h).zip(self.movements.chunks_exact(h));
            for (x, (column, moves)) in cells.enumerate() {
                let (mut o_all, mut m_all) = (0, 0);
                for (y, (&o, &m)) in column.iter().zip(moves).enumerate() {
                    rows[y] |= o;
                    row_moves[y] |= m;
                    o_all |= o;
                    m_all |= m;
                }
                columns[x] = o_all;
                column_moves[x] = m_all;
                self.present[0] |= o_all;
            }
        }
    }

    /// The cells, in storage order, of the columns whose [`Level::lines`] pass `column`
    /// (every cell in a game without them): cells outside them cannot hold what it needs.
    /// Only within a turn, after its [`Level::survey`]: the lines hold what the cells held
    /// since, and a level set from outside (a search's next state) has none of its own yet.
    pub fn cells_in<'a>(&'a self, column: impl Fn(u64, u64) -> bool + 'a) -> impl Iterator<Item = usize> + 'a {
        let h = self.height;
        let kept = move |x: &usize| self.lines.is_empty() || column(self.lines[h + x], self.line_moves[h + x]);
        (0..self.width).filter(kept).flat_map(move |x| x * h..(x + 1) * h)
    }

    /// The level as the reference's `convertLevelToString` prints it: each cell's sorted
    /// object names, numbered the first time a combination appears.
    pub fn text(&self, game: &Game) -> String {
        let ow = game.object_words;
        let mut seen: Vec<String> = Vec::new();
        let mut out = String::new();
        for (k, cell) in self.cells.chunks(ow).enumerate() {
            let mut names: Vec<&str> =
                bits::ones(cell).filter_map(|id| game.objects.get(id)).map(|o| o.name.as_str()).collect();
            names.sort_unstable();
            let key = names.join(" ");
            let index = match seen.iter().position(|s| *s == key) {
                Some(i) => i,
                None => {
                    out.push_str(&key);
                    out.push(':');
                    seen.push(key);
                    seen.len() - 1
                }
            };
            out.push_str(&format!("{index},"));
            if (k + 1) % self.width == 0 {
                out.push('\n');
            }
        }
        out
    }

    /// Whether the win conditions hold (none: never).
    pub fn wins(&self, game: &Game) -> bool {
        if game.wins.is_empty() {
            return false;
        }
        let ow = game.object_words;
        let test = |mask: &[u64], all: bool, c: &[u64]| if all { bits::all_in(mask, c) } else { bits::any_in(mask, c) };
        game.wins.iter().all(|w| {
            let both = |c: &[u64]| test(&w.first, w.first_all, c) && test(&w.second, w.second_all, c);
            let mut cells = self.cells.chunks(ow);
            match w.quantifier {
                crate::lang::Quantifier::No => !cells.any(both),
                crate::lang::Quantifier::Some => cells.any(both),
                crate::lang::Quantifier::All => {
                    cells.all(|c| !test(&w.first, w.first_all, c) || test(&w.second, w.second_all, c))
                }
            }
        })
    }
}
