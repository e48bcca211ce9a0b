//! The cross slider through the facade: the instance from flags and grid text, and the verbs.

use crate::drive as drive_cross;
use crate::encodings::{self as encodings, CrossEncoding};
use crate::rules::{self, parse_orientation_grid, relaxed_distances, Cell, CrossPuzzle, UNREACHABLE};
use puzzlec_core::{moves_to_string, Move};
use puzzlec_drive::lowering::Lowering as _;

use crate::request::CrossInstance;
use puzzlec_engine::answer::{Answer, Solution, Status};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::files;
use puzzlec_engine::{DecodeRequest, EmitRequest, Instance, JobFacts, Verbs, VerifyRequest};

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

/// The first encoding written in `form`.
pub fn default_encoding(form: puzzlec_solve::Form) -> &'static str {
    puzzlec_engine::choose::first_in(&encodings::ALL, form)
}

pub(crate) fn encoding(name: &str) -> Result<&'static dyn CrossEncoding> {
    puzzlec_engine::choose::named(PUZZLE, &encodings::ALL, name)
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

impl Verbs for crate::Cross {
    /// One horizon's encoding as file text.
    ///
    /// # Errors
    /// Bad input for unknown names, horizons above the cap, or a form the encoding lacks.
    fn emit(&self, req: &EmitRequest) -> Result<String> {
        let i: &CrossInstance = &req.instance.read()?;
        let puzzle = instance(i)?;
        let default = default_encoding(req.format);
        let encoding =
            puzzlec_engine::choose::writing(PUZZLE, &encodings::ALL, req.encoding.as_deref(), default, req.format)?;
        puzzlec_engine::plan::emit(&drive_cross::Lowered { encoding, puzzle: &puzzle }, req.horizon, req.format)
    }

    /// Decodes a solver's answer to an emitted file and replays the plan.
    ///
    /// # Errors
    /// As the sliding tiles' decode: a file that is not ours is bad input, an answer that
    /// does not decode or replay is the solver's fault.
    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        let i: &CrossInstance = &req.instance.read()?;
        let puzzle = instance(i)?;
        let fields = files::header_fields(req, PUZZLE)?;
        let encoding = encoding(files::field(&fields, req, "encoding")?)?;
        let horizon = files::horizon(&fields, req)?;
        let lowered = drive_cross::Lowered { encoding, puzzle: &puzzle };
        files::check_header(req, &lowered.header(horizon))?;
        let mut answer = Answer::new(PUZZLE, Status::Solved);
        answer.horizon = Some(horizon);
        let Some(model) = files::read_model(req)? else {
            answer.status = Status::NoSolution;
            answer.detail = Some(format!(
                "unsatisfiable: the cross cannot stand on the target after exactly {}",
                puzzlec_engine::answer::moves(horizon)
            ));
            return Ok(answer);
        };
        let plan = lowered.decode(&format!("({})", req.answer_origin), &model, horizon)?;
        answer.encoding = Some(encoding.name().into());
        set_plans(&mut answer, &puzzle, &[plan], false, None);
        answer.optimal = None;
        Ok(answer)
    }

    /// Replays a plan; valid when the cross ends on the target.
    ///
    /// # Errors
    /// Bad input for flags or move letters that do not parse.
    fn verify(&self, req: &VerifyRequest) -> Result<Answer> {
        let i: &CrossInstance = &req.instance.read()?;
        let puzzle = instance(i)?;
        let plan = puzzlec_engine::plan::moves(&req.moves)?;
        let mut answer = Answer::new(PUZZLE, Status::Valid);
        answer.length = Some(plan.len());
        match rules::replay(&puzzle, &plan) {
            Ok(end) => {
                let grid = end.grid(&puzzle);
                answer.moves = Some(moves_to_string(&plan));
                answer.grid = Some(grid.rows.clone());
                answer.figures = vec![grid.to_string()];
            }
            Err(e) => {
                answer.status = Status::Invalid;
                answer.error = Some(e.to_string());
            }
        }
        Ok(answer)
    }

    /// What cluster jobs need of a cross-slider instance: the encoding, a lower bound from the
    /// relaxed distances, horizons two apart, and the action variables to split on.
    ///
    /// # Errors
    /// Bad input for the instance or an encoding without action variables.
    fn jobs(&self, given: &Instance, name: Option<&str>) -> Result<JobFacts> {
        let i: &CrossInstance = &given.read()?;
        let puzzle = instance(i)?;
        let chosen = match name {
            Some(n) => encoding(n)?,
            None => {
                *encodings::ALL.iter().find(|e| e.action_name(0, Move::Up).is_some()).expect("an encoding with actions")
            }
        };
        let n = puzzle.cells();
        let h0 = relaxed_distances(&puzzle)[puzzle.index(puzzle.cross) * n + puzzle.index(puzzle.empty)];
        let lower_bound = if h0 == UNREACHABLE { 0 } else { h0 as usize };
        let choices = JobFacts::grid_moves(chosen.allows_undo(), move |t, m| chosen.action_name(t, m));
        Ok(JobFacts { encoding: chosen.name(), lower_bound, step: 2, choices })
    }
}
