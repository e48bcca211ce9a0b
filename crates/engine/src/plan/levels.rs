//! A request that names several instances (every level of a file): each solved in turn with
//! the whole time limit, a row each under `levels`, and an answer that says solved only when
//! every level was.

use std::time::Instant;

use super::{PlanPuzzle, PlanRequest};
use crate::answer::{Answer, Status};
use crate::env::Env;
use crate::error::{ErrorKind, Result};
use crate::event::Event;
use crate::Request;

/// Solves every one of `levels` in turn.
///
/// # Errors
/// Bad input in a level (the request or the file is wrong); a level whose solver fails or
/// lies is a row of its own instead.
pub(super) fn solve<P: PlanPuzzle>(
    levels: Vec<P::Fields>,
    req: &PlanRequest<P::Fields>,
    request: &Request,
    env: &Env,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let start = Instant::now();
    let mut rows = Vec::new();
    let mut worst = Status::Solved;
    let mut solver = None;
    for instance in levels {
        if puzzlec_core::stop::requested() {
            // Ctrl-C (or a portfolio's stop): the levels not begun are left out, and the
            // answer says unknown.
            worst = Status::Unknown;
            break;
        }
        let one = PlanRequest { instance, max_moves: req.max_moves };
        let a = match super::solve::one::<P>(&one, request, env, on) {
            Ok(a) => a,
            // A solver that failed on one level, or a stop: that level's row says so, and
            // the rows before it are kept.
            Err(e) if matches!(e.kind(), ErrorKind::Unknown | ErrorKind::Interrupted) => {
                failed::<P>(&one.instance, e.message())
            }
            Err(e) => return Err(e),
        };
        worst = match (worst, a.status) {
            (Status::Unknown, _) | (_, Status::Unknown) => Status::Unknown,
            (Status::NoSolution, _) | (_, Status::NoSolution) => Status::NoSolution,
            _ => Status::Solved,
        };
        solver = a.solver.clone();
        rows.push(row(a));
    }
    let mut a = Answer::new(P::NAME, worst);
    a.solver = solver;
    a.count = Some(rows.len());
    if worst != Status::Solved {
        // Front ends print the detail of an answer that is not solved: every level's line.
        a.detail = Some(crate::text::levels(&rows, P::MOVE).trim_end().to_string());
    }
    a.set_own("levels", Some(rows));
    a.time_ms = Some(start.elapsed().as_millis() as u64);
    Ok(a)
}

/// The answer of a level whose solve failed: unknown, with why, and what the puzzle says of
/// the level.
fn failed<P: PlanPuzzle>(instance: &P::Fields, why: &str) -> Answer {
    let mut a = Answer::new(P::NAME, Status::Unknown).unknown(why);
    if let Ok(board) = P::board(instance) {
        P::describe(&mut a, &board);
    }
    a
}

/// A level's row: what its answer says of it, its own keys beside.
fn row(a: Answer) -> serde_json::Value {
    let mut row = serde_json::json!({
        "status": a.status,
        "length": a.length,
        "moves": a.moves,
        "optimal": a.optimal,
        "lower_bound": a.lower_bound,
        "time_ms": a.time_ms,
        "detail": a.detail,
        "reason": a.reason,
        "trusted": a.trusted,
    });
    if let Some(map) = row.as_object_mut() {
        map.retain(|_, v| !v.is_null());
        map.extend(a.own);
    }
    row
}
