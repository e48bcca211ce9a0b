//! The human text of an answer (`--json` prints the answer itself), kept beside the answer so
//! that every front end says the same things. A puzzle writes its figures and the lines of a
//! solved answer ([`crate::puzzle::Show::text`]); what every answer shares is written here.

pub use crate::answer::{count, moves};
use crate::{Answer, Status};

/// ", at most G above optimal (lower bound L)" for anytime answers.
pub fn bound(a: &Answer) -> String {
    match (a.gap, a.lower_bound) {
        (Some(gap), Some(lb)) => format!(", at most {gap} above optimal (lower bound {lb})"),
        _ => String::new(),
    }
}

/// What was proved of a plan's length.
pub fn proof(a: &Answer, short: bool) -> &'static str {
    match (a.optimal == Some(true), short) {
        (true, true) => "optimal",
        (true, false) => "optimal: no shorter plan exists",
        (false, _) => "not proved optimal",
    }
}

/// Whether an enumeration found every solution.
pub fn more(a: &Answer) -> &'static str {
    if a.complete == Some(true) {
        "all of them"
    } else {
        "stopped early: there may be more"
    }
}

/// The lines of a solved filling answer: every filling drawn, then how many there are with
/// `sum` (what their lines add up to) and whether that is all of them.
pub fn fillings(a: &Answer, sum: &str) -> String {
    let end = match (a.complete, a.count) {
        (Some(c), Some(n)) => {
            let more = if c { "all of them: no more exist" } else { more(a) };
            format!("{}, {sum} ({more})", count(n, "solution"))
        }
        _ => format!("{sum}: every line checked"),
    };
    format!("{}{end}\n", a.figures.iter().map(|f| format!("{f}\n")).collect::<String>())
}

/// The lines of a solved plan answer as most puzzles write them: the figures (the start,
/// and the end where there is one), then the plan (or every plan) with what was proved of
/// its length.
pub fn plans(a: &Answer) -> String {
    let len = moves(a.length.unwrap_or(0));
    let figures = a.figures.concat();
    if a.solutions.is_some() {
        let plans = a.plans();
        let n = count(plans.len(), "plan");
        return format!("{figures}{}\n{n} of {len} ({}; {})\n", plans.join("\n"), proof(a, true), more(a));
    }
    if a.gap.is_some() {
        return format!("{figures}solved in {len}{}\n{}\n", bound(a), a.plans().concat());
    }
    let lb = a.lower_bound.map(|l| format!("; lower bound {l}")).unwrap_or_default();
    format!("{figures}solved in {len} ({}{lb})\n{}\n", proof(a, false), a.plans().concat())
}

/// The text of a `solve` answer: the collected horizons, the puzzle's lines (`solved`, for a
/// solved answer), the certificate, what was trusted or checked, and the portfolio.
pub fn solved(a: &Answer, solved: impl FnOnce(&Answer) -> String) -> String {
    let proved = a.certificate.as_ref().map_or(String::new(), |c| {
        let lemmas: Vec<&puzzlec_certify::CheckedClaim> = c.claims.iter().filter(|k| k.method == "lemmas").collect();
        let mut line = String::new();
        let again: Vec<&puzzlec_certify::CheckedClaim> = c.claims.iter().filter(|k| k.method != "lemmas").collect();
        if let Some(first) = again.first() {
            let n = count(again.len(), "UNSAT claim");
            // With lemma claims beside them, the certificate's prover and checker name both kinds.
            let by = match lemmas.is_empty() {
                true => format!("proved by {} and checked by {}", c.prover, c.checker),
                false => format!("proved again from the plain formula and checked by {}", first.checked_by),
            };
            line += &format!("certified: {n} {by} (DRAT)\n");
            for k in again.iter().filter(|k| k.reproved_because.is_some()) {
                let why = k.reproved_because.as_deref().unwrap_or_default();
                line += &format!("  ({}: the live solver's certificate was not used: {why})\n", k.claim);
            }
        }
        for k in lemmas {
            let part = |name: &str| k.parts.iter().find(|p| p.name == name);
            line += &format!(
                "certified: {}: the solver's own proof ({:.1} MB) with {} lemmas, checked by {} in {:.1} s\n",
                k.claim,
                part("proof").and_then(|p| p.bytes).unwrap_or(0) as f64 / 1e6,
                part("lemmas").and_then(|p| p.count).unwrap_or(0),
                k.checked_by,
                k.check_ms as f64 / 1000.0
            );
        }
        line
    });
    let why = |r: &crate::answer::Racer| match (&r.detail, r.status) {
        (Some(d), crate::answer::RacerStatus::Error) => format!(": {d}"),
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
    horizons + &summary(a, solved) + &proved + &trusted + &raced
}

fn summary(a: &Answer, solved: impl FnOnce(&Answer) -> String) -> String {
    let detail = a.detail.clone().unwrap_or_default();
    let len = moves(a.length.unwrap_or(0));
    match a.status {
        Status::NoSolution => format!("no solution: {detail}\n"),
        Status::Unknown => match &a.moves {
            Some(m) => format!("unknown: {detail}\n{}best plan found: {len}{}\n{m}\n", a.figures.concat(), bound(a)),
            None => format!("unknown: {detail}\n"),
        },
        _ => solved(a),
    }
}

/// The text of a `decode` answer (`decoded`: the puzzle's lines for one that decoded).
pub fn decoded(a: &Answer, decoded: impl FnOnce(&Answer) -> String) -> String {
    match a.status {
        Status::Solved => decoded(a),
        _ => format!("{}\n", a.detail.clone().unwrap_or_default()),
    }
}

/// The text of a plan's `decode` answer: the figure and the replay-checked moves.
pub fn decoded_plan(a: &Answer) -> String {
    format!("{}decoded {} (replay-checked): {}\n", a.figures.concat(), moves(a.length.unwrap_or(0)), a.plans().concat())
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

/// Every level of a request that named several: how many were solved and proved, then a
/// line per level (its `noun` the word for one step of a plan).
pub fn levels(rows: &[serde_json::Value], noun: &str) -> String {
    let mut lines = String::new();
    let (mut solved, mut none, mut optimal) = (0, 0, 0);
    for (i, r) in rows.iter().enumerate() {
        let secs = r["time_ms"].as_u64().unwrap_or(0) as f64 / 1000.0;
        let status: Status = serde_json::from_value(r["status"].clone()).unwrap_or(Status::Unknown);
        let line = match status {
            Status::Solved => {
                solved += 1;
                let len = r["length"].as_u64().unwrap_or(0);
                optimal += usize::from(r["optimal"] == true);
                let proved = if r["optimal"] == true { "optimal" } else { "not proved optimal" };
                format!("{len:>4} {noun}s, {proved}  {}", r["moves"].as_str().unwrap_or(""))
            }
            Status::NoSolution => {
                none += 1;
                format!("no solution ({})", r["reason"].as_str().unwrap_or("proved"))
            }
            _ => format!("unknown: {}", r["detail"].as_str().unwrap_or("")),
        };
        lines.push_str(&format!("level {:>3}  {line}  ({secs:.2} s)\n", i + 1));
    }
    let unknown = rows.len() - solved - none;
    let proved = if optimal == solved { "each optimal".to_string() } else { format!("{optimal} proved optimal") };
    format!("of {} levels, {solved} solved ({proved}), {none} cannot be won, {unknown} unknown:\n{lines}", rows.len())
}
