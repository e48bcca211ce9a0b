//! Sliding tiles drawn: the start board's tiles, numbered and coloured by their number,
//! sliding along the plan on the grid animator.

use puzzlec_engine::draw::{self, grid};
use puzzlec_engine::{Answer, Result};

use crate::request::SlideInstance;
use crate::rules::BLANK;

/// The animated SVG of `answer`'s plan from the instance's start board.
///
/// # Errors
/// Bad input when the board does not parse or the answer has no plan to draw.
pub fn render(instance: &SlideInstance, answer: &Answer) -> Result<String> {
    let (start, _) = crate::verbs::boards(instance)?;
    let plan = draw::plan(answer)?;
    let pieces: Vec<grid::Piece> = (0..start.len())
        .filter(|&c| start.cells()[c] != BLANK)
        .map(|c| grid::Piece {
            cell: c,
            label: start.cells()[c].to_string(),
            colour: grid::hue(start.cells()[c] as usize, start.len() - 1),
            mark: grid::Mark::Number,
        })
        .collect();
    Ok(grid::render(&grid::Scene {
        rows: start.rows(),
        cols: start.cols(),
        pieces,
        plan,
        title: "sliding tiles".into(),
        target: None,
    }))
}
