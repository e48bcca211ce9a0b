//! The cross slider's facts for the generic verbs: the instance from flags and grid text,
//! its encodings and lowering, how a plan is read, replayed and shown.

use crate::encodings::{self as encodings, CrossEncoding};
use crate::rules::{self, parse_orientation_grid, relaxed_distances, Cell, CrossPuzzle, CrossSearch, UNREACHABLE};
use puzzlec_core::{moves_to_string, Move};
use puzzlec_engine::opinion::Opinion;
use std::time::Instant;

use crate::request::CrossInstance;
use puzzlec_engine::answer::{Answer, Solution};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::plan::{PlanPuzzle, Searched};
use puzzlec_engine::puzzle::Choices;
use puzzlec_engine::JobFacts;

pub const PUZZLE: &str = "cross";

use puzzlec_engine::files::size;

/// Parses a 1-based `ROW,COL` into a 0-based cell.
fn cell(flag: &str, text: &Option<String>) -> Result<Option<Cell>> {
    let Some(text) = text else { return Ok(None) };
    let parse = || -> Option<Cell> {
        let (r, c) = text.trim().split_once(',')?;
        let (r, c): (usize, usize) = (r.trim().parse().ok()?, c.trim().parse().ok()?);
        (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
    };
    parse()
        .map(Some)
        .ok_or_else(|| Error::bad_input(format!("{flag} {text:?}: expected ROW,COL counted from 1, e.g. 1,1")))
}

/// The instance from the flags (and the orientation grid, when given).
///
/// # Errors
/// Bad input naming the flag or the grid's line.
pub fn instance(a: &CrossInstance) -> Result<CrossPuzzle> {
    let bad = |e: rules::CrossError| Error::bad_input(e);
    let (cross_at, empty, target) =
        (cell("--cross", &a.cross)?, cell("--empty", &a.empty)?, cell("--target", &a.target)?);
    if let Some(text) = &a.orientations {
        let origin = a.orientations_origin.as_deref().unwrap_or("--orientations");
        let grid = parse_orientation_grid(text).map_err(|e| Error::bad_input(format!("{origin}: {e}")))?;
        if let Some(given) = &a.size {
            if size(given)? != (grid.rows, grid.cols) {
                return Err(Error::bad_input(format!(
                    "--size {given} conflicts with the orientation grid in {origin}, which is {}x{}",
                    grid.rows, grid.cols
                )));
            }
        }
        let target = target.unwrap_or((grid.rows - 1, grid.cols - 1));
        return CrossPuzzle::from_grid(&grid, cross_at, empty, target).map_err(bad);
    }
    let (rows, cols) = size(a.size.as_deref().unwrap_or("5x5"))?;
    let corner = (rows.saturating_sub(1), cols.saturating_sub(1));
    CrossPuzzle::new(rows, cols, cross_at.unwrap_or((0, 0)), empty.unwrap_or(corner), target.unwrap_or(corner))
        .map_err(bad)
}

/// Writes replayed plans, with their grids, into the answer.
pub(crate) fn set_plans(answer: &mut Answer, p: &CrossPuzzle, plans: &[Vec<Move>], optimal: bool, all: Option<bool>) {
    let mut shown = Vec::new();
    for plan in plans {
        // Replayed before (the judge); a plan that fails now shows no grid.
        let Ok(end) = rules::replay(p, plan) else { continue };
        shown.push((moves_to_string(plan), end.grid(p)));
    }
    answer.length = Some(plans.first().map_or(0, Vec::len));
    answer.optimal = Some(optimal);
    if optimal {
        answer.lower_bound = answer.length;
    }
    answer.moves = shown.first().map(|s| s.0.clone());
    answer.grid = shown.first().map(|s| s.1.rows.clone());
    answer.figures = shown.iter().map(|(_, g)| g.to_string()).collect();
    if let Some(complete) = all {
        answer.count = Some(shown.len());
        answer.complete = Some(complete);
        answer.solutions =
            Some(shown.into_iter().map(|(moves, g)| Solution::PlanOnGrid { moves, grid: g.rows }).collect());
    }
}

/// The relaxed puzzle's distance from the start (every piece free); `None` when even it
/// cannot reach the target.
fn relaxed(puzzle: &CrossPuzzle) -> Option<usize> {
    let n = puzzle.cells();
    let h0 = relaxed_distances(puzzle)[puzzle.index(puzzle.cross) * n + puzzle.index(puzzle.empty)];
    (h0 != UNREACHABLE).then_some(h0 as usize)
}

impl PlanPuzzle for crate::Cross {
    const NAME: &'static str = PUZZLE;
    /// Every neighbour of the target has one colour and the empty cell ends on one of them,
    /// so plan lengths have one parity and horizons go up by two.
    const STRIDE: usize = 2;
    type Fields = CrossInstance;
    type Board = CrossPuzzle;
    type Step = Move;
    type Encoding = dyn CrossEncoding;

    const SOLVER: &'static str = "cadical";
    const MAX_MOVES: (usize, usize) = (crate::solve::DEFAULT_MAX_MOVES, crate::solve::MAX_MOVES_CAP);
    const ENCODINGS: &'static [&'static dyn CrossEncoding] = &encodings::ALL;
    const LISTS: bool = true;

    fn board(fields: &CrossInstance) -> Result<CrossPuzzle> {
        instance(fields)
    }

    /// The line that lets `decode cross` rebuild the context.
    fn header(encoding: &dyn CrossEncoding, p: &CrossPuzzle, horizon: usize) -> String {
        format!(
            "puzzlec cross encoding={} size={}x{} cross={},{} empty={},{} target={},{} horizon={horizon}",
            encoding.name(),
            p.rows,
            p.cols,
            p.cross.0 + 1,
            p.cross.1 + 1,
            p.empty.0 + 1,
            p.empty.1 + 1,
            p.target.0 + 1,
            p.target.1 + 1
        )
    }

    /// The relaxed puzzle's distance (every piece free), 0 when even it cannot reach.
    fn lower_bound(puzzle: &CrossPuzzle) -> usize {
        relaxed(puzzle).unwrap_or(0)
    }

    fn none_at(horizon: usize) -> String {
        format!("the cross cannot stand on the target after exactly {}", puzzlec_engine::answer::moves(horizon))
    }

    fn plan(_: &CrossPuzzle, text: &str) -> Result<Vec<Move>> {
        puzzlec_engine::plan::moves(text)
    }

    fn write(_: &CrossPuzzle, plan: &[Move]) -> String {
        moves_to_string(plan)
    }

    fn replay(puzzle: &CrossPuzzle, plan: &[Move]) -> std::result::Result<(), String> {
        rules::replay(puzzle, plan).map(drop).map_err(|e| e.to_string())
    }

    fn show(answer: &mut Answer, puzzle: &CrossPuzzle, plans: &[Vec<Move>], optimal: bool, complete: Option<bool>) {
        set_plans(answer, puzzle, plans, optimal, complete);
    }

    fn exact(puzzle: &CrossPuzzle, below: usize, deadline: Instant) -> Opinion {
        match rules::shortest_solutions(puzzle, below, 1, Some(deadline)) {
            CrossSearch::Found { length, .. } if length < below => Opinion::Shorter(length),
            CrossSearch::Found { .. } | CrossSearch::NoneWithin { .. } => Opinion::Confirmed,
            CrossSearch::TimedOut => Opinion::NoTime,
        }
    }

    fn search(
        puzzle: &CrossPuzzle,
        max_moves: Option<usize>,
        all: bool,
        deadline: Option<Instant>,
        _on: &mut dyn FnMut(puzzlec_engine::Event),
    ) -> Searched<Move> {
        crate::solve::search(puzzle, max_moves, all, deadline)
    }

    fn hopeless(puzzle: &CrossPuzzle) -> Option<(Option<&'static str>, String)> {
        relaxed(puzzle).is_none().then(|| (None, crate::solve::NEVER_RELAXED.into()))
    }

    fn look(puzzle: &CrossPuzzle, max: usize, deadline: Option<Instant>) -> Option<(Option<&'static str>, String)> {
        crate::solve::look(puzzle, max, deadline).map(|words| (None, words))
    }

    fn none_within(puzzle: &CrossPuzzle, max: usize, deadline: Option<Instant>) -> (Option<&'static str>, String) {
        (None, crate::solve::none_within(puzzle, max, deadline))
    }

    fn choices(encoding: &'static dyn CrossEncoding, _: &CrossPuzzle) -> Choices {
        JobFacts::grid_moves(encoding.allows_undo(), move |t, m| encoding.action_name(t, m))
    }
}
