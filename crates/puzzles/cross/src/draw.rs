//! The cross slider drawn: every piece in its starting cell, marked by its orientation (the
//! cross red, horizontal blue, vertical amber, never moved grey), sliding along the plan on
//! the grid animator, with the target cell outlined.

use puzzlec_engine::draw::{self, grid};
use puzzlec_engine::{Answer, Error, Result};

use crate::request::CrossInstance;

/// The animated SVG of `answer`'s plan.
///
/// # Errors
/// Bad input when the instance does not read or the answer has no plan or grid to draw.
pub fn render(instance: &CrossInstance, answer: &Answer) -> Result<String> {
    let p = crate::verbs::instance(instance)?;
    let plan = draw::plan(answer)?;
    let rows = answer.grid.clone().ok_or_else(|| Error::bad_input("the answer has no orientation grid to draw"))?;
    let mut pieces = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let (mark, colour) = match ch {
                '+' => (grid::Mark::Plus, "#d62828".to_owned()),
                '-' => (grid::Mark::Horizontal, "#3a86c8".to_owned()),
                '|' => (grid::Mark::Vertical, "#e9a23b".to_owned()),
                '?' => (grid::Mark::Free, "#9aa0a6".to_owned()),
                _ => continue,
            };
            pieces.push(grid::Piece { cell: r * p.cols + c, label: String::new(), colour, mark });
        }
    }
    let target = Some(p.target.0 * p.cols + p.target.1);
    Ok(grid::render(&grid::Scene { rows: p.rows, cols: p.cols, pieces, plan, title: "cross slider".into(), target }))
}
