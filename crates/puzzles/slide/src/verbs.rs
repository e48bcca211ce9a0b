//! Sliding tiles' verbs: the instance from text, `emit`, `decode` and `verify` (`solve`
//! lives in [`crate::solve`]).

use crate::drive as drive_slide;
use crate::encodings::{self as encodings, SlideEncoding};
use crate::rules::{moves_to_string, parse_board, Board, Move};

use crate::request::SlideInstance;
use puzzlec_engine::answer::{Answer, Status};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::files;
use puzzlec_engine::{DecodeRequest, EmitRequest, Instance, JobChecker, JobFacts, JobLemmas, Verbs, VerifyRequest};

pub const PUZZLE: &str = "slide";

/// The start board and the goal, checked to have the same shape.
///
/// # Errors
/// Bad input naming where the board came from.
pub fn boards(i: &SlideInstance) -> Result<(Board, Board)> {
    let origin = i.origin.as_deref().unwrap_or("--board");
    let start = parse_board(&i.board).map_err(|e| Error::bad_input(format!("{origin}: {e}")))?;
    let goal = match &i.goal {
        Some(text) => parse_board(text).map_err(|e| Error::bad_input(format!("--goal: {e}")))?,
        None => Board::goal(start.rows(), start.cols()),
    };
    if !start.same_shape(&goal) {
        return Err(Error::bad_input(format!(
            "the board is {}x{} but the goal is {}x{}",
            start.rows(),
            start.cols(),
            goal.rows(),
            goal.cols()
        )));
    }
    Ok((start, goal))
}

/// The encoding called `name`.
///
/// # Errors
/// Bad input listing the registered names.
pub fn encoding(name: &str) -> Result<&'static dyn SlideEncoding> {
    puzzlec_engine::choose::named(PUZZLE, &encodings::ALL, name)
}

/// What `emit` writes when no encoding is named: the seed's encoding, in either form.
pub const EMIT_DEFAULT: &str = "bright";

impl Verbs for crate::Slide {
    /// The encoding of one horizon, as file text.
    ///
    /// # Errors
    /// Bad input for unknown names, horizons above the cap, or a form the encoding lacks.
    fn emit(&self, req: &EmitRequest) -> Result<String> {
        let i: &SlideInstance = &req.instance.read()?;
        let (start, goal) = boards(i)?;
        let requested = req.encoding.as_deref();
        let encoding = puzzlec_engine::choose::writing(PUZZLE, &encodings::ALL, requested, EMIT_DEFAULT, req.format)?;
        files::check_horizon(req.horizon)?;
        drive_slide::check_size(encoding, &start, req.horizon).map_err(Error::bad_input)?;
        let formula = drive_slide::encode(encoding, &start, &goal, req.horizon, req.format);
        Ok(formula.ok_or_else(|| Error::bad_input("the encoding wrote nothing"))?.to_text())
    }

