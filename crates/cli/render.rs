//! Answers as text (or JSON), and writing to stdout without panicking on a closed pipe.

use std::io::Write;

use puzzlec_facade::answer::{count, moves};
use puzzlec_facade::{Answer, Status};

/// Which puzzle a text rendering is for.
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

/// Progress on stderr: plain lines (and nothing with -q); on a terminal, once a run has
/// lasted a second, a spinner line with the elapsed time and the latest news, each finished
/// step still printed above it.
pub struct Progress {
    quiet: bool,
    started: std::time::Instant,
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    pub fn new(quiet: bool) -> Progress {
        Progress { quiet, started: std::time::Instant::now(), bar: None }
    }

    pub fn event(&mut self, e: &puzzlec_facade::Event) {
        use std::io::IsTerminal;
        if self.quiet {
            return;
        }
        let late = self.started.elapsed() > std::time::Duration::from_secs(1);
        if self.bar.is_none() && late && std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new_spinner().with_elapsed(self.started.elapsed());
            let style = indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}");
            bar.set_style(style.unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()));
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            self.bar = Some(bar);
        }
        use puzzlec_facade::Event;
        // Status-line news: a horizon started, solutions so far.
        let status = |e: &Event| matches!(e, Event::Solving { .. } | Event::Found { .. });
        let solving = match e {
            Event::Racer { report, .. } => status(report),
            _ => status(e),
        };
        match &self.bar {
            Some(bar) if solving => bar.set_message(e.to_string()),
            Some(bar) => bar.println(e.to_string()),
            None if solving => {}
            None => eprintln!("{e}"),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Prints a report (solver list, proofs) as JSON or as its own text; exit 0 when `ok`, else 1.
pub fn report<T: serde::Serialize + std::fmt::Display>(r: &T, json: bool, ok: bool) -> u8 {
    let json_text = || format!("{}\n", serde_json::to_value(r).expect("reports serialise"));
    write_stdout(&if json { json_text() } else { r.to_string() });
    u8::from(!ok)
}

/// Prints an answer as JSON or through `text`, and returns its exit code.
pub fn answer(a: &Answer, json: bool, text: impl Fn(&Answer) -> String) -> u8 {
    write_stdout(&if json { format!("{}\n", a.to_json()) } else { text(a) });
    a.exit_code()
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
pub fn solved(p: &Puzzle, a: &Answer) -> String {
    let proved = a.certificate.as_ref().map_or(String::new(), |c| {
        let n = count(c.claims.len(), "UNSAT claim");
        format!("certified: {n} proved by {} and checked by {} (DRAT)\n", c.prover, c.checker)
    });
    let why = |r: &puzzlec_facade::portfolio::Racer| match (&r.detail, r.status.as_str()) {
        (Some(d), "error") => format!(": {d}"),
        _ => String::new(),
    };
    let raced = a.portfolio.as_ref().map_or(String::new(), |racers| {
        let each: Vec<String> =
            racers.iter().map(|r| format!("{} {} ({} ms){}", r.solver, r.status, r.time_ms, why(r))).collect();
        format!("portfolio: {}\n", each.join(", "))
    });
    let trusted = a.trusted.as_ref().map_or(String::new(), |t| format!("trusted: {t}\n"));
    summary(p, a) + &proved + &trusted + &raced
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
pub fn decoded(p: &Puzzle, a: &Answer) -> String {
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
