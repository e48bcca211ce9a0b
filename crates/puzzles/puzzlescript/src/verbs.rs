//! PuzzleScript through the facade: `solve` (one level, or every level in turn) by the
//! breadth-first search, every plan replayed by the judge; `verify`.

use std::time::Instant;

use puzzlec_engine::answer::{Answer, Status};
use puzzlec_engine::env::{self, Env};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::event::Event;
use puzzlec_engine::{DecodeRequest, EmitRequest, Request, Verbs, VerifyRequest};

use crate::lang::Game;
use crate::request::{PuzzleScriptInstance, PuzzleScriptRequest};
use crate::search::{self, Found, Limits};
use crate::{game, judge, NAME};

/// The states the search stores unless told otherwise (a few GiB at most on large levels).
pub const MAX_STATES: usize = 50_000_000;

/// `solve puzzlescript`.
///
/// # Errors
/// Bad input for a game that does not compile or cannot be treated exactly, options the
/// search does not take, or a level the game lacks; unknown when a plan fails its replay.
pub fn solve(req: &Request, _env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let r: PuzzleScriptRequest = req.read()?;
    let o = &req.options;
    let solver = match o.solver.as_deref().unwrap_or("search") {
        "search" => Solver::Search,
        "cadical" => Solver::Sat,
        s => return Err(Error::bad_input(format!("--solver {s}: PuzzleScript levels are solved by the breadth-first search (search) or through SAT by the embedded CaDiCaL (cadical)"))),
    };
    let encoding = o.encoding.as_deref().is_some_and(|e| e != "turns");
    for (given, flag) in
        [(encoding, "--encoding (the one encoding is turns)"), (o.all, "--all"), (o.certify, "--certify")]
    {
        if given {
            return Err(Error::bad_input(format!("{flag}: not for PuzzleScript levels yet")));
        }
    }
    let game = game::load(&r.instance.file)?;
    let refused = match solver {
        Solver::Search => search::refusal(&game),
        Solver::Sat => crate::sat::refusal(&game),
    };
    if let Some(why) = refused {
        return Err(Error::bad_input(format!("{}: {why}", r.instance.file)));
    }
    let max = r.max_states.unwrap_or(MAX_STATES);
    match r.instance.level {
        Some(n) => {
            let deadline = env::deadline(o.timeout)?;
            let mut a = level(&game, n, game::entry(&game, n)?, max, deadline, solver, on)?;
            if a.status == Status::Unknown {
                a.detail = a.detail.map(|d| env::limit_reason(o.timeout, deadline, &d));
            }
            Ok(a)
        }
        None => every_level(&game, max, o.timeout, solver, on),
    }
}

/// How a level is solved.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    Search,
    Sat,
}

