//! Goals: `A@4,2` (piece A with the top-left corner of its bounding box on row 4, column 2,
//! counted from 1), several separated by spaces, or a goal drawing of the board's size in
//! which each piece drawn stands where it must end (pieces not drawn may end anywhere).

use super::board::{parse_drawing, Board};
use super::BlocksError;

fn bad(s: String) -> BlocksError {
    BlocksError::Input(s)
}

/// Reads `A@4,2 B@1,1`.
///
/// # Errors
/// A word that does not read, names no piece, puts the piece past the board's edge, or a
/// second goal for one piece.
pub fn parse_goals(board: &Board, text: &str) -> Result<Vec<(usize, usize)>, BlocksError> {
    let mut goals: Vec<(usize, usize)> = Vec::new();
    for word in text.split_whitespace() {
        let form = || bad(format!("--goal {word:?}: expected PIECE@ROW,COL counted from 1, e.g. A@4,2"));
        // The last '@' splits: a piece may be drawn as '@' itself.
        let (name, at) = word.rsplit_once('@').ok_or_else(form)?;
        let mut name_chars = name.chars();
        let (Some(name), None) = (name_chars.next(), name_chars.next()) else { return Err(form()) };
        let (r, c) = at.split_once(',').ok_or_else(form)?;
        let (r, c): (usize, usize) = (r.trim().parse().map_err(|_| form())?, c.trim().parse().map_err(|_| form())?);
        let i = board.piece(name).ok_or_else(|| bad(format!("--goal {word}: no piece {name} on the board")))?;
        let p = &board.pieces[i];
        if r == 0 || c == 0 || r - 1 + p.height > board.rows || c - 1 + p.width > board.cols {
            let counted = if r == 0 || c == 0 { "rows and columns count from 1; " } else { "" };
            return Err(bad(format!(
                "--goal {word}: outside the board ({counted}on the {}x{} board, piece {name} ({}x{}) fits at rows 1..={}, columns 1..={})",
                board.rows,
                board.cols,
                p.height,
                p.width,
                board.rows + 1 - p.height,
                board.cols + 1 - p.width
            )));
        }
        if goals.iter().any(|g| g.0 == i) {
            return Err(bad(format!("--goal {word}: a second goal for piece {name}")));
        }
        goals.push((i, (r - 1) * board.cols + c - 1));
    }
    if goals.is_empty() {
        return Err(bad("--goal: no goal given (e.g. --goal A@4,2)".into()));
    }
    Ok(goals)
}

/// Reads a goal drawing of the board's size.
///
/// # Errors
/// Another size, a piece drawn that is not on the board, or drawn in another shape.
pub fn parse_goal_drawing(board: &Board, text: &str) -> Result<Vec<(usize, usize)>, BlocksError> {
    let blank = |c: char| c.is_whitespace() || ['.', 'o', '#', 'x', '/'].contains(&c);
    if !text.trim().is_empty() && text.chars().all(blank) {
        return Err(bad(
            "the goal drawing places no piece: draw each piece that must end somewhere, where it must end".into(),
        ));
    }
    let drawn = parse_drawing(text, &['.', 'o'], &['#', 'x']).map_err(|e| bad(format!("the goal drawing: {e}")))?;
    if (drawn.rows, drawn.cols) != (board.rows, board.cols) {
        return Err(bad(format!(
            "the goal drawing is {}x{}, the board {}x{}",
            drawn.rows, drawn.cols, board.rows, board.cols
        )));
    }
    let mut goals = Vec::new();
    for p in &drawn.pieces {
        let at = format!("row {}, column {}", p.start / board.cols + 1, p.start % board.cols + 1);
        let i = board
            .piece(p.name)
            .ok_or_else(|| bad(format!("the goal drawing at {at}: no piece {} on the board", p.name)))?;
        if board.pieces[i].cells != p.cells {
            return Err(bad(format!("the goal drawing at {at}: piece {} has another shape than on the board", p.name)));
        }
        goals.push((i, p.start));
    }
    Ok(goals)
}

/// The Rush Hour goal: the red car A against the right edge of its row.
pub fn rush_hour_goal(board: &Board) -> Vec<(usize, usize)> {
    let Some(i) = board.piece('A') else { return Vec::new() };
    let p = &board.pieces[i];
    let row = p.start / board.cols;
    vec![(i, row * board.cols + board.cols - p.width)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn klotski() -> Board {
        parse_drawing("BAAC / BAAC / DEEF / DGHF / I..J", &['.'], &['#']).unwrap()
    }

    #[test]
    fn goals_read_and_bad_ones_are_named() {
        let b = klotski();
        assert_eq!(parse_goals(&b, "A@4,2").unwrap(), vec![(b.piece('A').unwrap(), 13)]);
        for (text, words) in [
            ("A@5,2", "outside the board"),
            ("A@0,1", "outside the board"),
            ("Z@1,1", "no piece Z"),
            ("A@4,2 A@1,1", "a second goal"),
            ("A4,2", "expected PIECE@ROW,COL"),
        ] {
            let e = parse_goals(&b, text).unwrap_err().to_string();
            assert!(e.contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn a_goal_drawing_gives_the_same_goal() {
        let b = klotski();
        assert_eq!(parse_goal_drawing(&b, "..../..../..../.AA./.AA.").unwrap(), parse_goals(&b, "A@4,2").unwrap());
        let e = parse_goal_drawing(&b, "..../..../..../..../....").unwrap_err().to_string();
        assert!(e.contains("places no piece"), "{e}");
    }
}
