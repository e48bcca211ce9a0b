//! puzzlec as a library: one call per verb, from a request to an answer.
//!
//! Every front end (the CLI, batch runs, a portfolio, a service, bindings) calls these and
//! nothing below them, so the policy lives once: which puzzle answers a request (the
//! [`registry`]), default solvers and encodings (each puzzle's, as data), which claims need
//! which proof, and what counts as bad input.
//!
//! - [`solve`]: a [`Request`] in, an [`Answer`] out; progress arrives as [`Event`]s.
//! - [`emit`], [`decode`], [`verify`]: the other verbs of the CLI contract.
//! - [`Error::kind`] decides the exit code; [`Answer::exit_code`] does for answers.

pub use puzzlec_core::tuning;
pub use puzzlec_engine::{answer, certify, env, error, event, files, options, request};
pub use puzzlec_engine::{
    Answer, DecodeRequest, EmitRequest, Env, Error, ErrorKind, Event, Fields, Form, Instance, Kind, Puzzle, Request,
    Result, Solution, SolveOptions, Status, VerifyRequest,
};

pub mod batch;
pub mod collect;
pub mod family;
pub mod jobs;
mod jobs_scripts;
pub mod portfolio;
pub mod prove;
pub mod recheck;
pub mod registry;
pub mod solvers;
pub mod text;

/// Solves one request: parse and check the instance, pick solver and encoding, search,
/// replay every solution through the reference model, and say what was proved.
///
/// # Errors
/// [`ErrorKind::BadInput`] for requests that are wrong; [`ErrorKind::Unknown`] when a solver
/// fails, lies or is missing. Limits reached are answers (status unknown), not errors.
pub fn solve(req: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    let puzzle = registry::lookup(&req.puzzle)?;
    if let Some(ids) = portfolio::ids(req) {
        return portfolio::solve(req, &ids, env, on);
    }
    puzzle.solve(req, env, on)
}

/// Writes one horizon (or a whole filling puzzle) as DIMACS or SMT-LIB2 text.
///
/// # Errors
/// Bad input for instances, names, horizons above the cap, or forms an encoding lacks.
pub fn emit(req: &EmitRequest) -> Result<String> {
    registry::lookup(&req.instance.puzzle)?.emit(req)
}

/// [`emit`], the text also written to `out` when given.
///
/// # Errors
/// As [`emit`], and bad input when the file cannot be written.
pub fn emit_to(req: &EmitRequest, out: Option<&std::path::Path>) -> Result<String> {
    let text = emit(req)?;
    if let Some(path) = out {
        std::fs::write(path, &text).map_err(|e| Error::bad_input(format!("writing {}: {e}", path.display())))?;
    }
    Ok(text)
}

/// `emit --json`: one object naming what was written: the file and its size, or the text.
pub fn emitted(request: &EmitRequest, text: &str, out: Option<&std::path::Path>) -> serde_json::Value {
    let mut v = serde_json::json!({
        "puzzle": request.instance.puzzle,
        "format": request.format,
        "bytes": text.len(),
        "status": "emitted",
    });
    if let Some(encoding) = &request.encoding {
        v["encoding"] = encoding.as_str().into();
    }
    if request.horizon > 0 {
        v["horizon"] = request.horizon.into();
    }
    match out {
        Some(path) => v["file"] = path.display().to_string().into(),
        None => v["text"] = text.into(),
    }
    v
}

/// Reads a solver's answer to an emitted file, decodes it and replays it.
///
/// # Errors
/// Bad input for files that do not match the instance; unknown for answers that do not
/// decode or fail the replay.
pub fn decode(req: &DecodeRequest) -> Result<Answer> {
    registry::lookup(&req.instance.puzzle)?.decode(req)
}

/// Replays a plan strictly through the reference model.
///
/// # Errors
/// Bad input for instances or moves that do not parse, or a puzzle without moves.
pub fn verify(req: &VerifyRequest) -> Result<Answer> {
    registry::lookup(&req.instance.puzzle)?.verify(req)
}

/// The SVG of `answer` to a request about `instance`.
///
/// # Errors
/// Bad input when the answer has nothing to draw (no plan, no filling).
pub fn draw(instance: &Instance, answer: &Answer) -> Result<String> {
    registry::lookup(&instance.puzzle)?.draw(instance, answer)
}

/// `--svg FILE`: draws a solved or valid answer into `path`; false (nothing written) for an
/// answer with no plan or filling to draw.
///
/// # Errors
/// As [`draw`], and bad input when the file cannot be written.
pub fn draw_to(path: &std::path::Path, instance: &Instance, answer: &Answer) -> Result<bool> {
    if answer.exit_code() != 0 {
        return Ok(false);
    }
    let svg = draw(instance, answer)?;
    std::fs::write(path, svg).map_err(|e| Error::bad_input(format!("writing {}: {e}", path.display())))?;
    Ok(true)
}

/// Asks every run of this process to stop (Ctrl-C, SIGTERM): searches, the embedded
/// solvers and every external process notice within moments, clean up after themselves and
/// return; answers then say "interrupted" and a front end exits 130. Call it from a signal
/// handler; it only sets a flag.
pub fn interrupt() {
    puzzlec_core::stop::interrupt();
}

/// True once [`interrupt`] was called.
pub fn interrupted() -> bool {
    puzzlec_core::stop::interrupted()
}

/// Lets runs start again after an [`interrupt`]: for a front end that lives on after one
/// (a Python session), once every interrupted run has returned and [`sweep`] has run.
pub fn resume() {
    puzzlec_core::stop::resume();
}

/// Kills every process in flight (their whole groups, and anything they started) and
/// removes their temporary folders: for a front end about to exit without waiting for the
/// runs to end by themselves.
pub fn kill_everything() {
    puzzlec_solve::runner::stop_all();
}

/// Kills any process this one started that is somehow still alive; a front end calls it
/// before it exits.
pub fn sweep() {
    puzzlec_solve::runner::sweep();
}
