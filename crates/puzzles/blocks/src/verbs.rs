//! Sliding blocks through the facade: the instance from its fields, and the verbs.

use crate::drive;
use crate::encodings::{self, BlocksEncoding};
use crate::request::BlocksInstance;
use crate::rules::board::{from_grid, parse_drawing, parse_line, rush_hour};
use crate::rules::goal::{parse_goal_drawing, parse_goals, rush_hour_goal};
use crate::rules::{self, Axis, BlockMove, BlocksPuzzle, Metric};
use puzzlec_drive::lowering::Lowering as _;

use puzzlec_engine::answer::{Answer, Solution, Status};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::files;
use puzzlec_engine::{DecodeRequest, EmitRequest, Instance, JobFacts, Verbs, VerifyRequest};

pub const PUZZLE: &str = crate::NAME;

fn bad(e: rules::BlocksError) -> Error {
    Error::bad_input(e)
}

/// Whether a board text is drawn on one row (no `/`, no line break).
fn one_row(text: &str) -> bool {
    !text.trim().contains(['/', '\n'])
}

/// Whether a board text is a Rush Hour line without `--rush-hour`: one row of 36 characters.
fn is_line(text: &str) -> bool {
    one_row(text) && text.trim().chars().count() == 36
}

/// What a one-row drawing that fails to read was perhaps meant to be: a Rush Hour line of
/// the wrong length (it has `o` cells, the Rush Hour empty cell).
fn line_hint(text: &str) -> String {
    let n = text.trim().chars().count();
    if one_row(text) && text.contains('o') && (20..=64).contains(&n) {
        format!(" (read as a drawing of one row: a Rush Hour line has 36 characters, this one has {n}; add --rush-hour for other square boards)")
    } else {
        String::new()
    }
}

/// The instance from its fields.
///
/// # Errors
/// Bad input naming the flag, or the line and column of the drawing.
pub fn instance(a: &BlocksInstance) -> Result<BlocksPuzzle> {
    let text = a.board.as_deref().ok_or_else(|| {
        Error::bad_input("give the board: --board 'BAAC/BAAC/DEEF/DGHF/I..J' (rows split by /), --board-file FILE, or a Rush Hour line")
    })?;
    let origin = a.board_origin.as_deref().unwrap_or("--board");
    let within = |e: rules::BlocksError| Error::bad_input(format!("{origin}: {e}"));
    let rush = a.rush_hour || is_line(text);
    let mut board = if rush && one_row(text) {
        let grid = parse_line(text).map_err(within)?;
        let side = grid.len();
        let place = |r: usize, c: usize| format!("character {} (row {}, column {})", r * side + c + 1, r + 1, c + 1);
        let mut board = from_grid(&grid, &['o', '.'], &['x', '#'], &place).map_err(within)?;
        rush_hour(&mut board, &place).map_err(within)?;
        board
    } else if rush {
        let mut board = parse_drawing(text, &['o', '.'], &['x', '#']).map_err(within)?;
        rush_hour(&mut board, &|r, c| format!("row {}, column {}", r + 1, c + 1)).map_err(within)?;
        board
    } else {
        parse_drawing(text, &['.'], &['#'])
            .map_err(|e| Error::bad_input(format!("{origin}: {e}{}", line_hint(text))))?
    };
    for (letters, axis, flag) in
        [(&a.horizontal, Axis::Horizontal, "--horizontal"), (&a.vertical, Axis::Vertical, "--vertical")]
    {
        if let Some(letters) = letters {
            if rush {
                return Err(Error::bad_input(format!("{flag}: Rush Hour vehicles keep to their own axes")));
            }
            board.restrict(letters, axis, flag).map_err(bad)?;
        }
    }
    let goals = match (&a.goal, &a.goal_board) {
        (Some(_), Some(_)) => return Err(Error::bad_input("give --goal or --goal-board, not both")),
        (Some(g), None) => parse_goals(&board, g).map_err(bad)?,
        (None, Some(d)) => parse_goal_drawing(&board, d).map_err(bad)?,
        (None, None) if rush => rush_hour_goal(&board),
        (None, None) => return Err(Error::bad_input(
            "give the goal: --goal A@4,2 (piece, then row,column of its top-left corner from 1,1) or --goal-board FILE; or --rush-hour for a Rush Hour drawing (the red car A exits right)",
        )),
    };
    if goals.is_empty() {
        return Err(Error::bad_input("the goal drawing places no piece"));
    }
    let metric = Metric::parse(a.metric.as_deref().unwrap_or("slide")).map_err(bad)?;
    Ok(BlocksPuzzle { board, goals, metric })
}

