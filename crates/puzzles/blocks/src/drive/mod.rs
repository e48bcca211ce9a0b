//! Sliding blocks through an encoding and a backend: encode one horizon, solve, decode the
//! anchors into moves, replay on the rules. Also every shortest plan, by enumeration.

pub mod equivalence;
pub mod layers;
pub mod live;

use std::time::{Duration, Instant};

use crate::encodings::{plan_of, BlocksEncoding};
use crate::rules::{replay, BlockMove, BlocksPuzzle};
use puzzlec_ir::{Cnf, Model};
use puzzlec_solve::{Backend, Form, Outcome};

use puzzlec_drive::enumerate::{enumerate, Enumeration};
use puzzlec_drive::{DriveError, Formula};

/// The header line that lets `decode blocks` check the instance: the board (rows joined by
/// `/`), the axes, the goals and the metric.
pub fn header(encoding: &dyn BlocksEncoding, p: &BlocksPuzzle, horizon: usize) -> String {
    let rows = p.board.drawing(&p.start().anchors).join("/");
    let axes: String = p
        .board
        .pieces
        .iter()
        .map(|q| match q.axis {
            crate::rules::Axis::Free => '+',
            crate::rules::Axis::Horizontal => '-',
            crate::rules::Axis::Vertical => '|',
        })
        .collect();
    format!(
        "puzzlec blocks encoding={} metric={} board={rows} axes={axes} goals={} horizon={horizon}",
        encoding.name(),
        p.metric.name(),
        p.goals_text().replace(' ', ";"),
    )
}

/// Encodes at most `horizon` moves in the form `input`, if the encoding has that form.
pub fn encode(encoding: &dyn BlocksEncoding, p: &BlocksPuzzle, horizon: usize, input: Form) -> Option<Formula> {
    if !encoding.writes(input) {
        return None;
    }
    Some(if encoding.writes(Form::Dimacs) {
        let mut cnf = Cnf::new();
        cnf.comment(header(encoding, p, horizon));
        encoding.write_cnf(p, horizon, &mut cnf);
        Formula::Cnf(cnf)
    } else {
        let mut script = encoding.smt(p, horizon);
        script.comment(header(encoding, p, horizon));
        Formula::Smt(Box::new(script))
    })
}

/// Decodes and replays one model.
///
/// # Errors
/// Undecodable models and plans that fail replay, naming the solver.
pub fn decode_checked(
    encoding: &dyn BlocksEncoding,
    solver: &str,
    p: &BlocksPuzzle,
    model: &dyn Model,
    horizon: usize,
) -> Result<Vec<BlockMove>, DriveError> {
    checked_plan(solver, p, encoding.anchors(p, model, horizon))
}

/// The plan behind decoded anchors, replayed through the rules.
///
/// # Errors
/// Undecodable anchors and plans that fail replay, naming the solver.
pub fn checked_plan(
    solver: &str,
    p: &BlocksPuzzle,
    steps: Result<Vec<Vec<usize>>, puzzlec_encode::DecodeError>,
) -> Result<Vec<BlockMove>, DriveError> {
    let decode = |source| DriveError::Decode { solver: solver.to_owned(), source };
    let plan = plan_of(p, &steps.map_err(decode)?).map_err(decode)?;
    replay(p, &plan).map_err(|e| DriveError::Replay { solver: solver.to_owned(), detail: e.to_string() })?;
    Ok(plan)
}

/// The formula of one horizon for `backend`, abandoned at `deadline` or at the clause cap
/// ([`puzzlec_drive::build_capped`]).
fn form_for(
    encoding: &dyn BlocksEncoding,
    backend: &Backend,
    p: &BlocksPuzzle,
    horizon: usize,
    deadline: Option<Instant>,
) -> Result<Formula, DriveError> {
    puzzlec_drive::build_capped(deadline, || encode(encoding, p, horizon, backend.form()))
        .ok_or_else(|| DriveError::Solve(backend.wrong_input(&encoding.forms_text())))
}

/// Encodes, solves, decodes and replays one horizon.
///
/// # Errors
/// Solver failures, undecodable models, plans that fail replay.
pub fn probe(
    encoding: &dyn BlocksEncoding,
    backend: &Backend,
    p: &BlocksPuzzle,
    horizon: usize,
    limit: Duration,
) -> Result<Outcome<Vec<BlockMove>>, DriveError> {
    let started = Instant::now();
    let form = form_for(encoding, backend, p, horizon, Some(started + limit))?;
    if form.too_large() {
        return Ok(Outcome::Unknown(puzzlec_drive::too_large_words(encoding.name(), horizon)));
    }
    puzzlec_drive::probe(backend, &form, (started, limit), |m| decode_checked(encoding, backend.id(), p, m, horizon))
}

/// Every plan of at most `horizon` moves (every shortest one when `horizon` is the optimum),
/// one per sequence of (piece, destination): paths to one destination count once.
///
/// # Errors
/// As [`probe`].
pub fn all_plans(
    encoding: &dyn BlocksEncoding,
    backend: &Backend,
    p: &BlocksPuzzle,
    horizon: usize,
    deadline: Option<Instant>,
    found: &mut dyn FnMut(usize),
) -> Result<Enumeration<Vec<BlockMove>>, DriveError> {
    let form = form_for(encoding, backend, p, horizon, deadline)?;
    if let Some(cut) = puzzlec_drive::cut_short(&form, encoding.name(), horizon) {
        return Ok(cut);
    }
    let solver = backend.id().to_owned();
    enumerate(
        backend,
        form,
        deadline,
        puzzlec_drive::enumerate::Settings::default(),
        |m| decode_checked(encoding, &solver, p, m, horizon),
        |plan| encoding.blocking(p, plan),
        found,
    )
}

#[cfg(test)]
mod tests;
