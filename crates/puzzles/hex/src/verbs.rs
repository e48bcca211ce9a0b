//! Magic hexagons through the facade: the instance from order and givens, and the verbs.

use puzzlec_engine::fill::FillOptions;
use std::collections::BTreeMap;

use crate::drive as drive_hex;
use crate::encodings::{MagicEncoding, MagicProblem};
use crate::rules::{render, Hexagon, MAX_VALUE};

use crate::request::HexInstance;
use puzzlec_engine::answer::{Answer, Solution, Status};
use puzzlec_engine::env::Env;
use puzzlec_engine::error::{Error, ErrorKind, Result};
use puzzlec_engine::event::Event;
use puzzlec_engine::files;
use puzzlec_engine::{DecodeRequest, EmitRequest, Instance, Request, Verbs};

pub const PUZZLE: &str = "hex";

/// Parses `LO..HI` (either may be negative) into the values, checking there is one per cell.
fn parse_values(text: &str, hex: &Hexagon) -> Result<Vec<i64>> {
    let bad = |why: String| Error::bad_input(format!("--values {text:?}: {why}"));
    let (lo, hi) = text.split_once("..").ok_or_else(|| bad("expected LO..HI, e.g. 3..39 or -30..30".into()))?;
    let number = |t: &str| t.trim().parse::<i64>().map_err(|_| bad(format!("{:?} is not an integer", t.trim())));
    let (lo, hi) = (number(lo)?, number(hi.trim_start_matches('='))?);
    if hi < lo {
        return Err(bad(format!("the range is empty ({hi} is below {lo})")));
    }
    if let Some(v) = [lo, hi].into_iter().find(|v| v.unsigned_abs() > MAX_VALUE as u64) {
        return Err(bad(format!(
            "{v}: values are at most {MAX_VALUE} either side of 0 (so that every sum fits in 64 bits)"
        )));
    }
    let (count, cells) = (hi as i128 - lo as i128 + 1, hex.cells());
    if count != cells as i128 {
        return Err(bad(format!(
            "{count} values for the {cells} cells of an order-{} hexagon; each value fills one cell, so the range must hold {cells} (e.g. {lo}..{})",
            hex.order,
            lo + cells as i64 - 1
        )));
    }
    Ok((lo..=hi).collect())
}

/// Parses `1=3,10=5` into 0-based (cell, value) pairs, checking ranges and repeats.
fn parse_givens(text: &str, hex: &Hexagon, values: &[i64]) -> Result<Vec<(usize, i64)>> {
    let n = hex.cells();
    let (lo, hi) = (values[0], values[n - 1]);
    let mut out: Vec<(usize, i64)> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let bad = |why: String| Error::bad_input(format!("--givens {item:?}: {why}"));
        let (cell, value) = item.split_once('=').ok_or_else(|| bad("expected CELL=VALUE, e.g. 1=3".into()))?;
        let cell = cell.trim().parse::<usize>().map_err(|_| bad(format!("{:?} is not a cell number", cell.trim())))?;
        let value = value.trim().parse::<i64>().map_err(|_| bad(format!("{:?} is not a value", value.trim())))?;
        if !(1..=n).contains(&cell) {
            return Err(bad(format!("cell {cell} is not on an order-{} hexagon (cells 1..={n})", hex.order)));
        }
        if values.binary_search(&value).is_err() {
            return Err(bad(format!("value {value} is outside {lo}..={hi}")));
        }
        if out.iter().any(|&(c, _)| c == cell - 1) {
            return Err(bad(format!("cell {cell} is given twice")));
        }
        if let Some(&(other, _)) = out.iter().find(|&&(_, v)| v == value) {
            return Err(bad(format!("value {value} is already given to cell {}; every value appears once", other + 1)));
        }
        out.push((cell - 1, value));
    }
    Ok(out)
}

/// The problem; an order without an integer magic sum is proved impossible at once
/// (`Err` of kind no-solution, whose message is the arithmetic).
///
/// # Errors
/// Bad input for orders and givens that do not parse.
pub fn problem(a: &HexInstance, break_symmetry: bool) -> Result<MagicProblem> {
    let hex = Hexagon::new(a.order).map_err(|e| Error::bad_input(format!("--order: {e}")))?;
    let values = match &a.values {
        Some(text) => parse_values(text, &hex)?,
        None => hex.natural_values(),
    };
    let givens = match &a.fill.givens {
        Some(text) => parse_givens(text, &hex, &values)?,
        None => Vec::new(),
    };
    let magic = hex.magic_sum(&values).map_err(|e| Error::new(ErrorKind::NoSolution, e))?;
    if let Some(sum) = a.sum.filter(|&s| s != magic) {
        let (lo, hi, rows) = (values[0], values[values.len() - 1], hex.rows());
        return Err(Error::bad_input(format!(
            "--sum {sum}: the values {lo}..{hi} make every line sum to {magic} (their total {} shared by {rows} rows); no line can sum to {sum}",
            magic * rows as i64
        )));
    }
    let mut p = MagicProblem::hexagon(&hex, values).map_err(|e| Error::new(ErrorKind::NoSolution, e))?;
    p.givens = givens;
    p.break_symmetry = break_symmetry;
    Ok(p)
}