    /// Decodes a solver's answer to an emitted file and replays the plan.
    ///
    /// # Errors
    /// Bad input for a file that is not ours or another board's size; unknown for answers that
    /// are not answers, do not decode, or fail replay.
    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        let i: &SlideInstance = &req.instance.read()?;
        let (start, goal) = boards(i)?;
        let fields = files::header_fields(req, PUZZLE)?;
        let encoding = puzzlec_encode::find(&encodings::ALL, files::field(&fields, req, "encoding")?)
            .ok_or_else(|| Error::bad_input(format!("{}: the header names no known encoding", req.encoded_origin)))?;
        let horizon = files::horizon(&fields, req)?;
        let size = format!("{}x{}", start.rows(), start.cols());
        let theirs = files::field(&fields, req, "size")?;
        if theirs != size {
            return Err(Error::bad_input(format!(
                "{} encodes a {theirs} board but the board given is {size}",
                req.encoded_origin
            )));
        }
        // Files written before the boards were in the header carry none to compare.
        for (key, board, flag) in [("start", &start, "--board"), ("goal", &goal, "--goal")] {
            let ours = drive_slide::compact(board);
            if let Some(theirs) = fields.get(key).filter(|&theirs| *theirs != ours) {
                let spaced = |b: &str| b.replace(',', " ").replace('/', " / ");
                return Err(Error::bad_input(format!(
                    "{} encodes the {key} board {}, not the one {flag} gives ({}): the model would be read against another instance",
                    req.encoded_origin,
                    spaced(theirs),
                    spaced(&ours)
                )));
            }
        }
        let mut answer = Answer::new(PUZZLE, Status::Solved);
        answer.horizon = Some(horizon);
        let Some(model) = files::read_model(req)? else {
            answer.status = Status::NoSolution;
            answer.detail =
                Some(format!("unsatisfiable: no plan of exactly {}", puzzlec_engine::answer::moves(horizon)));
            return Ok(answer);
        };
        let plan = drive_slide::decode(encoding, &model as &dyn puzzlec_ir::Model, &start, horizon)
            .map_err(|e| Error::unknown(format!("the answer in {} does not decode: {e}", req.answer_origin)))?;
        drive_slide::replay(&format!("({})", req.answer_origin), &start, &goal, &plan, horizon)?;
        answer.encoding = Some(encoding.name().into());
        answer.moves = Some(moves_to_string(&plan));
        answer.length = Some(plan.len());
        answer.figures = vec![start.to_string()];
        Ok(answer)
    }

    /// Replays a plan strictly: valid when it ends on the goal.
    ///
    /// # Errors
    /// Bad input for boards or move letters that do not parse.
    fn verify(&self, req: &VerifyRequest) -> Result<Answer> {
        let i: &SlideInstance = &req.instance.read()?;
        let (start, goal) = boards(i)?;
        let plan = puzzlec_engine::plan::moves(&req.moves)?;
        let mut answer = Answer::new(PUZZLE, Status::Valid);
        answer.length = Some(plan.len());
        match start.apply_strict(&plan) {
            Ok(end) if end == goal => answer.moves = Some(moves_to_string(&plan)),
            Ok(end) => {
                answer.status = Status::Invalid;
                answer.error = Some(format!(
                    "after all {} the board is not the goal:\n{end}",
                    puzzlec_engine::answer::moves(plan.len())
                ));
            }
            Err(e) => {
                answer.status = Status::Invalid;
                answer.error = Some(e.to_string());
            }
        }
        Ok(answer)
    }

    /// What cluster jobs need of a sliding-tile instance: the encoding (it must name its actions;
    /// by default the first registered one that does) and the lower bound every plan meets.
    ///
    /// # Errors
    /// Bad input for the boards or an encoding without action variables.
    fn jobs(&self, given: &Instance, name: Option<&str>) -> Result<JobFacts> {
        let i: &SlideInstance = &given.read()?;
        let (start, goal) = boards(i)?;
        let chosen = match name {
            Some(n) => encoding(n)?,
            None => {
                *encodings::ALL.iter().find(|e| e.action_name(0, Move::Up).is_some()).expect("an encoding with actions")
            }
        };
        let undo = chosen.allows_undo();
        let lower_bound = crate::rules::Heuristic::new(&goal).manhattan_linear_conflict(&start);
        let choices = JobFacts::grid_moves(undo, move |t, m| chosen.action_name(t, m));
        Ok(JobFacts { encoding: chosen.name(), lower_bound, step: 2, choices })
    }

    fn job_lemmas(&self, given: &Instance, encoding: &str, horizon: usize, cnf: &str) -> Result<Option<JobLemmas>> {
        crate::certify::jobs::lemmas(&given.read()?, encoding, horizon, cnf)
    }

    fn job_checker(&self, dir: &std::path::Path) -> std::result::Result<Box<dyn JobChecker>, String> {
        crate::certify::jobs::checker(dir)
    }
}
