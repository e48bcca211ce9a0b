//! The board: its size, walls and pieces, read from a drawing (one row per line, `.` empty,
//! `#` wall, any other character one piece of any connected shape) or from a Rush Hour line
//! (36 characters, `o`/`.` empty, `x` wall, vehicles of 2 or 3 cells, `A` the red car).
//! Every error names the line and column, or the character, where the input goes wrong.

use super::BlocksError;

/// Where a piece may slide: anywhere, or only along one axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    Free,
    Horizontal,
    Vertical,
}

impl Axis {
    /// Whether a unit step `(dr, dc)` is along this axis.
    pub fn allows(self, (dr, dc): (isize, isize)) -> bool {
        match self {
            Axis::Free => true,
            Axis::Horizontal => dr == 0,
            Axis::Vertical => dc == 0,
        }
    }
}

/// One piece: its name (the character drawn), its cells relative to its anchor (the top-left
/// corner of its bounding box), its axis and where its anchor starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub name: char,
    pub cells: Vec<(usize, usize)>,
    pub height: usize,
    pub width: usize,
    pub axis: Axis,
    /// The starting anchor, row-major.
    pub start: usize,
}

/// A board with its pieces as drawn, before any goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub walls: Vec<bool>,
    pub pieces: Vec<Piece>,
}

/// The largest board side: states are small arrays of cell numbers.
pub const MAX_SIDE: usize = 40;

impl Board {
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The piece named `name`.
    pub fn piece(&self, name: char) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }

    /// Whether piece `i` with its anchor on `anchor` lies inside the board and on no wall.
    pub fn fits(&self, i: usize, anchor: usize) -> bool {
        let p = &self.pieces[i];
        let (r, c) = (anchor / self.cols, anchor % self.cols);
        r + p.height <= self.rows
            && c + p.width <= self.cols
            && p.cells.iter().all(|&(dr, dc)| !self.walls[(r + dr) * self.cols + c + dc])
    }

    /// The cells piece `i` covers with its anchor on `anchor` (which must fit).
    pub fn covers(&self, i: usize, anchor: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (anchor / self.cols, anchor % self.cols);
        self.pieces[i].cells.iter().map(move |&(dr, dc)| (r + dr) * self.cols + c + dc)
    }

    /// The anchor one unit step `(dr, dc)` away, if it is on the board.
    pub fn step(&self, anchor: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let r = (anchor / self.cols).checked_add_signed(dr)?;
        let c = (anchor % self.cols).checked_add_signed(dc)?;
        (r < self.rows && c < self.cols).then_some(r * self.cols + c)
    }

    /// The board drawn again, pieces on `anchors` (one per piece).
    pub fn drawing(&self, anchors: &[usize]) -> Vec<String> {
        let mut grid: Vec<char> = self.walls.iter().map(|&w| if w { '#' } else { '.' }).collect();
        for (i, &a) in anchors.iter().enumerate() {
            for c in self.covers(i, a).collect::<Vec<_>>() {
                grid[c] = self.pieces[i].name;
            }
        }
        grid.chunks(self.cols).map(|row| row.iter().collect()).collect()
    }

    /// Restricts the pieces named in `letters` to `axis`.
    ///
    /// # Errors
    /// A letter that names no piece, or a piece given two axes.
    pub fn restrict(&mut self, letters: &str, axis: Axis, flag: &str) -> Result<(), BlocksError> {
        for name in letters.chars().filter(|c| !c.is_whitespace() && *c != ',') {
            let i = self
                .piece(name)
                .ok_or_else(|| BlocksError::Input(format!("{flag} {name}: no piece {name} on the board")))?;
            if self.pieces[i].axis != Axis::Free && self.pieces[i].axis != axis {
                return Err(BlocksError::Input(format!(
                    "{flag} {name}: piece {name} is already restricted to the other axis"
                )));
            }
            self.pieces[i].axis = axis;
        }
        Ok(())
    }
}

/// Splits a drawing into rows: lines, or `/` between rows on one line; blank lines and the
/// spaces around a row are dropped. Returns each row with its 1-based line number.
fn rows(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for part in line.split('/') {
            let row = part.trim();
            if !row.is_empty() {
                out.push((n + 1, row.to_owned()));
            }
        }
    }
    out
}

/// Where a cell was drawn, for messages: "line 2, column 3" (or "row 2" for rows given on one
/// line with `/`).
fn place(rows: &[(usize, String)], r: usize, c: usize) -> String {
    let one_line = rows.windows(2).any(|w| w[0].0 == w[1].0);
    if one_line {
        format!("row {}, column {}", r + 1, c + 1)
    } else {
        format!("line {}, column {}", rows[r].0, c + 1)
    }
}

/// Reads a drawing. `empty` and `wall` are the characters of empty cells and walls.
///
/// # Errors
/// Rows of different lengths, spaces inside a row, a disconnected piece, no piece at all, a
/// board larger than [`MAX_SIDE`].
pub fn parse_drawing(text: &str, empty: &[char], wall: &[char]) -> Result<Board, BlocksError> {
    let rows = rows(text);
    let bad = |s: String| Err(BlocksError::Input(s));
    let Some((_, first)) = rows.first() else { return bad("the drawing is empty".into()) };
    let cols = first.chars().count();
    for (r, (_, row)) in rows.iter().enumerate() {
        if let Some(c) = row.chars().position(char::is_whitespace) {
            return bad(format!("{}: a space inside a row (draw an empty cell as {})", place(&rows, r, c), empty[0]));
        }
        let n = row.chars().count();
        if n != cols {
            let cells = |k: usize| if k == 1 { "1 cell".to_owned() } else { format!("{k} cells") };
            return bad(format!("{}: the row has {}, the first row has {}", place(&rows, r, 0), cells(n), cells(cols)));
        }
    }
    if rows.len() > MAX_SIDE || cols > MAX_SIDE {
        return bad(format!("the board is {}x{cols}; at most {MAX_SIDE} on a side", rows.len()));
    }
    let grid: Vec<Vec<char>> = rows.iter().map(|(_, row)| row.chars().collect()).collect();
    from_grid(&grid, empty, wall, &|r, c| place(&rows, r, c))
}

