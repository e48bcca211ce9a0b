//! The sliding-tile board and its moves: the reference model every plan is replayed through.

use std::fmt;

use puzzlec_core::moves::Move;

/// Largest side the reference model accepts; 8x8 keeps a board in one fixed array.
pub const MAX_SIDE: usize = 8;
/// Smallest side: a 1xN board has no puzzle in it.
pub const MIN_SIDE: usize = 2;
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The blank, stored as tile 0 so a board is a plain array of small numbers.
pub const BLANK: u8 = 0;

/// A sliding-tile board of up to 8x8 cells: tiles `1..rows*cols-1` and one blank.
///
/// It is `Copy` (66 bytes) because searches clone boards by the million.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u8,
    cols: u8,
    cells: [u8; MAX_CELLS],
}

/// The first move of a sequence that the board does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({}) is illegal: no tile can slide {} into the blank", .mv.letter(), .mv.word())]
pub struct IllegalMove {
    /// 0-based index of the move in the sequence.
    pub index: usize,
    pub mv: Move,
}

impl Board {
    /// Builds a board from row-major tiles (0 is the blank), checking that they are a permutation.
    ///
    /// Use the parser for text; this is for code that already holds numbers.
    pub fn from_cells(rows: usize, cols: usize, cells: &[u8]) -> Option<Board> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return None;
        }
        let n = rows * cols;
        if cells.len() != n {
            return None;
        }
        let mut seen = [false; MAX_CELLS];
        for &t in cells {
            if t as usize >= n || seen[t as usize] {
                return None;
            }
            seen[t as usize] = true;
        }
        let mut board = Board { rows: rows as u8, cols: cols as u8, cells: [0; MAX_CELLS] };
        board.cells[..n].copy_from_slice(cells);
        Some(board)
    }

    /// The default goal: tiles in reading order, blank last.
    pub fn goal(rows: usize, cols: usize) -> Board {
        let n = rows * cols;
        let cells: Vec<u8> = (1..n as u8).chain(std::iter::once(BLANK)).collect();
        Board::from_cells(rows, cols, &cells).expect("the ordered board is a permutation")
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Number of cells, blank included.
    pub fn len(&self) -> usize {
        self.rows() * self.cols()
    }

    /// Never true: boards have at least four cells. Present for clippy's `len` convention.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The tiles in row-major order (0 is the blank).
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len()]
    }

    /// Tile at row `r`, column `c` (0-based).
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols() + c]
    }

    /// Row-major index of the blank.
    pub fn blank(&self) -> usize {
        self.cells().iter().position(|&t| t == BLANK).expect("a board always has a blank")
    }

    /// Row-major index of `tile`.
    pub fn position_of(&self, tile: u8) -> usize {
        self.cells().iter().position(|&t| t == tile).expect("every tile is on the board")
    }

    /// The cell whose tile would slide into the blank under `m`, if there is one.
    pub fn source_of(&self, m: Move) -> Option<usize> {
        let b = self.blank();
        let (dr, dc) = m.delta();
        let r = (b / self.cols()) as isize - dr;
        let c = (b % self.cols()) as isize - dc;
        (r >= 0 && c >= 0 && r < self.rows as isize && c < self.cols as isize)
            .then(|| r as usize * self.cols() + c as usize)
    }

    /// True when `m` can be played on this board.
    pub fn can_apply(&self, m: Move) -> bool {
        self.source_of(m).is_some()
    }

    /// The moves playable here, in `Move::ALL` order.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        Move::ALL.into_iter().filter(|&m| self.can_apply(m))
    }

    /// Plays one move. An illegal move leaves the board unchanged and returns false.
    pub fn apply(&mut self, m: Move) -> bool {
        match self.source_of(m) {
            Some(src) => {
                let b = self.blank();
                self.cells.swap(src, b);
                true
            }
            None => false,
        }
    }

    /// Plays a sequence forgivingly: illegal moves are skipped. Returns how many were applied.
    pub fn apply_forgiving(&mut self, moves: &[Move]) -> usize {
        moves.iter().filter(|&&m| self.apply(m)).count()
    }

    /// Plays a sequence strictly on a copy; the first illegal move is an error with its index.
    ///
    /// # Errors
    /// [`IllegalMove`] naming the 0-based index of the first move that cannot be played.
    pub fn apply_strict(&self, moves: &[Move]) -> Result<Board, IllegalMove> {
        let mut board = *self;
        for (index, &mv) in moves.iter().enumerate() {
            if !board.apply(mv) {
                return Err(IllegalMove { index, mv });
            }
        }
        Ok(board)
    }

    /// The move that turns `self` into `next`, if they differ by exactly one slide.
    pub fn move_to(&self, next: &Board) -> Option<Move> {
        self.legal_moves().find(|&m| {
            let mut b = *self;
            b.apply(m);
            b == *next
        })
    }

    /// Same size as `other`.
    pub fn same_shape(&self, other: &Board) -> bool {
        self.rows == other.rows && self.cols == other.cols
    }

    /// Packs a board of at most 16 cells into 4 bits a cell, for hash sets in the exact searches.
    pub fn pack(&self) -> u64 {
        debug_assert!(self.len() <= 16);
        self.cells().iter().fold(0u64, |acc, &t| (acc << 4) | t as u64)
    }

    /// Inverse of [`Board::pack`] for a board of this shape.
    pub fn unpack(&self, packed: u64) -> Board {
        let n = self.len();
        let mut board = *self;
        for i in 0..n {
            board.cells[i] = ((packed >> (4 * (n - 1 - i))) & 0xF) as u8;
        }
        board
    }
}

/// The table form of DESIGN.md: `|  5 |  1 |    |` with four spaces for the blank.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            write!(f, "|")?;
            for c in 0..self.cols() {
                match self.at(r, c) {
                    BLANK => write!(f, "    |")?,
                    t => write!(f, " {t:>2} |")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", crate::rules::parse::to_compact(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlec_core::moves::parse_moves;

    #[test]
    fn moves_are_named_for_the_tile() {
        // Blank bottom-right: the tile above it can slide down, the one left of it right.
        let mut b = Board::goal(3, 3);
        assert!(!b.apply(Move::Up));
        assert!(!b.apply(Move::Left));
        assert!(b.apply(Move::Down));
        assert_eq!(b.cells(), &[1, 2, 3, 4, 5, 0, 7, 8, 6]);
        assert!(b.apply(Move::Right));
        assert_eq!(b.cells(), &[1, 2, 3, 4, 0, 5, 7, 8, 6]);
    }

    #[test]
    fn forgiving_counts_and_strict_names_the_index() {
        let b = Board::goal(2, 2);
        let moves = parse_moves("UDRUD").unwrap();
        let mut c = b;
        // U illegal, D ok, R ok, U illegal? blank is at top-left after D,R: U moves tile below up.
        let applied = c.apply_forgiving(&moves);
        let err = b.apply_strict(&moves).unwrap_err();
        assert_eq!(err.index, 0);
        assert_eq!(applied, 4);
        assert_eq!(b.apply_strict(&moves[1..3]).unwrap().blank(), 0);
    }

    #[test]
    fn pack_round_trips() {
        let b = Board::from_cells(3, 4, &[5, 1, 7, 3, 9, 2, 11, 4, 0, 6, 10, 8]).unwrap();
        assert_eq!(b.unpack(b.pack()), b);
    }
}
