//! Sliding blocks drawn: every piece as a coloured block of its shape (the goal pieces red,
//! walls dark), moved one move at a time on the grid animator, the goal cells outlined and
//! the metric in the title. Frames are addressable as for the tiles (`#move-K`, `#end`).

use puzzlec_engine::draw::{self, grid};
use puzzlec_engine::{Answer, Error, Result};

use crate::request::BlocksInstance;
use crate::rules::{self, BlocksPuzzle};

/// The red of the goal pieces (the Rush Hour red car).
pub const RED: &str = "#d62828";
/// The colour of walls.
pub const WALL: &str = "#3d3d3d";

/// The animated SVG of `answer`'s plan.
///
/// # Errors
/// Bad input when the instance does not read or the answer has no plan that replays.
pub fn render(instance: &BlocksInstance, answer: &Answer) -> Result<String> {
    let p = crate::verbs::instance(instance)?;
    let text = answer.moves.as_deref().ok_or_else(|| Error::bad_input("--svg: the answer has no plan to draw"))?;
    let plan = rules::moves::parse(&p, text).map_err(|e| Error::bad_input(format!("--svg: {e}")))?;
    if plan.len() > draw::MAX_MOVES {
        return Err(Error::bad_input(format!(
            "--svg: the plan has {} moves; an SVG animates at most {}",
            plan.len(),
            draw::MAX_MOVES
        )));
    }
    Ok(scene(&p, &plan))
}

/// The SVG of `plan` on `p` (which must replay).
pub fn scene(p: &BlocksPuzzle, plan: &[rules::BlockMove]) -> String {
    let board = &p.board;
    let movable = board.pieces.len();
    let mut pieces: Vec<grid::Piece> = board
        .pieces
        .iter()
        .enumerate()
        .map(|(i, q)| {
            // Hues from orange round to violet: none near the goal pieces' red.
            let colour = if p.goal_of(i).is_some() { RED.to_owned() } else { grid::hue(i + 2, movable + 2) };
            grid::Piece { cell: q.start, label: q.name.to_string(), colour, mark: grid::Mark::Number }
        })
        .collect();
    let mut shapes: Vec<Vec<(usize, usize)>> = board.pieces.iter().map(|q| q.cells.clone()).collect();
    for (c, _) in board.walls.iter().enumerate().filter(|w| *w.1) {
        pieces.push(grid::Piece { cell: c, label: String::new(), colour: WALL.into(), mark: grid::Mark::Free });
        shapes.push(vec![(0, 0)]);
    }
    let mut at = p.start().anchors;
    let moves: Vec<grid::Motion> = plan
        .iter()
        .map(|m| {
            let path = m
                .path
                .iter()
                .map(|&d| {
                    at[m.piece] = board.step(at[m.piece], d).unwrap_or(at[m.piece]);
                    at[m.piece]
                })
                .collect();
            (m.piece, path)
        })
        .collect();
    let outline: Vec<usize> = p.goals.iter().flat_map(|&(i, g)| board.covers(i, g).collect::<Vec<_>>()).collect();
    // Short: a Klotski board is four cells wide.
    let title = format!("{} metric", p.metric.name());
    let s = grid::Scene { rows: board.rows, cols: board.cols, pieces, plan: Vec::new(), title, target: None };
    grid::render_moves(&s, &shapes, &moves, &outline)
}
