//! Certificates that keep the lemmas (`--certify` where an UNSAT rests on the pattern
//! databases). While a horizon is solved, every solver traces its proof
//! ([`puzzlec_solve::proof`]), the frontier and the propagator write each lemma with its
//! justification, and the formula is kept as `emit` writes it. An UNSAT horizon's files
//! become [`Evidence`] for the independent checker (`puzzlec-slide-check`), which shares
//! none of this code.
//!
//! How the lemmas enter the proof: CaDiCaL reports a clause it is given as an original; the
//! frontier's lemmas are given before the first solve and the propagator's during solves,
//! so both are input clauses of the certificate (the formula the checker checks the proof
//! against is the CNF, then the lemmas it has justified, numbered in that order). Blocking
//! clauses of refuted cubes are given between solves and become steps of the proof. The
//! solvers' traces are joined into one LRAT proof when a horizon is kept.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use puzzlec_certify::{Evidence, Part};
use puzzlec_ir::Cnf;
use puzzlec_solve::proof::ProofFile;
use puzzlec_solve::{Backend, Incremental};

use super::tables::TablesCheck;
use crate::tables::Kind;

/// The traces of one run's horizons; every UNSAT horizon's files are kept (a claim at one
/// horizon of a formula that forbids undos does not speak for the shorter ones).
pub struct Trace {
    root: tempfile::TempDir,
    kept: Mutex<std::collections::BTreeMap<usize, Arc<Kept>>>,
    tables: Arc<TablesCheck>,
}

/// The files of a claim whose own files are in `dir`.
fn claim(dir: &Path) -> puzzlec_slide_check::Claim {
    puzzlec_slide_check::Claim::in_dir(dir, "claim")
}

impl Trace {
    /// # Errors
    /// No temporary folder.
    pub fn new() -> std::io::Result<Trace> {
        let root = tempfile::Builder::new().prefix("puzzlec-certificate-").tempdir()?;
        Ok(Trace { root, kept: Mutex::default(), tables: Arc::default() })
    }

    /// Starts tracing `horizon`, whose lemmas cite `db` (checked in the background from now).
    pub(crate) fn begin(&self, horizon: usize, db: Kind) -> std::io::Result<Recorder> {
        self.tables.start(db);
        let dir = self.root.path().join(format!("horizon-{horizon}"));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir)?;
        Ok(Recorder { dir, lemmas: Arc::default(), proofs: Mutex::default() })
    }

    /// Keeps an UNSAT horizon's files as its certificate; the CNF begins with `header`, the
    /// line `emit` writes ([`super::header`]), so it is exactly the emitted file.
    pub(crate) fn keep(&self, horizon: usize, header: &str, r: Recorder, cnf: &Cnf) -> std::io::Result<()> {
        let proofs = std::mem::take(&mut *r.proofs.lock().unwrap_or_else(|e| e.into_inner()));
        let mut usable = Ok(());
        for p in &proofs {
            let stats = p.flush();
            if let Some(e) = stats.error {
                usable = Err(format!("writing the proof failed: {e}"));
            } else if stats.restored > 0 {
                usable = Err(format!(
                    "the solver restored {} eliminated clauses, which its proof does not hold",
                    stats.restored
                ));
            }
        }
        let mut text = format!("c {header}\n");
        text.push_str(&cnf.to_dimacs());
        std::fs::write(r.dir.join("claim.cnf"), text)?;
        let mut lemmas = String::from("c puzzlec lemmas (see puzzlec_slide_check::lemmas for the format)\n");
        for line in r.lemmas.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            lemmas.push_str(line);
            lemmas.push('\n');
        }
        std::fs::write(r.dir.join("claim.lemmas"), lemmas)?;
        // The first solver made the last solve: its trace goes last (the others' refuted
        // cubes, which it took in, are derived before it).
        let mut parts: Vec<PathBuf> = proofs.iter().skip(1).map(|p| p.path.clone()).collect();
        parts.extend(proofs.first().map(|p| p.path.clone()));
        if usable.is_ok() {
            let lemmas = r.lemmas.lock().unwrap_or_else(|e| e.into_inner());
            let extra: Vec<Vec<i32>> = lemmas.iter().map(|line| clause_of(line)).collect();
            let input = cnf.clauses().chain(extra.iter().map(Vec::as_slice));
            if let Err(e) = puzzlec_solve::proof::merge(&parts, input, &r.dir.join("claim.lrat")) {
                usable = Err(format!("joining the solvers' proofs failed: {e}"));
            }
        }
        for p in &parts {
            let _ = std::fs::remove_file(p);
        }
        let kept = Kept { dir: r.dir, root: self.root.path().to_path_buf(), usable, tables: self.tables.clone() };
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).insert(horizon, Arc::new(kept));
        Ok(())
    }

    /// The certificate of `horizon`, when it was answered UNSAT and kept.
    pub fn evidence(&self, horizon: usize) -> Option<Box<dyn Evidence>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(&horizon).map(|k| Box::new(Shared(k.clone())) as Box<dyn Evidence>)
    }
}

/// The background check writes into the temporary folder: it ends before the folder goes
/// (a Ctrl-C must leave nothing behind).
impl Drop for Trace {
    fn drop(&mut self) {
        self.tables.cancelled.store(true, std::sync::atomic::Ordering::Relaxed);
        let running = self.tables.running.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(handle) = running {
            let _ = handle.join();
        }
    }
}

