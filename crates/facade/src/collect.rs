//! `collect DIR`: reads the answers of a job directory (see [`crate::jobs`]) and says what
//! they prove. A SAT job's plan is decoded and replayed (`decode`); a horizon is UNSAT only
//! when every one of its jobs answered UNSAT (each with a checked DRAT proof when the jobs
//! were written with `--certify`, and jobs that carried lemmas with each lemma checked by
//! the puzzle's own checker); missing and failed jobs are listed, never guessed.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use crate::jobs::Manifest;
use crate::{Answer, DecodeRequest, Error, Result, Status};

pub use crate::answer::{HorizonResult, Verdict};

/// Reads `dir`'s answers.
///
/// # Errors
/// Bad input when `dir` holds no readable manifest.
pub fn collect(dir: &Path) -> Result<Answer> {
    let started = std::time::Instant::now();
    let path = dir.join("manifest.json");
    let text =
        std::fs::read_to_string(&path).map_err(|e| Error::bad_input(format!("reading {}: {e}", path.display())))?;
    let m: Manifest = serde_json::from_str(&text).map_err(|e| Error::bad_input(format!("{}: {e}", path.display())))?;
    let checker = match m.certify {
        true => Some(puzzlec_certify::Checker::find().ok_or_else(|| {
            Error::unknown("the jobs were written with --certify but no DRAT checker (rate) is installed")
        })?),
        false => None,
    };
    let puzzle = crate::registry::lookup(&m.instance.puzzle)?;
    // Jobs that carried lemmas are checked by the puzzle's own checker (the tables once).
    let with_lemmas = m.jobs.iter().any(|j| j.lemmas.is_some());
    let lemma_checker = match (m.certify, with_lemmas) {
        (true, true) => Some(puzzle.job_checker(dir).map_err(|why| {
            Error::unknown(format!("the jobs carry lemmas, but their shared files do not hold: {why}"))
        })?),
        _ => None,
    };
    let mut by_horizon: BTreeMap<usize, HorizonResult> = BTreeMap::new();
    let mut plans: BTreeMap<usize, Answer> = BTreeMap::new();
    for job in &m.jobs {
        let h = by_horizon
            .entry(job.horizon)
            .or_insert_with(|| HorizonResult { horizon: job.horizon, ..Default::default() });
        h.jobs += 1;
        let out = dir.join("out").join(format!("{}.txt", job.id));
        let Ok(answer_text) = std::fs::read_to_string(&out) else {
            h.missing.push(job.id);
            continue;
        };
        let cnf = dir.join(&job.file);
        let request = DecodeRequest {
            instance: m.instance.clone(),
            encoded: std::fs::read_to_string(&cnf)
                .map_err(|e| Error::bad_input(format!("reading {}: {e}", cnf.display())))?,
            encoded_origin: cnf.display().to_string(),
            answer: answer_text,
            answer_origin: out.display().to_string(),
            answers: m.answers,
        };
        match crate::decode(&request) {
            Ok(a) if a.status == Status::Solved => {
                plans.entry(job.horizon).or_insert(a);
            }
            Ok(_) => match &checker {
                None => h.unsat += 1,
                Some(c) => {
                    let proof = dir.join("out").join(format!("{}.drat", job.id));
                    let rate = |cnf: &Path, proof: &Path| c.check(cnf, proof, Duration::from_secs(3600));
                    let checked = match (&job.lemmas, &job.formula, &lemma_checker) {
                        (Some(lemmas), Some(formula), Some(lc)) => {
                            lc.check(&dir.join(formula), &dir.join(lemmas), &proof, &rate)
                        }
                        (None, _, _) => rate(&cnf, &proof),
                        _ => Err("the job's lemmas name no formula file".into()),
                    };
                    match checked {
                        Ok(()) => h.unsat += 1,
                        Err(why) => h.failed.push((job.id, format!("UNSAT but its certificate does not hold: {why}"))),
                    }
                }
            },
            Err(e) => h.failed.push((job.id, e.to_string())),
        }
    }
    if m.jobs.is_empty() {
        return Err(Error::unknown(format!(
            "{}: the manifest lists no jobs, so nothing can be concluded",
            path.display()
        )));
    }
    // Every horizon asked for must be there, and its jobs must cover every first-move
    // sequence the encoding allows; a manifest that lost jobs leaves the horizon open.
    let [first, last] = m.horizons.unwrap_or_else(|| {
        let hs = m.jobs.iter().map(|j| j.horizon);
        [hs.clone().min().unwrap_or(0), hs.max().unwrap_or(0)]
    });
    let facts = puzzle.jobs(&m.instance, Some(&m.encoding))?;
    for horizon in first..=last {
        let h = by_horizon.entry(horizon).or_insert_with(|| HorizonResult { horizon, ..Default::default() });
        let prefixes: std::collections::HashSet<&str> =
            m.jobs.iter().filter(|j| j.horizon == horizon).map(|j| j.first_moves.as_str()).collect();
        h.uncovered = uncovered(&prefixes, &facts);
    }
    for h in by_horizon.values_mut() {
        h.result = match (plans.contains_key(&h.horizon), h.unsat == h.jobs && h.uncovered.is_none()) {
            (true, _) => Verdict::Sat,
            (false, true) => Verdict::Unsat,
            _ => Verdict::Open,
        };
    }
    let results: Vec<HorizonResult> = by_horizon.into_values().collect();
    let mut answer = conclude(&m, &results, plans, facts.step);
    answer.solver = Some(m.solver.clone());
    answer.encoding = Some(m.encoding.clone());
    answer.lower_bound = Some(answer.lower_bound.unwrap_or(m.lower_bound));
    answer.time_ms = Some(started.elapsed().as_millis() as u64);
    answer.collected = Some(results);
    if with_lemmas && !m.certify && answer.optimal == Some(true) {
        answer.trusted = Some(
            "the UNSAT jobs rest on lemmas their files carry (the puzzle's own bounds, each with its justification), unchecked: write the jobs with --certify to have them checked".into(),
        );
    }
    Ok(answer)
}

