//! `emit slide` (write one horizon's encoding to a file) and `decode slide` (read it back with
//! a solver's answer, decode, replay, print); the helpers every puzzle's emit/decode share.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{anyhow, Context};
use puzzlec_core::slide::moves_to_string;
use puzzlec_drive::slide as drive_slide;
use puzzlec_encode::slide::SlideEncoding;
use puzzlec_solve::InputKind;
use serde_json::json;

use crate::args::{DecodeSlide, EmitSlide, Format};
use crate::exit::{bad_input, unknown, Code, Failure};
use crate::input;

/// Horizons above this make files of many gigabytes on large boards.
pub const MAX_HORIZON: usize = 400;

pub fn emit_slide(a: EmitSlide) -> Result<Code, Failure> {
    let (start, goal) = input::slide_boards(&a.input)?;
    let encoding = SlideEncoding::from_name(&a.encoding)
        .ok_or_else(|| bad_input(anyhow!("unknown encoding {:?} for slide", a.encoding)))?;
    if a.horizon > MAX_HORIZON {
        return Err(bad_input(anyhow!(
            "--horizon {} is above the supported {MAX_HORIZON}",
            a.horizon
        )));
    }
    let kind = match a.format {
        Format::Smt2 => InputKind::Smt2,
        Format::Dimacs => InputKind::Dimacs,
    };
    let form = drive_slide::encode(encoding, &start, &goal, a.horizon, kind).ok_or_else(|| {
        let offers = drive_slide::forms_text(encoding);
        bad_input(anyhow!(
            "encoding {} has no {kind} form (it offers {offers})",
            encoding.name()
        ))
    })?;
    write_output(a.output.as_deref(), &form.to_text())
}

/// Writes emitted text to `-o FILE` or standard output.
pub fn write_output(path: Option<&Path>, text: &str) -> Result<Code, Failure> {
    match path {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("writing {}", path.display()))
            .map_err(bad_input)?,
        None => print!("{text}"),
    }
    Ok(Code::Solved)
}

/// The `puzzlec PUZZLE key=value ...` line every emitted file starts with, as a map.
pub fn header_fields(text: &str, puzzle: &str) -> Option<HashMap<String, String>> {
    let tag = format!("puzzlec {puzzle} ");
    let line = text.lines().take(5).find(|l| l.contains(&tag))?;
    let rest = &line[line.find(&tag)? + tag.len()..];
    Some(
        rest.split_whitespace()
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect(),
    )
}

pub fn decode_slide(a: DecodeSlide) -> Result<Code, Failure> {
    let (start, goal) = input::slide_boards(&a.input)?;
    let encoded = input::read_text(&a.encoding)?;
    let shown = a.encoding.display().to_string();
    let fields = header_fields(&encoded, "slide").ok_or_else(|| {
        bad_input(anyhow!(
            "{shown} has no `puzzlec slide` header line: was it written by `puzzlec emit slide`?"
        ))
    })?;
    let encoding = fields
        .get("encoding")
        .and_then(|e| SlideEncoding::from_name(e))
        .ok_or_else(|| bad_input(anyhow!("{shown}: the header names no known encoding")))?;
    let horizon: usize = fields
        .get("horizon")
        .and_then(|h| h.parse().ok())
        .ok_or_else(|| bad_input(anyhow!("{shown}: the header has no horizon")))?;
    let size = format!("{}x{}", start.rows(), start.cols());
    if fields.get("size") != Some(&size) {
        let theirs = fields.get("size").map_or("?", |s| s);
        return Err(bad_input(anyhow!(
            "{shown} encodes a {theirs} board but the board given is {size}"
        )));
    }
    let Some(model) = crate::answer::read_model(&encoded, &a.model)? else {
        let v = json!({ "puzzle": "slide", "status": "no-solution", "horizon": horizon });
        let text = format!("unsatisfiable: no plan of exactly {horizon} moves");
        return Ok(crate::report::decoded_unsat(a.output, v, &text));
    };
    let source = format!("the answer in {}", a.model.display());
    let plan = drive_slide::decode(encoding, &model, &start, horizon)
        .map_err(|e| unknown(anyhow!("{source} does not decode: {e}")))?;
    drive_slide::replay(&format!("({})", a.model.display()), &start, &goal, &plan, horizon).map_err(unknown)?;
    let moves = moves_to_string(&plan);
    if a.output.json {
        let v = json!({ "puzzle": "slide", "status": "solved", "encoding": encoding.name(), "horizon": horizon,
                        "moves": moves, "length": plan.len() });
        println!("{v}");
    } else {
        print!("{start}");
        println!("decoded {} moves (replay-checked): {moves}", plan.len());
    }
    Ok(Code::Solved)
}
