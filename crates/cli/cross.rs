//! `solve cross`, `verify cross`, `emit cross` and `decode cross`.

use std::path::Path;
use std::time::Instant;

use anyhow::{anyhow, Context};
use puzzlec_core::cross::{self, parse_orientation_grid, relaxed_distances, CrossPuzzle, CrossSearch, UNREACHABLE};
use puzzlec_core::{moves_to_string, parse_moves, Move};
use puzzlec_drive::cross as drive_cross;
use puzzlec_drive::horizon::{self, Attempt, Horizons, Shortest};
use puzzlec_encode::cross::CrossEncoding;
use puzzlec_solve::InputKind;
use serde_json::json;

use crate::args::{CrossInstance, DecodeCross, EmitCross, Format, OutputArgs, SolveCross, VerifyCross};
use crate::exit::{bad_input, unknown, Code, Failure};
use crate::{answer, input};

/// Positions the exhaustive unreachability proof may visit before giving up.
const REACH_CAP: usize = 2_000_000;

/// Builds the instance from the flags (and the grid file, when given).
pub fn instance(a: &CrossInstance) -> Result<CrossPuzzle, Failure> {
    let cross = a.cross.as_deref().map(|t| input::cell("--cross", t)).transpose()?;
    let empty = a.empty.as_deref().map(|t| input::cell("--empty", t)).transpose()?;
    let target = a.target.as_deref().map(|t| input::cell("--target", t)).transpose()?;
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

fn encoding_named(name: &str) -> Result<CrossEncoding, Failure> {
    CrossEncoding::from_name(name)
        .ok_or_else(|| bad_input(anyhow!("unknown encoding {name:?} for cross (known: sat, smt)")))
}

/// How a `solve cross` run is printed.
struct Report<'a> {
    out: OutputArgs,
    solver: &'a str,
    encoding: &'a str,
    started: Instant,
    lower_bound: usize,
}

impl Report<'_> {
    fn base(&self, status: &str) -> serde_json::Value {
        json!({ "puzzle": "cross", "status": status, "encoding": self.encoding, "solver": self.solver,
                "time_ms": self.started.elapsed().as_millis() as u64, "lower_bound": self.lower_bound })
    }

    /// Replays every plan (the judge), then prints them with their grids.
    fn solved(&self, p: &CrossPuzzle, plans: &[Vec<Move>], optimal: bool, all: Option<bool>) -> Result<Code, Failure> {
        let mut shown = Vec::new();
        for plan in plans {
            let end = cross::replay(p, plan)
                .map_err(|e| unknown(anyhow!("solver {} returned a plan that fails replay: {e}", self.solver)))?;
            shown.push((moves_to_string(plan), end.grid(p)));
        }
        let length = plans.first().map_or(0, Vec::len);
        if self.out.json {
            let mut v = self.base("solved");
            v["length"] = json!(length);
            v["optimal"] = json!(optimal);
            v["moves"] = json!(shown.first().map(|s| s.0.clone()));
            v["grid"] = json!(shown.first().map(|s| s.1.rows.clone()));
            if let Some(complete) = all {
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
            let proof = if optimal {
                "optimal: no shorter plan exists"
            } else {
                "not proved optimal"
            };
            match all {
                Some(complete) => {
                    let more = if complete {
                        "all of them"
                    } else {
                        "stopped early: there may be more"
                    };
                    println!(
                        "{} of {length} moves ({proof}; {more})",
                        crate::exit::count(shown.len(), "shortest solution")
                    );
                }
                None => println!("a shortest solution of {length} moves ({proof})"),
            }
        }
        Ok(Code::Solved)
    }

    fn no_solution(&self, why: &str) -> Code {
        crate::report::no_solution(self.out, self.base("no-solution"), None, why)
    }

    fn unknown(&self, why: &str) -> Code {
        crate::report::unknown(self.out, self.base("unknown"), why)
    }
}

