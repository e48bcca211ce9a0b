//! A figure file (TOML), read strictly: named cells with optional positions, lines as lists
//! of cells, the values, the sum and whether values repeat. Every mistake is reported with
//! the file, line and column it is at.
//!
//! ```toml
//! name = "3x3 magic square"
//! values = "1..9"          # a range, or a list: [1, 2, 3, 4, 5, 6, 8, 9, 10, 12]
//! sum = 15                 # or "equal" (the default): every line the same sum
//! distinct = true          # the default: each value placed exactly once
//! cells = [{ name = "a", x = 0, y = 0 }, ...]   # or just names: ["a", "b", ...]
//! lines = [["a", "b", "c"], ...]
//! symmetry = "drawing"     # or "lines", "none"
//! ```

use puzzlec_hex::rules::MAX_VALUE;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

/// Why a figure file cannot be read, at `line:column` of `path`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}:{line}:{column}: {message}")]
pub struct FileError {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// The sum every line must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sum {
    Given(i64),
    /// Every line the same sum, whatever it is (the figure may imply it).
    Equal,
}

/// Which permutations count as symmetries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// Those that map lines onto lines and keep every distance of the drawing.
    Drawing,
    /// Every permutation that maps lines onto lines.
    Lines,
    /// None but the identity.
    None,
}

/// A figure as the file describes it, checked.
#[derive(Debug, Clone)]
pub struct Figure {
    /// What the file calls the figure, for titles.
    pub name: String,
    /// The cells' names, in the file's order (a filling lists values in this order).
    pub cells: Vec<String>,
    /// (x, y) of every cell, x to the right and y down; `None` when the file gives none.
    pub points: Option<Vec<(f64, f64)>>,
    /// Each line as cell indices in increasing order, and where the file lists it.
    pub lines: Vec<Vec<usize>>,
    pub line_spans: Vec<Range<usize>>,
    /// The values, sorted.
    pub values: Vec<i64>,
    /// What every line adds up to, and where the file says so.
    pub sum: Sum,
    pub sum_span: Range<usize>,
    /// Whether each value is placed exactly once (else values may repeat).
    pub distinct: bool,
    /// Which maps of the figure count a filling and its image as one.
    pub symmetry: Symmetry,
}

/// Most cells a figure may have (the hexagon of order 12 has 397).
pub const MAX_CELLS: usize = 400;

/// Most lines a figure may have: ten times the lines of a square of 400 cells with its rows,
/// columns and every diagonal, far below what a solver could treat.
pub const MAX_LINES: usize = 10_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    name: Option<String>,
    cells: Spanned<Vec<Spanned<RawCell>>>,
    lines: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
    values: Spanned<RawValues>,
    except: Option<Spanned<Vec<i64>>>,
    sum: Option<Spanned<RawSum>>,
    distinct: Option<bool>,
    symmetry: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawCell {
    Name(String),
    Placed(PlacedCell),
}

