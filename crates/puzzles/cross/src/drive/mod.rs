//! The cross slider through an encoding and a backend: encode one horizon, solve, decode the
//! actions, replay on the reference model. Also every shortest plan, by enumeration.

pub mod equivalence;

use std::time::{Duration, Instant};

use crate::encodings::CrossEncoding;
use crate::rules::{replay, CrossPuzzle};
use puzzlec_core::Move;
use puzzlec_ir::{Cnf, Model};
use puzzlec_solve::{Backend, Form, Outcome};

use puzzlec_drive::enumerate::{enumerate, Enumeration};
use puzzlec_drive::{DriveError, Formula};

/// The header line that lets `decode cross` rebuild the context.
pub fn header(encoding: &dyn CrossEncoding, p: &CrossPuzzle, horizon: usize) -> String {
    format!(
        "puzzlec cross encoding={} size={}x{} cross={},{} empty={},{} target={},{} horizon={horizon}",
        encoding.name(),
        p.rows,
        p.cols,
        p.cross.0 + 1,
        p.cross.1 + 1,
        p.empty.0 + 1,
        p.empty.1 + 1,
        p.target.0 + 1,
        p.target.1 + 1
    )
}

/// Encodes exactly `horizon` moves in the form `input`, if the encoding has that form.
pub fn encode(encoding: &dyn CrossEncoding, p: &CrossPuzzle, horizon: usize, input: Form) -> Option<Formula> {
    if !encoding.writes(input) {
        return None;
    }
    Some(if encoding.writes(puzzlec_ir::Form::Dimacs) {
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
    encoding: &dyn CrossEncoding,
    solver: &str,
    p: &CrossPuzzle,
    model: &dyn Model,
    horizon: usize,
) -> Result<Vec<Move>, DriveError> {
    let plan =
        encoding.decode(model, horizon).map_err(|source| DriveError::Decode { solver: solver.to_owned(), source })?;
    replay(p, &plan).map_err(|e| DriveError::Replay { solver: solver.to_owned(), detail: e.to_string() })?;
    Ok(plan)
}

/// The formula of one horizon for `backend`, abandoned at `deadline` or at the clause cap
/// ([`puzzlec_drive::build_capped`]).
fn form_for(
    encoding: &dyn CrossEncoding,
    backend: &Backend,
    p: &CrossPuzzle,
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
    encoding: &dyn CrossEncoding,
    backend: &Backend,
    p: &CrossPuzzle,
    horizon: usize,
    limit: Duration,
) -> Result<Outcome<Vec<Move>>, DriveError> {
    let started = Instant::now();
    let form = form_for(encoding, backend, p, horizon, Some(started + limit))?;
    if form.too_large() {
        return Ok(Outcome::Unknown(puzzlec_drive::too_large_words(encoding.name(), horizon)));
    }
    puzzlec_drive::probe(backend, &form, (started, limit), |m| decode_checked(encoding, backend.id(), p, m, horizon))
}

/// Every plan of exactly `horizon` moves (all shortest ones when `horizon` is the optimum).
///
/// # Errors
/// As [`probe`].
pub fn all_plans(
    encoding: &dyn CrossEncoding,
    backend: &Backend,
    p: &CrossPuzzle,
    horizon: usize,
    deadline: Option<Instant>,
    max: usize,
    found: &mut dyn FnMut(usize),
) -> Result<Enumeration<Vec<Move>>, DriveError> {
    let form = form_for(encoding, backend, p, horizon, deadline)?;
    if let Some(cut) = puzzlec_drive::cut_short(&form, encoding.name(), horizon) {
        return Ok(cut);
    }
    let solver = backend.id().to_owned();
    enumerate(
        backend,
        form,
        deadline,
        puzzlec_drive::enumerate::Settings { max: Some(max), ..Default::default() },
        |m| decode_checked(encoding, &solver, p, m, horizon),
        |plan| encoding.blocking(plan),
        found,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{relaxed_distances, shortest_solutions, CrossSearch};
    use puzzlec_drive::horizon::{shortest, Horizons, Shortest};

    /// Optimum and every shortest plan through an encoding and backend.
    fn via(encoding: &dyn CrossEncoding, backend: &Backend, p: &CrossPuzzle) -> (usize, Vec<Vec<Move>>) {
        let n = p.cells();
        let lb = relaxed_distances(p)[p.index(p.cross) * n + p.index(p.empty)] as usize;
        let h = Horizons { lower_bound: lb, step: 2, max: 40, deadline: None };
        let Shortest::Found { horizon, optimal: true, .. } =
            shortest(h, |k, limit| probe(encoding, backend, p, k, limit), |_| {}).unwrap()
        else {
            panic!("{p:?}: no optimum")
        };
        let all = all_plans(encoding, backend, p, horizon, None, usize::MAX, &mut |_| {}).unwrap();
        assert!(all.complete);
        let mut plans = all.solutions;
        plans.sort();
        (horizon, plans)
    }

    fn oracle(p: &CrossPuzzle) -> (usize, Vec<Vec<Move>>) {
        let CrossSearch::Found { length, mut solutions, complete: true } = shortest_solutions(p, 40, usize::MAX, None)
        else {
            panic!("{p:?}: oracle found nothing")
        };
        solutions.sort();
        (length, solutions)
    }

    fn instances() -> Vec<CrossPuzzle> {
        let mut out = Vec::new();
        for (rows, cols) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
            let last = (rows - 1, cols - 1);
            let choices = [
                ((0, 0), last, last),
                ((0, 0), (0, cols - 1), last),
                ((rows - 1, 0), (0, 0), (0, cols - 1)),
                ((1, 1), last, (0, 0)),
                ((0, 1), (1, 1), (rows - 1, 1)),
            ];
            for (cross, empty, target) in choices {
                out.push(CrossPuzzle::new(rows, cols, cross, empty, target).unwrap());
            }
        }
        out
    }

    #[test]
    fn sat_optimum_and_every_shortest_plan_match_the_oracle() {
        let cadical = Backend::embedded_sat();
        for p in instances() {
            assert_eq!(via(&crate::encodings::sat::Sat, &cadical, &p), oracle(&p), "{p:?}");
        }
    }

    #[test]
    fn smt_through_linked_z3_matches_the_oracle_on_3x3() {
        let z3 = Backend::from(puzzlec_solve::linked_z3::LinkedZ3);
        for p in instances().into_iter().filter(|p| p.rows == 3 && p.cols == 3) {
            assert_eq!(via(&crate::encodings::smt::Smt, &z3, &p), oracle(&p), "{p:?}");
        }
    }

    #[test]
    fn fixed_orientations_are_respected() {
        // Fix the piece the seed's first move uses horizontal: the optimum must avoid it.
        let mut p = CrossPuzzle::new(3, 3, (0, 0), (2, 2), (2, 2)).unwrap();
        let i = p.index((1, 2));
        p.fixed[i] = crate::rules::Orientation::Horizontal;
        let cadical = Backend::embedded_sat();
        assert_eq!(via(&crate::encodings::sat::Sat, &cadical, &p), oracle(&p));
    }
}