pub(crate) fn encoding(name: &str) -> Result<&'static dyn MagicEncoding> {
    drive_hex::fill::encoding(PUZZLE, name)
}

/// Values by cell number, for JSON.
fn by_cell(values: &[i64]) -> BTreeMap<String, i64> {
    values.iter().enumerate().map(|(c, v)| ((c + 1).to_string(), *v)).collect()
}

fn set_fillings(answer: &mut Answer, p: &MagicProblem, fillings: &[Vec<i64>], all: Option<bool>) {
    answer.set_own("magic_sum", p.magic);
    answer.values = fillings.first().map(|f| by_cell(f));
    let order = answer.own::<usize>("order").unwrap_or(3);
    if let Ok(hex) = Hexagon::new(order) {
        answer.figures = fillings.iter().map(|f| render(&hex, f)).collect();
    }
    if let Some(complete) = all {
        answer.solutions = Some(fillings.iter().map(|f| Solution::Filling { values: by_cell(f) }).collect());
        answer.count = Some(fillings.len());
        answer.complete = Some(complete);
    }
}

/// Solves a magic-hexagon request.
///
/// # Errors
/// Bad input (order, givens, names); unknown when a solver fails or lies.
pub fn solve(request: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let instance: &HexInstance = &request.read()?;
    let mut answer = Answer::new(PUZZLE, Status::Solved);
    answer.set_own("order", Some(instance.order));
    let p = problem(instance, false);
    drive_hex::fill::solve(p, instance.fill.up_to_symmetry, request, env, &Look, answer, on)
}

/// How the hexagon shows its fillings, and says "none".
struct Look;

impl drive_hex::fill::Look for Look {
    fn show(&self, answer: &mut Answer, p: &MagicProblem, fillings: &[Vec<i64>], complete: Option<bool>) {
        set_fillings(answer, p, fillings, complete);
    }

    fn none(&self, givens: bool) -> (&'static str, &'static str) {
        match givens {
            false => ("unsat", "no magic hexagon of this order exists (proved by the solver)"),
            true => ("givens", "the givens contradict: no magic hexagon has them (proved by the solver)"),
        }
    }
}

impl Verbs for crate::Hex {
    /// The hexagon's encoding as file text.
    ///
    /// # Errors
    /// Bad input for names and forms; no-solution for an order without a magic sum.
    fn emit(&self, req: &EmitRequest) -> Result<String> {
        let i: &HexInstance = &req.instance.read()?;
        let p = problem(i, i.fill.up_to_symmetry)?;
        drive_hex::fill::emit(PUZZLE, &p, req.encoding.as_deref(), req.format)
    }

    /// Decodes a solver's answer to an emitted file and checks the filling; order, givens
    /// and symmetry come from the file's header, not the request.
    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        let fields = files::header_fields(req, PUZZLE)?;
        let encoding = encoding(files::field(&fields, req, "encoding")?)?;
        let order: usize = files::field(&fields, req, "order")?
            .parse()
            .map_err(|_| Error::bad_input(format!("{}: bad order in the header", req.encoded_origin)))?;
        let givens = Some(files::field(&fields, req, "givens")?.to_owned()).filter(|g| g != "none");
        let broken = files::field(&fields, req, "symmetry")? == "broken";
        // Files of the classic values (1..cells) carry no `values` field.
        let values = fields.get("values").cloned();
        let instance = HexInstance { order, values, sum: None, fill: FillOptions { givens, up_to_symmetry: false } };
        let p = problem(&instance, broken).map_err(|e| e.context(&req.encoded_origin))?;
        let mut answer = Answer::new(PUZZLE, Status::Solved);
        answer.set_own("order", Some(order));
        let Some(model) = files::read_model(req)? else {
            return Ok(answer.no_solution(None, puzzlec_engine::fill::UNSATISFIABLE));
        };
        let values = drive_hex::decode_checked(encoding, &format!("({})", req.answer_origin), &p, &model)?;
        answer.encoding = Some(encoding.name().into());
        set_fillings(&mut answer, &p, &[values], None);
        Ok(answer)
    }

    /// Checks a filling given by cell number (`"1": 3, ...`) against the instance: a magic
    /// hexagon of its order that keeps its givens.
    ///
    /// # Errors
    /// The first rule broken, in words.
    fn check_filling(&self, instance: &Instance, values: &BTreeMap<String, i64>) -> std::result::Result<(), String> {
        let a: &HexInstance = &instance.read().map_err(|e| e.to_string())?;
        let p = problem(a, false).map_err(|e| e.to_string())?;
        let mut by_index = vec![0i64; p.shape.cells()];
        for (cell, &v) in values {
            let at = cell.parse::<usize>().ok().filter(|c| (1..=by_index.len()).contains(c));
            let at = at.ok_or_else(|| format!("there is no cell {cell}"))?;
            by_index[at - 1] = v;
        }
        crate::rules::check_filling(p.rules(), &by_index).map_err(|e| e.to_string())?;
        match p.givens.iter().find(|&&(cell, v)| by_index[cell] != v) {
            Some((cell, v)) => Err(format!("cell {} holds {}, not the given {v}", cell + 1, by_index[*cell])),
            None => Ok(()),
        }
    }
}