/// One level solved: the plan (replayed), or the proof that none exists, or how far the
/// search got.
fn level(
    game: &Game,
    n: usize,
    index: usize,
    max: usize,
    deadline: Option<Instant>,
    solver: Solver,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let start = Instant::now();
    // The search's threads start with no stop token of their own: they ask this run's.
    let token = puzzlec_core::stop::current();
    let stop = move || puzzlec_core::stop::interrupted() || token.as_ref().is_some_and(|t| t.is_stopped());
    let limits = Limits { max_states: Some(max), deadline, stop: Some(&stop) };
    // A bound at most once a second: a search of a hundred layers need not say each.
    let mut said = 0.0;
    let mut progress = |depth: usize, _| {
        let seconds = start.elapsed().as_secs_f64();
        if seconds >= said + 1.0 {
            said = seconds;
            on(Event::Bound { lower_bound: depth, seconds });
        }
    };
    let mut a = Answer::new(NAME, Status::Solved);
    let report = match solver {
        Solver::Search => {
            a.solver = Some("search".into());
            search::shortest(game, index, limits, &mut progress).map_err(Error::bad_input)?
        }
        Solver::Sat => {
            a.solver = Some("cadical".into());
            a.encoding = Some("turns".into());
            let mut horizons = |horizon, result, seconds| on(Event::Horizon { horizon, result, seconds });
            let r = crate::sat::drive::shortest(game, index, limits, &mut horizons).map_err(Error::unknown)?;
            a.set_own("raised", Some(r.raised).filter(|n| *n > 0));
            search::Report { found: r.found, states: 0, runaways: 0 }
        }
    };
    a.set_own("level", Some(n));
    // The reference engine's index of the level (it counts messages).
    a.set_own("index", Some(index));
    a.set_own("states", Some(report.states).filter(|_| solver == Solver::Search));
    if let Some(board) = game.boards().find(|(i, _)| *i == index).map(|(_, b)| b) {
        a.figures.push(game::picture(game, index, &board.cells));
    }
    match report.found {
        Found::Plan(plan) => {
            let end = judge::replay(game, index, &plan)
                .map_err(|why| Error::unknown(format!("level {n}: the search's plan fails its replay: {why}")))?;
            a.moves = Some(judge::letters(&plan));
            a.length = Some(plan.len());
            a.optimal = Some(true);
            a.figures.push(game::picture(game, index, &end.cells));
        }
        Found::Unsolvable => {
            a.status = Status::NoSolution;
            a.reason = Some("exhausted".into());
            a.detail = Some(format!(
                "level {n} cannot be won: all {} states reachable from its start were searched",
                report.states
            ));
        }
        Found::GaveUp { depth, why } => {
            a.status = Status::Unknown;
            a.lower_bound = Some(depth + 1);
            a.detail = Some(format!(
                "{why}: every plan needs at least {} inputs ({} states searched)",
                depth + 1,
                report.states
            ));
        }
    }
    if report.runaways > 0 {
        a.trusted = Some(format!(
            "{} inputs started again turns that never stopped (more than {} turns); they were taken as dead ends",
            report.runaways,
            crate::run::AGAIN_CAP
        ));
    }
    a.time_ms = Some(start.elapsed().as_millis() as u64);
    Ok(a)
}

/// Every level in turn (each with the whole time limit); the answer lists them under
/// `levels` and says solved only when every level was.
fn every_level(
    game: &Game,
    max: usize,
    timeout: Option<f64>,
    solver: Solver,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let start = Instant::now();
    let mut rows = Vec::new();
    let mut worst = Status::Solved;
    for (n, index) in game::levels(game) {
        let deadline = env::deadline(timeout)?;
        let a = level(game, n, index, max, deadline, solver, on)?;
        worst = match (worst, a.status) {
            (Status::Unknown, _) | (_, Status::Unknown) => Status::Unknown,
            (Status::NoSolution, _) | (_, Status::NoSolution) => Status::NoSolution,
            _ => Status::Solved,
        };
        rows.push(serde_json::json!({
            "level": n,
            "index": index,
            "status": a.status,
            "length": a.length,
            "moves": a.moves,
            "optimal": a.optimal,
            "lower_bound": a.lower_bound,
            "states": a.own::<usize>("states"),
            "time_ms": a.time_ms,
            "detail": a.detail,
        }));
    }
    let mut a = Answer::new(NAME, worst);
    a.solver = Some(if solver == Solver::Search { "search" } else { "cadical" }.into());
    a.count = Some(rows.len());
    if worst != Status::Solved {
        // Front ends print the detail of an answer that is not solved: every level's line.
        a.detail = Some(crate::text::every_level(&rows).trim_end().to_string());
    }
    a.set_own("levels", Some(rows));
    a.time_ms = Some(start.elapsed().as_millis() as u64);
    Ok(a)
}

impl Verbs for crate::PuzzleScript {
    fn emit(&self, req: &EmitRequest) -> Result<String> {
        crate::files::emit(req)
    }

    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        crate::files::decode(req)
    }

    fn verify(&self, req: &VerifyRequest) -> Result<Answer> {
        let i: PuzzleScriptInstance = req.instance.read()?;
        let game = game::load(&i.file)?;
        let n = i
            .level
            .ok_or_else(|| Error::bad_input("verify puzzlescript: --level N names the level the plan is for"))?;
        let index = game::entry(&game, n)?;
        let plan = judge::parse(&req.moves).map_err(Error::bad_input)?;
        let mut a = Answer::new(NAME, Status::Valid);
        a.set_own("level", Some(n));
        a.length = Some(plan.len());
        a.moves = Some(judge::letters(&plan));
        match judge::replay(&game, index, &plan) {
            Ok(end) => a.figures = vec![game::picture(&game, index, &end.cells)],
            Err(why) => {
                a.status = Status::Invalid;
                a.error = Some(why);
            }
        }
        Ok(a)
    }
}
