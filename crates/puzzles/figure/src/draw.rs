//! Magic figures drawn still, from the file's coordinates (a figure without them is laid
//! out on a circle, in the file's order): every line as a stroke through its cells with its
//! sum past one end, every cell a disc holding its value; with `--all`, every solution side
//! by side.

use std::fmt::Write as _;

use puzzlec_engine::draw::{grid, xml};
use puzzlec_engine::{Answer, Error, Result, Solution};

use crate::file::Figure;

/// Radius of a cell's disc, and the least distance between two cells' centres, in pixels.
const R: f64 = 17.0;
const SPACING: f64 = 56.0;
/// The widest a figure is drawn, in pixels: cells much closer together than the figure is
/// wide are drawn closer than [`SPACING`] rather than on a canvas of millions of pixels.
const EXTENT: f64 = 1600.0;

pub fn render(figure: &Figure, answer: &Answer) -> Result<String> {
    let by_name = |values: &std::collections::BTreeMap<String, i64>| -> Vec<i64> {
        figure.cells.iter().map(|c| values.get(c).copied().unwrap_or(0)).collect()
    };
    let fillings: Vec<Vec<i64>> = match (&answer.solutions, &answer.values) {
        (Some(sols), _) => sols
            .iter()
            .filter_map(|s| match s {
                Solution::Filling { values } => Some(by_name(values)),
                _ => None,
            })
            .collect(),
        (None, Some(values)) => vec![by_name(values)],
        _ => Vec::new(),
    };
    if fillings.is_empty() {
        return Err(Error::bad_input("--svg: the answer has no filling to draw"));
    }
    let points = layout(figure);
    let (w, h) = (
        points.iter().map(|p| p.0).fold(0.0, f64::max) + 2.0 * SPACING,
        points.iter().map(|p| p.1).fold(0.0, f64::max) + 2.0 * SPACING,
    );
    let per_row = fillings.len().min(4);
    let panel_rows = fillings.len().div_ceil(per_row);
    let (width, height) = ((w * per_row as f64).max(480.0), h * panel_rows as f64 + 40.0);
    let sum = answer.own::<i64>("magic_sum").map_or("the same sum".to_owned(), |s| s.to_string());
    let title = format!(
        "{}: {} with every line summing to {sum}",
        figure.name,
        puzzlec_engine::answer::count(fillings.len(), "filling")
    );
    let mut out = puzzlec_engine::draw::open(width, height, &title);
    let smallest = fillings.iter().flatten().copied().min().unwrap_or(0);
    let span = (fillings.iter().flatten().copied().max().unwrap_or(0) - smallest) as usize + 1;
    for (i, values) in fillings.iter().enumerate() {
        let (ox, oy) = (w * (i % per_row) as f64 + SPACING, 40.0 + h * (i / per_row) as f64 + SPACING);
        let at = |c: usize| (ox + points[c].0, oy + points[c].1);
        let _ = writeln!(out, "<g class=\"filling\" data-index=\"{i}\">");
        for line in &figure.lines {
            let (a, b) = ends(line, &points);
            let ((x1, y1), (x2, y2)) = (at(a), at(b));
            let total: i64 = line.iter().map(|&c| values[c]).sum();
            let _ = writeln!(
                out,
                "  <line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#b9b2a3\" stroke-width=\"3\"/>"
            );
            // The sum one step past the end `b`, along the line.
            let (dx, dy) = if a == b { (0.0, -1.0) } else { unit(x2 - x1, y2 - y1) };
            let (lx, ly) = (x2 + dx * (R + 14.0), y2 + dy * (R + 14.0) + 4.0);
            let _ = writeln!(
                out,
                "  <text x=\"{lx:.1}\" y=\"{ly:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#666\">{total}</text>"
            );
        }
        for (c, v) in values.iter().enumerate() {
            let (x, y) = at(c);
            let colour = grid::hue((*v - smallest) as usize + 1, span);
            let _ = writeln!(
                out,
                "  <g class=\"cell\" data-cell=\"{}\" data-value=\"{v}\" data-colour=\"{colour}\"><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{R}\" fill=\"{colour}\" stroke=\"#333\" stroke-width=\"1.5\"/><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1d1d1d\">{v}</text></g>",
                xml(&figure.cells[c]),
                y + 5.0
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The cells' centres in pixels from (0, 0): the file's points scaled so the closest two
/// are [`SPACING`] apart (within [`EXTENT`]), or a circle in the file's order.
fn layout(figure: &Figure) -> Vec<(f64, f64)> {
    let n = figure.cells.len();
    let raw: Vec<(f64, f64)> = match &figure.points {
        Some(p) => p.clone(),
        None => (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
                (a.cos(), a.sin())
            })
            .collect(),
    };
    let mut closest = f64::INFINITY;
    for (i, a) in raw.iter().enumerate() {
        for b in &raw[i + 1..] {
            let d = (a.0 - b.0).hypot(a.1 - b.1);
            if d > 1e-9 {
                closest = closest.min(d);
            }
        }
    }
    let (x0, y0) =
        (raw.iter().map(|p| p.0).fold(f64::INFINITY, f64::min), raw.iter().map(|p| p.1).fold(f64::INFINITY, f64::min));
    let spread = raw.iter().map(|p| (p.0 - x0).max(p.1 - y0)).fold(0.0, f64::max);
    let scale = match (closest.is_finite(), spread > 0.0) {
        (true, true) => (SPACING / closest).min(EXTENT / spread),
        _ => 1.0,
    };
    raw.iter().map(|p| ((p.0 - x0) * scale, (p.1 - y0) * scale)).collect()
}

/// The two cells of a line farthest apart: its stroke runs between them.
fn ends(line: &[usize], points: &[(f64, f64)]) -> (usize, usize) {
    let mut best = (line[0], line[0], -1.0);
    for &a in line {
        for &b in line {
            let d = (points[a].0 - points[b].0).powi(2) + (points[a].1 - points[b].1).powi(2);
            if d > best.2 {
                best = (a, b, d);
            }
        }
    }
    (best.0, best.1)
}

fn unit(dx: f64, dy: f64) -> (f64, f64) {
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    (dx / len, dy / len)
}
