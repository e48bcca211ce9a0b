//! `--svg FILE`: what drawings share. Plans on a grid (sliding tiles, the cross slider) use
//! the grid animator ([`grid`]): pieces slide one move at a time under a move counter, with a
//! pause before the first move and after the last, then loop; the first and the last frames
//! are the start and the goal, as a printed figure would show them. A puzzle builds its
//! [`grid::Scene`] (or draws by itself, as magic hexagons do, still) in its own crate.
//!
//! Every piece's colour is written on its group (`data-colour`), so a test can read the
//! colours from the file and find them in a browser's screenshot.

pub mod grid;

use puzzlec_core::{parse_moves, Move};

use crate::{Answer, Error, Result};

/// The longest plan an SVG animates: each move is a frame of the file.
pub const MAX_MOVES: usize = 10_000;

/// The answer's plan, to animate.
///
/// # Errors
/// Bad input when there is no plan, it does not read, or it is too long to draw.
pub fn plan(answer: &Answer) -> Result<Vec<Move>> {
    let moves = answer.moves.as_deref().ok_or_else(|| Error::bad_input("--svg: the answer has no plan to draw"))?;
    let plan = parse_moves(moves).map_err(|e| Error::bad_input(format!("--svg: {e}")))?;
    if plan.len() > MAX_MOVES {
        return Err(Error::bad_input(format!(
            "--svg: the plan has {} moves; an SVG animates at most {MAX_MOVES}",
            plan.len()
        )));
    }
    Ok(plan)
}

/// Escapes text for XML.
pub fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The opening of a still drawing (magic figures): the `svg` element of that size, its
/// title, the paper, and the title written at the top left. The caller closes `</svg>`.
pub fn open(width: f64, height: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\">\n<title>{t}</title>\n\
<style>text {{ font-family: sans-serif; }}</style>\n<rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"#faf8f3\"/>\n\
<text x=\"16\" y=\"28\" font-size=\"18\" fill=\"#333\">{t}</text>\n",
        t = xml(title)
    )
}
