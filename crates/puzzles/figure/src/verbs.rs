//! Magic figures through the facade: the problem from a figure file, and the verbs.

use puzzlec_engine::fill::FillOptions;
use std::collections::BTreeMap;

use puzzlec_engine::answer::{Answer, Solution, Status};
use puzzlec_engine::env::Env;
use puzzlec_engine::error::{Error, ErrorKind, Result};
use puzzlec_engine::event::Event;
use puzzlec_engine::files;
use puzzlec_engine::{DecodeRequest, EmitRequest, Instance, Request, Verbs};
use puzzlec_hex::drive::{self as magic, fill};
use puzzlec_hex::encodings::MagicProblem;
use puzzlec_hex::rules::shape::{breaking_pairs, Shape};

use crate::file::{Figure, Sum, Symmetry};
use crate::request::FigureInstance;
use crate::NAME;

/// The figure in `path`, read and checked.
///
/// # Errors
/// Bad input: a file that cannot be read, or a mistake in it (with its line and column).
pub fn load(path: &str) -> Result<Figure> {
    Ok(read(path)?.0)
}

/// The figure in `path` and the file's text.
/// The most a figure file may hold: far above any figure within the caps on cells and lines
/// written plainly, and the parser never sees more (a file of millions of cells would take
/// it seconds, out of reach of a time limit or Ctrl-C).
pub const MAX_FILE: u64 = 8 << 20;

fn read_capped(path: &str) -> std::io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)?.take(MAX_FILE + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_FILE {
        return Err(std::io::Error::other(format!(
            "larger than {} MiB, more than any figure puzzlec takes (at most {} cells and {} lines)",
            MAX_FILE >> 20,
            crate::file::MAX_CELLS,
            crate::file::MAX_LINES
        )));
    }
    Ok(text)
}

fn read(path: &str) -> Result<(Figure, String)> {
    if path.is_empty() {
        return Err(Error::bad_input("no figure file: give its path (puzzlec solve figure FILE)"));
    }
    let text = read_capped(path).map_err(|e| Error::bad_input(format!("{path}: {e}")))?;
    let figure = crate::file::parse(path, &text).map_err(|e| Error::bad_input(e.to_string()))?;
    Ok((figure, text))
}

/// The shape the encodings see: cells, lines, symmetries and their breaking pairs.
///
/// # Errors
/// Bad input when the lines have more symmetries than are searched for.
pub fn shape(figure: &Figure, path: &str) -> Result<Shape> {
    let cells = figure.cells.len();
    let symmetries = match figure.symmetry {
        Symmetry::None => Ok(vec![(0..cells).collect()]),
        Symmetry::Lines => crate::symmetry::symmetries(cells, &figure.lines, None),
        Symmetry::Drawing => crate::symmetry::symmetries(cells, &figure.lines, figure.points.as_deref()),
    }
    .map_err(|why| {
        Error::bad_input(format!(
            "{path}: {why} (cells on no line, or lines that say little of the figure): give every cell x and y (symmetry = \"drawing\"), or set symmetry = \"none\""
        ))
    })?;
    let breaking = breaking_pairs(cells, &symmetries);
    Ok(Shape { names: figure.cells.clone(), lines: figure.lines.clone(), symmetries, breaking })
}

/// The problem of a request: the figure, its sum (given, implied or open) and the givens.
/// Values without an integer sum are `Err` of kind no-solution, whose message says why.
///
/// # Errors
/// Bad input for files, sums no line can reach and givens that do not parse.
pub fn problem(i: &FigureInstance, break_symmetry: bool) -> Result<(Figure, MagicProblem)> {
    let (figure, text) = read(&i.file)?;
    let p = of(&figure, &text, i, break_symmetry)?;
    Ok((figure, p))
}

