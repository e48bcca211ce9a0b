//! An independent checker of puzzlec's certificates for sliding tiles: "no plan of exactly H
//! moves" proved by CaDiCaL with pattern-database lemmas in the formula.
//!
//! It shares no code with the solving side: it reads the certificate's files and re-derives
//! what it needs from the board rules, written here again on purpose ([`board`]) so that a
//! bug in the solver's rules or tables cannot hide in the check. What it trusts: the
//! encoding (that the CNF's clauses say what the rules say, and its variables what their
//! names say: `P(tile,cell,t)`, `A(t,move)`), this crate, and `puzzlec-lrat`, the LRAT
//! checker it hands the formula and the proof to (std only, as independent of the solving
//! side as this crate). What it checks, and therefore no longer trusts:
//! 1. the pattern-database tables: consistent, hence admissible ([`tables`]; dense ones
//!    against a search of their own, [`dense`]);
//! 2. each lemma: exactly the clause its justification describes, with arithmetic that holds
//!    ([`lemmas`]), against the start, goal and horizon the CNF itself fixes;
//! 3. the proof: the CNF and the lemmas together are unsatisfiable (binary LRAT, every step
//!    with the clauses it follows from, checked in one pass). The input clauses are
//!    numbered from 1: the CNF's in their order, then each lemma's in the lemma file's.
//!
//! A certificate for claim K in a folder: `claim-K.cnf` (as `puzzlec emit` writes it),
//! `claim-K.lemmas`, `claim-K.lrat` (the solver's proof, traced while it solved), and the
//! tables: `tables.bin` and `tables.excess` on boards of up to 16 cells ([`tables`]),
//! `tables.bin` alone holding one dense table per group on larger ones ([`dense`]).

/// This checker's version, named in the stamps of tables it verified.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

mod ahead;
pub mod board;
mod dense;
mod justify;
pub mod lemmas;
pub mod tables;

use std::path::{Path, PathBuf};

use std::time::Instant;

/// Why a certificate does not hold. Any of these means: no claim.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("tables: {0}")]
    Tables(String),
    #[error("CNF: {0}")]
    Cnf(String),
    #[error("lemma on line {line}: {why}")]
    Lemma { line: usize, why: String },
    #[error("the claim is not the tables': {0}")]
    Mismatch(String),
    #[error("proof: {0}")]
    Proof(String),
    #[error("{what}: {source}")]
    Io { what: String, source: std::io::Error },
}

/// What was checked, and how long each part took.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub horizon: usize,
    pub clauses: usize,
    pub frontier: usize,
    pub placements: usize,
    pub lookahead: usize,
    pub tables_ms: u64,
    pub lemmas_ms: u64,
    pub proof_ms: u64,
    /// Steps of the LRAT proof checked (0 for a DRAT proof, which `rate` checked).
    pub steps: u64,
}

/// The files of claim `name` (e.g. `claim-1`) in `dir`.
pub struct Claim {
    pub cnf: PathBuf,
    pub lemmas: PathBuf,
    pub proof: PathBuf,
    pub tables: PathBuf,
    pub excess: PathBuf,
}

