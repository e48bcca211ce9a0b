//! A level drawn from the game's own sprites and colours, and its plan animated one input at
//! a time: the start, then the level after each input (with its `again` turns), then a
//! pause, then again from the start. Each object's 5x5 sprite is defined once; a frame
//! redraws only the cells that differ from the start, whole (background first), so the file
//! stays small. Frames are addressable (`#input-K`, `#start`).

use std::fmt::Write as _;

use puzzlec_engine::draw::{xml, MAX_MOVES};
use puzzlec_engine::{Answer, Error, Result};

use crate::lang::{bits, Entry, Game};
use crate::request::PuzzleScriptInstance;
use crate::run::{Session, Step};
use crate::{game, judge};

/// Pixels of one sprite pixel, and seconds per frame.
const PIXEL: usize = 6;
const FRAME: f64 = 0.25;

/// The colours of the default palette (arnecolors), the names every palette shares.
const ARNE: [(&str, &str); 24] = [
    ("black", "#000000"),
    ("white", "#FFFFFF"),
    ("grey", "#9d9d9d"),
    ("darkgrey", "#697175"),
    ("lightgrey", "#cccccc"),
    ("gray", "#9d9d9d"),
    ("darkgray", "#697175"),
    ("lightgray", "#cccccc"),
    ("red", "#be2633"),
    ("darkred", "#732930"),
    ("lightred", "#e06f8b"),
    ("brown", "#a46422"),
    ("darkbrown", "#493c2b"),
    ("lightbrown", "#eeb62f"),
    ("orange", "#eb8931"),
    ("yellow", "#f7e26b"),
    ("green", "#44891a"),
    ("darkgreen", "#2f484e"),
    ("lightgreen", "#a3ce27"),
    ("blue", "#1d57f7"),
    ("lightblue", "#B2DCEF"),
    ("darkblue", "#1B2632"),
    ("purple", "#342a97"),
    ("pink", "#de65e2"),
];

/// A colour as SVG takes it (`None`: transparent).
fn colour(name: &str) -> Option<String> {
    if name == "transparent" {
        return None;
    }
    if name.starts_with('#') {
        return Some(name.to_string());
    }
    Some(ARNE.iter().find(|(n, _)| *n == name).map_or("#ff00ff", |c| c.1).to_string())
}

/// The animated SVG of a single level's answer.
///
/// # Errors
/// Bad input for an answer of every level, one without a plan, or a plan that does not
/// replay.
pub fn render(instance: &PuzzleScriptInstance, answer: &Answer) -> Result<String> {
    let n = instance.level.ok_or_else(|| Error::bad_input("--svg draws one level: give --level N"))?;
    let game = game::load(&instance.file)?;
    let index = game::entry(&game, n)?;
    let plan = match answer.moves.as_deref() {
        Some(m) => judge::parse(m).map_err(|e| Error::bad_input(format!("--svg: {e}")))?,
        None => Vec::new(),
    };
    if plan.len() > MAX_MOVES {
        return Err(Error::bad_input(format!(
            "--svg: the plan has {} inputs; an SVG animates at most {MAX_MOVES}",
            plan.len()
        )));
    }
    let Some(Entry::Level(board)) = game.levels.get(index) else { return Err(Error::bad_input("not a level")) };
    let mut s = Session::new(&game, index).ok_or_else(|| Error::bad_input("the game has no level"))?;
    s.keep_undo = false;
    let mut frames = vec![s.level.cells.clone()];
    for &input in &plan {
        s.step(Step::Input(input));
        frames.push(s.won_level.take().unwrap_or_else(|| s.level.cells.clone()));
        if s.wins > 0 {
            break;
        }
    }
    let title = format!(
        "{} level {n}{}",
        game.meta("title").unwrap_or("PuzzleScript"),
        if plan.is_empty() { String::new() } else { format!(": {} inputs {}", plan.len(), judge::letters(&plan)) }
    );
    Ok(svg(&game, board.width, board.height, &frames, &title))
}

fn svg(game: &Game, w: usize, h: usize, frames: &[Vec<u64>], title: &str) -> String {
    let cell = 5 * PIXEL;
    let (width, height) = (w * cell, h * cell + 40);
    let mut out = String::new();
    let _ = writeln!(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">");
    let _ = writeln!(out, "<title>{}</title>\n<rect width=\"{width}\" height=\"{height}\" fill=\"#000\"/>", xml(title));
    out.push_str("<defs>\n");
    for (id, o) in game.objects.iter().enumerate() {
        let _ = write!(out, "<g id=\"o{id}\" data-object=\"{}\">", xml(&o.name));
        for (y, row) in o.sprite.iter().enumerate().take(5) {
            for (x, px) in row.iter().enumerate().take(5) {
                if let Some(c) = px.and_then(|i| o.colors.get(i as usize)).and_then(|c| colour(c)) {
                    let _ = write!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{PIXEL}\" height=\"{PIXEL}\" fill=\"{c}\"/>",
                        x * PIXEL,
                        y * PIXEL
                    );
                }
            }
        }
        out.push_str("</g>\n");
    }
    out.push_str("</defs>\n");
    let ow = game.object_words;
    let draw_cell = |out: &mut String, cells: &[u64], i: usize| {
        let (x, y) = ((i / h) * cell, (i % h) * cell + 40);
        let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"#000\"/>");
        for id in bits::ones(&cells[i * ow..(i + 1) * ow]).filter(|&id| id < game.objects.len()) {
            let _ = write!(out, "<use xlink:href=\"#o{id}\" x=\"{x}\" y=\"{y}\"/>");
        }
    };
    out.push_str("<g id=\"start\">");
    for i in 0..w * h {
        draw_cell(&mut out, &frames[0], i);
    }
    out.push_str("</g>\n");
    // Each frame is shown for its share of the loop (the last one longer), hidden otherwise.
    let count = frames.len() + 3;
    let total = count as f64 * FRAME;
    for (k, f) in frames.iter().enumerate().skip(1) {
        let (from, to) =
            (k as f64 / count as f64, if k + 1 == frames.len() { 1.0 } else { (k + 1) as f64 / count as f64 });
        let _ = write!(out, "<g id=\"input-{k}\" visibility=\"hidden\"><animate attributeName=\"visibility\" values=\"hidden;visible;hidden\" keyTimes=\"0;{from:.5};{to:.5}\" dur=\"{total:.2}s\" calcMode=\"discrete\" repeatCount=\"indefinite\"/>");
        for i in (0..w * h).filter(|&i| f[i * ow..(i + 1) * ow] != frames[0][i * ow..(i + 1) * ow]) {
            draw_cell(&mut out, f, i);
        }
        out.push_str("</g>\n");
    }
    let _ = writeln!(
        out,
        "<text x=\"8\" y=\"26\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#fff\">{}</text>\n</svg>",
        xml(title)
    );
    out
}