pub fn solve(a: SolveCross, registry: Option<&Path>) -> Result<Code, Failure> {
    let started = Instant::now();
    let puzzle = instance(&a.instance)?;
    let deadline = input::deadline(a.timeout)?;
    let n = puzzle.cells();
    let h0 = relaxed_distances(&puzzle)[puzzle.index(puzzle.cross) * n + puzzle.index(puzzle.empty)];
    let lower_bound = if h0 == UNREACHABLE { 0 } else { h0 as usize };
    if a.solver == "search" {
        if let Some(e) = &a.encoding {
            return Err(bad_input(anyhow!(
                "--encoding {e} needs a SAT or SMT solver; the search solver uses none"
            )));
        }
        let report = Report {
            out: a.output,
            solver: "search",
            encoding: "none",
            started,
            lower_bound,
        };
        return solve_by_search(&report, &puzzle, &a, deadline);
    }
    let backend = crate::solvers::backend(&a.solver, registry)?;
    let encoding = match &a.encoding {
        Some(name) => encoding_named(name)?,
        None if backend.input() == InputKind::Smt2 => CrossEncoding::Smt,
        None => CrossEncoding::Sat,
    };
    let report = Report {
        out: a.output,
        solver: &a.solver,
        encoding: encoding.name(),
        started,
        lower_bound,
    };
    if h0 == UNREACHABLE {
        return Ok(report.no_solution("the cross cannot reach the target even with every piece free"));
    }
    if a.instance.orientations.is_some() && cross::target_reachable(&puzzle, REACH_CAP) == Some(false) {
        return Ok(report.no_solution(
            "with these fixed orientations the cross can never reach the target (every reachable position was visited)",
        ));
    }
    let quiet = a.output.quiet;
    let progress = |at: &Attempt| {
        if !quiet {
            eprintln!("horizon {:>3}: {:<7} ({:.2} s)", at.horizon, at.result, at.seconds);
        }
    };
    let horizons = Horizons {
        lower_bound,
        step: 2,
        max: a.max_moves,
        deadline,
    };
    let outcome = horizon::shortest(
        horizons,
        |h, limit| drive_cross::probe(encoding, &backend, &puzzle, h, limit),
        progress,
    )
    .map_err(|e| unknown(anyhow::Error::new(e)))?;
    match outcome {
        Shortest::Found { plan, horizon, optimal } => {
            if !a.all {
                return report.solved(&puzzle, &[plan], optimal, None);
            }
            let found = drive_cross::all_plans(encoding, &backend, &puzzle, horizon, deadline, usize::MAX)
                .map_err(|e| unknown(anyhow::Error::new(e)))?;
            if !quiet {
                eprintln!(
                    "enumerated {} of {horizon} moves",
                    crate::exit::count(found.solutions.len(), "plan")
                );
            }
            report.solved(&puzzle, &found.solutions, optimal, Some(found.complete))
        }
        Shortest::NoneWithin { max } => Ok(report.no_solution(&none_within(&puzzle, max))),
        Shortest::Unknown { horizon, reason } => Ok(report.unknown(&format!("at horizon {horizon}: {reason}"))),
    }
}

/// "None within max" from the solver, upgraded to "never" when the positions are few enough
/// to visit them all.
fn none_within(puzzle: &CrossPuzzle, max: usize) -> String {
    match cross::target_reachable(puzzle, REACH_CAP) {
        Some(false) => "the cross can never reach the target (every reachable position was visited)".into(),
        _ => format!("no plan of at most {max} moves brings the cross to the target"),
    }
}

fn solve_by_search(
    report: &Report,
    puzzle: &CrossPuzzle,
    a: &SolveCross,
    deadline: Option<Instant>,
) -> Result<Code, Failure> {
    let keep = if a.all { usize::MAX } else { 1 };
    match cross::shortest_solutions(puzzle, a.max_moves, keep, deadline) {
        CrossSearch::Found {
            solutions, complete, ..
        } => report.solved(puzzle, &solutions, true, a.all.then_some(complete)),
        CrossSearch::NoneWithin { max_moves: Some(m) } => Ok(report.no_solution(&none_within(puzzle, m))),
        CrossSearch::NoneWithin { max_moves: None } => {
            Ok(report.no_solution("the cross cannot reach the target even with every piece free"))
        }
        CrossSearch::TimedOut => Ok(report.unknown("time limit reached")),
    }
}