/// The first encoding written in `form`.
pub fn default_encoding(form: puzzlec_solve::Form) -> &'static str {
    puzzlec_engine::choose::first_in(&encodings::ALL, form)
}

pub(crate) fn encoding(name: &str) -> Result<&'static dyn BlocksEncoding> {
    puzzlec_engine::choose::named(PUZZLE, &encodings::ALL, name)
}

/// Refuses an encoding that does not encode the puzzle's metric, naming the ones that do.
pub(crate) fn check_metric(e: &dyn BlocksEncoding, p: &BlocksPuzzle) -> Result<()> {
    if e.metrics().contains(&p.metric) {
        return Ok(());
    }
    let names: Vec<&str> = e.metrics().iter().map(|m| m.name()).collect();
    let others: Vec<String> = encodings::ALL
        .iter()
        .filter(|o| o.metrics().contains(&p.metric))
        .map(|o| format!("--encoding {} ({})", o.name(), o.forms_text()))
        .collect();
    let mut ways = others.join(", ");
    ways.push_str(if ways.is_empty() { "" } else { " or " });
    Err(Error::bad_input(format!(
        "--metric {}: encoding {} encodes {} only; use {ways}--solver search (the exact search)",
        p.metric.name(),
        e.name(),
        names.join(" and ")
    )))
}

/// Writes replayed plans into the answer: the first plan's moves and end position, every plan
/// when `all` is given.
pub(crate) fn set_plans(
    answer: &mut Answer,
    p: &BlocksPuzzle,
    plans: &[Vec<BlockMove>],
    optimal: bool,
    all: Option<bool>,
) {
    let first = plans.first().map(Vec::as_slice).unwrap_or_default();
    answer.set_plan_text(rules::moves::write(p, first), first.len(), optimal);
    answer.set_own("metric", Some(p.metric.name()));
    let end = rules::replay(p, first).map(|s| p.board.drawing(&s.anchors)).ok();
    answer.figures =
        vec![figure(p, &p.start().anchors, "start"), end.as_ref().map_or(String::new(), |e| lines(e, "end"))];
    answer.grid = end;
    if let Some(complete) = all {
        answer.count = Some(plans.len());
        answer.complete = Some(complete);
        answer.solutions = Some(plans.iter().map(|plan| Solution::Plan(rules::moves::write(p, plan))).collect());
    }
}

fn lines(rows: &[String], title: &str) -> String {
    format!("{title}:\n{}", rows.iter().map(|r| format!("  {r}\n")).collect::<String>())
}

/// A position drawn under a title.
pub(crate) fn figure(p: &BlocksPuzzle, anchors: &[usize], title: &str) -> String {
    lines(&p.board.drawing(anchors), title)
}

impl Verbs for crate::Blocks {
    /// One horizon's encoding as file text.
    ///
    /// # Errors
    /// Bad input for unknown names, horizons above the cap, a form or metric the encoding lacks.
    fn emit(&self, req: &EmitRequest) -> Result<String> {
        let puzzle = instance(&req.instance.read()?)?;
        let default = match req.format {
            puzzlec_solve::Form::Dimacs => encodings::preferred(&puzzle),
            form => default_encoding(form),
        };
        let encoding =
            puzzlec_engine::choose::writing(PUZZLE, &encodings::ALL, req.encoding.as_deref(), default, req.format)?;
        check_metric(encoding, &puzzle)?;
        puzzlec_engine::plan::emit(&drive::Lowered { encoding, puzzle: &puzzle }, req.horizon, req.format)
    }

