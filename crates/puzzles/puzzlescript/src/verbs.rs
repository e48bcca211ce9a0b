//! PuzzleScript as a plan puzzle: a level is the instance, an input the step, `turns` the
//! encoding, a horizon "at most H inputs"; the breadth-first search is the exact search, the
//! SAT path gallops over horizons on one live solver, raising loop bounds where a model needs it.
//! The engine writes the verbs from these facts.

use std::collections::HashMap;
use std::time::Instant;

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::DriveError;
use puzzlec_encode::DecodeError;
use puzzlec_engine::answer::{moves, Answer};
use puzzlec_engine::plan::{Case, PlanPuzzle, Searched};
use puzzlec_engine::puzzle::Choices;
use puzzlec_engine::{Error, Event, Result};

use crate::encoding::{escape, unescape, Turns};
use crate::level::Level;
use crate::request::PuzzleScriptInstance;
use crate::run::Input;
use crate::search::{Found, Limits, Report};
use crate::{judge, NAME};

impl PlanPuzzle for crate::PuzzleScript {
    const NAME: &'static str = NAME;
    /// A horizon says "at most H inputs" (the level stays won after it is won).
    const STRIDE: usize = 1;
    const SOLVER: &'static str = puzzlec_solve::Solver::SEARCH_ID;
    const MAX_MOVES: (usize, usize) = (puzzlec_engine::files::MAX_HORIZON, puzzlec_engine::files::MAX_HORIZON);
    const LISTS: bool = false;
    const MOVE: &'static str = "input";
    type Fields = PuzzleScriptInstance;
    type Board = Level;
    type Step = Input;
    type Encoding = Turns;
    const ENCODINGS: &'static [&'static Turns] = &crate::encoding::ALL;

    fn board(fields: &PuzzleScriptInstance) -> Result<Level> {
        Level::read(fields)
    }

    fn levels(fields: &PuzzleScriptInstance) -> Result<Vec<PuzzleScriptInstance>> {
        crate::level::every(fields)
    }

    /// The game file and level a written file is for, when the request leaves them out.
    fn from_header(mut fields: PuzzleScriptInstance, header: &HashMap<String, String>) -> Result<PuzzleScriptInstance> {
        let bad = |key: &str| Error::bad_input(format!("the file's header has no readable {key}"));
        if fields.file.is_empty() {
            fields.file = unescape(header.get("file").ok_or_else(|| bad("file"))?);
        }
        if fields.level.is_none() {
            fields.level = Some(header.get("level").and_then(|l| l.parse().ok()).ok_or_else(|| bad("level"))?);
        }
        Ok(fields)
    }

    fn header(encoding: &Turns, level: &Level, horizon: usize) -> String {
        use puzzlec_encode::Encoding as _;
        let (file, n, name) = (escape(&level.file), level.n, encoding.name());
        format!("puzzlec {NAME} file={file} level={n} horizon={horizon} encoding={name}")
    }

    fn lower_bound(level: &Level) -> usize {
        usize::from(!level.won)
    }

    fn none_at(horizon: usize) -> String {
        format!("no plan of at most {} wins the level", moves(horizon).replace("move", "input"))
    }

    fn plan(_level: &Level, text: &str) -> Result<Vec<Input>> {
        judge::parse(text).map_err(Error::bad_input)
    }

    fn write(_level: &Level, plan: &[Input]) -> String {
        judge::letters(plan)
    }

    fn replay(level: &Level, plan: &[Input]) -> std::result::Result<(), String> {
        judge::replay(&level.game, level.index, plan).map(drop)
    }

    /// The plan's letters, and the level drawn at its start and its end.
    fn show(answer: &mut Answer, level: &Level, plans: &[Vec<Input>], optimal: bool, complete: Option<bool>) {
        let first = plans.first().map(Vec::as_slice).unwrap_or_default();
        answer.set_plan_text(judge::letters(first), first.len(), optimal);
        let end = judge::replay(&level.game, level.index, first).map(|r| r.cells).unwrap_or_default();
        answer.figures = vec![level.picture(&level.start), level.picture(&end)];
        if let Some(complete) = complete {
            answer.count = Some(plans.len());
            answer.complete = Some(complete);
            let all = plans.iter().map(|p| puzzlec_engine::answer::Solution::Plan(judge::letters(p)));
            answer.solutions = Some(all.collect());
        }
        name_level(answer, level);
    }

    /// Valid when the level is won on the last input and not before; the end drawn.
    fn judge(level: &Level, plan: &[Input], answer: &mut Answer) -> std::result::Result<(), String> {
        name_level(answer, level);
        answer.moves = Some(judge::letters(plan));
        let end = judge::replay(&level.game, level.index, plan)?;
        answer.figures = vec![level.picture(&end.cells)];
        Ok(())
    }

    fn search(
        level: &Level,
        max_moves: Option<usize>,
        _all: bool,
        deadline: Option<Instant>,
        on: &mut dyn FnMut(Event),
    ) -> Searched<Input> {
        let start = Instant::now();
        // The search's threads start with no stop token of their own: they ask this run's.
        let token = puzzlec_core::stop::current();
        let stop = move || puzzlec_core::stop::interrupted() || token.as_ref().is_some_and(|t| t.is_stopped());
        let limits = Limits { max_states: Some(level.max_states), max_depth: max_moves, deadline, stop: Some(&stop) };
        // A bound at most once a second: a search of a hundred layers need not say each.
        let mut said = 0.0;
        let mut progress = |depth: usize, _| {
            let seconds = start.elapsed().as_secs_f64();
            if seconds >= said + 1.0 {
                said = seconds;
                on(Event::Bound { lower_bound: depth, seconds });
            }
        };
        match crate::search::shortest(&level.game, level.index, limits, &mut progress) {
            Ok(report) => searched(report, level),
            // The game was checked as it was read: only a level that is no level is left.
            Err(why) => Searched::Limit { why, lower_bound: None },
        }
    }

    /// The level, and what the run counted: states stored, loop bounds raised, and the
    /// inputs taken as dead ends because their `again` turns never stopped.
    fn describe(answer: &mut Answer, level: &Level) {
        name_level(answer, level);
        let seen = level.seen();
        answer.set_own("states", seen.states);
        answer.set_own("raised", Some(seen.raised).filter(|n| *n > 0));
        if seen.runaways > 0 {
            answer.trusted = Some(format!(
                "{} inputs started again turns that never stopped (more than {} turns); they were taken as dead ends",
                seen.runaways,
                crate::run::AGAIN_CAP
            ));
        }
    }

    fn none_within(level: &Level, max: usize, _deadline: Option<Instant>) -> (Option<&'static str>, String) {
        let inputs = moves(max).replace("move", "input");
        (Some("max-moves"), format!("no plan of at most {inputs} wins level {}", level.n))
    }

    /// Horizons on one live solver, the bounds raised where a model leans on one.
    fn session(
        case: &Case<'_, Self>,
        horizons: Horizons,
        progress: &mut dyn FnMut(&Attempt),
    ) -> Option<std::result::Result<Shortest<Vec<Input>>, DriveError>> {
        case.backend.offers_sessions().then(|| crate::sat::drive::session(case.board, case.backend, horizons, progress))
    }

    /// Every plan of `horizon` inputs, by blocking clauses on the plain formula. A formula
    /// cannot raise the bound a model leans on (the live session does), so where one does,
    /// every bound is raised and the listing starts again, a few times at most; the plans
    /// listed are each replayed all the same.
    fn all(
        case: &Case<'_, Self>,
        horizon: usize,
        deadline: Option<Instant>,
        found: &mut dyn FnMut(usize),
    ) -> Option<puzzlec_engine::plan::Every<Input>> {
        let leans = |r: &puzzlec_engine::plan::Every<Input>| matches!(r, Err(DriveError::Decode { source: DecodeError::Inconsistent(why), .. }) if why == crate::encoding::LEANS);
        let mut tries = 0;
        Some(loop {
            let lowering = puzzlec_engine::plan::Encoded::<Self>::new(case.encoding, case.board);
            let listed = puzzlec_drive::lowering::every_plan(
                &lowering,
                case.backend,
                horizon,
                deadline,
                Default::default(),
                found,
            );
            let level = case.board;
            let mut bounds = level.bounds.lock().unwrap_or_else(|e| e.into_inner());
            if !leans(&listed) || tries == 4 || !crate::sat::raise_every(&level.game, &mut bounds) {
                break listed;
            }
            tries += 1;
        })
    }

    /// The live session's UNSAT answers rest on the guide's clauses too (see
    /// `sat/guide.rs`); a certificate proves its claim from the plain formula instead. That no
    /// plan of no input wins is the level's start, not a solver's answer.
    fn trusted(case: &Case<'_, Self>, horizon: usize, certified: bool) -> Option<String> {
        (case.backend.offers_sessions() && !certified && horizon > 0).then(|| {
            format!(
                "the UNSAT at horizon {horizon} rests on the interpreter as well as the solver: inside the solver it rules out sequences of inputs that reach a level another sequence reached sooner (or as soon, and first in input order), which no shortest plan does, and sequences k inputs short of the horizon (k at most 3) from whose level no k inputs win (each sequence played); --certify proves the claim from the plain formula, without them"
            )
        })
    }

    /// Refuses what the encoding cannot treat yet, and a rule too large for it on this level
    /// (one step written to see).
    fn fits(_encoding: &Turns, level: &Level) -> Result<()> {
        crate::sat::fits(level).map_err(|why| Error::bad_input(format!("{}: {why}", level.file)))
    }

    /// A job fixes the first inputs.
    fn choices(_encoding: &'static Turns, level: &Level) -> Choices {
        let inputs = crate::search::inputs(&level.game);
        Box::new(move |t, _| {
            inputs.iter().map(|i| (i.letter().to_string(), format!("step{t}_{}", i.letter()))).collect()
        })
    }
}

/// The level's number and its entry in LEVELS (the reference engine's index, which counts
/// messages).
fn name_level(answer: &mut Answer, level: &Level) {
    answer.set_own("level", Some(level.n));
    answer.set_own("index", Some(level.index));
}

/// What the breadth-first search found, as the plan search reads it.
fn searched(report: Report, level: &Level) -> Searched<Input> {
    level.saw(|s| {
        s.states = Some(report.states);
        s.runaways += report.runaways;
    });
    match report.found {
        Found::Plan(plan) => Searched::Plans { plans: vec![plan], complete: false },
        Found::Unsolvable => Searched::None(
            Some("exhausted"),
            format!(
                "level {} cannot be won: no state reachable from its start wins (all {} searched)",
                level.n, report.states
            ),
        ),
        Found::NoneWithin(max) => {
            let inputs = moves(max).replace("move", "input");
            Searched::None(Some("max-moves"), format!("no plan of at most {inputs} wins level {}", level.n))
        }
        Found::GaveUp { depth, why } => Searched::Limit {
            why: format!("{why}: every plan needs at least {} inputs ({} states searched)", depth + 1, report.states),
            lower_bound: Some(depth + 1),
        },
    }
}