/// A cell as a table: unknown keys are errors here as at the top level.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacedCell {
    name: String,
    x: Option<f64>,
    y: Option<f64>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawValues {
    Range(String),
    List(Vec<i64>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawSum {
    Number(i64),
    Word(String),
}

/// Where a mistake is: a span of the file and the words, as a [`FileError`].
type At<'a> = &'a dyn Fn(Range<usize>, String) -> FileError;

/// Reads the figure at `path` from its text.
///
/// # Errors
/// A [`FileError`] at the first mistake.
pub fn parse(path: &str, text: &str) -> Result<Figure, FileError> {
    let at = |span: Range<usize>, message: String| {
        let (line, column) = line_column(text, span.start);
        FileError { path: path.to_owned(), line, column, message }
    };
    let raw: Raw = toml::from_str(text).map_err(|e| at(e.span().unwrap_or(0..0), plain(e.message().trim())))?;
    // The caps first: the checks below look at every cell and line once each, but a file of
    // millions of cells should not be read through before it is refused.
    if raw.cells.get_ref().len() > MAX_CELLS {
        return Err(at(raw.cells.span(), format!("{} cells: at most {MAX_CELLS}", raw.cells.get_ref().len())));
    }
    if raw.lines.get_ref().len() > MAX_LINES {
        return Err(at(raw.lines.span(), format!("{} lines: at most {MAX_LINES}", raw.lines.get_ref().len())));
    }
    let (cells, index, points) = read_cells(&raw, &at)?;
    let (lines, line_spans) = read_lines(&raw, &cells, &index, &at)?;
    let (values, values_span) = read_values(&raw, &at)?;
    let distinct = raw.distinct.unwrap_or(true);
    if distinct && values.len() != cells.len() {
        return Err(at(
            values_span,
            format!(
                "{} values for {} cells: with distinct values each fills one cell, so there must be as many (or set distinct = false)",
                values.len(),
                cells.len()
            ),
        ));
    }
    let (sum, sum_span) = match &raw.sum {
        None => (Sum::Equal, 0..0),
        Some(s) => match s.get_ref() {
            RawSum::Number(n) => (Sum::Given(*n), s.span()),
            RawSum::Word(w) if w == "equal" => (Sum::Equal, s.span()),
            RawSum::Word(w) => return Err(at(s.span(), format!("sum {w:?}: a number, or \"equal\""))),
        },
    };
    let symmetry = match &raw.symmetry {
        None if points.is_some() => Symmetry::Drawing,
        None => Symmetry::Lines,
        Some(s) => match s.get_ref().as_str() {
            "drawing" if points.is_some() => Symmetry::Drawing,
            "drawing" => return Err(at(s.span(), "symmetry \"drawing\" needs x and y for every cell".into())),
            "lines" => Symmetry::Lines,
            "none" => Symmetry::None,
            other => return Err(at(s.span(), format!("symmetry {other:?}: one of \"drawing\", \"lines\", \"none\""))),
        },
    };
    let name = raw.name.unwrap_or_else(|| path.rsplit('/').next().unwrap_or(path).trim_end_matches(".toml").to_owned());
    Ok(Figure { name, cells, points, lines, line_spans, values, sum, sum_span, distinct, symmetry })
}

/// The cells' names (each once, a name users can type), their places by name, and their
/// points when every cell has x and y.
#[allow(clippy::type_complexity)]
fn read_cells(
    raw: &Raw,
    at: At,
) -> Result<(Vec<String>, std::collections::HashMap<String, usize>, Option<Vec<(f64, f64)>>), FileError> {
    let mut cells: Vec<String> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut points: Vec<Option<(f64, f64)>> = Vec::new();
    for cell in raw.cells.get_ref() {
        let (name, point) = match cell.get_ref() {
            RawCell::Name(n) => (n.clone(), None),
            RawCell::Placed(PlacedCell { name, x: Some(x), y: Some(y) }) if x.is_finite() && y.is_finite() => {
                (name.clone(), Some((*x, *y)))
            }
            RawCell::Placed(PlacedCell { name, x: Some(_), y: Some(_) }) => {
                return Err(at(cell.span(), format!("cell {name:?}: x and y must be finite numbers")))
            }
            RawCell::Placed(PlacedCell { name, x: None, y: None }) => (name.clone(), None),
            RawCell::Placed(PlacedCell { name, .. }) => {
                return Err(at(cell.span(), format!("cell {name:?} has one coordinate: give both x and y, or neither")))
            }
        };
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == ',' || c == '=') {
            return Err(at(
                cell.span(),
                format!("cell name {name:?}: names are non-empty, without spaces, commas or '='"),
            ));
        }
        if index.insert(name.clone(), cells.len()).is_some() {
            return Err(at(cell.span(), format!("cell {name:?} is named twice")));
        }
        cells.push(name);
        points.push(point);
    }
    if cells.is_empty() {
        return Err(at(raw.cells.span(), "a figure needs at least one cell".into()));
    }
    if cells.len() > MAX_CELLS {
        return Err(at(raw.cells.span(), format!("{} cells: at most {MAX_CELLS}", cells.len())));
    }
    let placed = points.iter().filter(|p| p.is_some()).count();
    if placed != 0 && placed != cells.len() {
        return Err(at(
            raw.cells.span(),
            format!("{placed} of the {} cells have x and y: give them to every cell, or to none", cells.len()),
        ));
    }
    let points: Option<Vec<(f64, f64)>> = points.into_iter().collect();
    Ok((cells, index, points))
}

/// The lines as cell places (each cell once on a line, no line twice), with their spans.
#[allow(clippy::type_complexity)]
fn read_lines(
    raw: &Raw,
    cells: &[String],
    index: &std::collections::HashMap<String, usize>,
    at: At,
) -> Result<(Vec<Vec<usize>>, Vec<Range<usize>>), FileError> {
    let mut lines: Vec<Vec<usize>> = Vec::new();
    let mut line_spans: Vec<Range<usize>> = Vec::new();
    let mut listed: std::collections::HashMap<Vec<usize>, usize> = std::collections::HashMap::new();
    // The line each cell was last put on, so a cell twice on a line is seen at once.
    let mut on_line = vec![usize::MAX; cells.len()];
    for (k, line) in raw.lines.get_ref().iter().enumerate() {
        let mut indices = Vec::new();
        if line.get_ref().len() > cells.len() {
            return Err(at(
                line.span(),
                format!("a line of {} cells on a figure of {}", line.get_ref().len(), cells.len()),
            ));
        }
        for name in line.get_ref() {
            let Some(&i) = index.get(name.get_ref()) else {
                return Err(at(
                    name.span(),
                    format!("unknown cell {:?}: the cells are {}", name.get_ref(), list(cells)),
                ));
            };
            if std::mem::replace(&mut on_line[i], k) == k {
                return Err(at(name.span(), format!("cell {:?} is on this line twice", name.get_ref())));
            }
            indices.push(i);
        }
        if indices.is_empty() {
            return Err(at(line.span(), "an empty line".into()));
        }
        indices.sort_unstable();
        if let Some(&first) = listed.get(&indices) {
            let other = at(line_spans[first].clone(), String::new());
            return Err(at(line.span(), format!("the same line is listed already at line {}", other.line)));
        }
        listed.insert(indices.clone(), lines.len());
        lines.push(indices);
        line_spans.push(line.span());
    }
    if lines.is_empty() {
        return Err(at(raw.lines.span(), "a figure needs at least one line".into()));
    }
    Ok((lines, line_spans))
}

/// The values, sorted, each once, within the cap; and where they are written.
fn read_values(raw: &Raw, at: At) -> Result<(Vec<i64>, Range<usize>), FileError> {
    let values_span = raw.values.span();
    let mut values = match raw.values.get_ref() {
        RawValues::List(v) => v.clone(),
        RawValues::Range(text) => range(text).map_err(|why| at(values_span.clone(), why))?,
    };
    if let Some(except) = &raw.except {
        for v in except.get_ref() {
            let Some(i) = values.iter().position(|x| x == v) else {
                return Err(at(except.span(), format!("except: {v} is not among the values")));
            };
            values.remove(i);
        }
    }
    values.sort_unstable();
    if values.is_empty() {
        return Err(at(values_span, "no values".into()));
    }
    if let Some(v) = values.iter().find(|v| v.unsigned_abs() > MAX_VALUE as u64) {
        return Err(at(
            values_span,
            format!("value {v}: at most {MAX_VALUE} either side of 0 (so that every sum fits in 64 bits)"),
        ));
    }
    if let Some(w) = values.windows(2).find(|w| w[0] == w[1]) {
        return Err(at(values_span, format!("value {} is listed twice", w[0])));
    }
    Ok((values, values_span))
}

impl Figure {
    /// Where `span` is in the file, as `line:column`.
    pub fn place(text: &str, span: &Range<usize>) -> String {
        let (line, column) = line_column(text, span.start);
        format!("{line}:{column}")
    }
}

/// The line and column (both from 1, columns in characters) of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// `LO..HI` or `LO..=HI`, both ends included.
fn range(text: &str) -> Result<Vec<i64>, String> {
    let (lo, hi) = text.split_once("..").ok_or_else(|| format!("values {text:?}: a range LO..HI or a list [..]"))?;
    let number =
        |t: &str| t.trim().parse::<i64>().map_err(|_| format!("values {text:?}: {:?} is not an integer", t.trim()));
    let (lo, hi) = (number(lo)?, number(hi.trim_start_matches('='))?);
    if hi < lo {
        return Err(format!("values {text:?}: the range is empty"));
    }
    if hi as i128 - lo as i128 >= 100_000 {
        return Err(format!("values {text:?}: more than 100000 values"));
    }
    Ok((lo..=hi).collect())
}

/// The parser's message, with what each form of a field may be where it names only the
/// Rust type it could not fill.
fn plain(message: &str) -> String {
    let forms = [
        (
            "RawValues",
            format!(
                "values: a range \"LO..HI\" or a list of integers [1, 2, 3], each at most {MAX_VALUE} either side of 0"
            ),
        ),
        ("RawCell", "a cell: a name \"a\", or a table { name = \"a\", x = 0, y = 0 } with no other keys".to_owned()),
        ("RawSum", "sum: an integer, or \"equal\"".to_owned()),
    ];
    if message.contains(" as i128") {
        return format!("an integer beyond 64 bits: values and sums are at most {MAX_VALUE} either side of 0");
    }
    match forms.into_iter().find(|(ty, _)| message.ends_with(&format!("untagged enum {ty}"))) {
        Some((_, words)) => words,
        None => message.to_owned(),
    }
}

fn list(names: &[String]) -> String {
    match names.len() {
        0..=12 => names.join(" "),
        n => format!("{} ... ({n} in all)", names[..12].join(" ")),
    }
}

#[cfg(test)]
mod tests;