    /// Decodes a solver's answer to an emitted file and replays the plan.
    ///
    /// # Errors
    /// A file that is not ours is bad input; an answer that does not decode or replay is the
    /// solver's fault.
    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        let puzzle = instance(&req.instance.read()?)?;
        let fields = files::header_fields(req, PUZZLE)?;
        let encoding = encoding(files::field(&fields, req, "encoding")?)?;
        let horizon = files::horizon(&fields, req)?;
        let lowered = drive::Lowered { encoding, puzzle: &puzzle };
        files::check_header(req, &lowered.header(horizon))?;
        let mut answer = Answer::new(PUZZLE, Status::Solved);
        answer.horizon = Some(horizon);
        let Some(model) = files::read_model(req)? else {
            answer.status = Status::NoSolution;
            answer.detail =
                Some(format!("unsatisfiable: no plan of at most {}", puzzlec_engine::answer::moves(horizon)));
            return Ok(answer);
        };
        let plan = lowered.decode(&format!("({})", req.answer_origin), &model, horizon)?;
        answer.encoding = Some(encoding.name().into());
        set_plans(&mut answer, &puzzle, &[plan], false, None);
        answer.optimal = None;
        Ok(answer)
    }

    /// Replays a plan; valid when every goal piece ends on its goal.
    ///
    /// # Errors
    /// Bad input for flags or moves that do not parse.
    fn verify(&self, req: &VerifyRequest) -> Result<Answer> {
        let puzzle = instance(&req.instance.read()?)?;
        let plan = rules::moves::parse(&puzzle, &req.moves).map_err(|e| Error::bad_input(format!("--moves: {e}")))?;
        let mut answer = Answer::new(PUZZLE, Status::Valid);
        answer.length = Some(plan.len());
        answer.set_own("metric", Some(puzzle.metric.name()));
        match rules::replay(&puzzle, &plan) {
            Ok(end) => {
                answer.moves = Some(rules::moves::write(&puzzle, &plan));
                answer.grid = Some(puzzle.board.drawing(&end.anchors));
                answer.figures = vec![figure(&puzzle, &end.anchors, "end")];
            }
            Err(e) => {
                answer.status = Status::Invalid;
                answer.error = Some(e.to_string());
            }
        }
        Ok(answer)
    }

    /// What cluster jobs need: the encoding (by default the first that names its movers in
    /// CNF), the lower bound, and per step the movers (a piece or class, or `.` for an idle
    /// step, after which only idle steps follow) a job may fix.
    ///
    /// # Errors
    /// Bad input for the instance, a metric the encoding lacks, or an encoding without movers.
    fn jobs(&self, given: &Instance, name: Option<&str>) -> Result<JobFacts> {
        let puzzle = instance(&given.read()?)?;
        let chosen = match name {
            Some(n) => encoding(n)?,
            None => encoding(encodings::preferred(&puzzle))?,
        };
        check_metric(chosen, &puzzle)?;
        let labels = chosen.movers(&puzzle);
        let lower_bound = rules::search::lower_bound(&puzzle).unwrap_or(0);
        let choices = Box::new(move |t: usize, before: &[String]| {
            let idle = (".".to_owned(), encodings::idle_name(t));
            if labels.is_empty() || before.last().is_some_and(|l| l == ".") {
                return if labels.is_empty() { Vec::new() } else { vec![idle] };
            }
            let movers = labels.iter().enumerate().map(|(k, c)| (c.to_string(), chosen.mover_name(t, k)));
            movers.chain([idle]).collect()
        });
        Ok(JobFacts { encoding: chosen.name(), lower_bound, step: 1, choices })
    }
}
