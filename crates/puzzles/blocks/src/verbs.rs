//! Sliding blocks' facts for the generic verbs: the instance from its fields, its encodings
//! and lowering, how a plan is read, replayed and shown.

use crate::encodings::{self, BlocksEncoding};
use crate::request::BlocksInstance;
use crate::rules::board::{from_grid, parse_drawing, parse_line, rush_hour};
use crate::rules::goal::{parse_goal_drawing, parse_goals, rush_hour_goal};
use crate::rules::{self, Axis, BlockMove, BlocksPuzzle, Metric};

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::DriveError;
use puzzlec_engine::answer::{Answer, Solution};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::opinion::Opinion;
use puzzlec_engine::plan::{Case, PlanPuzzle, Searched};
use puzzlec_engine::puzzle::Choices;

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

impl PlanPuzzle for crate::Blocks {
    const NAME: &'static str = PUZZLE;
    /// The encodings say "at most H moves" (idle steps at the end).
    const STRIDE: usize = 1;
    type Fields = BlocksInstance;
    type Board = BlocksPuzzle;
    type Step = BlockMove;
    type Encoding = dyn BlocksEncoding;

    const SOLVER: &'static str = puzzlec_solve::Solver::SEARCH_ID;
    const MAX_MOVES: (usize, usize) = (crate::solve::DEFAULT_MAX_MOVES, puzzlec_engine::files::MAX_HORIZON);
    const ENCODINGS: &'static [&'static dyn BlocksEncoding] = &encodings::ALL;
    const LISTS: bool = false;

    fn board(fields: &BlocksInstance) -> Result<BlocksPuzzle> {
        instance(fields)
    }

    /// The line that lets `decode blocks` check the instance: the board (rows joined by
    /// `/`), the axes, the goals and the metric.
    fn header(encoding: &dyn BlocksEncoding, p: &BlocksPuzzle, horizon: usize) -> String {
        let rows = p.board.drawing(&p.start().anchors).join("/");
        let axes: String = p
            .board
            .pieces
            .iter()
            .map(|q| match q.axis {
                crate::rules::Axis::Free => '+',
                crate::rules::Axis::Horizontal => '-',
                crate::rules::Axis::Vertical => '|',
            })
            .collect();
        format!(
            "puzzlec blocks encoding={} metric={} board={rows} axes={axes} goals={} horizon={horizon}",
            encoding.name(),
            p.metric.name(),
            p.goals_text().replace(' ', ";"),
        )
    }

    fn lower_bound(puzzle: &BlocksPuzzle) -> usize {
        rules::search::lower_bound(puzzle).unwrap_or(0)
    }

    fn none_at(horizon: usize) -> String {
        format!("no plan of at most {} reaches the goal", puzzlec_engine::answer::moves(horizon))
    }

    fn plan(puzzle: &BlocksPuzzle, text: &str) -> Result<Vec<BlockMove>> {
        rules::moves::parse(puzzle, text).map_err(|e| Error::bad_input(format!("--moves: {e}")))
    }

    /// Valid when every goal piece ends on its goal; the end position drawn.
    fn judge(puzzle: &BlocksPuzzle, plan: &[BlockMove], answer: &mut Answer) -> std::result::Result<(), String> {
        answer.set_own("metric", Some(puzzle.metric.name()));
        let end = rules::replay(puzzle, plan).map_err(|e| e.to_string())?;
        answer.moves = Some(rules::moves::write(puzzle, plan));
        answer.grid = Some(puzzle.board.drawing(&end.anchors));
        answer.figures = vec![figure(puzzle, &end.anchors, "end")];
        Ok(())
    }

    fn write(puzzle: &BlocksPuzzle, plan: &[BlockMove]) -> String {
        rules::moves::write(puzzle, plan)
    }

    fn replay(puzzle: &BlocksPuzzle, plan: &[BlockMove]) -> std::result::Result<(), String> {
        rules::replay(puzzle, plan).map(drop).map_err(|e| e.to_string())
    }

    fn show(answer: &mut Answer, puzzle: &BlocksPuzzle, plans: &[Vec<BlockMove>], optimal: bool, all: Option<bool>) {
        set_plans(answer, puzzle, plans, optimal, all);
    }

    fn exact(puzzle: &BlocksPuzzle, below: usize, deadline: std::time::Instant) -> Opinion {
        crate::solve::exact(puzzle, below, deadline)
    }

    fn search(
        puzzle: &BlocksPuzzle,
        max_moves: Option<usize>,
        _all: bool,
        deadline: Option<std::time::Instant>,
        _on: &mut dyn FnMut(puzzlec_engine::Event),
    ) -> Searched<BlockMove> {
        crate::solve::search(puzzle, max_moves, deadline)
    }

    fn describe(answer: &mut Answer, puzzle: &BlocksPuzzle) {
        answer.set_own("metric", Some(puzzle.metric.name()));
    }

    fn hopeless(puzzle: &BlocksPuzzle) -> Option<(Option<&'static str>, String)> {
        crate::solve::hopeless(puzzle)
    }

    fn look(
        puzzle: &BlocksPuzzle,
        _max: usize,
        deadline: Option<std::time::Instant>,
    ) -> Option<(Option<&'static str>, String)> {
        crate::solve::look(puzzle, deadline)
    }

    fn none_within(
        puzzle: &BlocksPuzzle,
        max: usize,
        deadline: Option<std::time::Instant>,
    ) -> (Option<&'static str>, String) {
        crate::solve::none_within(puzzle, max, deadline)
    }

    fn session(
        case: &Case<'_, Self>,
        horizons: Horizons,
        progress: &mut dyn FnMut(&Attempt),
    ) -> Option<std::result::Result<Shortest<Vec<BlockMove>>, DriveError>> {
        crate::solve::session(case, horizons, progress)
    }

    fn shorten(puzzle: &BlocksPuzzle, plan: Vec<BlockMove>) -> Vec<BlockMove> {
        rules::shorten::shorten(puzzle, plan)
    }

    /// The CNF encoding that suits the instance; the first SMT one for SMT-LIB2.
    fn emits(puzzle: &BlocksPuzzle, form: puzzlec_solve::Form) -> &'static str {
        match form {
            puzzlec_solve::Form::Dimacs => encodings::preferred(puzzle),
            form => puzzlec_engine::choose::first_in(&encodings::ALL, form),
        }
    }

    /// The CNF encoding that suits the instance (every CNF encoding names its movers).
    fn splits(puzzle: &BlocksPuzzle) -> &'static dyn BlocksEncoding {
        let name = encodings::preferred(puzzle);
        *encodings::ALL.iter().find(|e| e.name() == name).expect("the preferred encoding is registered")
    }

    /// Per step the movers (a piece or class, or `.` for an idle step, after which only idle
    /// steps follow).
    fn choices(encoding: &'static dyn BlocksEncoding, puzzle: &BlocksPuzzle) -> Choices {
        let labels = encoding.movers(puzzle);
        Box::new(move |t: usize, before: &[String]| {
            let idle = (".".to_owned(), encodings::idle_name(t));
            if labels.is_empty() || before.last().is_some_and(|l| l == ".") {
                return if labels.is_empty() { Vec::new() } else { vec![idle] };
            }
            let movers = labels.iter().enumerate().map(|(k, c)| (c.to_string(), encoding.mover_name(t, k)));
            movers.chain([idle]).collect()
        })
    }

    fn fits(encoding: &dyn BlocksEncoding, puzzle: &BlocksPuzzle) -> Result<()> {
        check_metric(encoding, puzzle)
    }
}
