//! What `emit` and `decode` share across puzzles: the horizon cap, the form a format names,
//! the header line of emitted files, and reading a solver's answer against the emitted text.

use std::collections::HashMap;

use puzzlec_drive::AnyModel;
use puzzlec_ir::{parse_minisat_result, parse_sat_output, parse_smt_answer, Answers, Cnf, CnfModel, Outcome, SmtModel};

use crate::error::{Error, Result};
use crate::request::DecodeRequest;

/// Horizons above this make files of many gigabytes on large boards.
pub const MAX_HORIZON: usize = 400;

/// Rejects horizons above [`MAX_HORIZON`].
///
/// # Errors
/// Bad input naming the cap.
pub fn check_horizon(horizon: usize) -> Result<()> {
    if horizon > MAX_HORIZON {
        return Err(Error::bad_input(format!("--horizon {horizon} is above the supported {MAX_HORIZON}")));
    }
    Ok(())
}

/// The `puzzlec PUZZLE key=value ...` line every emitted file starts with, as a map.
///
/// # Errors
/// Bad input when the file has no such line (it was not written by `emit PUZZLE`).
pub fn header_fields(req: &DecodeRequest, puzzle: &str) -> Result<HashMap<String, String>> {
    let tag = format!("puzzlec {puzzle} ");
    let line = req.encoded.lines().take(5).find(|l| l.contains(&tag)).ok_or_else(|| {
        Error::bad_input(format!(
            "{} has no `puzzlec {puzzle}` header line: was it written by `puzzlec emit {puzzle}`?",
            req.encoded_origin
        ))
    })?;
    let rest = &line[line.find(&tag).map_or(0, |i| i + tag.len())..];
    Ok(rest.split_whitespace().filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_owned(), v.to_owned())).collect())
}

/// Refuses a file whose `puzzlec PUZZLE` line is not `expected`, the line the request's
/// instance options would have written: the model would be read against another instance.
///
/// # Errors
/// Bad input naming the file and the line expected.
pub fn check_header(req: &DecodeRequest, expected: &str) -> Result<()> {
    if req.encoded.lines().any(|l| l.trim_start_matches(['c', ';', ' ']) == expected) {
        return Ok(());
    }
    Err(Error::bad_input(format!(
        "{} encodes another instance than the options describe (expected `{expected}`)",
        req.encoded_origin
    )))
}

/// One header field.
///
/// # Errors
/// Bad input when it is missing.
pub fn field<'a>(fields: &'a HashMap<String, String>, req: &DecodeRequest, key: &str) -> Result<&'a str> {
    fields
        .get(key)
        .map(String::as_str)
        .ok_or_else(|| Error::bad_input(format!("{}: the header has no {key}", req.encoded_origin)))
}

/// The header's horizon.
///
/// # Errors
/// Bad input when it is missing or not a number.
pub fn horizon(fields: &HashMap<String, String>, req: &DecodeRequest) -> Result<usize> {
    field(fields, req, "horizon")?
        .parse()
        .map_err(|_| Error::bad_input(format!("{}: the header's horizon is not a number", req.encoded_origin)))
}

/// The model in the answer, read as the emitted file's form; `None` when it says UNSAT.
///
/// # Errors
/// A broken emitted file is bad input; an answer that is not one, or says unknown, is unknown.
pub fn read_model(req: &DecodeRequest) -> Result<Option<AnyModel>> {
    let source = format!("the answer in {}", req.answer_origin);
    let garbage = |reason: String| Error::unknown(format!("{source} is not a solver answer: {reason}"));
    if req.encoded.lines().any(|l| l.trim_start().starts_with("p cnf")) {
        let cnf = Cnf::parse_dimacs(&req.encoded)
            .map_err(|e| Error::bad_input(format!("the emitted DIMACS file {}: {e}", req.encoded_origin)))?;
        let answers = req.answers.unwrap_or_else(|| Answers::of_dimacs_text(&req.answer));
        let parsed = match answers {
            Answers::ResultFile => parse_minisat_result(&req.answer),
            _ => parse_sat_output(&req.answer),
        };
        match parsed.map_err(|e| garbage(e.reason))? {
            Outcome::Sat(assignment) => Ok(Some(AnyModel::Cnf(CnfModel::new(cnf.names(), assignment)))),
            Outcome::Unsat => Ok(None),
            Outcome::Unknown(_) => Err(Error::unknown(format!("{source} says UNKNOWN"))),
        }
    } else {
        match parse_smt_answer(&req.answer).map_err(|e| garbage(e.reason))? {
            Outcome::Sat(values) => Ok(Some(AnyModel::Smt(SmtModel { values }))),
            Outcome::Unsat => Ok(None),
            Outcome::Unknown(_) => Err(Error::unknown(format!("{source} says unknown"))),
        }
    }
}

/// Parses `ROWSxCOLS` (`5x5`, `3X4`); the one size parser. Which sides a puzzle takes is the
/// caller's to check.
///
/// # Errors
/// Anything else (bad input naming `--size`).
pub fn size(text: &str) -> crate::Result<(usize, usize)> {
    let parse = || -> Option<(usize, usize)> {
        let (r, c) = text.trim().split_once(['x', 'X'])?;
        Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
    };
    parse().ok_or_else(|| crate::Error::bad_input(format!("--size {text:?}: expected ROWSxCOLS, e.g. 5x5")))
}