/// The problem of a figure read from `text`, for the instance `i` (its file and givens).
///
/// # Errors
/// As [`problem`].
pub fn of(figure: &Figure, text: &str, i: &FigureInstance, break_symmetry: bool) -> Result<MagicProblem> {
    let shape = shape(figure, &i.file)?;
    let mut p = MagicProblem {
        shape,
        values: figure.values.clone(),
        magic: None,
        distinct: figure.distinct,
        givens: Vec::new(),
        break_symmetry,
        puzzle: NAME,
        id: format!("file={}", i.file.replace('%', "%25").replace(' ', "%20")),
        label: figure.name.clone(),
    };
    let implied = match figure.distinct {
        true => p.shape.implied_sum(&p.values),
        false => Ok(None),
    };
    let place = |span| format!("{}:{}", i.file, Figure::place(text, span));
    match (figure.sum, implied) {
        (_, Err((total, lines))) => {
            return Err(Error::new(
                ErrorKind::NoSolution,
                format!("no integer magic sum: the lines share out the values' total {total} over {lines} lines ({total}/{lines} is not an integer)"),
            ))
        }
        (Sum::Equal, Ok(sum)) => p.magic = sum,
        (Sum::Given(s), Ok(implied)) => {
            for (line, span) in figure.lines.iter().zip(&figure.line_spans) {
                let (lo, hi) = p.reach(line.len());
                if !(lo..=hi).contains(&s) {
                    return Err(Error::bad_input(format!(
                        "{}: sum {s}: the line at {} ({} cells) can only sum to {lo}..{hi}",
                        place(&figure.sum_span),
                        place(span),
                        line.len()
                    )));
                }
            }
            if let Some(m) = implied.filter(|&m| m != s) {
                return Err(Error::bad_input(format!(
                    "{}: sum {s}: the values make every line sum to {m} (some lines share out every cell, or every cell is on as many lines); no filling has sum {s}",
                    place(&figure.sum_span)
                )));
            }
            p.magic = Some(s);
        }
    }
    if let Some(text) = &i.fill.givens {
        p.givens = givens(text, figure)?;
    }
    Ok(p)
}

/// Parses `a=8,e=5` into 0-based (cell, value) pairs, checking names, values and repeats.
fn givens(text: &str, figure: &Figure) -> Result<Vec<(usize, i64)>> {
    let mut out: Vec<(usize, i64)> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let bad = |why: String| Error::bad_input(format!("--givens {item:?}: {why}"));
        let (cell, value) = item.split_once('=').ok_or_else(|| bad("expected CELL=VALUE, e.g. a=8".into()))?;
        let value = value.trim().parse::<i64>().map_err(|_| bad(format!("{:?} is not a value", value.trim())))?;
        let at = figure.cells.iter().position(|c| c == cell.trim());
        let at = at.ok_or_else(|| bad(format!("there is no cell {:?} in {}", cell.trim(), figure.name)))?;
        if figure.values.binary_search(&value).is_err() {
            return Err(bad(format!("{value} is not one of the values")));
        }
        if out.iter().any(|&(c, _)| c == at) {
            return Err(bad(format!("cell {} is given twice", cell.trim())));
        }
        if figure.distinct && out.iter().any(|&(_, v)| v == value) {
            return Err(bad(format!("value {value} is given twice; every value appears once")));
        }
        out.push((at, value));
    }
    Ok(out)
}

/// Values by cell name, for JSON.
fn by_name(figure: &Figure, values: &[i64]) -> BTreeMap<String, i64> {
    figure.cells.iter().cloned().zip(values.iter().copied()).collect()
}

/// How a figure shows its fillings, and says "none".
struct Look<'a>(&'a Figure);

impl fill::Look for Look<'_> {
    fn show(&self, answer: &mut Answer, p: &MagicProblem, fillings: &[Vec<i64>], all: Option<bool>) {
        show(answer, self.0, p, fillings, all);
    }

    fn none(&self, givens: bool) -> (&'static str, &'static str) {
        match givens {
            false => ("unsat", "no filling of this figure exists (proved by the solver)"),
            true => ("givens", "the givens contradict: no filling of this figure has them (proved by the solver)"),
        }
    }
}

fn show(answer: &mut Answer, figure: &Figure, p: &MagicProblem, fillings: &[Vec<i64>], all: Option<bool>) {
    // An open sum is reported when every filling found has the same one.
    let sum_of = |f: &Vec<i64>| p.shape.lines[0].iter().map(|&c| f[c]).sum::<i64>();
    let sums: std::collections::BTreeSet<i64> = fillings.iter().map(sum_of).collect();
    answer.set_own("magic_sum", p.magic.or_else(|| (sums.len() == 1).then(|| sums.first().copied()).flatten()));
    answer.values = fillings.first().map(|f| by_name(figure, f));
    answer.figures = fillings.iter().map(|f| crate::text::render(figure, f)).collect();
    if let Some(complete) = all {
        answer.solutions = Some(fillings.iter().map(|f| Solution::Filling { values: by_name(figure, f) }).collect());
        answer.count = Some(fillings.len());
        answer.complete = Some(complete);
    }
}

