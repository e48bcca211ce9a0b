//! Strict board parsing: the compact form (`5 1 7 3 / 9 2 11 4 / ...`) and the table form
//! (`|  5 |  1 |    |`). Every rejection names the row and column it found the problem in,
//! because the user is usually typing a board by hand.

use super::board::{Board, BLANK, MAX_SIDE, MIN_SIDE};

/// Why a board text was rejected. Rows and columns are 1-based, as a person counts them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("the board is empty")]
    Empty,
    #[error("row {row} has {found} cells but row 1 has {expected}")]
    RowLength { row: usize, found: usize, expected: usize },
    #[error("row {row}, column {col}: {text:?} is not a tile number or a blank (_ . 0)")]
    NotANumber { row: usize, col: usize, text: String },
    #[error("row {row}, column {col}: tile {tile} is out of range (1..={max} on a board of {cells} cells)")]
    OutOfRange {
        row: usize,
        col: usize,
        /// The tile as typed (a number too large for any integer is echoed, not mangled).
        tile: String,
        max: usize,
        cells: usize,
    },
    #[error("row {row}, column {col}: tile {tile} already appears at row {first_row}, column {first_col}")]
    Duplicate { row: usize, col: usize, tile: u8, first_row: usize, first_col: usize },
    #[error("row {row}, column {col}: a second blank (the first is at row {first_row}, column {first_col})")]
    SecondBlank { row: usize, col: usize, first_row: usize, first_col: usize },
    #[error("the board has no blank (write it as _, . or 0; four spaces in the table form)")]
    MissingBlank,
    #[error("the board is {rows}x{cols}; sizes from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE} are supported")]
    Size { rows: usize, cols: usize },
    #[error("row {row}: a table row must start and end with '|'")]
    TableRow { row: usize },
}

/// Parses either form; the table form is recognised by a first non-blank character `|`.
///
/// # Errors
/// A [`BoardError`] naming the row and column of the first problem.
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let rows = if text.trim_start().starts_with('|') { table_rows(text)? } else { compact_rows(text) };
    board_from_rows(&rows)
}

/// Compact form: rows split by `/` or newlines, cells by whitespace. Empty rows are skipped so
/// a trailing newline or slash is harmless.
fn compact_rows(text: &str) -> Vec<Vec<String>> {
    text.split(['/', '\n'])
        .map(|row| row.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .filter(|row| !row.is_empty())
        .collect()
}

/// Table form: `|  5 |  1 |    |`; a field of only spaces is the blank.
fn table_rows(text: &str) -> Result<Vec<Vec<String>>, BoardError> {
    let mut rows = Vec::new();
    for line in text.lines().map(|l| l.trim_end_matches('\r')) {
        if line.trim().is_empty() {
            continue;
        }
        let row = rows.len() + 1;
        let line = line.trim_start();
        if !line.starts_with('|') || !line.trim_end().ends_with('|') || line.trim_end().len() < 2 {
            return Err(BoardError::TableRow { row });
        }
        let inner = &line.trim_end()[1..line.trim_end().len() - 1];
        rows.push(
            inner
                .split('|')
                .map(|field| if field.trim().is_empty() { "_".to_owned() } else { field.trim().to_owned() })
                .collect(),
        );
    }
    Ok(rows)
}

fn board_from_rows(rows: &[Vec<String>]) -> Result<Board, BoardError> {
    let expected = rows.first().ok_or(BoardError::Empty)?.len();
    for (i, row) in rows.iter().enumerate() {
        if row.len() != expected {
            return Err(BoardError::RowLength { row: i + 1, found: row.len(), expected });
        }
    }
    let (nrows, ncols) = (rows.len(), expected);
    if !(MIN_SIDE..=MAX_SIDE).contains(&nrows) || !(MIN_SIDE..=MAX_SIDE).contains(&ncols) {
        return Err(BoardError::Size { rows: nrows, cols: ncols });
    }
    let cells = nrows * ncols;
    // First pass: every token is a number or a blank. A missing blank is reported before
    // ranges, since "1 2 3 / 4 5 6 / 7 8 9" is a missing blank more than a bad tile 9.
    let mut values = Vec::with_capacity(cells);
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            values.push(match text.as_str() {
                "_" | "." => 0,
                _ if text.bytes().all(|b| b.is_ascii_digit()) => {
                    // Digits only: a parse failure can only be overflow, which is out of range.
                    text.parse::<u64>().unwrap_or(u64::MAX)
                }
                _ => return Err(BoardError::NotANumber { row: r + 1, col: c + 1, text: text.clone() }),
            });
        }
    }
    if !values.contains(&0) {
        return Err(BoardError::MissingBlank);
    }
    let mut seen: Vec<Option<(usize, usize)>> = vec![None; cells];
    let mut tiles = Vec::with_capacity(cells);
    for (i, &value) in values.iter().enumerate() {
        let (row, col) = (i / ncols + 1, i % ncols + 1);
        if value >= cells as u64 {
            return Err(BoardError::OutOfRange {
                row,
                col,
                tile: rows[row - 1][col - 1].clone(),
                max: cells - 1,
                cells,
            });
        }
        let tile = value as usize;
        if let Some((first_row, first_col)) = seen[tile] {
            return Err(if tile == BLANK as usize {
                BoardError::SecondBlank { row, col, first_row, first_col }
            } else {
                BoardError::Duplicate { row, col, tile: tile as u8, first_row, first_col }
            });
        }
        seen[tile] = Some((row, col));
        tiles.push(tile as u8);
    }
    Ok(Board::from_cells(nrows, ncols, &tiles).expect("checked above: a permutation of the right size"))
}

