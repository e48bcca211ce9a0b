//! `emit` and `decode`: a horizon of a level written as DIMACS (the `turns` encoding), and a
//! solver's model of it read back and replayed.

use puzzlec_engine::answer::{Answer, Status};
use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::{files, DecodeRequest, EmitRequest};
use puzzlec_ir::{Cnf, Form, Model};

use crate::request::PuzzleScriptInstance;
use crate::{game, judge, run::Input, NAME};

/// A path in a header line (spaces and `%` escaped).
fn escape(path: &str) -> String {
    path.replace('%', "%25").replace(' ', "%20")
}

fn unescape(path: &str) -> String {
    path.replace("%20", " ").replace("%25", "%")
}

/// Writes `horizon` steps of a level as DIMACS: satisfiable when some plan of at most that
/// many inputs wins it (or leans on a loop bound, which `decode` then says).
///
/// # Errors
/// Bad input for a form other than DIMACS, a game or level that does not read, or a game
/// the encoding cannot treat.
pub fn emit(req: &EmitRequest) -> Result<String> {
    let i: PuzzleScriptInstance = req.instance.read()?;
    if req.format != Form::Dimacs {
        return Err(Error::bad_input("--format: the turns encoding writes DIMACS (--format dimacs)"));
    }
    if let Some(e) = req.encoding.as_deref().filter(|e| *e != "turns") {
        return Err(Error::bad_input(format!("--encoding {e}: PuzzleScript's one encoding is turns")));
    }
    files::check_horizon(req.horizon)?;
    let n = i.level.ok_or_else(|| Error::bad_input("emit puzzlescript: --level N names the level"))?;
    let game = game::load(&i.file)?;
    if let Some(why) = crate::sat::refusal(&game) {
        return Err(Error::bad_input(format!("{}: {why}", i.file)));
    }
    let index = game::entry(&game, n)?;
    let start = crate::run::Session::new(&game, index).ok_or_else(|| Error::bad_input("the game has no level"))?;
    let mut cnf = Cnf::new();
    cnf.comment(format!("puzzlec {NAME} file={} level={n} horizon={} encoding=turns", escape(&i.file), req.horizon));
    cnf.comment(
        "satisfiable when some plan of at most HORIZON inputs wins the level (variables stepT_X: input X at step T)",
    );
    let bounds = crate::sat::first_bounds(&game);
    puzzlec_core::stop::building_within(puzzlec_drive::MAX_CLAUSES, || {
        crate::sat::encode(&game, index, &start.level.cells, req.horizon, &bounds, &mut cnf)
    })
    .map_err(Error::bad_input)?;
    if cnf.too_large() {
        return Err(Error::bad_input(format!("--horizon {}: the formula grew past the clause cap", req.horizon)));
    }
    Ok(cnf.to_dimacs())
}

/// Reads a solver's model of an emitted horizon: the plan up to the first step that wins,
/// replayed.
///
/// # Errors
/// Bad input for a file `emit puzzlescript` did not write; unknown for a model that leans on
/// a loop bound or whose plan fails its replay.
pub fn decode(req: &DecodeRequest) -> Result<Answer> {
    let fields = files::header_fields(req, NAME)?;
    let asked: PuzzleScriptInstance = req.instance.read().unwrap_or_default();
    let file = match asked.file.is_empty() {
        true => unescape(files::field(&fields, req, "file")?),
        false => asked.file,
    };
    let n: usize = files::field(&fields, req, "level")?
        .parse()
        .map_err(|_| Error::bad_input(format!("{}: the header's level is not a number", req.encoded_origin)))?;
    let horizon = files::horizon(&fields, req)?;
    let game = game::load(&file)?;
    let index = game::entry(&game, n)?;
    let mut a = Answer::new(NAME, Status::Solved);
    a.horizon = Some(horizon);
    a.encoding = Some("turns".into());
    a.set_own("level", Some(n));
    let Some(model) = files::read_model(req)? else {
        a.status = Status::NoSolution;
        a.detail = Some(format!("unsatisfiable: no plan of at most {horizon} inputs wins level {n}"));
        return Ok(a);
    };
    let model: &dyn Model = &model;
    let bad = |why: String| Error::unknown(format!("the answer in {}: {why}", req.answer_origin));
    let won_at = (0..horizon)
        .find(|t| model.bool(&format!("won{t}")) == Some(true))
        .ok_or_else(|| bad("no step wins".into()))?;
    if (0..=won_at).any(|t| model.bool(&format!("short{t}")) == Some(true)) {
        return Err(bad("the model leans on a loop bound the file unrolls; `solve puzzlescript --solver cadical` raises the bounds it needs".into()));
    }
    let mut plan = Vec::new();
    for t in 0..=won_at {
        let input = Input::ALL.into_iter().find(|i| model.bool(&format!("step{t}_{}", i.letter())) == Some(true));
        plan.push(input.ok_or_else(|| bad(format!("step {t} has no input")))?);
    }
    let end = judge::replay(&game, index, &plan).map_err(|why| bad(format!("the plan fails its replay: {why}")))?;
    a.moves = Some(judge::letters(&plan));
    a.length = Some(plan.len());
    a.figures = vec![game::picture(&game, index, &end.cells)];
    Ok(a)
}
