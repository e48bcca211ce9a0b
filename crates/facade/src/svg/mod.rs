//! `--svg FILE`: the answer drawn as one self-contained SVG that any modern browser animates
//! without scripts (CSS keyframes). Sliding tiles and the cross slider share the grid
//! animator ([`grid`]): pieces slide one move at a time under a move counter, with a pause
//! before the first move and after the last, then loop; the first and the last frames are
//! the start and the goal, as a printed figure would show them. Magic hexagons are drawn
//! still ([`hexagon`]), every solution side by side with each line's sum.
//!
//! Every piece's colour is written on its group (`data-colour`), so a test can read the
//! colours from the file and find them in a browser's screenshot.

mod grid;
mod hexagon;

use puzzlec_slide::rules::parse_moves;

use crate::request::Instance;
use crate::{Answer, Error, Result};

/// The SVG of `answer` to a request about `instance`.
///
/// # Errors
/// Bad input when the answer has nothing to draw (no plan, no filling).
pub fn render(instance: &Instance, answer: &Answer) -> Result<String> {
    match instance {
        Instance::Hex(_) => hexagon::render(answer),
        Instance::Slide(i) => {
            let (start, _) = crate::slide::boards(i)?;
            let plan = plan(answer)?;
            let labels: Vec<String> = (0..start.len()).map(|c| start.cells()[c].to_string()).collect();
            let pieces: Vec<grid::Piece> = (0..start.len())
                .filter(|&c| start.cells()[c] != puzzlec_slide::rules::BLANK)
                .map(|c| grid::Piece {
                    cell: c,
                    label: labels[c].clone(),
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
        Instance::Cross(i) => {
            let p = crate::cross::instance(i)?;
            let plan = plan(answer)?;
            let rows =
                answer.grid.clone().ok_or_else(|| Error::bad_input("the answer has no orientation grid to draw"))?;
            let mut pieces = Vec::new();
            for (r, line) in rows.iter().enumerate() {
                for (c, ch) in line.chars().enumerate() {
                    let (mark, colour) = match ch {
                        '+' => (grid::Mark::Cross, "#d62828".to_owned()),
                        '-' => (grid::Mark::Horizontal, "#3a86c8".to_owned()),
                        '|' => (grid::Mark::Vertical, "#e9a23b".to_owned()),
                        '?' => (grid::Mark::Free, "#9aa0a6".to_owned()),
                        _ => continue,
                    };
                    pieces.push(grid::Piece { cell: r * p.cols + c, label: String::new(), colour, mark });
                }
            }
            let target = Some(p.target.0 * p.cols + p.target.1);
            Ok(grid::render(&grid::Scene {
                rows: p.rows,
                cols: p.cols,
                pieces,
                plan,
                title: "cross slider".into(),
                target,
            }))
        }
    }
}

/// The longest plan an SVG animates: each move is a frame of the file.
pub const MAX_MOVES: usize = 10_000;

fn plan(answer: &Answer) -> Result<Vec<puzzlec_core::Move>> {
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
fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{CrossInstance, HexInstance, Request, SlideInstance, SlideRequest, SolveOptions};
    use crate::{Env, Status};

    fn solve(request: Request) -> (Instance, Answer) {
        let answer = crate::solve(&request, &Env::default(), &mut |_| {}).expect("solved");
        assert_eq!(answer.status, Status::Solved);
        (request.instance(), answer)
    }

    /// Every drawing is well-formed XML with one piece (or cell) per tile, each with its colour.
    #[test]
    fn drawings_parse_as_xml_with_a_coloured_group_per_piece() {
        let slide = Request::Slide(SlideRequest {
            instance: SlideInstance { board: "1 2 3 / 4 _ 6 / 7 5 8".into(), ..Default::default() },
            ..Default::default()
        });
        let cross = Request::Cross(crate::CrossRequest {
            instance: CrossInstance { size: Some("3x3".into()), ..Default::default() },
            ..Default::default()
        });
        let all = SolveOptions { all: true, ..Default::default() };
        let hex =
            Request::Hex(crate::HexRequest { instance: HexInstance::default(), options: all, up_to_symmetry: false });
        for (request, groups) in [(slide, 8), (cross, 8), (hex, 12 * 19)] {
            let (instance, answer) = solve(request);
            let svg = render(&instance, &answer).expect("drawn");
            let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
            assert_eq!(doc.root_element().tag_name().name(), "svg");
            let coloured = doc
                .descendants()
                .filter(|n| n.attribute("data-colour").is_some_and(|c| c.len() == 7 && c.starts_with('#')))
                .count();
            assert_eq!(coloured, groups, "{svg}");
        }
    }

    #[test]
    fn an_answer_without_a_plan_is_not_drawn() {
        let instance = Instance::Slide(SlideInstance { board: "1 2 / 3 _".into(), ..Default::default() });
        assert!(render(&instance, &Answer::new("slide", Status::Unknown)).is_err());
    }
}
