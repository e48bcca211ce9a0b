//! The grid animator shared by the plan puzzles: pieces on a grid, moved either by a plan
//! whose letters name the direction the piece next to the one empty cell slides
//! ([`render`]), or by moves that name the piece and the anchors it passes, for pieces of
//! any shape ([`render_moves`]).

use std::fmt::Write as _;

use puzzlec_core::Move;

use super::xml;

/// Cell size in pixels, and the margin around the board.
const CELL: usize = 64;
const MARGIN: usize = 16;
/// Seconds still before the first move and after the last.
const HOLD_START: f64 = 1.0;
const HOLD_END: f64 = 2.0;

/// How a piece is marked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Its label, written in its corner.
    Number,
    /// A plus sign.
    Plus,
    /// A bar across the piece, or down it (a piece kept to one axis).
    Horizontal,
    Vertical,
    /// Nothing: the plain colour.
    Free,
}

pub struct Piece {
    /// Starting cell, row-major.
    pub cell: usize,
    pub label: String,
    pub colour: String,
    pub mark: Mark,
}

pub struct Scene {
    pub rows: usize,
    pub cols: usize,
    pub pieces: Vec<Piece>,
    pub plan: Vec<Move>,
    pub title: String,
    /// A cell to outline (a goal cell).
    pub target: Option<usize>,
}

