//! Reading instances from files, stdin and flags; every failure here is bad input (exit 2).

use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};
use puzzlec_core::cross::Cell;
use puzzlec_core::slide::{parse_board, Board};

use crate::args::SlideInput;
use crate::exit::{bad_input, Failure};

/// Reads a file, or standard input for `-`.
pub fn read_text(path: &Path) -> Result<String, Failure> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading standard input")
            .map_err(bad_input)?;
        Ok(text)
    } else {
        std::fs::read_to_string(path)
            .with_context(|| format!("reading {}", path.display()))
            .map_err(bad_input)
    }
}

/// The start board and the goal, checked to have the same shape.
pub fn slide_boards(input: &SlideInput) -> Result<(Board, Board), Failure> {
    let (text, origin) = match (&input.file, &input.board) {
        (Some(path), None) => (read_text(path)?, format!("board in {}", path.display())),
        (None, Some(text)) => (text.clone(), "--board".to_owned()),
        _ => {
            return Err(bad_input(anyhow!(
                "no board given: pass a FILE, - for standard input, or --board TEXT"
            )))
        }
    };
    let start = parse_board(&text).with_context(|| origin).map_err(bad_input)?;
    let goal = match &input.goal {
        Some(text) => parse_board(text).context("--goal").map_err(bad_input)?,
        None => Board::goal(start.rows(), start.cols()),
    };
    if !start.same_shape(&goal) {
        return Err(bad_input(anyhow!(
            "the board is {}x{} but the goal is {}x{}",
            start.rows(),
            start.cols(),
            goal.rows(),
            goal.cols()
        )));
    }
    Ok((start, goal))
}

/// Parses `ROWSxCOLS`.
pub fn size(text: &str) -> Result<(usize, usize), Failure> {
    let parse = || -> Option<(usize, usize)> {
        let (r, c) = text.trim().split_once(['x', 'X'])?;
        Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
    };
    parse().ok_or_else(|| bad_input(anyhow!("--size {text:?}: expected ROWSxCOLS, e.g. 5x5")))
}

/// Parses a 1-based `ROW,COL` into a 0-based cell.
pub fn cell(flag: &str, text: &str) -> Result<Cell, Failure> {
    let parse = || -> Option<Cell> {
        let (r, c) = text.trim().split_once(',')?;
        let (r, c): (usize, usize) = (r.trim().parse().ok()?, c.trim().parse().ok()?);
        (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
    };
    parse().ok_or_else(|| bad_input(anyhow!("{flag} {text:?}: expected ROW,COL counted from 1, e.g. 1,1")))
}

/// A deadline from `--timeout`, rejecting nonsense.
pub fn deadline(timeout: Option<f64>) -> Result<Option<Instant>, Failure> {
    match timeout {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 && s < 1e7 => Ok(Some(Instant::now() + Duration::from_secs_f64(s))),
        Some(s) => Err(bad_input(anyhow!(
            "--timeout {s}: expected a positive number of seconds"
        ))),
    }
}
