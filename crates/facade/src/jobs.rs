//! Cluster jobs: one instance's horizons split into self-contained CNF jobs that any engine
//! runs (GNU parallel, a Slurm array), and `collect`, which reads their answers back.
//!
//! Each horizon's CNF (the same text `emit` writes) is split on the plan's first moves: a
//! job is the CNF plus unit clauses fixing the first `d` actions, for every sequence of `d`
//! moves (without immediate undos when the encoding forbids them). Every model of the CNF
//! plays exactly one action per step, so its first `d` actions are one of those sequences:
//! the jobs cover the horizon, and "every job UNSAT" is "the horizon UNSAT". Sequences that
//! are illegal on the board are kept (the solver refutes them at once): the split needs no
//! rules of its own. `collect` decodes and replays a SAT job's plan with `decode`.

use std::path::{Path, PathBuf};

use indoc::indoc;
use serde::{Deserialize, Serialize};

pub use puzzlec_engine::JobFacts as Facts;

use crate::{registry, EmitRequest, Env, Error, Form, Instance, Result};

/// `jobs`: what to write (JSON too: the instance's fields, `horizons` as
/// `{"start": A, "end": B}`, `split`, `out`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JobsRequest {
    #[serde(flatten)]
    pub instance: Instance,
    pub encoding: Option<String>,
    /// A DIMACS solver of the registry (built-in ones are no programs); default `cadical-bin`.
    pub solver: Option<String>,
    pub horizons: std::ops::RangeInclusive<usize>,
    /// At least this many jobs per horizon (where the horizon has that many move sequences).
    #[serde(alias = "cubes")]
    pub split: usize,
    pub out: PathBuf,
    /// Each job also writes a DRAT proof, which `collect` checks for every UNSAT job.
    pub certify: bool,
}

/// `manifest.json`: everything `collect` needs, and what a person reads first.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub instance: Instance,
    pub encoding: String,
    pub lower_bound: usize,
    pub solver: String,
    /// The solver's command line as run-one.sh runs it ($IN the job, $RESULT a result file,
    /// $PROOF the proof).
    pub command: Vec<String>,
    pub certify: bool,
    /// How the solver answers (from the registry), so `run-one.sh` and `collect` read it
    /// without guessing.
    #[serde(default)]
    pub answers: Option<puzzlec_ir::Answers>,
    /// The horizons asked for (`--horizons A..B`), so a horizon whose jobs were all removed
    /// is missed, not forgotten.
    #[serde(default)]
    pub horizons: Option<[usize; 2]>,
    pub jobs: Vec<Job>,
}

/// One job: a horizon and the first moves it fixes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Job {
    pub id: usize,
    pub horizon: usize,
    /// The first moves fixed (letters; empty when the horizon is not split).
    pub first_moves: String,
    /// What the solver reads: the formula, the job's unit clauses and its lemmas.
    pub file: String,
    /// The job's lemmas with their justifications, when the puzzle has any at this horizon
    /// (their clauses close `file`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lemmas: Option<String>,
    /// Then the formula alone (`emit`'s CNF and the job's unit clauses), which the
    /// puzzle's checker reads beside the lemmas.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<String>,
}

impl Job {
    /// Job `id` of `horizon`, fixing `first_moves`, in `jobs/<id>.cnf`.
    fn new(id: usize, horizon: usize, first_moves: String) -> Job {
        Job { id, horizon, first_moves, file: format!("jobs/{id}.cnf"), lemmas: None, formula: None }
    }
}

/// Parses `A..B` (or one horizon `H`).
///
/// # Errors
/// Anything else (bad input).
pub fn horizons(text: &str) -> Result<std::ops::RangeInclusive<usize>> {
    let bad = || Error::bad_input(format!("--horizons {text}: expected A..B (e.g. 13..15) or one number"));
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    match text.split_once("..") {
        Some((a, b)) => Ok(number(a)?..=number(b.trim_start_matches('='))?),
        None => number(text).map(|h| h..=h),
    }
}

/// Default solver for jobs: a binary every Debian machine can install, which writes proofs.
pub const DEFAULT_SOLVER: &str = "cadical-bin";

