//! The cross slider's rules (seed 002): one cross piece, one empty cell, every other cell a
//! piece that slides only along its orientation. We choose orientations; an unfixed piece is
//! fixed by its first move. This is the judge every decoded cross-slider plan is replayed on.

use std::fmt;

use puzzlec_core::moves::Move;

/// A cell as (row, column), 0-based inside the library, printed 1-based.
pub type Cell = (usize, usize);

/// Largest side accepted: keeps piece ids in a byte and searches sane.
pub const MAX_SIDE: usize = 8;

/// How a non-cross piece may slide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Not fixed yet: the first move fixes it.
    Free,
    /// `-`: slides left and right only.
    Horizontal,
    /// `|`: slides up and down only.
    Vertical,
}

impl Orientation {
    /// The orientation a move fixes.
    pub fn of_move(m: Move) -> Orientation {
        match m {
            Move::Up | Move::Down => Orientation::Vertical,
            Move::Left | Move::Right => Orientation::Horizontal,
        }
    }

    /// True when a piece with this orientation may slide this way.
    pub fn allows(self, m: Move) -> bool {
        self == Orientation::Free || self == Orientation::of_move(m)
    }

    pub fn symbol(self) -> char {
        match self {
            Orientation::Free => '?',
            Orientation::Horizontal => '-',
            Orientation::Vertical => '|',
        }
    }
}

/// A cross-slider instance: size, where the cross and the empty cell start, where the cross
/// must go, and any orientations fixed before play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossPuzzle {
    pub rows: usize,
    pub cols: usize,
    pub cross: Cell,
    pub empty: Cell,
    pub target: Cell,
    /// Per original cell (row-major); entries for the cross and empty cells are `Free`.
    pub fixed: Vec<Orientation>,
}

