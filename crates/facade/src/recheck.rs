//! Re-checking an answer kept in a batch output (`batch --resume`): a kept answer counts
//! only when it was written for the same line (its fingerprint matches) and what it shows
//! still passes the puzzle's rules: every plan replayed, every filling checked. An answer
//! that fails is solved again, never counted.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::{Instance, Request, Solution, VerifyRequest};

/// The fingerprint of a batch line's request text (FNV-1a, 64 bits, in hex): stable across
/// runs and builds, which std's hasher does not promise.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Why a kept answer cannot be kept, or `Ok` when it passes.
///
/// # Errors
/// The sentence naming what failed.
pub fn kept(request: &Request, fingerprint: &str, answer: &Value) -> Result<(), String> {
    if answer.get("request_hash").and_then(Value::as_str) != Some(fingerprint) {
        return Err("it was written for another version of the line".into());
    }
    match answer.get("status").and_then(Value::as_str) {
        Some("solved") => {}
        Some("no-solution") => return confirm_none(request),
        _ => return Ok(()),
    }
    let instance = request.instance();
    let mut checked = 0;
    if let Some(moves) = answer.get("moves").and_then(Value::as_str) {
        replay(&instance, moves, answer.get("length").and_then(Value::as_u64))?;
        checked += 1;
    }
    if let Some(values) = answer.get("values") {
        filling(&instance, values)?;
        checked += 1;
    }
    let solutions: Vec<Solution> = match answer.get("solutions") {
        Some(s) => serde_json::from_value(s.clone()).map_err(|e| format!("its solutions do not read: {e}"))?,
        None => Vec::new(),
    };
    for s in &solutions {
        match s {
            Solution::Plan(m) | Solution::PlanOnGrid { moves: m, .. } => replay(&instance, m, None)?,
            Solution::Filling { values } => filling(&instance, &serde_json::to_value(values).unwrap_or_default())?,
        }
        checked += 1;
    }
    if checked == 0 {
        return Err("it says solved but shows no plan or filling".into());
    }
    Ok(())
}

/// A kept "no solution" shows nothing to replay: it is kept only when the exact search says
/// the same within a small budget (else the line is solved again).
fn confirm_none(request: &Request) -> Result<(), String> {
    let budget = puzzlec_engine::opinion::BUDGET.as_secs_f64();
    let options = crate::SolveOptions { solver: Some("search".into()), timeout: Some(budget), ..Default::default() };
    let exact = Request { options, ..request.clone() };
    match crate::solve(&exact, &crate::Env::default(), &mut |_| {}) {
        Ok(a) if a.status == crate::Status::NoSolution => Ok(()),
        Ok(a) if a.status == crate::Status::Solved => {
            Err("it says there is no solution, but the exact search finds one".into())
        }
        _ => Err(format!("its \"no solution\" cannot be confirmed by the exact search within {budget} s")),
    }
}

fn replay(instance: &Instance, moves: &str, length: Option<u64>) -> Result<(), String> {
    let verified = crate::verify(&VerifyRequest { instance: instance.clone(), moves: moves.to_owned() })
        .map_err(|e| format!("its plan does not read: {e}"))?;
    if verified.exit_code() != 0 {
        return Err(format!("its plan fails replay: {}", verified.error.unwrap_or_default()));
    }
    match length {
        Some(n) if n as usize != moves.chars().filter(|c| !c.is_whitespace()).count() => {
            Err(format!("its length {n} is not the length of its plan"))
        }
        _ => Ok(()),
    }
}

fn filling(instance: &Instance, values: &Value) -> Result<(), String> {
    let puzzle = crate::registry::lookup(&instance.puzzle).map_err(|e| e.to_string())?;
    let values: BTreeMap<String, i64> =
        serde_json::from_value(values.clone()).map_err(|e| format!("its filling does not read: {e}"))?;
    puzzle.check_filling(instance, &values).map_err(|e| format!("its filling does not check: {e}"))
}