/// A distinct colour for piece `k` of `n` (hues around the wheel), as `#rrggbb`.
pub fn hue(k: usize, n: usize) -> String {
    let h = (k.saturating_sub(1) as f64) * 360.0 / n.max(1) as f64;
    let (s, l) = (0.62, 0.62);
    let c = (1.0 - (2.0 * l - 1.0f64).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f64| ((v + l - c / 2.0) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// Seconds per move: short plans slow enough to follow, long ones not endless.
fn step_seconds(moves: usize) -> f64 {
    (12.0 / moves.max(1) as f64).clamp(0.12, 0.5)
}

/// The animation of a plan of the blank's moves: the piece next to the empty cell slides
/// into it.
pub fn render(s: &Scene) -> String {
    let n = s.plan.len();
    let (step, total) = timing(n);
    let pct = |t: f64| 100.0 * t / total;
    // Where every piece is after each move: the piece next to the empty cell slides into it.
    let mut where_is: Vec<usize> = s.pieces.iter().map(|p| p.cell).collect();
    let occupied: std::collections::HashSet<usize> = where_is.iter().copied().collect();
    let mut empty = (0..s.rows * s.cols).find(|c| !occupied.contains(c)).unwrap_or(0);
    let mut frames: Vec<Vec<(f64, usize)>> = where_is.iter().map(|&c| vec![(0.0, c)]).collect();
    for (i, m) in s.plan.iter().enumerate() {
        let (dr, dc) = m.delta();
        let (r, c) = ((empty / s.cols) as isize - dr, (empty % s.cols) as isize - dc);
        if r < 0 || c < 0 || r >= s.rows as isize || c >= s.cols as isize {
            break;
        }
        let from = r as usize * s.cols + c as usize;
        if let Some(k) = where_is.iter().position(|&w| w == from) {
            let begin = HOLD_START + step * i as f64;
            frames[k].push((pct(begin), from));
            frames[k].push((pct(begin + step), empty));
            where_is[k] = empty;
        }
        empty = from;
    }
    let shapes = vec![vec![(0, 0)]; s.pieces.len()];
    let target: Vec<usize> = s.target.into_iter().collect();
    svg(s, &Film { shapes: &shapes, frames, ends: where_is, moves: n, outline: &target })
}

/// One move of [`render_moves`]: the piece (its index in the scene) and the anchors it passes
/// after each unit step, the last one where it stops.
pub type Motion = (usize, Vec<usize>);

/// The animation of pieces of any shape (each piece's cells relative to its anchor, the
/// scene's `cell`), moved one after the other; `outline` cells are drawn dashed (goals).
pub fn render_moves(s: &Scene, shapes: &[Vec<(usize, usize)>], moves: &[Motion], outline: &[usize]) -> String {
    let n = moves.len();
    let (step, total) = timing(n);
    let pct = |t: f64| 100.0 * t / total;
    let mut where_is: Vec<usize> = s.pieces.iter().map(|p| p.cell).collect();
    let mut frames: Vec<Vec<(f64, usize)>> = where_is.iter().map(|&c| vec![(0.0, c)]).collect();
    for (i, (k, path)) in moves.iter().enumerate() {
        let Some(f) = frames.get_mut(*k) else { continue };
        let begin = HOLD_START + step * i as f64;
        f.push((pct(begin), where_is[*k]));
        for (u, &cell) in path.iter().enumerate() {
            f.push((pct(begin + step * (u + 1) as f64 / path.len() as f64), cell));
        }
        where_is[*k] = path.last().copied().unwrap_or(where_is[*k]);
    }
    svg(s, &Film { shapes, frames, ends: where_is, moves: n, outline })
}

/// Seconds per move and in all.
fn timing(moves: usize) -> (f64, f64) {
    let step = step_seconds(moves);
    (step, HOLD_START + step * moves as f64 + HOLD_END)
}

/// What [`svg`] draws: each piece's shape, its keyframes (percent of the loop, cell), where
/// it ends, the number of moves, the cells outlined.
struct Film<'a> {
    shapes: &'a [Vec<(usize, usize)>],
    frames: Vec<Vec<(f64, usize)>>,
    ends: Vec<usize>,
    moves: usize,
    outline: &'a [usize],
}

fn svg(s: &Scene, film: &Film) -> String {
    let n = film.moves;
    let (step, total) = timing(n);
    let pct = |t: f64| 100.0 * t / total;
    let at = |cell: usize| ((MARGIN + (cell % s.cols) * CELL) as f64, (MARGIN + 40 + (cell / s.cols) * CELL) as f64);
    let (frames, where_is) = (&film.frames, &film.ends);
    let (width, height) = (2 * MARGIN + s.cols * CELL, 2 * MARGIN + 40 + s.rows * CELL + 36);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n\
<title>{title}: {n} moves</title>\n<style>\n\
.piece, .counter {{ animation-duration: {total:.3}s; animation-iteration-count: infinite; animation-timing-function: linear; }}\n\
text {{ font-family: sans-serif; }}\n",
        title = xml(&s.title)
    );
    for (k, f) in frames.iter().enumerate() {
        let _ = write!(out, "@keyframes p{k} {{");
        for (t, cell) in f {
            let (x, y) = at(*cell);
            let _ = write!(out, " {t:.4}% {{ transform: translate({x}px, {y}px) }}");
        }
        let (x, y) = at(where_is[k]);
        let _ = writeln!(out, " 100% {{ transform: translate({x}px, {y}px) }} }}\n#p{k} {{ animation-name: p{k}; }}");
    }
    // The counter: a column of "move i of n" lines behind a one-line window, stepped up
    // as each move ends.
    let line = 24.0;
    let _ = write!(out, "@keyframes counter {{ 0% {{ transform: translateY(0px) }}");
    for i in 0..n {
        let end = pct(HOLD_START + step * (i + 1) as f64);
        let _ = write!(
            out,
            " {:.4}% {{ transform: translateY({}px) }} {end:.4}% {{ transform: translateY({}px) }}",
            (end - 0.0001).max(0.0),
            -(i as f64) * line,
            -((i + 1) as f64) * line
        );
    }
    let _ = writeln!(
        out,
        " 100% {{ transform: translateY({}px) }} }}\n.counter {{ animation-name: counter; }}",
        -(n as f64) * line
    );
    // Any frame on demand: FILE.svg#move-K stops the animation just after move K (#move-0 is
    // the start, #end the goal), for figures and for tests that look at pixels.
    for k in 0..=n {
        let t = if k == 0 { 0.0 } else { HOLD_START + step * k as f64 };
        let _ = writeln!(out, "#move-{k}:target ~ .board .piece, #move-{k}:target ~ .board .counter {{ animation-delay: -{t:.3}s; animation-play-state: paused; }}");
    }
    let _ = writeln!(out, "#end:target ~ .board .piece, #end:target ~ .board .counter {{ animation-delay: -{:.3}s; animation-play-state: paused; }}\n</style>", total - HOLD_END / 2.0);
    for k in 0..=n {
        let _ = writeln!(out, "<g id=\"move-{k}\"/>");
    }
    let _ = writeln!(out, "<g id=\"end\"/>\n<g class=\"board\" data-cell-size=\"{CELL}\" data-x=\"{MARGIN}\" data-y=\"{}\" data-cols=\"{}\">", MARGIN + 40, s.cols);
    let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"#faf8f3\"/>");
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"18\" fill=\"#333\">{}: {n} moves</text>",
        MARGIN + 18,
        xml(&s.title)
    );
    let (bx, by) = (MARGIN, MARGIN + 40);
    let _ = writeln!(
        out,
        "<rect x=\"{bx}\" y=\"{by}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" stroke=\"#555\" stroke-width=\"2\"/>",
        s.cols * CELL,
        s.rows * CELL
    );
    for &t in film.outline {
        let (x, y) = at(t);
        let _ = writeln!(out, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#d62828\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>", x + 1.5, y + 1.5, CELL - 3, CELL - 3);
    }
    for (k, p) in s.pieces.iter().enumerate() {
        let (x, y) = at(p.cell);
        let _ = writeln!(
            out,
            "<g id=\"p{k}\" class=\"piece\" data-start=\"{}\" data-label=\"{}\" data-colour=\"{}\" style=\"transform: translate({x}px, {y}px)\">",
            p.cell,
            xml(&p.label),
            p.colour
        );
        out.push_str(&body(p, film.shapes.get(k).map_or(&[(0, 0)][..], Vec::as_slice)));
        out.push_str(&mark(p));
        out.push_str("</g>\n");
    }
    let cy = by + s.rows * CELL + 8;
    let _ = writeln!(
        out,
        "<svg x=\"{MARGIN}\" y=\"{cy}\" width=\"{}\" height=\"{line}\"><g class=\"counter\">",
        s.cols * CELL
    );
    for i in 0..=n {
        let _ = writeln!(
            out,
            "  <text x=\"0\" y=\"{}\" font-size=\"16\" fill=\"#333\">move {i} of {n}</text>",
            (i as f64) * line + 18.0
        );
    }
    out.push_str("</g></svg>\n</g>\n</svg>\n");
    out
}

