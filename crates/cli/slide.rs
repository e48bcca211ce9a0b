//! `solve slide` and `verify slide`.

use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use puzzlec_core::slide::{self, check_solvable, moves_to_string, parse_moves, Board, Heuristic, Move, Search};
use puzzlec_drive::horizon::{self, Attempt, Horizons, Shortest};
use puzzlec_drive::slide as drive_slide;
use puzzlec_encode::slide::SlideEncoding;
use serde_json::json;

use crate::args::{OutputArgs, SolveSlide, VerifySlide};
use crate::exit::{bad_input, unknown, Code, Failure};
use crate::input;

pub fn solve(a: SolveSlide, registry: Option<&Path>) -> Result<Code, Failure> {
    let started = Instant::now();
    let (start, goal) = input::slide_boards(&a.input)?;
    let deadline = input::deadline(a.timeout)?;
    let solver = a.solver.clone().unwrap_or_else(|| {
        if a.encoding.is_some() || a.all {
            "cadical".into()
        } else {
            "search".into()
        }
    });
    let encoding = if solver == "search" {
        if let Some(e) = &a.encoding {
            return Err(bad_input(anyhow!(
                "--encoding {e} needs a SAT or SMT solver; the search solver uses none"
            )));
        }
        if a.all {
            return Err(bad_input(anyhow!(
                "--all needs a SAT or SMT solver (e.g. --solver cadical)"
            )));
        }
        None
    } else {
        let smt_only = crate::solvers::backend(&solver, registry)?.input() == puzzlec_solve::InputKind::Smt2;
        let name = a
            .encoding
            .as_deref()
            .unwrap_or(if smt_only { "bright" } else { "compact" });
        Some(SlideEncoding::from_name(name).ok_or_else(|| {
            bad_input(anyhow!(
                "unknown encoding {name:?} for slide (known: {})",
                encoding_names()
            ))
        })?)
    };
    let backend = match encoding {
        Some(_) => Some(crate::solvers::backend(&solver, registry)?),
        None => None,
    };
    let lower_bound = Heuristic::new(&goal).manhattan_linear_conflict(&start);
    let report = Report {
        out: a.output,
        solver: &solver,
        encoding: encoding.map_or("none", |e| e.name()),
        started,
        lower_bound,
    };
    if let Err(parity) = check_solvable(&start, &goal) {
        return Ok(report.no_solution("parity", &parity.to_string()));
    }
    let max = a.max_moves.unwrap_or(usize::MAX / 2);
    if lower_bound > max {
        let why = format!("every plan needs at least {lower_bound} moves (Manhattan distance plus linear conflict), more than --max-moves {max}");
        return Ok(report.no_solution("max-moves", &why));
    }
    let (Some(encoding), Some(backend)) = (encoding, backend) else {
        return solve_by_search(&report, &start, &goal, max, deadline);
    };
    let horizons = Horizons {
        lower_bound,
        step: 2,
        max,
        deadline,
    };
    let quiet = a.output.quiet;
    let progress = |at: &Attempt| {
        if !quiet {
            eprintln!("horizon {:>3}: {:<7} ({:.2} s)", at.horizon, at.result, at.seconds);
        }
    };
    let incremental = a.incremental && encoding == SlideEncoding::Compact && solver == "cadical";
    if a.incremental && !incremental {
        return Err(bad_input(anyhow!(
            "--incremental works with --encoding compact --solver cadical"
        )));
    }
    let outcome = if incremental {
        drive_slide::incremental_shortest(&start, &goal, Default::default(), true, horizons, progress)
    } else {
        horizon::shortest(
            horizons,
            |h, limit| drive_slide::probe(encoding, &backend, &start, &goal, h, limit),
            progress,
        )
    }
    .map_err(|e| unknown(anyhow::Error::new(e)))?;
    match outcome {
        Shortest::Found { plan, optimal, horizon } => {
            replay(&start, &goal, &plan, &solver)?;
            if !a.all {
                return Ok(report.solved(&start, &plan, optimal));
            }
            let found = drive_slide::all_plans(encoding, &backend, &start, &goal, horizon, deadline)
                .map_err(|e| unknown(anyhow::Error::new(e)))?;
            for p in &found.solutions {
                replay(&start, &goal, p, &solver)?;
            }
            if !quiet {
                eprintln!(
                    "enumerated {} of {horizon} moves",
                    crate::exit::count(found.solutions.len(), "plan")
                );
            }
            Ok(report.solved_all(&start, &found.solutions, optimal, found.complete))
        }
        Shortest::NoneWithin { max } => Ok(report.no_solution(
            "max-moves",
            &format!("no plan of at most {max} moves (the solver proved the longest such horizon unsatisfiable)"),
        )),
        Shortest::Unknown { horizon, reason } => Ok(report.unknown(&format!("at horizon {horizon}: {reason}"))),
    }
}

