//! `emit` (write one horizon's encoding to a file) and `decode` (read it back with a
//! solver's answer, decode, replay, print).

use std::collections::HashMap;

use anyhow::{anyhow, Context};
use puzzlec_core::slide::moves_to_string;
use puzzlec_drive::slide::{self as drive_slide, SlideForm};
use puzzlec_encode::slide::SlideEncoding;
use puzzlec_ir::{
    parse_minisat_result, parse_sat_output, parse_smt_answer, Cnf, CnfModel, SatAnswer, SmtAnswer,
    SmtModel,
};
use puzzlec_solve::InputKind;
use serde_json::json;

use crate::args::{DecodeSlide, EmitSlide, Format};
use crate::exit::{bad_input, unknown, Code, Failure};
use crate::input;

/// Horizons above this make files of many gigabytes on large boards.
const MAX_HORIZON: usize = 400;

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
        bad_input(anyhow!(
            "encoding {} has no {kind} form (it offers {})",
            encoding.name(),
            drive_slide::forms_text(encoding)
        ))
    })?;
    let text = match form {
        SlideForm::Cnf(cnf) => cnf.to_dimacs(),
        SlideForm::Smt(script) => script.to_smt2(),
    };
    match &a.output {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("writing {}", path.display()))
            .map_err(bad_input)?,
        None => print!("{text}"),
    }
    Ok(Code::Solved)
}

/// The `puzzlec slide encoding=... size=RxC horizon=H` line every emitted file starts with.
fn header(text: &str) -> Option<HashMap<String, String>> {
    let line = text.lines().find(|l| l.contains("puzzlec slide "))?;
    let rest = &line[line.find("puzzlec slide ")? + "puzzlec slide ".len()..];
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
    let answer = input::read_text(&a.model)?;
    let shown = a.encoding.display().to_string();
    let fields = header(&encoded).ok_or_else(|| {
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
        return Err(bad_input(anyhow!(
            "{shown} encodes a {} board but the board given is {size}",
            fields.get("size").map_or("?", |s| s)
        )));
    }
    let source = format!("the answer in {}", a.model.display());
    let garbage = |reason: String| unknown(anyhow!("{source} is not a solver answer: {reason}"));
    let decoded = if encoded.lines().any(|l| l.trim_start().starts_with("p cnf")) {
        let cnf = Cnf::parse_dimacs(&encoded)
            .with_context(|| shown.clone())
            .map_err(bad_input)?;
        let first = answer
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("");
        let parsed = if ["SAT", "UNSAT", "INDET"].contains(&first) {
            parse_minisat_result(&answer)
        } else {
            parse_sat_output(&answer)
        };
        match parsed.map_err(|e| garbage(e.reason))? {
            SatAnswer::Sat(assignment) => drive_slide::decode(
                encoding,
                &CnfModel::new(cnf.names(), assignment),
                &start,
                horizon,
            ),
            SatAnswer::Unsat => return Ok(unsat(&a, horizon)),
            SatAnswer::Unknown => return Err(unknown(anyhow!("{source} says UNKNOWN"))),
        }
    } else {
        match parse_smt_answer(&answer).map_err(|e| garbage(e.reason))? {
            SmtAnswer::Sat(values) => {
                drive_slide::decode(encoding, &SmtModel { values }, &start, horizon)
            }
            SmtAnswer::Unsat => return Ok(unsat(&a, horizon)),
            SmtAnswer::Unknown => return Err(unknown(anyhow!("{source} says unknown"))),
        }
    };
    let solver = format!("({})", a.model.display());
    let plan = decoded.map_err(|e| unknown(anyhow!("{source} does not decode: {e}")))?;
    drive_slide::replay(&solver, &start, &goal, &plan, horizon).map_err(unknown)?;
    let moves = moves_to_string(&plan);
    if a.output.json {
        println!(
            "{}",
            json!({ "puzzle": "slide", "status": "solved", "encoding": encoding.name(), "horizon": horizon, "moves": moves, "length": plan.len() })
        );
    } else {
        print!("{start}");
        println!("decoded {} moves (replay-checked): {moves}", plan.len());
    }
    Ok(Code::Solved)
}

fn unsat(a: &DecodeSlide, horizon: usize) -> Code {
    if a.output.json {
        println!(
            "{}",
            json!({ "puzzle": "slide", "status": "no-solution", "horizon": horizon })
        );
    } else {
        println!("unsatisfiable: no plan of exactly {horizon} moves");
    }
    Code::NoSolution
}