/// What a job folder holds and how it is run (`puzzlec jobs --help`).
pub const WHAT_IS_WRITTEN: &str = indoc! {"
    Each job is a complete DIMACS file (the horizon's CNF plus unit clauses fixing the plan's first
    moves); a horizon's jobs together cover every plan of that length. The folder holds
    manifest.json, run-one.sh K (runs job K with the solver, answer in out/K.txt), slurm.sbatch
    (an array over the same script) and a README. Run them with GNU parallel or sbatch, then
    `puzzlec collect DIR`."};

/// The most jobs one directory holds (each is a whole CNF file).
pub const MAX_JOBS: usize = 10_000;

/// Writes the job directory and returns its manifest.
///
/// # Errors
/// Bad input for the instance, names, an empty range, a built-in solver or an SMT one; bad
/// input too when the directory cannot be written or already holds a manifest.
pub fn write(req: &JobsRequest, env: &Env) -> Result<Manifest> {
    let puzzle = registry::lookup(&req.instance.puzzle)?;
    let facts = puzzle.jobs(&req.instance, req.encoding.as_deref())?;
    check_request(req, &facts)?;
    let solver_id = req.solver.as_deref().unwrap_or(DEFAULT_SOLVER);
    let solver = env.solver(solver_id)?;
    let backend = solver.backend().filter(|b| b.form() == Form::Dimacs);
    let proof = req.certify.then_some("@PROOF@");
    let command = backend.and_then(|b| b.command_line("@IN@", "@RESULT@", proof)).ok_or_else(|| {
        Error::bad_input(format!(
            "--solver {solver_id}: jobs run a DIMACS solver binary from the registry (e.g. cadical-bin, kissat, minisat)"
        ))
    })?;
    if req.certify && !command.iter().any(|a| a.contains("@PROOF@")) {
        return Err(Error::bad_input(format!("--certify: solver {solver_id} has no `proof` flags in the registry")));
    }
    let dir = &req.out;
    if dir.join("manifest.json").exists() {
        return Err(Error::bad_input(format!(
            "{} already holds jobs (manifest.json); pick a new --out",
            dir.display()
        )));
    }
    let io = |e: std::io::Error, p: &Path| Error::bad_input(format!("writing {}: {e}", p.display()));
    std::fs::create_dir_all(dir.join("jobs")).map_err(|e| io(e, dir))?;
    // Slurm writes its logs into out/ and does not create folders.
    std::fs::create_dir_all(dir.join("out")).map_err(|e| io(e, dir))?;
    let mut jobs = Vec::new();
    let mut shared_written = false;
    for horizon in req.horizons.clone() {
        let emit = EmitRequest {
            instance: req.instance.clone(),
            encoding: Some(facts.encoding.to_owned()),
            format: Form::Dimacs,
            horizon,
        };
        let base = puzzle.emit(&emit)?;
        let lemmas = puzzle.job_lemmas(&req.instance, facts.encoding, horizon, &base)?;
        if let Some(l) = lemmas.as_ref().filter(|_| req.certify && !shared_written) {
            for (name, bytes) in &l.files {
                std::fs::write(dir.join(name), bytes).map_err(|e| io(e, &dir.join(name)))?;
            }
            shared_written = true;
        }
        for (first_moves, units) in prefixes(&facts, &base, horizon, req.split) {
            let mine: Vec<&puzzlec_engine::JobLemma> = lemmas.iter().flat_map(|l| &l.lemmas).collect();
            jobs.push(write_job(dir, Job::new(jobs.len(), horizon, first_moves), &units, &base, &mine)?);
        }
    }
    let manifest = Manifest {
        instance: req.instance.clone(),
        encoding: facts.encoding.to_owned(),
        lower_bound: facts.lower_bound,
        solver: solver_id.to_owned(),
        command: command
            .iter()
            .map(|a| a.replace("@IN@", "$IN").replace("@RESULT@", "$RESULT").replace("@PROOF@", "$PROOF"))
            .collect(),
        certify: req.certify,
        answers: backend.and_then(|b| b.program()).map(|e| e.spec.answers()),
        horizons: Some([*req.horizons.start(), *req.horizons.end()]),
        jobs,
    };
    crate::jobs_scripts::write_all(dir, &manifest, &command)?;
    Ok(manifest)
}

/// The request's numbers against what the puzzle and the caps allow.
fn check_request(req: &JobsRequest, facts: &Facts) -> Result<()> {
    if (facts.choices)(0, &[]).is_empty() {
        return Err(Error::bad_input(format!(
            "--encoding {}: it has no action variables to split a horizon on (leave --encoding out for one that has)",
            facts.encoding
        )));
    }
    if req.horizons.is_empty() {
        return Err(Error::bad_input(format!(
            "--horizons {}..{}: an empty range",
            req.horizons.start(),
            req.horizons.end()
        )));
    }
    crate::files::check_horizon(*req.horizons.end())?;
    let horizons = req.horizons.clone().count();
    // A split gives fewer than four sequences for each one asked for.
    if req.split.saturating_mul(horizons).saturating_mul(4) > MAX_JOBS {
        return Err(Error::bad_input(format!(
            "--split {} over {} could write up to {} jobs; puzzlec writes at most {MAX_JOBS} per directory (split x horizons at most {})",
            req.split,
            crate::answer::count(horizons, "horizon"),
            req.split.saturating_mul(horizons).saturating_mul(4),
            MAX_JOBS / 4
        )));
    }
    Ok(())
}

/// Writes one job: the horizon's CNF with the units fixing its first moves, and, when some
/// of the horizon's `lemmas` agree with those moves, the lemmas beside it.
fn write_job(dir: &Path, mut job: Job, units: &[i64], base: &str, lemmas: &[&puzzlec_engine::JobLemma]) -> Result<Job> {
    let io = |e: std::io::Error, p: &Path| Error::bad_input(format!("writing {}: {e}", p.display()));
    let write = |file: &str, text: String| std::fs::write(dir.join(file), text).map_err(|e| io(e, &dir.join(file)));
    let (id, horizon) = (job.id, job.horizon);
    let comment = format!("job {id}: horizon {horizon}, first moves {:?}", job.first_moves);
    let units: Vec<Vec<i64>> = units.iter().map(|&u| vec![u]).collect();
    // Only the lemmas whose moves agree with the job's own first moves.
    let mine: Vec<&&puzzlec_engine::JobLemma> = lemmas
        .iter()
        .filter(|x| x.moves.starts_with(&job.first_moves) || job.first_moves.starts_with(&x.moves))
        .collect();
    let formula = with_clauses(base, &units, &comment);
    if mine.is_empty() {
        write(&job.file, formula)?;
        return Ok(job);
    }
    let clauses: Vec<Vec<i64>> = mine.iter().map(|x| x.clause.clone()).collect();
    let comment = format!("{comment}, then its {} lemmas (jobs/{id}.lemmas)", clauses.len());
    write(&job.file, with_clauses(&formula, &clauses, &comment))?;
    let (lemma_file, formula_file) = (format!("jobs/{id}.lemmas"), format!("jobs/{id}.formula.cnf"));
    let mut text = format!("c job {id}: the lemmas that close {}, in its order\n", job.file);
    for x in &mine {
        text.push_str(&x.line);
        text.push('\n');
    }
    write(&lemma_file, text)?;
    write(&formula_file, formula)?;
    (job.lemmas, job.formula) = (Some(lemma_file), Some(formula_file));
    Ok(job)
}

/// The move sequences a horizon is split on, with the literals that fix them: the shortest
/// depth giving at least `want` sequences (one empty sequence when the file names no actions).
fn prefixes(facts: &Facts, cnf: &str, horizon: usize, want: usize) -> Vec<(String, Vec<i64>)> {
    let vars: std::collections::HashMap<&str, i64> = cnf
        .lines()
        .filter_map(|l| l.strip_prefix("c var "))
        .filter_map(|l| l.split_once(' ').and_then(|(v, name)| Some((name, v.parse().ok()?))))
        .collect();
    let vars = &vars;
    let mut level: Vec<(Vec<String>, Vec<i64>)> = vec![(Vec::new(), Vec::new())];
    for t in 0..horizon {
        if level.len() >= want.max(1) {
            break;
        }
        // Every choice of every sequence must be a variable of the file, or the level stays.
        let grown: Option<Vec<(Vec<String>, Vec<i64>)>> = level
            .iter()
            .flat_map(|(labels, lits)| {
                (facts.choices)(t, labels).into_iter().map(move |(label, name)| {
                    let var = *vars.get(name.as_str())?;
                    let (mut labels, mut lits) = (labels.clone(), lits.clone());
                    labels.push(label);
                    lits.push(var);
                    Some((labels, lits))
                })
            })
            .collect();
        match grown {
            Some(next) if !next.is_empty() => level = next,
            _ => break,
        }
    }
    level.into_iter().map(|(m, l)| (m.concat(), l)).collect()
}

/// The CNF with `clauses` added at its end (the `p cnf` header counts them) and a comment.
fn with_clauses(cnf: &str, added: &[Vec<i64>], comment: &str) -> String {
    let mut out = String::with_capacity(cnf.len() + 16 * added.len() + 80);
    for line in cnf.lines() {
        match line.strip_prefix("p cnf ").and_then(|r| r.split_once(' ')) {
            Some((vars, clauses)) => {
                let clauses: usize = clauses.trim().parse().unwrap_or(0);
                out.push_str(&format!("c {comment}\np cnf {vars} {}\n", clauses + added.len()));
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    for c in added {
        for l in c {
            out.push_str(&l.to_string());
            out.push(' ');
        }
        out.push_str("0\n");
    }
    out
}

/// What `jobs` wrote, as a front end shows it: the manifest (JSON) or how to run the jobs.
pub struct Written {
    pub manifest: Manifest,
    pub out: PathBuf,
}

impl Serialize for Written {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.manifest.serialize(s)
    }
}

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (n, dir) = (self.manifest.jobs.len(), self.out.display());
        writeln!(f, "wrote {} to {dir} (see {dir}/README.txt)", crate::answer::count(n, "job"))?;
        writeln!(f, "run:  parallel -j 8 {dir}/run-one.sh ::: $(seq 0 {})", n.saturating_sub(1))?;
        writeln!(f, "  or: sbatch {dir}/slurm.sbatch\nthen: puzzlec collect {dir}")
    }
}