/// Solves a magic-figure request.
///
/// # Errors
/// Bad input (file, givens, names); unknown when a solver fails or lies.
pub fn solve(request: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let instance: &FigureInstance = &request.read()?;
    let answer = Answer::new(NAME, Status::Solved);
    match problem(instance, false) {
        Ok((figure, p)) => fill::solve(Ok(p), instance.fill.up_to_symmetry, request, env, &Look(&figure), answer, on),
        Err(e) if e.kind() == ErrorKind::NoSolution => {
            let figure = load(&instance.file)?;
            fill::solve(Err(e), instance.fill.up_to_symmetry, request, env, &Look(&figure), answer, on)
        }
        Err(e) => Err(e),
    }
}

impl Verbs for crate::Figure {
    /// The figure's encoding as file text.
    ///
    /// # Errors
    /// Bad input for files and names; no-solution for values without an integer sum.
    fn emit(&self, req: &EmitRequest) -> Result<String> {
        let i: &FigureInstance = &req.instance.read()?;
        let (figure, p) = problem(i, i.fill.up_to_symmetry)?;
        if i.fill.up_to_symmetry && !figure.distinct {
            return Err(Error::bad_input(
                "--up-to-symmetry: the breaking facts need distinct values (with repeats, solve --up-to-symmetry keeps one filling per class after the fact)",
            ));
        }
        fill::emit(NAME, &p, req.encoding.as_deref(), req.format)
    }

    /// Decodes a solver's answer to an emitted file and checks the filling; the figure
    /// file, givens and symmetry come from the file's header (`--file` overrides the path).
    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        let fields = files::header_fields(req, NAME)?;
        let encoding = fill::encoding(NAME, files::field(&fields, req, "encoding")?)?;
        let asked: FigureInstance = req.instance.read().unwrap_or_default();
        let file = match asked.file.is_empty() {
            true => files::field(&fields, req, "file")?.replace("%20", " ").replace("%25", "%"),
            false => asked.file,
        };
        let givens = Some(files::field(&fields, req, "givens")?.to_owned()).filter(|g| g != "none");
        let broken = files::field(&fields, req, "symmetry")? == "broken";
        let instance = FigureInstance { file, fill: FillOptions { givens, up_to_symmetry: false } };
        let (figure, p) = problem(&instance, broken).map_err(|e| e.context(&req.encoded_origin))?;
        let mut answer = Answer::new(NAME, Status::Solved);
        let Some(model) = files::read_model(req)? else {
            return Ok(answer.no_solution(None, puzzlec_engine::fill::UNSATISFIABLE));
        };
        let values = magic::decode_checked(encoding, &format!("({})", req.answer_origin), &p, &model)?;
        answer.encoding = Some(encoding.name().into());
        show(&mut answer, &figure, &p, &[values], None);
        Ok(answer)
    }

    /// Checks a filling given by cell name against the instance: magic, with its givens.
    ///
    /// # Errors
    /// The first rule broken, in words.
    fn check_filling(&self, instance: &Instance, values: &BTreeMap<String, i64>) -> std::result::Result<(), String> {
        let i: &FigureInstance = &instance.read().map_err(|e| e.to_string())?;
        let (figure, p) = problem(i, false).map_err(|e| e.to_string())?;
        let mut by_index = vec![None; figure.cells.len()];
        for (cell, &v) in values {
            let at = figure.cells.iter().position(|c| c == cell).ok_or_else(|| format!("there is no cell {cell}"))?;
            by_index[at] = Some(v);
        }
        let missing = by_index.iter().position(Option::is_none);
        if let Some(c) = missing {
            return Err(format!("cell {} has no value", figure.cells[c]));
        }
        let by_index: Vec<i64> = by_index.into_iter().flatten().collect();
        puzzlec_hex::rules::check_filling(p.rules(), &by_index).map_err(|e| e.to_string())?;
        match p.givens.iter().find(|&&(cell, v)| by_index[cell] != v) {
            Some((cell, v)) => {
                Err(format!("cell {} holds {}, not the given {v}", figure.cells[*cell], by_index[*cell]))
            }
            None => Ok(()),
        }
    }
}