fn encoding_names() -> String {
    SlideEncoding::ALL
        .iter()
        .map(|e| e.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn solve_by_search(
    report: &Report,
    start: &Board,
    goal: &Board,
    max: usize,
    deadline: Option<Instant>,
) -> Result<Code, Failure> {
    match slide::exact_shortest_path(start, goal, deadline) {
        Search::Found(plan) => {
            replay(start, goal, &plan, report.solver)?;
            if plan.len() > max {
                let why = format!("the shortest plan has {} moves, more than --max-moves {max}", plan.len());
                return Ok(report.no_solution("max-moves", &why));
            }
            Ok(report.solved(start, &plan, true))
        }
        Search::Unreachable => Err(unknown(anyhow!("the exact search exhausted the board without reaching the goal, although parity allows it; please report this board"))),
        Search::TimedOut => Ok(report.unknown("time limit reached")),
    }
}

/// Replays a plan through the reference model; a plan that fails is the solver's error.
pub fn replay(start: &Board, goal: &Board, plan: &[Move], solver: &str) -> Result<(), Failure> {
    match start.apply_strict(plan) {
        Ok(end) if end == *goal => Ok(()),
        Ok(_) => Err(unknown(anyhow!(
            "solver {solver} returned a plan that does not end on the goal: {}",
            moves_to_string(plan)
        ))),
        Err(e) => Err(unknown(anyhow!(
            "solver {solver} returned a plan that fails replay ({e}): {}",
            moves_to_string(plan)
        ))),
    }
}

/// How a `solve slide` run is printed, text or JSON.
pub struct Report<'a> {
    pub out: OutputArgs,
    pub solver: &'a str,
    pub encoding: &'a str,
    pub started: Instant,
    pub lower_bound: usize,
}

impl Report<'_> {
    fn base(&self, status: &str) -> serde_json::Value {
        json!({
            "puzzle": "slide",
            "status": status,
            "encoding": self.encoding,
            "solver": self.solver,
            "time_ms": self.started.elapsed().as_millis() as u64,
            "lower_bound": self.lower_bound,
        })
    }

    pub fn solved(&self, start: &Board, plan: &[Move], optimal: bool) -> Code {
        let moves = moves_to_string(plan);
        if self.out.json {
            let mut v = self.base("solved");
            v["moves"] = json!(moves);
            v["length"] = json!(plan.len());
            v["optimal"] = json!(optimal);
            println!("{v}");
        } else {
            print!("{start}");
            let proof = if optimal {
                "optimal: no shorter plan exists"
            } else {
                "not proved optimal"
            };
            println!(
                "solved in {} moves ({proof}; lower bound {})",
                plan.len(),
                self.lower_bound
            );
            println!("{moves}");
        }
        Code::Solved
    }

    pub fn solved_all(&self, start: &Board, plans: &[Vec<Move>], optimal: bool, complete: bool) -> Code {
        let mut plans: Vec<String> = plans.iter().map(|p| moves_to_string(p)).collect();
        plans.sort();
        if self.out.json {
            let mut v = self.base("solved");
            v["moves"] = json!(plans.first());
            v["length"] = json!(plans.first().map_or(0, String::len));
            v["optimal"] = json!(optimal);
            v["solutions"] = json!(plans);
            v["count"] = json!(plans.len());
            v["complete"] = json!(complete);
            println!("{v}");
        } else {
            print!("{start}");
            for p in &plans {
                println!("{p}");
            }
            let more = if complete {
                "all of them"
            } else {
                "stopped early: there may be more"
            };
            let proof = if optimal { "optimal" } else { "not proved optimal" };
            println!(
                "{} of {} moves ({proof}; {more})",
                crate::exit::count(plans.len(), "plan"),
                plans.first().map_or(0, String::len)
            );
        }
        Code::Solved
    }

    pub fn no_solution(&self, reason: &str, detail: &str) -> Code {
        crate::report::no_solution(self.out, self.base("no-solution"), Some(reason), detail)
    }

    pub fn unknown(&self, detail: &str) -> Code {
        crate::report::unknown(self.out, self.base("unknown"), detail)
    }
}

pub fn verify(a: VerifySlide) -> Result<Code, Failure> {
    let (start, goal) = input::slide_boards(&a.input)?;
    let plan = parse_moves(&a.moves).map_err(|e| bad_input(anyhow!("--moves: {e}")))?;
    let verdict = match start.apply_strict(&plan) {
        Ok(end) if end == goal => Ok(()),
        Ok(end) => Err(format!(
            "after all {} moves the board is not the goal:\n{end}",
            plan.len()
        )),
        Err(e) => Err(e.to_string()),
    };
    print_verdict(a.output, "slide", plan.len(), verdict)
}

/// Prints a verify verdict; exit 0 when valid, 1 when not.
pub fn print_verdict(
    out: OutputArgs,
    puzzle: &str,
    length: usize,
    verdict: Result<(), String>,
) -> Result<Code, Failure> {
    let valid = verdict.is_ok();
    if out.json {
        let mut v = json!({ "puzzle": puzzle, "status": if valid { "valid" } else { "invalid" }, "length": length });
        if let Err(e) = &verdict {
            v["error"] = json!(e);
        }
        println!("{v}");
    } else {
        match &verdict {
            Ok(()) => println!("valid: {length} moves reach the goal"),
            Err(e) => println!("invalid: {e}"),
        }
    }
    Ok(if valid { Code::Solved } else { Code::NoSolution })
}
