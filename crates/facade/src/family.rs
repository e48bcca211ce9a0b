//! Benchmark families for solver developers: instances on both sides of the SAT/UNSAT
//! boundary with labels known from the exact search (sliding tiles, cross slider) or from
//! the complete enumeration (hexagons), in the form the SAT competition asks for.
//!
//! Each DIMACS file opens with comment lines that hold the generator command, its
//! parameters, the instance and its label, then the exact `p cnf` header `emit` writes.
//! Each SMT-LIB2 file carries `(set-info :source |...|)` and `(set-info :status ...)` and
//! ends at `(check-sat)` (no model requests, as SMT-COMP wants). `manifest.csv` lists every
//! file with its expected status; each CNF is solved once by the embedded CaDiCaL and a
//! label it contradicts is an error, never written.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use indoc::indoc;
use puzzlec_ir::Cnf;
use puzzlec_solve::{Backend, Outcome};

pub use puzzlec_engine::family::{FamilyRequest, Labelled};

use crate::{registry, EmitRequest, Env, Error, Form, Result};

/// What a family folder holds (`puzzlec family --help`).
pub const WHAT_IS_WRITTEN: &str = indoc! {"
    Each instance gives two files per form: the horizon of its optimum (SAT) and two below (UNSAT),
    optima from the exact search (fillings: labels from the complete enumeration). DIMACS files
    open with comment lines holding this command, the instance and its status, then an exact
    `p cnf` header; SMT-LIB2 files carry set-info :source and :status and end at check-sat.
    manifest.csv lists file, status, optimum, horizon, variables, clauses and the embedded
    CaDiCaL's time (which confirmed every CNF label). Instances whose UNSAT side the encoding
    refutes by its own bound (an empty clause) are drawn again: they are no benchmark."};

/// The most instances one family holds.
pub const MAX_COUNT: usize = 10_000;

/// One written instance, a row of manifest.csv.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Written {
    pub file: String,
    pub status: &'static str,
    pub optimum: Option<usize>,
    pub horizon: Option<usize>,
    pub variables: Option<u32>,
    pub clauses: Option<usize>,
    pub cadical_seconds: Option<f64>,
}

/// What `family` wrote, as a front end shows it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    pub files: Vec<Written>,
    pub out: std::path::PathBuf,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "wrote {} files and manifest.csv to {}", self.files.len(), self.out.display())
    }
}

/// Writes the family and its manifest.
///
/// # Errors
/// Bad input for sizes, counts and folders; unknown when an exact search runs out or the
/// embedded solver contradicts a label.
pub fn write(req: &FamilyRequest, env: &Env, on: &mut dyn FnMut(&Written)) -> Result<Vec<Written>> {
    if req.count == 0 {
        return Err(Error::bad_input("--count 0: nothing to write"));
    }
    if req.count > MAX_COUNT {
        return Err(Error::bad_input(format!("--count {}: at most {MAX_COUNT} instances per family", req.count)));
    }
    let puzzle = registry::lookup(&req.puzzle.puzzle)?;
    // A folder with files in it would mix old instances with new ones that the manifest
    // does not list: refuse, as `jobs` does.
    if std::fs::read_dir(&req.out).is_ok_and(|mut d| d.next().is_some()) {
        return Err(Error::bad_input(format!("{} is not empty; pick a new --out", req.out.display())));
    }
    let io = |e: std::io::Error, p: &Path| Error::bad_input(format!("writing {}: {e}", p.display()));
    std::fs::create_dir_all(&req.out).map_err(|e| io(e, &req.out))?;
    let labelled = puzzle.family(req, env)?;
    let mut rows = Vec::new();
    for l in &labelled {
        for kind in [Form::Dimacs, Form::Smt2] {
            let row = write_one(req, puzzle, l, kind)?;
            on(&row);
            rows.push(row);
        }
    }
    let mut csv = String::from("file,status,optimum,horizon,variables,clauses,cadical_seconds\n");
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &rows {
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{},{}",
            r.file,
            r.status,
            opt(r.optimum.map(|o| o.to_string())),
            opt(r.horizon.map(|o| o.to_string())),
            opt(r.variables.map(|o| o.to_string())),
            opt(r.clauses.map(|o| o.to_string())),
            opt(r.cadical_seconds.map(|s| format!("{s:.3}"))),
        );
    }
    let manifest = req.out.join("manifest.csv");
    std::fs::write(&manifest, csv).map_err(|e| io(e, &manifest))?;
    Ok(rows)
}

fn write_one(req: &FamilyRequest, puzzle: &dyn crate::Puzzle, l: &Labelled, kind: Form) -> Result<Written> {
    let status = if l.sat { "sat" } else { "unsat" };
    let encoding = puzzle
        .default_encoding(kind)
        .ok_or_else(|| Error::bad_input(format!("{} has no encoding written in {kind}", puzzle.name())))?;
    let emit = EmitRequest {
        instance: l.instance.clone(),
        encoding: Some(encoding.to_owned()),
        format: kind,
        horizon: l.horizon.unwrap_or(0),
    };
    let text = puzzle.emit(&emit)?;
    let mut about = vec![format!("generator: {}", req.command), format!("encoding: {encoding}")];
    about.extend(l.about.iter().cloned());
    about.push(format!("status: {}", status.to_uppercase()));
    let (file, body, mut row) = match kind {
        Form::Dimacs => {
            let cnf =
                Cnf::parse_dimacs(&text).map_err(|e| Error::unknown(format!("emitted CNF does not parse: {e}")))?;
            let started = Instant::now();
            let outcome = Backend::embedded_sat().solve_cnf(&cnf, Duration::from_secs(600))?;
            let seconds = started.elapsed().as_secs_f64();
            let found = match outcome {
                Outcome::Sat(_) => true,
                Outcome::Unsat => false,
                Outcome::Unknown(why) => {
                    return Err(Error::unknown(format!("{}: the embedded solver gave up: {why}", l.name)))
                }
            };
            if found != l.sat {
                return Err(Error::unknown(format!(
                    "{}: labelled {status} but the embedded solver says otherwise",
                    l.name
                )));
            }
            let head: String = about.iter().map(|a| format!("c {a}\n")).collect();
            let row = Written {
                file: String::new(),
                status,
                optimum: l.optimum,
                horizon: None,
                variables: Some(cnf.num_vars()),
                clauses: Some(cnf.num_clauses()),
                cadical_seconds: Some(seconds),
            };
            (format!("{}.cnf", l.name), head + &text, row)
        }
        Form::Smt2 => {
            let source = about.join("; ").replace('|', "/");
            let info = format!(
                "(set-info :smt-lib-version 2.6)\n(set-info :source |{source}|)\n(set-info :category \"crafted\")\n(set-info :status {status})\n"
            );
            let mut body = String::new();
            for line in text.lines() {
                if line.starts_with("(set-option :produce-models") {
                    continue;
                }
                if line.starts_with("(set-logic") {
                    body.push_str(&info);
                }
                body.push_str(line);
                body.push('\n');
                if line.starts_with("(check-sat") {
                    body.push_str("(exit)\n");
                    break;
                }
            }
            let row = Written {
                file: String::new(),
                status,
                optimum: l.optimum,
                horizon: None,
                variables: None,
                clauses: None,
                cadical_seconds: None,
            };
            (format!("{}.smt2", l.name), body, row)
        }
    };
    let path = req.out.join(&file);
    std::fs::write(&path, body).map_err(|e| Error::bad_input(format!("writing {}: {e}", path.display())))?;
    row.file = file;
    row.horizon = l.horizon;
    Ok(row)
}
