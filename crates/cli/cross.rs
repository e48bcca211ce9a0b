//! `solve cross` and `verify cross`.

use std::time::Instant;

use anyhow::{anyhow, Context};
use puzzlec_core::cross::{self, parse_orientation_grid, CrossPuzzle, CrossSearch};
use puzzlec_core::{moves_to_string, parse_moves};
use serde_json::json;

use crate::args::{CrossInstance, SolveCross, VerifyCross};
use crate::exit::{bad_input, Code, Failure};
use crate::input;

/// Builds the instance from the flags (and the grid file, when given).
pub fn instance(a: &CrossInstance) -> Result<CrossPuzzle, Failure> {
    let cross = a
        .cross
        .as_deref()
        .map(|t| input::cell("--cross", t))
        .transpose()?;
    let empty = a
        .empty
        .as_deref()
        .map(|t| input::cell("--empty", t))
        .transpose()?;
    let target = a
        .target
        .as_deref()
        .map(|t| input::cell("--target", t))
        .transpose()?;
    if let Some(path) = &a.orientations {
        let text = input::read_text(path)?;
        let grid = parse_orientation_grid(&text)
            .with_context(|| path.display().to_string())
            .map_err(bad_input)?;
        let target = target.unwrap_or((grid.rows - 1, grid.cols - 1));
        return CrossPuzzle::from_grid(&grid, cross, empty, target).map_err(bad_input);
    }
    let (rows, cols) = input::size(&a.size)?;
    let corner = (rows.saturating_sub(1), cols.saturating_sub(1));
    CrossPuzzle::new(
        rows,
        cols,
        cross.unwrap_or((0, 0)),
        empty.unwrap_or(corner),
        target.unwrap_or(corner),
    )
    .map_err(bad_input)
}

pub fn solve(a: SolveCross) -> Result<Code, Failure> {
    let started = Instant::now();
    let puzzle = instance(&a.instance)?;
    let deadline = input::deadline(a.timeout)?;
    if a.solver != "search" {
        return Err(Failure {
            code: Code::Unknown,
            error: anyhow!(
                "unknown solver {:?}: this build knows `search` only",
                a.solver
            ),
        });
    }
    let keep = if a.all { usize::MAX } else { 1 };
    let base = |status: &str| json!({ "puzzle": "cross", "status": status, "encoding": "none", "solver": a.solver, "time_ms": started.elapsed().as_millis() as u64 });
    match cross::shortest_solutions(&puzzle, a.max_moves, keep, deadline) {
        CrossSearch::Found {
            length,
            solutions,
            complete,
        } => {
            let mut shown = Vec::new();
            for plan in &solutions {
                let end = cross::replay(&puzzle, plan).map_err(|e| Failure {
                    code: Code::Unknown,
                    error: anyhow!("solver {} returned a plan that fails replay: {e}", a.solver),
                })?;
                shown.push((moves_to_string(plan), end.grid(&puzzle)));
            }
            if a.output.json {
                let mut v = base("solved");
                v["length"] = json!(length);
                v["optimal"] = json!(true);
                v["moves"] = json!(shown[0].0);
                v["grid"] = json!(shown[0].1.rows);
                if a.all {
                    v["solutions"] = shown
                        .iter()
                        .map(|(m, g)| json!({ "moves": m, "grid": g.rows }))
                        .collect();
                    v["count"] = json!(shown.len());
                    v["complete"] = json!(complete);
                }
                println!("{v}");
            } else {
                for (moves, grid) in &shown {
                    print!("{grid}");
                    println!("{moves}\n");
                }
                let what = if a.all {
                    format!("{} shortest solutions", shown.len())
                } else {
                    "a shortest solution".into()
                };
                println!("{what} of {length} moves (optimal: no shorter plan exists)");
            }
            Ok(Code::Solved)
        }
        CrossSearch::NoneWithin { max_moves } => {
            let why = match max_moves {
                Some(m) => format!("no plan of at most {m} moves brings the cross to the target"),
                None => "the cross cannot reach the target even with every piece free".to_owned(),
            };
            if a.output.json {
                let mut v = base("no-solution");
                v["detail"] = json!(why);
                println!("{v}");
            } else {
                println!("no solution: {why}");
            }
            Ok(Code::NoSolution)
        }
        CrossSearch::TimedOut => {
            if a.output.json {
                println!("{}", base("unknown"));
            } else {
                println!("unknown: time limit reached");
            }
            Ok(Code::Unknown)
        }
    }
}

pub fn verify(a: VerifyCross) -> Result<Code, Failure> {
    let puzzle = instance(&a.instance)?;
    let plan = parse_moves(&a.moves).map_err(|e| bad_input(anyhow!("--moves: {e}")))?;
    match cross::replay(&puzzle, &plan) {
        Ok(end) if !a.output.json => {
            print!("{}", end.grid(&puzzle));
            crate::slide::print_verdict(a.output, "cross", plan.len(), Ok(()))
        }
        Ok(_) => crate::slide::print_verdict(a.output, "cross", plan.len(), Ok(())),
        Err(e) => crate::slide::print_verdict(a.output, "cross", plan.len(), Err(e.to_string())),
    }
}
