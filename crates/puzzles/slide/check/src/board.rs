//! The board rules the checker needs, written here on their own: cells row by row, tiles
//! 1..n-1, the blank 0; a move names the direction the tile slides into the blank.

/// A board's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub rows: usize,
    pub cols: usize,
}

impl Shape {
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// The cells next to `c`.
    pub fn next_to(self, c: usize) -> impl Iterator<Item = usize> {
        let (r, k) = (c / self.cols, c % self.cols);
        let up = (r > 0).then(|| c - self.cols);
        let down = (r + 1 < self.rows).then(|| c + self.cols);
        let left = (k > 0).then(|| c - 1);
        let right = (k + 1 < self.cols).then(|| c + 1);
        [up, down, left, right].into_iter().flatten()
    }

    /// Moves a tile into the blank: `letter` is the direction the tile slides (U D L R).
    /// False when no tile is on that side of the blank.
    pub fn apply(self, cells: &mut [u8], letter: char) -> bool {
        let Some(blank) = cells.iter().position(|&t| t == 0) else { return false };
        let (r, c) = ((blank / self.cols) as isize, (blank % self.cols) as isize);
        // The tile comes from the side opposite to its direction.
        let (fr, fc) = match letter {
            'U' => (r + 1, c),
            'D' => (r - 1, c),
            'L' => (r, c + 1),
            'R' => (r, c - 1),
            _ => return false,
        };
        if fr < 0 || fc < 0 || fr >= self.rows as isize || fc >= self.cols as isize {
            return false;
        }
        cells.swap(blank, fr as usize * self.cols + fc as usize);
        true
    }

    /// The cell whose tile slides into `blank` in direction `letter` (U D L R), if any.
    pub fn source(self, blank: usize, letter: char) -> Option<usize> {
        let mut cells = vec![1u8; self.cells()];
        *cells.get_mut(blank)? = 0;
        self.apply(&mut cells, letter).then(|| cells.iter().position(|&t| t == 0)).flatten()
    }

    /// Taxicab distance between two cells.
    pub fn distance(self, a: usize, b: usize) -> usize {
        (a / self.cols).abs_diff(b / self.cols) + (a % self.cols).abs_diff(b % self.cols)
    }

    /// The transpose symmetry of `goal` when there is one: the board transposed and each
    /// tile renamed to the tile whose goal cell is its goal cell transposed maps every legal
    /// move to a legal move and the goal to itself, so it keeps every distance to the goal.
    /// Returns (cell map, tile map); `None` unless square with the blank on the diagonal.
    pub fn mirror(self, goal: &[u8]) -> Option<(Vec<usize>, Vec<u8>)> {
        let n = self.rows;
        if self.cols != n {
            return None;
        }
        let cell: Vec<usize> = (0..n * n).map(|c| (c % n) * n + c / n).collect();
        let mut tile = vec![0u8; n * n];
        for c in 0..n * n {
            tile[goal[c] as usize] = goal[cell[c]];
        }
        (tile[0] == 0).then_some((cell, tile))
    }
}

/// Flood fills over cells as bits: one step grows a set of cells by their neighbours.
pub(crate) struct Fill {
    pub(crate) all: u32,
    cols: usize,
    /// Cells not in the first column, not in the last.
    not_first: u32,
    not_last: u32,
}

impl Fill {
    pub(crate) fn new(shape: Shape) -> Fill {
        let all = (1u32 << shape.cells()) - 1;
        let first = (0..shape.rows).fold(0u32, |m, r| m | 1 << (r * shape.cols));
        let last = first << (shape.cols - 1);
        Fill { all, cols: shape.cols, not_first: all & !first, not_last: all & !last }
    }

    /// The free cells reachable from `from` (a cell in `free`).
    pub(crate) fn region(&self, free: u32, from: usize) -> u32 {
        let mut reached = 1u32 << from;
        loop {
            let r = reached;
            let grown = r | r << self.cols | r >> self.cols | (r << 1) & self.not_first | (r >> 1) & self.not_last;
            let grown = grown & free;
            if grown == reached {
                return reached;
            }
            reached = grown;
        }
    }
}
