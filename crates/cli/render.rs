//! Answers as text (or JSON), and writing to stdout without panicking on a closed pipe.

use std::io::Write;

use puzzlec_facade::answer::{count, moves};
use puzzlec_facade::solvers::SolverList;
use puzzlec_facade::{Answer, Solution, Status};

/// Which puzzle a text rendering is for.
#[derive(Clone, Copy)]
pub enum Puzzle {
    Slide,
    Cross,
    Hex,
}

/// Writes to stdout. A closed pipe (`| head`) ends the process quietly; any other failure
/// (a full disk) is reported and ends it with exit 2.
pub fn write_stdout(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: writing to standard output: {e}");
        std::process::exit(2);
    }
}

/// Prints an answer as JSON or through `text`, and returns its exit code.
pub fn answer(a: &Answer, json: bool, text: impl Fn(&Answer) -> String) -> u8 {
    if json {
        write_stdout(&format!("{}\n", a.to_json()));
    } else {
        write_stdout(&text(a));
    }
    a.exit_code()
}

/// The ending every status other than solved shares; `None` when the answer is solved.
fn not_solved(a: &Answer) -> Option<String> {
    let detail = a.detail.clone().unwrap_or_default();
    match a.status {
        Status::NoSolution => Some(format!("no solution: {detail}\n")),
        Status::Unknown => {
            let mut s = format!("unknown: {detail}\n");
            if let (Some(m), Some(len)) = (&a.moves, a.length) {
                s.push_str(&a.figures.concat());
                s.push_str(&format!("best plan found: {}{}\n{m}\n", moves(len), bound_text(a)));
            }
            Some(s)
        }
        _ => None,
    }
}

/// "; lower bound 15" or ", at most 8 above optimal (lower bound 44)".
fn bound_text(a: &Answer) -> String {
    match (a.gap, a.lower_bound) {
        (Some(gap), Some(lb)) => format!(", at most {gap} above optimal (lower bound {lb})"),
        (None, Some(lb)) => format!(" (lower bound {lb})"),
        _ => String::new(),
    }
}

fn proof(a: &Answer) -> &'static str {
    if a.optimal == Some(true) {
        "optimal: no shorter plan exists"
    } else {
        "not proved optimal"
    }
}

fn more(complete: Option<bool>) -> &'static str {
    if complete == Some(true) {
        "all of them"
    } else {
        "stopped early: there may be more"
    }
}

/// The text of a `solve` answer.
pub fn solved(p: Puzzle, a: &Answer) -> String {
    if let Some(s) = not_solved(a) {
        return s;
    }
    let len = a.length.unwrap_or(0);
    let mut s = String::new();
    match p {
        Puzzle::Slide => {
            s.push_str(&a.figures.concat());
            match &a.solutions {
                Some(plans) => {
                    for plan in plans {
                        if let Solution::Plan(m) = plan {
                            s.push_str(&format!("{m}\n"));
                        }
                    }
                    let proof = if a.optimal == Some(true) {
                        "optimal"
                    } else {
                        "not proved optimal"
                    };
                    s.push_str(&format!(
                        "{} of {} ({proof}; {})\n",
                        count(plans.len(), "plan"),
                        moves(len),
                        more(a.complete)
                    ));
                }
                None if a.gap.is_some() => {
                    s.push_str(&format!("solved in {}{}\n", moves(len), bound_text(a)));
                    s.push_str(&format!("{}\n", a.moves.clone().unwrap_or_default()));
                }
                None => {
                    let lb = a.lower_bound.map(|l| format!("; lower bound {l}")).unwrap_or_default();
                    s.push_str(&format!("solved in {} ({}{lb})\n", moves(len), proof(a)));
                    s.push_str(&format!("{}\n", a.moves.clone().unwrap_or_default()));
                }
            }
        }
        Puzzle::Cross => {
            let plans: Vec<String> = match &a.solutions {
                Some(sols) => sols
                    .iter()
                    .filter_map(|x| match x {
                        Solution::CrossPlan { moves, .. } => Some(moves.clone()),
                        _ => None,
                    })
                    .collect(),
                None => a.moves.iter().cloned().collect(),
            };
            for (grid, m) in a.figures.iter().zip(&plans) {
                s.push_str(&format!("{grid}{m}\n\n"));
            }
            match a.complete {
                Some(_) => s.push_str(&format!(
                    "{} of {} ({}; {})\n",
                    count(plans.len(), "shortest solution"),
                    moves(len),
                    proof(a),
                    more(a.complete)
                )),
                None => s.push_str(&format!("a shortest solution of {} ({})\n", moves(len), proof(a))),
            }
        }
        Puzzle::Hex => {
            for f in &a.figures {
                s.push_str(&format!("{f}\n"));
            }
            let magic = a.magic_sum.unwrap_or(0);
            match (a.complete, a.count) {
                (Some(true), Some(n)) => s.push_str(&format!(
                    "{}, magic sum {magic} (all of them: no more exist)\n",
                    count(n, "solution")
                )),
                (Some(false), Some(n)) => s.push_str(&format!(
                    "{}, magic sum {magic} (stopped early: there may be more)\n",
                    count(n, "solution")
                )),
                _ => s.push_str(&format!("magic sum {magic}: every line checked\n")),
            }
        }
    }
    s
}

/// The text of a `decode` answer.
pub fn decoded(p: Puzzle, a: &Answer) -> String {
    if a.status != Status::Solved {
        return format!("{}\n", a.detail.clone().unwrap_or_default());
    }
    let figures = a.figures.concat();
    match p {
        Puzzle::Hex => format!(
            "{figures}\ndecoded and checked: every line sums to {}\n",
            a.magic_sum.unwrap_or(0)
        ),
        _ => format!(
            "{figures}decoded {} (replay-checked): {}\n",
            moves(a.length.unwrap_or(0)),
            a.moves.clone().unwrap_or_default()
        ),
    }
}

/// The text of a `verify` answer.
pub fn verified(a: &Answer) -> String {
    match (&a.status, &a.error) {
        (Status::Valid, _) => format!(
            "{}valid: {} reach the goal\n",
            a.figures.concat(),
            moves(a.length.unwrap_or(0))
        ),
        (_, Some(e)) => format!("invalid: {e}\n"),
        _ => "invalid\n".into(),
    }
}

/// The solver listing as a table.
pub fn solvers(list: &SolverList) -> String {
    let mut s = format!("registry: {}\n", list.registry);
    s.push_str(&format!("{:<12} {:<7} {:<28} version\n", "id", "input", "binary"));
    for r in &list.solvers {
        let binary = r.binary.clone().unwrap_or_else(|| "-".into());
        s.push_str(&format!(
            "{:<12} {:<7} {:<28} {}\n",
            r.id,
            r.input,
            binary,
            r.version.clone().unwrap_or_default()
        ));
    }
    s
}