/// The compact one-line form, blank as `_`: what `--board` takes.
pub fn to_compact(board: &Board) -> String {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| match board.at(r, c) {
                    BLANK => "_".to_owned(),
                    t => t.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

    #[test]
    fn compact_and_table_forms_agree() {
        let b = parse_board(SEED).unwrap();
        assert_eq!(parse_board(&b.to_string()).unwrap(), b);
        assert_eq!(to_compact(&b), SEED);
        assert_eq!(parse_board("5 1 7 3\n9 2 11 4\n13 6 15 8\n0 10 14 12\n").unwrap(), b);
        assert_eq!(b.to_string().lines().next().unwrap(), "|  5 |  1 |  7 |  3 |");
        assert_eq!(b.to_string().lines().nth(3).unwrap(), "|    | 10 | 14 | 12 |");
    }

    #[test]
    fn rejections_name_the_place() {
        let cases = [
            ("1 2 / 3", BoardError::RowLength { row: 2, found: 1, expected: 2 }),
            ("1 x / 3 _", BoardError::NotANumber { row: 1, col: 2, text: "x".into() }),
            ("1 2 / 9 _", BoardError::OutOfRange { row: 2, col: 1, tile: "9".into(), max: 3, cells: 4 }),
            (
                // Too large for any integer: echoed as typed, not as u64::MAX.
                "1 2 / 99999999999999999999 _",
                BoardError::OutOfRange { row: 2, col: 1, tile: "99999999999999999999".into(), max: 3, cells: 4 },
            ),
            ("1 2 / 2 _", BoardError::Duplicate { row: 2, col: 1, tile: 2, first_row: 1, first_col: 2 }),
            ("1 _ / _ 3", BoardError::SecondBlank { row: 2, col: 1, first_row: 1, first_col: 2 }),
            ("1 2 / _ 1", BoardError::Duplicate { row: 2, col: 2, tile: 1, first_row: 1, first_col: 1 }),
            ("", BoardError::Empty),
            ("1 _", BoardError::Size { rows: 1, cols: 2 }),
            ("|  1 |  2 |\n|  3 ", BoardError::TableRow { row: 2 }),
        ];
        for (text, want) in cases {
            assert_eq!(parse_board(text), Err(want), "input {text:?}");
        }
        assert_eq!(
            parse_board("1 2 3 / 4 _ 6 / 7 8 8"),
            Err(BoardError::Duplicate { row: 3, col: 3, tile: 8, first_row: 3, first_col: 2 })
        );
        assert_eq!(
            parse_board("1 2 3 / 4 5 _ / 7 8 9").unwrap_err().to_string(),
            "row 3, column 3: tile 9 is out of range (1..=8 on a board of 9 cells)"
        );
    }

    #[test]
    fn missing_blank_is_reported_before_ranges() {
        assert_eq!(parse_board("1 2 / 3 _").map(|b| b.blank()), Ok(3));
        assert_eq!(parse_board("1 2 3 / 4 5 6 / 7 8 9"), Err(BoardError::MissingBlank));
        assert_eq!(parse_board("|  1 |  2 |\n|  3 |  1 |"), Err(BoardError::MissingBlank));
    }

    #[test]
    fn random_strings_never_panic() {
        let alphabet: Vec<char> = "0123456789 _./|\n\r x-+é99999999999999999999".chars().collect();
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..20_000 {
            let len = rng.usize(0..40);
            let text: String = (0..len).map(|_| alphabet[rng.usize(0..alphabet.len())]).collect();
            let _ = parse_board(&text);
        }
    }
}
