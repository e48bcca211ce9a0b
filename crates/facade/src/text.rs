//! The human text of an answer (`--json` prints the answer itself). Kept beside the answer
//! so that every front end (the CLI, a service, a notebook) says the same things.

use crate::answer::{count, moves};
use crate::{Answer, Status};

/// Which puzzle an answer is about, for its text.
enum Puzzle {
    Slide,
    Cross,
    Hex,
}

impl Puzzle {
    fn of(a: &Answer) -> Puzzle {
        match a.puzzle.as_str() {
            crate::cross::PUZZLE => Puzzle::Cross,
            crate::hex::PUZZLE => Puzzle::Hex,
            _ => Puzzle::Slide,
        }
    }
}

fn bound(a: &Answer) -> String {
    match (a.gap, a.lower_bound) {
        (Some(gap), Some(lb)) => format!(", at most {gap} above optimal (lower bound {lb})"),
        _ => String::new(),
    }
}

fn proof(a: &Answer, short: bool) -> &'static str {
    match (a.optimal == Some(true), short) {
        (true, true) => "optimal",
        (true, false) => "optimal: no shorter plan exists",
        (false, _) => "not proved optimal",
    }
}

fn more(a: &Answer) -> &'static str {
    if a.complete == Some(true) {
        "all of them"
    } else {
        "stopped early: there may be more"
    }
}

/// The text of a `solve` answer, with a line for its certificate.
pub fn solved(a: &Answer) -> String {
    let p = &Puzzle::of(a);
    let proved = a.certificate.as_ref().map_or(String::new(), |c| {
        let n = count(c.claims.len(), "UNSAT claim");
        format!("certified: {n} proved by {} and checked by {} (DRAT)\n", c.prover, c.checker)
    });
    let why = |r: &crate::portfolio::Racer| match (&r.detail, r.status) {
        (Some(d), crate::portfolio::RacerStatus::Error) => format!(": {d}"),
        _ => String::new(),
    };
    let raced = a.portfolio.as_ref().map_or(String::new(), |racers| {
        let each: Vec<String> =
            racers.iter().map(|r| format!("{} {} ({} ms){}", r.solver, r.status, r.time_ms, why(r))).collect();
        format!("portfolio: {}\n", each.join(", "))
    });
    let trusted = a.trusted.as_ref().map_or(String::new(), |t| format!("trusted: {t}\n"))
        + &a.checked.as_ref().map_or(String::new(), |c| format!("checked: {c}\n"));
    let horizons: String = a.collected.iter().flatten().map(|h| format!("{h}\n")).collect();
    horizons + &summary(p, a) + &proved + &trusted + &raced
}

fn summary(p: &Puzzle, a: &Answer) -> String {
    let detail = a.detail.clone().unwrap_or_default();
    let len = moves(a.length.unwrap_or(0));
    let figures = a.figures.concat();
    match (a.status, p) {
        (Status::NoSolution, _) => format!("no solution: {detail}\n"),
        (Status::Unknown, _) => match &a.moves {
            Some(m) => format!("unknown: {detail}\n{figures}best plan found: {len}{}\n{m}\n", bound(a)),
            None => format!("unknown: {detail}\n"),
        },
        (_, Puzzle::Slide) if a.solutions.is_some() => {
            let plans = a.plans();
            let n = count(plans.len(), "plan");
            format!("{figures}{}\n{n} of {len} ({}; {})\n", plans.join("\n"), proof(a, true), more(a))
        }
        (_, Puzzle::Slide) if a.gap.is_some() => {
            format!("{figures}solved in {len}{}\n{}\n", bound(a), a.plans().concat())
        }
        (_, Puzzle::Slide) => {
            let lb = a.lower_bound.map(|l| format!("; lower bound {l}")).unwrap_or_default();
            format!("{figures}solved in {len} ({}{lb})\n{}\n", proof(a, false), a.plans().concat())
        }
        (_, Puzzle::Cross) => {
            let plans = a.plans();
            let mut s: String = a.figures.iter().zip(&plans).map(|(g, m)| format!("{g}{m}\n\n")).collect();
            match a.complete {
                Some(_) => {
                    let n = count(plans.len(), "shortest solution");
                    s.push_str(&format!("{n} of {len} ({}; {})\n", proof(a, false), more(a)));
                }
                None => s.push_str(&format!("a shortest solution of {len} ({})\n", proof(a, false))),
            }
            s
        }
        (_, Puzzle::Hex) => {
            let magic = a.magic_sum.unwrap_or(0);
            let end = match (a.complete, a.count) {
                (Some(c), Some(n)) => {
                    let more = if c { "all of them: no more exist" } else { more(a) };
                    format!("{}, magic sum {magic} ({more})", count(n, "solution"))
                }
                _ => format!("magic sum {magic}: every line checked"),
            };
            format!("{}{end}\n", a.figures.iter().map(|f| format!("{f}\n")).collect::<String>())
        }
    }
}

/// The text of a `decode` answer.
pub fn decoded(a: &Answer) -> String {
    let p = &Puzzle::of(a);
    let figures = a.figures.concat();
    match (a.status, p) {
        (Status::Solved, Puzzle::Hex) => {
            format!("{figures}\ndecoded and checked: every line sums to {}\n", a.magic_sum.unwrap_or(0))
        }
        (Status::Solved, _) => {
            format!("{figures}decoded {} (replay-checked): {}\n", moves(a.length.unwrap_or(0)), a.plans().concat())
        }
        _ => format!("{}\n", a.detail.clone().unwrap_or_default()),
    }
}

/// The text of a `verify` answer.
pub fn verified(a: &Answer) -> String {
    match a.status {
        Status::Valid => {
            format!("{}valid: the plan of {} reaches the goal\n", a.figures.concat(), moves(a.length.unwrap_or(0)))
        }
        _ => format!("invalid: {}\n", a.error.clone().unwrap_or_default()),
    }
}