pub fn verify(a: VerifyCross) -> Result<Code, Failure> {
    let puzzle = instance(&a.instance)?;
    let plan = parse_moves(&a.moves).map_err(|e| bad_input(anyhow!("--moves: {e}")))?;
    match cross::replay(&puzzle, &plan) {
        Ok(end) => {
            if !a.output.json {
                print!("{}", end.grid(&puzzle));
            }
            crate::slide::print_verdict(a.output, "cross", plan.len(), Ok(()))
        }
        Err(e) => crate::slide::print_verdict(a.output, "cross", plan.len(), Err(e.to_string())),
    }
}

pub fn emit(a: EmitCross) -> Result<Code, Failure> {
    let puzzle = instance(&a.instance)?;
    let encoding = encoding_named(&a.encoding)?;
    if a.horizon > crate::emit::MAX_HORIZON {
        return Err(bad_input(anyhow!(
            "--horizon {} is above the supported {}",
            a.horizon,
            crate::emit::MAX_HORIZON
        )));
    }
    let kind = match a.format {
        Format::Smt2 => InputKind::Smt2,
        Format::Dimacs => InputKind::Dimacs,
    };
    let form = drive_cross::encode(encoding, &puzzle, a.horizon, kind).ok_or_else(|| {
        bad_input(anyhow!(
            "encoding {} has no {kind} form (it is {})",
            encoding.name(),
            drive_cross::form_of(encoding)
        ))
    })?;
    crate::emit::write_output(a.output.as_deref(), &form.to_text())
}

pub fn decode(a: DecodeCross) -> Result<Code, Failure> {
    let puzzle = instance(&a.instance)?;
    let encoded = input::read_text(&a.encoding)?;
    let shown = a.encoding.display().to_string();
    let fields = crate::emit::header_fields(&encoded, "cross").ok_or_else(|| {
        bad_input(anyhow!(
            "{shown} has no `puzzlec cross` header line: was it written by `puzzlec emit cross`?"
        ))
    })?;
    let encoding = encoding_named(fields.get("encoding").map_or("", |s| s))?;
    let horizon: usize = fields
        .get("horizon")
        .and_then(|h| h.parse().ok())
        .ok_or_else(|| bad_input(anyhow!("{shown}: the header has no horizon")))?;
    let expected = drive_cross::header(encoding, &puzzle, horizon);
    if !encoded
        .lines()
        .any(|l| l.trim_start_matches(['c', ';', ' ']) == expected)
    {
        return Err(bad_input(anyhow!(
            "{shown} encodes another instance than the options describe (expected `{expected}`)"
        )));
    }
    let label = format!("({})", a.model.display());
    let Some(model) = answer::read_model(&encoded, &a.model)? else {
        let v = json!({ "puzzle": "cross", "status": "no-solution", "horizon": horizon });
        let text = format!("unsatisfiable: the cross cannot stand on the target after exactly {horizon} moves");
        return Ok(crate::report::decoded_unsat(a.output, v, &text));
    };
    let plan = drive_cross::decode_checked(encoding, &label, &puzzle, &model, horizon).map_err(unknown)?;
    let end = cross::replay(&puzzle, &plan).map_err(|e| unknown(anyhow!("{e}")))?;
    let moves = moves_to_string(&plan);
    if a.output.json {
        println!(
            "{}",
            json!({ "puzzle": "cross", "status": "solved", "encoding": encoding.name(), "horizon": horizon, "moves": moves, "length": plan.len(), "grid": end.grid(&puzzle).rows })
        );
    } else {
        print!("{}", end.grid(&puzzle));
        println!("decoded {} moves (replay-checked): {moves}", plan.len());
    }
    Ok(Code::Solved)
}
