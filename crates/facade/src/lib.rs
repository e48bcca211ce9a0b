//! puzzlec as a library: one call per verb, from a request to an answer.
//!
//! Every front end (the CLI, batch runs, a portfolio, a service, bindings) calls these and
//! nothing below them, so the policy lives once: default solvers and encodings, lower and
//! upper bounds, which claims need which proof, and what counts as bad input.
//!
//! - [`solve`]: a [`Request`] in, an [`Answer`] out; progress arrives as [`Event`]s.
//! - [`emit`], [`decode`], [`verify`]: the other verbs of the CLI contract.
//! - [`Error::kind`] decides the exit code; [`Answer::exit_code`] does for answers.

pub mod answer;
pub mod batch;
pub mod certify;
mod choose;
pub mod env;
pub mod error;
pub mod event;
pub mod request;

pub use answer::{Answer, Solution, Status};
pub use env::Env;
pub use error::{Error, ErrorKind, Result};
pub use event::Event;
/// The intermediate forms: what `emit` writes and what a solver reads.
pub use puzzlec_solve::InputKind;
pub use request::{
    CrossInstance, CrossRequest, DecodeRequest, EmitRequest, HexInstance, HexRequest, Instance, Request, SlideInstance,
    SlideRequest, SolveOptions, VerifyRequest,
};

pub mod collect;
pub mod cross;
pub mod family;
pub mod files;
pub mod hex;
pub mod jobs;
mod jobs_scripts;
mod opinion;
pub mod portfolio;
pub mod prove;
pub mod recheck;
pub mod slide;
pub mod solvers;
pub mod svg;
pub mod text;

/// Solves one request: parse and check the instance, pick solver and encoding, search,
/// replay every solution through the reference model, and say what was proved.
///
/// # Errors
/// [`ErrorKind::BadInput`] for requests that are wrong; [`ErrorKind::Unknown`] when a solver
/// fails, lies or is missing. Limits reached are answers (status unknown), not errors.
pub fn solve(req: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    if let Some(ids) = portfolio::ids(req) {
        return portfolio::solve(req, &ids, env, on);
    }
    match req {
        Request::Slide(r) => slide::solve::solve(r, env, on),
        Request::Cross(r) => cross::solve(r, env, on),
        Request::Hex(r) => hex::solve(r, env, on),
    }
}

/// Writes one horizon (or the hexagon) as DIMACS or SMT-LIB2 text.
///
/// # Errors
/// Bad input for instances, names, horizons above the cap, or forms an encoding lacks.
pub fn emit(req: &EmitRequest) -> Result<String> {
    match &req.instance {
        Instance::Slide(i) => slide::emit(i, req),
        Instance::Cross(i) => cross::emit(i, req),
        Instance::Hex(i) => hex::emit(i, req),
    }
}

/// Reads a solver's answer to an emitted file, decodes it and replays it.
///
/// # Errors
/// Bad input for files that do not match the instance; unknown for answers that do not
/// decode or fail the replay.
pub fn decode(req: &DecodeRequest) -> Result<Answer> {
    match &req.instance {
        Instance::Slide(i) => slide::decode(i, req),
        Instance::Cross(i) => cross::decode(i, req),
        Instance::Hex(_) => hex::decode(req),
    }
}

/// Replays a plan strictly through the reference model.
///
/// # Errors
/// Bad input for instances or moves that do not parse.
pub fn verify(req: &VerifyRequest) -> Result<Answer> {
    match &req.instance {
        Instance::Slide(i) => slide::verify(i, req),
        Instance::Cross(i) => cross::verify(i, req),
        Instance::Hex(_) => Err(Error::bad_input("a magic hexagon has no moves to verify")),
    }
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
