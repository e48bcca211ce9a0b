//! Reading an orientation grid (`--orientations FILE`): the same characters the solver prints,
//! so a printed answer, edited, is a valid input. `+` cross, `.` empty cell, `-` horizontal,
//! `|` vertical, `?` free (ours to choose).

use super::model::{Cell, CrossError, CrossPuzzle, Orientation};

/// A parsed grid: its size, where it puts the cross and the empty cell, and the orientations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedGrid {
    pub rows: usize,
    pub cols: usize,
    pub cross: Cell,
    pub empty: Cell,
    pub orientations: Vec<Orientation>,
}

/// Parses a grid; spaces inside a line are ignored, blank lines are skipped.
///
/// # Errors
/// [`CrossError::Grid`] naming the line: an unknown character, a ragged line, a missing or
/// second cross or empty cell.
pub fn parse_orientation_grid(text: &str) -> Result<ParsedGrid, CrossError> {
    let err = |line: usize, reason: String| CrossError::Grid { line, reason };
    let mut rows: Vec<Vec<char>> = Vec::new();
    let (mut cross, mut empty) = (None, None);
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let chars: Vec<char> = raw.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.is_empty() {
            continue;
        }
        last_line = line;
        if let Some(first) = rows.first() {
            if chars.len() != first.len() {
                return Err(err(line, format!("{} cells, but the first row has {}", chars.len(), first.len())));
            }
        }
        for (c, &ch) in chars.iter().enumerate() {
            let at = (rows.len(), c);
            let slot = match ch {
                '+' => &mut cross,
                '.' => &mut empty,
                '-' | '|' | '?' => continue,
                other => {
                    return Err(err(line, format!("column {}: {other:?} is not one of + . - | ?", c + 1)));
                }
            };
            if slot.is_some() {
                let what = if ch == '+' { "cross (+)" } else { "empty cell (.)" };
                return Err(err(line, format!("column {}: a second {what}", c + 1)));
            }
            *slot = Some(at);
        }
        rows.push(chars);
    }
    if rows.is_empty() {
        return Err(err(1, "the grid is empty".into()));
    }
    let cross = cross.ok_or_else(|| err(last_line, "no cross (+) in the grid".into()))?;
    let empty = empty.ok_or_else(|| err(last_line, "no empty cell (.) in the grid".into()))?;
    let orientations = rows
        .iter()
        .flatten()
        .map(|ch| match ch {
            '-' => Orientation::Horizontal,
            '|' => Orientation::Vertical,
            _ => Orientation::Free,
        })
        .collect();
    Ok(ParsedGrid { rows: rows.len(), cols: rows[0].len(), cross, empty, orientations })
}

impl CrossPuzzle {
    /// Builds a puzzle from a grid; `cross`/`empty` given on the command line must agree with it.
    ///
    /// # Errors
    /// Size limits, a target off the board, or options that contradict the grid.
    pub fn from_grid(
        grid: &ParsedGrid,
        cross: Option<Cell>,
        empty: Option<Cell>,
        target: Cell,
    ) -> Result<CrossPuzzle, CrossError> {
        for (what, option, in_grid) in [("cross", cross, grid.cross), ("empty cell", empty, grid.empty)] {
            if let Some(option) = option.filter(|&o| o != in_grid) {
                return Err(CrossError::GridDisagrees { what, grid: in_grid, options: option });
            }
        }
        let mut puzzle = CrossPuzzle::new(grid.rows, grid.cols, grid.cross, grid.empty, target)?;
        puzzle.fixed = grid.orientations.clone();
        Ok(puzzle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_seed_grid() {
        let g = parse_orientation_grid("+-???\n||-??\n-||-?\n?-|-|\n??-|.\n").unwrap();
        assert_eq!((g.rows, g.cols, g.cross, g.empty), (5, 5, (0, 0), (4, 4)));
        assert_eq!(g.orientations[1], Orientation::Horizontal);
        assert_eq!(g.orientations[5], Orientation::Vertical);
        assert_eq!(g.orientations[2], Orientation::Free);
    }

    #[test]
    fn rejects_malformed_grids_with_the_line() {
        let bad = [
            ("+-?\n|x.\n", 2, "column 2"),
            ("+-?\n|.\n", 2, "2 cells"),
            ("+-?\n|+.\n", 2, "second cross"),
            ("+-?\n|-?\n", 2, "no empty"),
            ("", 1, "empty"),
        ];
        for (text, line, needle) in bad {
            match parse_orientation_grid(text) {
                Err(CrossError::Grid { line: l, reason }) => {
                    assert_eq!(l, line, "{text:?}");
                    assert!(reason.contains(needle), "{reason} lacks {needle}");
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }
}
