//! Magic hexagons drawn still: hexagonal cells holding their values, each line's sum written
//! one step past its end; with `--all`, every solution side by side.

use std::fmt::Write as _;

use crate::rules::Hexagon;

use puzzlec_engine::draw::grid;
use puzzlec_engine::{Answer, Error, Result, Solution};

/// Circumradius of a cell, in pixels.
const R: f64 = 26.0;

pub fn render(answer: &Answer) -> Result<String> {
    let order = answer.own::<usize>("order").unwrap_or(3);
    let hex = Hexagon::new(order).map_err(|e| Error::bad_input(format!("--svg: {e}")))?;
    let fillings: Vec<Vec<i64>> = match (&answer.solutions, &answer.values) {
        (Some(sols), _) => sols
            .iter()
            .filter_map(|s| match s {
                Solution::Filling { values } => Some(by_cell(values, hex.cells())),
                _ => None,
            })
            .collect(),
        (None, Some(values)) => vec![by_cell(values, hex.cells())],
        _ => Vec::new(),
    };
    if fillings.is_empty() {
        return Err(Error::bad_input("--svg: the answer has no filling to draw"));
    }
    let sqrt3 = 3f64.sqrt();
    let k = (order - 1) as f64;
    // One panel per filling: the hexagon with a ring of room for the sums.
    let (pw, ph) = (sqrt3 * R * (2.0 * k + 3.0), 1.5 * R * (2.0 * k + 2.0) + 2.0 * R + 10.0);
    let per_row = fillings.len().min(4);
    let panel_rows = fillings.len().div_ceil(per_row);
    let (width, height) = ((pw * per_row as f64).max(560.0), ph * panel_rows as f64 + 40.0);
    let magic = answer.own::<i64>("magic_sum").unwrap_or(0);
    let title = format!(
        "magic hexagon, order {order}: {} with every line summing to {magic}",
        puzzlec_engine::answer::count(fillings.len(), "filling")
    );
    let mut out = puzzlec_engine::draw::open(width, height, &title);
    // Colours by rank among the values, whatever their range (zero-sum ones are negative).
    let smallest = fillings.iter().flatten().copied().min().unwrap_or(1);
    for (i, values) in fillings.iter().enumerate() {
        let (ox, oy) = (pw * (i % per_row) as f64 + pw / 2.0, 40.0 + ph * (i / per_row) as f64 + ph / 2.0);
        let centre = |cell: usize| {
            let (q, r) = hex.coords[cell];
            (ox + sqrt3 * R * (q as f64 + r as f64 / 2.0), oy + 1.5 * R * r as f64)
        };
        let _ = writeln!(out, "<g class=\"filling\" data-index=\"{i}\">");
        for (cell, v) in values.iter().enumerate() {
            let (x, y) = centre(cell);
            let corners: Vec<String> = (0..6)
                .map(|j| {
                    let a = std::f64::consts::PI / 180.0 * (60.0 * j as f64 - 30.0);
                    format!("{:.1},{:.1}", x + (R - 1.5) * a.cos(), y + (R - 1.5) * a.sin())
                })
                .collect();
            let colour = grid::hue((*v - smallest) as usize + 1, hex.cells());
            let _ = writeln!(
                out,
                "  <g class=\"cell\" data-cell=\"{}\" data-value=\"{v}\" data-colour=\"{colour}\" data-x=\"{x:.1}\" data-y=\"{y:.1}\"><polygon points=\"{}\" fill=\"{colour}\" stroke=\"#333\" stroke-width=\"1.5\"/><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"16\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1d1d1d\">{v}</text></g>",
                cell + 1,
                corners.join(" "),
                y - 2.0
            );
        }
        // Lines run in cell order: rows left to right, constant q down-right, constant s
        // down-left. Each sum sits one step past one end: rows right, q up-left, s down-left,
        // so labels of different directions never meet.
        for (li, line) in hex.lines.iter().enumerate() {
            let sum: i64 = line.iter().map(|&c| values[c]).sum();
            let q_line = (hex.rows()..2 * hex.rows()).contains(&li);
            let (end, next) = match q_line {
                false => (line[line.len() - 1], line[line.len().saturating_sub(2)]),
                true => (line[0], line[1.min(line.len() - 1)]),
            };
            let (last, before) = (centre(end), centre(next));
            let (dx, dy) = if line.len() > 1 { (last.0 - before.0, last.1 - before.1) } else { (sqrt3 * R, 0.0) };
            let (x, y) = (last.0 + 0.8 * dx, last.1 + 0.8 * dy + 4.0);
            let _ = writeln!(
                out,
                "  <text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#666\">{sum}</text>"
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}

fn by_cell(values: &std::collections::BTreeMap<String, i64>, cells: usize) -> Vec<i64> {
    (1..=cells).map(|c| values.get(&c.to_string()).copied().unwrap_or(0)).collect()
}