/// What one horizon's tracing gathers.
pub(crate) struct Recorder {
    dir: PathBuf,
    /// Lemma lines (frontier and propagator), with their justifications.
    pub lemmas: Arc<Mutex<Vec<String>>>,
    /// Every solver's proof, the first solver's first.
    proofs: Mutex<Vec<ProofFile>>,
}

impl Recorder {
    /// A live solver writing its own proof file.
    pub(crate) fn session(&self, backend: &Backend) -> Option<Box<dyn Incremental>> {
        let mut proofs = self.proofs.lock().unwrap_or_else(|e| e.into_inner());
        let session = backend.proving_session(&self.dir.join(format!("{}.trace", proofs.len())))?.ok()?;
        proofs.push(session.proof()?);
        Some(session)
    }

    pub(crate) fn lemma(&self, line: String) {
        self.lemmas.lock().unwrap_or_else(|e| e.into_inner()).push(line);
    }
}

/// One UNSAT horizon's certificate files.
struct Kept {
    dir: PathBuf,
    root: PathBuf,
    usable: Result<(), String>,
    tables: Arc<TablesCheck>,
}

struct Shared(Arc<Kept>);

/// The clause of a lemma line (after ` : `, 0-ended), as the checker reads it.
fn clause_of(line: &str) -> Vec<i32> {
    let clause = line.split_once(" : ").map_or("", |(_, c)| c);
    clause.split_whitespace().filter_map(|x| x.parse().ok()).filter(|&l| l != 0).collect()
}

fn size(path: &Path) -> Option<u64> {
    std::fs::metadata(path).ok().map(|m| m.len())
}

impl Evidence for Shared {
    fn usable(&self) -> Result<(), String> {
        self.0.usable.clone()
    }

    fn files(&self) -> Result<Vec<(String, PathBuf)>, String> {
        self.0.tables.get()?;
        let c = claim(&self.0.dir);
        let (tables, excess) = self.0.tables.files(&self.0.root)?;
        let mut files = vec![
            ("{claim}.cnf".into(), c.cnf),
            ("{claim}.lemmas".into(), c.lemmas),
            ("{claim}.lrat".into(), c.proof),
            ("tables.bin".into(), tables),
        ];
        files.extend(excess.map(|e| ("tables.excess".into(), e)));
        Ok(files)
    }

    fn check(&self, limit: std::time::Duration) -> Result<Vec<Part>, String> {
        let claim = claim(&self.0.dir);
        let deadline = std::time::Instant::now() + limit;
        let stop = || puzzlec_core::stop::passed(Some(deadline));
        // The lemmas and the proof are checked while the tables' check (begun with the
        // search) finishes, against the very bytes its verdict is about.
        let (verdict, r) = std::thread::scope(|scope| {
            let verdict = scope.spawn(|| self.0.tables.get());
            let r = self.0.tables.entries().and_then(|tables| {
                puzzlec_slide_check::check_claim(&claim, tables, puzzlec_slide_check::Proof::Lrat { stop: &stop })
                    .map_err(|e| e.to_string())
            });
            (verdict.join().unwrap_or_else(|_| Err("the tables' check panicked".into())), r)
        });
        let verdict = verdict?;
        let r = puzzlec_slide_check::Report { tables_ms: verdict.ms, ..r? };
        let part = |name: &str, bytes: Option<u64>, count: Option<u64>, ms: Option<u64>| Part {
            name: name.into(),
            bytes,
            count,
            ms,
            note: None,
        };
        let lemmas = (r.frontier + r.placements + r.lookahead) as u64;
        Ok(vec![
            part("formula", size(&claim.cnf), Some(r.clauses as u64), None),
            part("frontier lemmas", None, Some(r.frontier as u64), None),
            part("placement lemmas", None, Some(r.placements as u64), None),
            part("lookahead lemmas", None, Some(r.lookahead as u64), None),
            part("lemmas", size(&claim.lemmas), Some(lemmas), Some(r.lemmas_ms)),
            Part {
                note: verdict
                    .remembered
                    .then(|| "consistent: these very bytes (SHA-256) were checked by an earlier run".into()),
                ..part("tables", self.0.tables.bytes(), None, Some(r.tables_ms))
            },
            part("proof", size(&claim.proof), Some(r.steps), Some(r.proof_ms)),
        ])
    }

    fn checker(&self) -> String {
        "puzzlec-slide-check (tables, lemmas and the LRAT proof)".into()
    }

    fn by_hand(&self) -> String {
        "Each claim-K rests on pattern-database lemmas: claim-K.cnf is the formula as `puzzlec emit` writes it,\n\
         claim-K.lemmas the lemmas the solver was given, each with its justification, claim-K.lrat the LRAT proof\n\
         the embedded CaDiCaL traced while it solved (CNF plus lemmas is unsatisfiable; binary LRAT, the input\n\
         clauses numbered from 1: the CNF's in order, then each lemma's), tables.bin (with tables.excess\n\
         on boards of up to 16 cells) the pattern databases the justifications cite. Re-check every claim\n\
         by hand with\n\
         \n  puzzlec-slide-check .\n\n\
         which checks the tables (consistent, hence admissible), each lemma against its justification, then\n\
         checks the proof step by step against CNF plus lemmas. Exit 0: every claim holds; 3: one does not."
            .into()
    }
}
