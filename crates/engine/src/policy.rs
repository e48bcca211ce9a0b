//! The solve policy plan puzzles share, in one wording: what the exact search refuses (it
//! writes no formula, proves nothing a checker could read, and, for some puzzles, lists no
//! plans), and the cap on the longest plan a request may ask for.

use crate::error::{Error, Result};
use crate::request::SolveOptions;

/// The request's options the exact search cannot honour, refused: an encoding (it uses
/// none), `--certify` (its answers carry no proof), and `--all` unless it `enumerates`.
///
/// # Errors
/// Bad input naming the first such option and the way out.
pub fn search_refusals(options: &SolveOptions, enumerates: bool) -> Result<()> {
    if let Some(e) = &options.encoding {
        return Err(Error::bad_input(format!("--encoding {e} needs a SAT or SMT solver; the search solver uses none")));
    }
    if options.all && !enumerates {
        return Err(Error::bad_input("--all needs a SAT or SMT solver (e.g. --solver cadical)"));
    }
    if options.certify {
        return Err(Error::bad_input("--certify proves SAT solvers' UNSAT answers; the search solver gives none"));
    }
    Ok(())
}

/// The longest plan to climb to: the request's `--max-moves`, else `default`; at most `cap`,
/// since every horizon up to it is encoded and solved.
///
/// # Errors
/// Bad input naming the cap.
pub fn max_moves(requested: Option<usize>, default: usize, cap: usize) -> Result<usize> {
    let max = requested.unwrap_or(default);
    if max > cap {
        return Err(Error::bad_input(format!(
            "--max-moves {max}: at most {cap} (every horizon up to it is encoded and solved)"
        )));
    }
    Ok(max)
}