/// The answer the horizons support: the shortest SAT horizon's plan, optimal when every
/// horizon below it in the puzzle's step, down to the lower bound, is UNSAT (with step 2
/// every plan's length has the parity of any other's; with step 1 a horizon says "at most",
/// so the one just below is enough), and no plan is shorter than the bound.
fn conclude(m: &Manifest, results: &[HorizonResult], mut plans: BTreeMap<usize, Answer>, step: usize) -> Answer {
    let puzzle = m.instance.puzzle.as_str();
    let unsat = |h: usize| results.iter().any(|r| r.horizon == h && r.result == Verdict::Unsat);
    let open: Vec<String> =
        results.iter().filter(|r| r.result == Verdict::Open).map(|r| r.horizon.to_string()).collect();
    if let Some((&h, _)) = plans.iter().next() {
        let mut a = plans.remove(&h).expect("the first plan");
        let at_most = step == 1;
        let below = (m.lower_bound..h).filter(|k| if at_most { k + 1 == h } else { (h - k) % step == 0 });
        let optimal = below.clone().all(unsat);
        a.optimal = Some(optimal);
        a.lower_bound = Some(if optimal { h } else { m.lower_bound });
        a.status = Status::Solved;
        if !optimal {
            let missing: Vec<String> = below.filter(|&k| !unsat(k)).map(|k| k.to_string()).collect();
            a.detail = Some(format!("not proved optimal: horizons {} are not all answered UNSAT", missing.join(", ")));
        }
        return a;
    }
    let a = Answer::new(puzzle, Status::Unknown);
    match open.is_empty() {
        true => a.no_solution(
            Some("none-within"),
            format!("every job of horizons {} answered UNSAT: no plan of those lengths", span(results)),
        ),
        false => {
            a.unknown(format!("horizons {} still open (jobs missing, failed or not in the manifest)", open.join(", ")))
        }
    }
}

/// The first sequence of moves (their one-character labels) that no prefix in `jobs`
/// covers, over every choice the encoding allows at each step (as the jobs were split);
/// `None` when they cover every sequence.
fn uncovered(jobs: &std::collections::HashSet<&str>, facts: &puzzlec_engine::JobFacts) -> Option<String> {
    let Some(deepest) = jobs.iter().map(|j| j.chars().count()).max() else { return Some("(every sequence)".into()) };
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(labels) = todo.pop() {
        let prefix = labels.concat();
        if jobs.contains(prefix.as_str()) {
            continue;
        }
        if labels.len() >= deepest {
            return Some(if prefix.is_empty() { "(every sequence)".into() } else { prefix });
        }
        for (label, _) in (facts.choices)(labels.len(), &labels) {
            let mut next = labels.clone();
            next.push(label);
            todo.push(next);
        }
    }
    None
}

fn span(results: &[HorizonResult]) -> String {
    match (results.first(), results.last()) {
        (Some(a), Some(b)) if a.horizon != b.horizon => format!("{}..{}", a.horizon, b.horizon),
        (Some(a), _) => a.horizon.to_string(),
        _ => "none".into(),
    }
}