/// Why an instance is rejected (exit 2 in the CLI).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CrossError {
    #[error(
        "the board is {rows}x{cols}; sizes from 2x2 to {MAX_SIDE}x{MAX_SIDE} are supported (and at least 3 cells)"
    )]
    Size { rows: usize, cols: usize },
    #[error("the {what} at row {}, column {} is off the {rows}x{cols} board", .at.0 + 1, .at.1 + 1)]
    OffBoard { what: &'static str, at: Cell, rows: usize, cols: usize },
    #[error("the cross and the empty cell are both at row {}, column {}", .0.0 + 1, .0.1 + 1)]
    SameCell(Cell),
    #[error("orientation grid, line {line}: {reason}")]
    Grid { line: usize, reason: String },
    #[error("the orientation grid is {grid_rows}x{grid_cols} but the board is {rows}x{cols}")]
    GridSize { grid_rows: usize, grid_cols: usize, rows: usize, cols: usize },
    #[error("the orientation grid puts the {what} at row {}, column {}, but the options say row {}, column {}", .grid.0 + 1, .grid.1 + 1, .options.0 + 1, .options.1 + 1)]
    GridDisagrees { what: &'static str, grid: Cell, options: Cell },
}

impl CrossPuzzle {
    /// The seed's puzzle generalised: cross top-left, empty and target bottom-right, all free.
    pub fn new(rows: usize, cols: usize, cross: Cell, empty: Cell, target: Cell) -> Result<CrossPuzzle, CrossError> {
        if !(2..=MAX_SIDE).contains(&rows) || !(2..=MAX_SIDE).contains(&cols) {
            return Err(CrossError::Size { rows, cols });
        }
        for (what, at) in [("cross", cross), ("empty cell", empty), ("target", target)] {
            if at.0 >= rows || at.1 >= cols {
                return Err(CrossError::OffBoard { what, at, rows, cols });
            }
        }
        if cross == empty {
            return Err(CrossError::SameCell(cross));
        }
        Ok(CrossPuzzle { rows, cols, cross, empty, target, fixed: vec![Orientation::Free; rows * cols] })
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn index(&self, (r, c): Cell) -> usize {
        r * self.cols + c
    }

    pub fn cell(&self, index: usize) -> Cell {
        (index / self.cols, index % self.cols)
    }

    /// The neighbour of `index` one step in direction `(dr, dc)`, if on the board.
    pub fn step(&self, index: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let r = (index / self.cols) as isize + dr;
        let c = (index % self.cols) as isize + dc;
        (r >= 0 && c >= 0 && r < self.rows as isize && c < self.cols as isize)
            .then(|| r as usize * self.cols + c as usize)
    }

    /// The starting position.
    pub fn start(&self) -> CrossState {
        let n = self.cells();
        let mut occupant: Vec<u8> = (0..n as u8).collect();
        occupant[self.index(self.empty)] = EMPTY;
        CrossState {
            occupant,
            orientation: self.fixed.clone(),
            cross: self.index(self.cross),
            empty: self.index(self.empty),
            cross_piece: self.index(self.cross) as u8,
        }
    }

    /// True when the cross stands on the target.
    pub fn solved(&self, state: &CrossState) -> bool {
        state.cross == self.index(self.target)
    }
}

/// Marks the empty cell in `CrossState::occupant`.
pub const EMPTY: u8 = u8::MAX;

/// A position during play. Pieces are named by the cell they started on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CrossState {
    /// Piece on each cell (row-major), `EMPTY` on the empty cell.
    pub occupant: Vec<u8>,
    /// Orientation of each piece, indexed by piece id (its starting cell).
    pub orientation: Vec<Orientation>,
    /// Cell of the cross and of the empty cell.
    pub cross: usize,
    pub empty: usize,
    cross_piece: u8,
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CrossMoveError {
    #[error("move {index} ({}): no piece can slide {} into the empty cell from off the board", .mv.letter(), .mv.word())]
    OffBoard { index: usize, mv: Move },
    #[error("move {index} ({}): the piece from row {}, column {} is {} and cannot slide {}", .mv.letter(), .piece.0 + 1, .piece.1 + 1, if *.orientation == Orientation::Horizontal { "horizontal" } else { "vertical" }, .mv.word())]
    Orientation { index: usize, mv: Move, piece: Cell, orientation: Orientation },
    #[error("after {moves} moves the cross is at row {}, column {}, not at the target row {}, column {}", .cross.0 + 1, .cross.1 + 1, .target.0 + 1, .target.1 + 1)]
    NotAtTarget { moves: usize, cross: Cell, target: Cell },
}

impl CrossState {
    /// Plays `m` (the direction the moving piece slides); `index` only labels errors.
    ///
    /// # Errors
    /// The move leaves the board or goes against the moving piece's orientation; the state is
    /// unchanged.
    pub fn apply(&mut self, puzzle: &CrossPuzzle, m: Move, index: usize) -> Result<(), CrossMoveError> {
        let (dr, dc) = m.delta();
        let source = puzzle.step(self.empty, (-dr, -dc)).ok_or(CrossMoveError::OffBoard { index, mv: m })?;
        let piece = self.occupant[source];
        if piece != self.cross_piece {
            let orientation = self.orientation[piece as usize];
            if !orientation.allows(m) {
                return Err(CrossMoveError::Orientation {
                    index,
                    mv: m,
                    piece: puzzle.cell(piece as usize),
                    orientation,
                });
            }
            self.orientation[piece as usize] = Orientation::of_move(m);
        } else {
            self.cross = self.empty;
        }
        self.occupant.swap(source, self.empty);
        self.empty = source;
        Ok(())
    }

    /// The orientation grid in the pieces' **starting** cells, as the seed prints it:
    /// `+` cross, `.` the starting empty cell, `-`, `|`, and `?` for a piece never moved.
    pub fn grid(&self, puzzle: &CrossPuzzle) -> OrientationGrid {
        let rows = (0..puzzle.rows)
            .map(|r| {
                (0..puzzle.cols)
                    .map(|c| {
                        let i = puzzle.index((r, c));
                        if (r, c) == puzzle.cross {
                            '+'
                        } else if (r, c) == puzzle.empty {
                            '.'
                        } else {
                            self.orientation[i].symbol()
                        }
                    })
                    .collect()
            })
            .collect();
        OrientationGrid { rows }
    }
}

/// Replays a plan strictly and requires the cross to end on the target.
///
/// # Errors
/// The first illegal move (with its index), or the cross not on the target at the end.
pub fn replay(puzzle: &CrossPuzzle, moves: &[Move]) -> Result<CrossState, CrossMoveError> {
    let mut state = puzzle.start();
    for (index, &m) in moves.iter().enumerate() {
        state.apply(puzzle, m, index)?;
    }
    if !puzzle.solved(&state) {
        return Err(CrossMoveError::NotAtTarget {
            moves: moves.len(),
            cross: puzzle.cell(state.cross),
            target: puzzle.target,
        });
    }
    Ok(state)
}

/// The printed orientation grid, one string per row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrientationGrid {
    pub rows: Vec<String>,
}

impl fmt::Display for OrientationGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.rows {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}
