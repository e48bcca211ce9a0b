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
use puzzlec_engine::puzzle::JobChecker;

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
    check(&m, &path)?;
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
    let (mut by_horizon, plans) = read_jobs(dir, &m, checker.as_ref(), lemma_checker.as_deref())?;
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
    if !m.certify {
        second_opinion(&m, &mut answer)?;
    }
    if with_lemmas && !m.certify && answer.optimal == Some(true) {
        answer.trusted = Some(
            "the UNSAT jobs rest on lemmas their files carry (the puzzle's own bounds, each with its justification), unchecked: write the jobs with --certify to have them checked".into(),
        );
    }
    Ok(answer)
}

/// Every job's answer read and judged: plans by horizon (decoded and replayed), and per
/// horizon its UNSAT jobs (their certificates checked when the jobs were written with
/// `--certify`), the missing and the failed ones.
fn read_jobs(
    dir: &Path,
    m: &Manifest,
    checker: Option<&puzzlec_certify::Checker>,
    lemma_checker: Option<&dyn JobChecker>,
) -> Result<(BTreeMap<usize, HorizonResult>, BTreeMap<usize, Answer>)> {
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
            Ok(_) => match checker {
                None => h.unsat += 1,
                Some(c) => {
                    let proof = dir.join("out").join(format!("{}.drat", job.id));
                    let rate = |cnf: &Path, proof: &Path| c.check(cnf, proof, Duration::from_secs(3600));
                    let checked = match (&job.lemmas, &job.formula, lemma_checker) {
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
    Ok((by_horizon, plans))
}

/// A manifest is read as untrusted as any other input: every cap and name `jobs` keeps when
/// it writes one is checked again (a tampered manifest must not grow memory without end, nor
/// put words of its own into the answer).
fn check(m: &Manifest, path: &Path) -> Result<()> {
    let bad = |why: String| Err(Error::bad_input(format!("{}: {why}", path.display())));
    if m.jobs.len() > crate::jobs::MAX_JOBS {
        return bad(format!("{} jobs; puzzlec writes at most {} per directory", m.jobs.len(), crate::jobs::MAX_JOBS));
    }
    let max = puzzlec_engine::files::MAX_HORIZON;
    let horizons = m.jobs.iter().map(|j| j.horizon).chain(m.horizons.into_iter().flatten());
    if let Some(h) = horizons.clone().find(|&h| h > max) {
        return bad(format!("horizon {h}; puzzlec encodes horizons up to {max}"));
    }
    if let Some([a, b]) = m.horizons.filter(|[a, b]| a > b) {
        return bad(format!("horizons [{a}, {b}]: an empty range"));
    }
    let puzzle = crate::registry::lookup(&m.instance.puzzle)?;
    if !puzzle.encodings().iter().any(|e| e.name == m.encoding) {
        return bad(format!("{:?} is no encoding of {}", clip(&m.encoding), m.instance.puzzle));
    }
    let id =
        |t: &str| !t.is_empty() && t.len() <= 64 && t.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if !id(&m.solver) {
        return bad(format!("{:?} is not a solver id", clip(&m.solver)));
    }
    let inside = |f: &str| {
        let p = Path::new(f);
        p.is_relative() && p.components().all(|c| matches!(c, std::path::Component::Normal(_)))
    };
    let files =
        m.jobs.iter().flat_map(|j| [Some(&j.file), j.lemmas.as_ref(), j.formula.as_ref()].into_iter().flatten());
    if let Some(f) = files.clone().find(|f| !inside(f)) {
        return bad(format!("job file {:?} lies outside the directory", clip(f)));
    }
    Ok(())
}

fn clip(text: &str) -> String {
    text.chars().take(60).collect()
}

/// Uncertified jobs' UNSAT answers are the solver's word, as in `solve`: the exact search is
/// asked within a small budget, which confirms the claim (`checked`), refutes it (exit 3,
/// naming the solver), or leaves it resting on the solver's word (`trusted`).
fn second_opinion(m: &Manifest, answer: &mut Answer) -> Result<()> {
    let claims_none = answer.status == Status::NoSolution;
    let claims_optimal = answer.optimal == Some(true);
    if !claims_none && !claims_optimal {
        return Ok(());
    }
    let budget = puzzlec_engine::opinion::BUDGET.as_secs_f64();
    let options = crate::SolveOptions { solver: Some("search".into()), timeout: Some(budget), ..Default::default() };
    let request = crate::Request { puzzle: m.instance.puzzle.clone(), options, fields: m.instance.fields.clone() };
    let exact = crate::solve(&request, &crate::Env::default(), &mut |_| {});
    let found = exact.as_ref().ok().filter(|a| a.status == Status::Solved).and_then(|a| a.length);
    let none = exact.as_ref().is_ok_and(|a| a.status == Status::NoSolution && a.reason.as_deref() != Some("max-moves"));
    let wrong = |what: String| {
        Err(Error::unknown(format!(
            "the jobs' answers (solver {}) claim {what}: their UNSAT answers are wrong",
            m.solver
        )))
    };
    match (found, answer.length) {
        (Some(n), Some(length)) if n < length => {
            return wrong(format!("a plan of {length} is optimal, but the exact search finds one of {n} (replayed)"))
        }
        (Some(n), None) if claims_none && m.horizons.is_none_or(|[_, b]| n <= b) => {
            return wrong(format!("no plan, but the exact search finds one of {n} (replayed)"))
        }
        (Some(_), _) => answer.checked = Some("the claim was confirmed by the exact search".into()),
        (None, _) if none => answer.checked = Some("the exact search finds no plan at all".into()),
        (None, _) => {
            answer.trusted = Some(format!(
                "the claim rests on the word of solver {} (its UNSAT answers in the jobs' folder); the exact search could not confirm it within {budget} s, and jobs written with --certify prove it",
                m.solver
            ))
        }
    }
    Ok(())
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