/// Reads a Rush Hour line: `side * side` characters, row by row.
///
/// # Errors
/// A length that is not a square, or any drawing error.
pub fn parse_line(text: &str) -> Result<Vec<Vec<char>>, BlocksError> {
    let chars: Vec<char> = text.trim().chars().collect();
    let side = (1..=MAX_SIDE).find(|s| s * s >= chars.len()).unwrap_or(0);
    if side * side != chars.len() || side < 2 {
        return Err(BlocksError::Input(format!(
            "a Rush Hour line has side*side characters (36 for 6x6); this one has {}",
            chars.len()
        )));
    }
    if let Some(k) = chars.iter().position(|c| c.is_whitespace()) {
        return Err(BlocksError::Input(format!("character {}: a space (draw an empty cell as o)", k + 1)));
    }
    Ok(chars.chunks(side).map(<[char]>::to_vec).collect())
}

/// The board of a character grid, pieces in the order they first appear.
///
/// # Errors
/// A disconnected piece, or no piece at all.
pub fn from_grid(
    grid: &[Vec<char>],
    empty: &[char],
    wall: &[char],
    place: &dyn Fn(usize, usize) -> String,
) -> Result<Board, BlocksError> {
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut walls = vec![false; rows * cols];
    let mut cells_of: Vec<(char, Vec<(usize, usize)>)> = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if wall.contains(&ch) {
                walls[r * cols + c] = true;
            } else if !empty.contains(&ch) {
                match cells_of.iter_mut().find(|(n, _)| *n == ch) {
                    Some((_, cells)) => cells.push((r, c)),
                    None => cells_of.push((ch, vec![(r, c)])),
                }
            }
        }
    }
    if cells_of.is_empty() {
        return Err(BlocksError::Input("the board has no piece".into()));
    }
    let mut pieces = Vec::new();
    for (name, cells) in cells_of {
        if let Some((r, c)) = disconnected(&cells) {
            return Err(BlocksError::Input(format!(
                "piece {name} is not connected: the cell at {} does not touch the one at {}",
                place(r, c),
                place(cells[0].0, cells[0].1)
            )));
        }
        let (top, left) = (cells.iter().map(|p| p.0).min().unwrap_or(0), cells.iter().map(|p| p.1).min().unwrap_or(0));
        let height = cells.iter().map(|p| p.0).max().unwrap_or(0) - top + 1;
        let width = cells.iter().map(|p| p.1).max().unwrap_or(0) - left + 1;
        let cells = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
        pieces.push(Piece { name, cells, height, width, axis: Axis::Free, start: top * cols + left });
    }
    Ok(Board { rows, cols, walls, pieces })
}

/// A cell not connected (side by side) to the first one, if any.
fn disconnected(cells: &[(usize, usize)]) -> Option<(usize, usize)> {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(k) = stack.pop() {
        let (r, c) = cells[k];
        for (j, &(r2, c2)) in cells.iter().enumerate() {
            if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.iter().position(|s| !s).map(|j| cells[j])
}

/// The Rush Hour rules on a board: every vehicle a straight line of 2 or 3 cells, kept to its
/// axis; `A` (the red car) lies horizontally. `place` names a cell for messages.
///
/// # Errors
/// A vehicle of another length, a bent one, no red car, or a vertical one.
pub fn rush_hour(board: &mut Board, place: &dyn Fn(usize, usize) -> String) -> Result<(), BlocksError> {
    let cols = board.cols;
    for p in &mut board.pieces {
        let at = place(p.start / cols + p.cells[0].0, p.start % cols + p.cells[0].1);
        let n = p.cells.len();
        if p.height != 1 && p.width != 1 {
            return Err(BlocksError::Input(format!("vehicle {} at {at} is bent: vehicles are straight lines", p.name)));
        }
        if n != 2 && n != 3 {
            return Err(BlocksError::Input(format!(
                "vehicle {} at {at} has length {n}: Rush Hour vehicles are 2 or 3 cells",
                p.name
            )));
        }
        p.axis = if p.height == 1 { Axis::Horizontal } else { Axis::Vertical };
    }
    match board.piece('A').map(|i| board.pieces[i].axis) {
        None => Err(BlocksError::Input("no red car: a Rush Hour board has a vehicle A".into())),
        Some(Axis::Vertical) => {
            Err(BlocksError::Input("the red car A stands vertically; it must lie on its row".into()))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn klotski_reads_with_ten_pieces() {
        let b = parse_drawing("BAAC / BAAC / DEEF / DGHF / I..J", &['.'], &['#']).unwrap();
        assert_eq!((b.rows, b.cols, b.pieces.len()), (5, 4, 10));
        let a = &b.pieces[b.piece('A').unwrap()];
        assert_eq!((a.height, a.width, a.start), (2, 2, 1));
    }

    #[test]
    fn a_disconnected_piece_is_named_with_its_place() {
        let e = parse_drawing("A.\n.A", &['.'], &['#']).unwrap_err().to_string();
        assert!(e.contains("piece A is not connected") && e.contains("line 2, column 2"), "{e}");
    }

    #[test]
    fn rows_of_different_lengths_are_named() {
        let e = parse_drawing("AB/ABC", &['.'], &['#']).unwrap_err().to_string();
        assert!(e.contains("row 2") && e.contains("3 cells"), "{e}");
    }
}