impl Claim {
    pub fn in_dir(dir: &Path, name: &str) -> Claim {
        Claim {
            cnf: dir.join(format!("{name}.cnf")),
            lemmas: dir.join(format!("{name}.lemmas")),
            proof: dir.join(format!("{name}.lrat")),
            tables: dir.join("tables.bin"),
            excess: dir.join("tables.excess"),
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, CheckError> {
    std::fs::read(path).map_err(|source| CheckError::Io { what: format!("reading {}", path.display()), source })
}

/// Reads the claim's tables and checks them (one thread per group when `parallel`); the
/// time it took.
///
/// # Errors
/// A malformed file or a state that fails the check.
pub fn check_tables(claim: &Claim, parallel: bool) -> Result<(tables::Tables, u64), CheckError> {
    let started = Instant::now();
    let tables = load(claim)?;
    tables.check_on(parallel)?;
    Ok((tables, started.elapsed().as_millis() as u64))
}

/// How a claim's proof is checked.
pub enum Proof<'a> {
    /// Binary LRAT, here; `stop` is asked now and then whether to give up (a time limit,
    /// Ctrl-C).
    Lrat { stop: &'a dyn Fn() -> bool },
    /// DRAT (an external solver's, as cluster jobs write), by `rate`: it gets the CNF with
    /// the lemmas (written to `formula`) and the proof, and says `Err(its words)` when it
    /// does not accept.
    Drat { formula: &'a Path, rate: &'a dyn Fn(&Path, &Path) -> Result<(), String> },
}

/// Checks one claim's lemmas against `tables` (checked already, by [`check_tables`]), then
/// the proof against the CNF with the lemmas.
///
/// # Errors
/// The first part that fails.
pub fn check_claim(claim: &Claim, tables: &tables::Tables, proof: Proof) -> Result<Report, CheckError> {
    let started = Instant::now();
    let text = String::from_utf8(read(&claim.cnf)?).map_err(|_| CheckError::Cnf("not text".into()))?;
    let f = lemmas::Formula::read(&text, tables.shape)?;
    if f.goal != tables.goal {
        return Err(CheckError::Mismatch("the CNF's goal is not the goal the tables were built for".into()));
    }
    let text = String::from_utf8(read(&claim.lemmas)?).map_err(|_| CheckError::Cnf("lemmas: not text".into()))?;
    let (extra, counted) = lemmas::check(&text, &f, tables)?;
    let lemmas_ms = started.elapsed().as_millis() as u64;
    let started = Instant::now();
    let steps = match proof {
        Proof::Lrat { stop } => {
            let io = |source| CheckError::Io { what: format!("reading {}", claim.proof.display()), source };
            let mut proof = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(&claim.proof).map_err(io)?);
            let input = f.clauses.iter().chain(&extra).map(Vec::as_slice);
            puzzlec_lrat::check(input, &mut proof, stop).map_err(|e| CheckError::Proof(e.to_string()))?.steps
        }
        Proof::Drat { formula, rate } => {
            write_formula(formula, &f, &extra)?;
            rate(formula, &claim.proof).map_err(CheckError::Proof)?;
            0
        }
    };
    Ok(Report {
        horizon: f.horizon,
        clauses: f.clauses.len() + extra.len(),
        frontier: counted.frontier,
        placements: counted.placements,
        lookahead: counted.lookahead,
        lemmas_ms,
        proof_ms: started.elapsed().as_millis() as u64,
        steps,
        tables_ms: 0,
    })
}

/// Checks one claim whole: the tables beside the lemmas and the proof. The lemmas are
/// compared with the tables as read; the verdict waits for the tables' check.
///
/// # Errors
/// The first part that fails.
pub fn check(claim: &Claim) -> Result<Report, CheckError> {
    let mut reports = check_all(std::slice::from_ref(claim)).map_err(|(_, e)| e)?;
    Ok(reports.remove(0))
}

/// Checks claims that cite the same tables (one folder's): the tables read and checked
/// once, beside the claims' lemmas and proofs, which are checked in turn. Each claim's
/// report carries the tables' time.
///
/// # Errors
/// The first part that fails, with the index of its claim (the first, for the tables).
pub fn check_all(claims: &[Claim]) -> Result<Vec<Report>, (usize, CheckError)> {
    let first = claims.first().ok_or_else(|| (0, CheckError::Cnf("no claim to check".into())))?;
    let tables = load(first).map_err(|e| (0, e))?;
    let tables = &tables;
    std::thread::scope(|scope| {
        let started = Instant::now();
        let consistent = scope.spawn(move || tables.check().map(|()| started.elapsed().as_millis() as u64));
        let rest: Result<Vec<Report>, (usize, CheckError)> = claims
            .iter()
            .enumerate()
            .map(|(i, claim)| check_claim(claim, tables, Proof::Lrat { stop: &|| false }).map_err(|e| (i, e)))
            .collect();
        let tables_ms = consistent.join().unwrap_or_else(|_| Err(CheckError::Tables("the check panicked".into())));
        let tables_ms = tables_ms.map_err(|e| (0, e))?;
        Ok(rest?.into_iter().map(|r| Report { tables_ms, ..r }).collect())
    })
}

/// The claim's tables: `tables.bin` and `tables.excess`, or dense tables alone.
fn load(claim: &Claim) -> Result<tables::Tables, CheckError> {
    let bytes = read(&claim.tables)?;
    match bytes.starts_with(dense::MAGIC) {
        true => tables::Tables::dense(&[std::sync::Arc::new(bytes)]),
        false => tables::Tables::read(&bytes, &read(&claim.excess)?),
    }
}

fn write_formula(path: &Path, f: &lemmas::Formula, extra: &[Vec<i32>]) -> Result<(), CheckError> {
    use std::io::Write;
    let io = |source| CheckError::Io { what: format!("writing {}", path.display()), source };
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    writeln!(out, "p cnf {} {}", f.vars, f.clauses.len() + extra.len()).map_err(io)?;
    for c in f.clauses.iter().chain(extra) {
        for l in c {
            write!(out, "{l} ").map_err(io)?;
        }
        writeln!(out, "0").map_err(io)?;
    }
    out.flush().map_err(io)
}
