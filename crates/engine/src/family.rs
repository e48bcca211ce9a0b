//! What a benchmark family is made of: the request, and the labelled instances a puzzle
//! draws for it (the facade writes them as files with a manifest).

use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::request::{Instance, SolveOptions};

/// `family`: what to write (JSON too: `{"puzzle": "slide", "rows": 4, "cols": 4, "count": 10,
/// "seed": 1, "out": "dir"}`; the puzzle's own options beside `puzzle`).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct FamilyRequest {
    #[serde(flatten)]
    pub puzzle: Instance,
    /// Instances per family: each gives a SAT and an UNSAT file (fillings: one file each).
    pub count: usize,
    pub seed: u64,
    pub out: PathBuf,
    /// The command line that made it, written into every file.
    #[serde(default)]
    pub command: String,
}

/// A labelled instance before it is written: the instance, the horizon, the label and the
/// lines that describe it.
#[derive(Clone, Debug)]
pub struct Labelled {
    pub name: String,
    pub instance: Instance,
    /// `None` for fillings, which have no horizon.
    pub horizon: Option<usize>,
    pub sat: bool,
    pub optimum: Option<usize>,
    pub about: Vec<String>,
}

/// Both sides of the boundary: the optimum (SAT) and one horizon step below it (UNSAT). The
/// step is the puzzle's: 2 where plans of one instance all have the same parity (optimum - 1
/// would be refuted by parity alone), 1 where a horizon means "at most".
pub fn pair(name: &str, instance: Instance, opt: usize, step: usize, about: &[String]) -> Vec<Labelled> {
    let mut out = vec![Labelled {
        name: format!("{name}-h{opt}-sat"),
        instance: instance.clone(),
        horizon: Some(opt),
        sat: true,
        optimum: Some(opt),
        about: about.to_vec(),
    }];
    if opt >= step {
        out.push(Labelled {
            name: format!("{name}-h{}-unsat", opt - step),
            instance,
            horizon: Some(opt - step),
            sat: false,
            optimum: Some(opt),
            about: about.to_vec(),
        });
    }
    out
}

/// Whether the UNSAT side (one step below the optimum) is refuted by the puzzle's default CNF
/// encoding's own bound before any search (an empty clause): no benchmark for a solver, so
/// not written.
///
/// # Errors
/// As the puzzle's `emit`.
pub fn trivial(puzzle: &dyn crate::Puzzle, instance: &Instance, opt: usize, step: usize) -> Result<bool> {
    if opt < step {
        return Ok(true);
    }
    let format = crate::Form::Dimacs;
    let encoding = puzzle.default_encoding(format).map(str::to_owned);
    let emit = crate::EmitRequest { instance: instance.clone(), encoding, format, horizon: opt - step };
    Ok(puzzle.emit(&emit)?.lines().any(|l| l.trim() == "p cnf 0 1"))
}

/// The options that ask for the exact search (a family's optima).
pub fn by_search() -> SolveOptions {
    SolveOptions { solver: Some(puzzlec_solve::Solver::SEARCH_ID.to_owned()), ..SolveOptions::default() }
}

/// Parses a family's `ROWSxCOLS` (2 to 8 each).
///
/// # Errors
/// Anything else (bad input).
pub fn size(text: &str) -> Result<(usize, usize)> {
    let (r, c) = crate::files::size(text)?;
    if !(2..=8).contains(&r) || !(2..=8).contains(&c) {
        return Err(Error::bad_input(format!("--size {text}: sides from 2 to 8, e.g. 4x4")));
    }
    Ok((r, c))
}

/// The optimum an exact search's answer states, `None` when there is none.
///
/// # Errors
/// Unknown when the search gave up.
pub fn optimum(answer: &crate::Answer) -> Result<Option<usize>> {
    match answer.status {
        crate::Status::Solved if answer.optimal == Some(true) => Ok(answer.length),
        crate::Status::Unknown => {
            Err(Error::unknown(format!("the exact search gave up: {}", answer.detail.clone().unwrap_or_default())))
        }
        _ => Ok(None),
    }
}
