//! A filling as text: a drawn figure as a grid of its values (columns by x, rows by y), one
//! without positions as `cell=value` words; and the lines of a solved answer.

use puzzlec_engine::text::fillings;
use puzzlec_engine::{Answer, Instance, Result, Show};

use crate::file::Figure;

/// Widest grid drawn as text; a figure whose x and y take more distinct values is listed.
const MAX_COLUMNS: usize = 40;

/// The filling drawn as text.
pub fn render(figure: &Figure, values: &[i64]) -> String {
    let width = values.iter().map(|v| v.to_string().len()).max().unwrap_or(1) + 2;
    let listed = || {
        let words: Vec<String> = figure.cells.iter().zip(values).map(|(c, v)| format!("{c}={v}")).collect();
        format!("{}\n", words.join(" "))
    };
    let Some(points) = &figure.points else { return listed() };
    // Coordinates to grid places: the distinct x (and y) values, sorted, a column (row) each.
    let key = |v: f64| (v * 1000.0).round() as i64;
    let places = |of: &dyn Fn(&(f64, f64)) -> f64| {
        let mut keys: Vec<i64> = points.iter().map(|p| key(of(p))).collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    };
    let (xs, ys) = (places(&|p| p.0), places(&|p| p.1));
    if xs.len() > MAX_COLUMNS {
        return listed();
    }
    let mut grid = vec![vec![String::new(); xs.len()]; ys.len()];
    for (c, p) in points.iter().enumerate() {
        let (col, row) = (xs.binary_search(&key(p.0)).unwrap_or(0), ys.binary_search(&key(p.1)).unwrap_or(0));
        if !grid[row][col].is_empty() {
            return listed();
        }
        grid[row][col] = values[c].to_string();
    }
    let mut out = String::new();
    for row in grid {
        let line: String = row.iter().map(|v| format!("{v:>width$}")).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

impl Show for crate::Figure {
    fn text(&self, a: &Answer) -> String {
        let sum = match a.own::<i64>("magic_sum") {
            Some(s) => format!("magic sum {s}"),
            None => "each with all its lines equal".to_owned(),
        };
        fillings(a, &sum)
    }

    fn decoded_text(&self, a: &Answer) -> String {
        let sum = a.own::<i64>("magic_sum").map_or("the same sum".to_owned(), |s| s.to_string());
        format!("{}\ndecoded and checked: every line sums to {sum}\n", a.figures.concat())
    }

    /// Every filling, drawn from the figure file the instance names.
    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        let i: crate::request::FigureInstance = instance.read()?;
        crate::draw::render(&crate::verbs::load(&i.file)?, answer)
    }
}