/// A piece's body: one rounded square for a single cell; for a larger shape a square per
/// cell, joined where two cells of the piece touch.
fn body(p: &Piece, shape: &[(usize, usize)]) -> String {
    if shape.len() == 1 && shape[0] == (0, 0) {
        return format!("  <rect x=\"3\" y=\"3\" width=\"{w}\" height=\"{w}\" rx=\"8\" fill=\"{}\" stroke=\"#333\" stroke-width=\"1\"/>\n", p.colour, w = CELL - 6);
    }
    let has = |r: usize, c: usize| shape.contains(&(r, c));
    let mut out = String::new();
    for &(r, c) in shape {
        let left = if c > 0 && has(r, c - 1) { 0 } else { 3 };
        let top = if r > 0 && has(r - 1, c) { 0 } else { 3 };
        let right = if has(r, c + 1) { 0 } else { 3 };
        let bottom = if has(r + 1, c) { 0 } else { 3 };
        let (x, y) = (c * CELL + left, r * CELL + top);
        let (w, h) = (CELL - left - right, CELL - top - bottom);
        let _ = writeln!(out, "  <rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>", p.colour);
    }
    out
}

/// The drawing on a piece, kept to its upper-left corner and its middle band so that the
/// lower right of every piece shows its plain colour.
fn mark(p: &Piece) -> String {
    let (c, q) = (CELL as f64 / 2.0, CELL as f64 / 4.0);
    match p.mark {
        Mark::Number => format!("  <text x=\"10\" y=\"24\" font-size=\"18\" font-weight=\"bold\" fill=\"#1d1d1d\">{}</text>\n", xml(&p.label)),
        Mark::Plus => format!(
            "  <path d=\"M{a} {c} H{b} M{c} {a} V{b}\" stroke=\"#ffffff\" stroke-width=\"8\" stroke-linecap=\"round\"/>\n",
            a = q,
            b = CELL as f64 - q
        ),
        Mark::Horizontal => format!("  <path d=\"M{q} {c} H{b}\" stroke=\"#ffffff\" stroke-width=\"5\" marker-end=\"none\"/>\n", b = CELL as f64 - q),
        Mark::Vertical => format!("  <path d=\"M{c} {q} V{b}\" stroke=\"#ffffff\" stroke-width=\"5\"/>\n", b = CELL as f64 - q),
        Mark::Free => String::new(),
    }
}
