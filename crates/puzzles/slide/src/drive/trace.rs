//! Certificates that keep the lemmas (`--certify` where an UNSAT rests on the pattern
//! databases). While a horizon is solved, every solver writes its DRAT proof
//! ([`puzzlec_solve::proof`]), the frontier and the propagator write each lemma with its
//! justification, and the formula is kept as `emit` writes it. An UNSAT horizon's files
//! become [`Evidence`] for the independent checker (`puzzlec-slide-check`), which shares
//! none of this code.
//!
//! How the lemmas enter the proof: CaDiCaL reports a clause it is given as an original and
//! does not write it; the frontier's lemmas are given before the first solve and the
//! propagator's during solves, so both are input clauses of the certificate (the formula
//! the checker hands to `rate` is the CNF plus the lemmas it has justified). Blocking
//! clauses of refuted cubes are given between solves and written as derived.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use puzzlec_certify::{Evidence, Part};
use puzzlec_ir::Cnf;
use puzzlec_solve::proof::ProofFile;
use puzzlec_solve::{Backend, Incremental};

use crate::rules::pdb::PatternDb;

/// The traces of one run's horizons; only the last UNSAT horizon's files are kept.
pub struct Trace {
    root: tempfile::TempDir,
    last: Mutex<Option<(usize, Arc<Kept>)>>,
}

impl Trace {
    /// # Errors
    /// No temporary folder.
    pub fn new() -> std::io::Result<Trace> {
        Ok(Trace { root: tempfile::Builder::new().prefix("puzzlec-certificate-").tempdir()?, last: Mutex::new(None) })
    }

    /// Starts tracing `horizon`.
    pub(crate) fn begin(&self, horizon: usize) -> std::io::Result<Recorder> {
        let dir = self.root.path().join(format!("horizon-{horizon}"));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir)?;
        Ok(Recorder { dir, lemmas: Arc::default(), proofs: Mutex::default() })
    }

    /// Keeps an UNSAT horizon's files as its certificate.
    pub(crate) fn keep(&self, horizon: usize, r: Recorder, cnf: &Cnf, db: Arc<PatternDb>) -> std::io::Result<()> {
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
        let mut text = format!(
            "c puzzlec slide encoding=compact size={}x{} horizon={horizon}\n",
            db.goal().rows(),
            db.goal().cols()
        );
        text.push_str(&cnf.to_dimacs());
        std::fs::write(r.dir.join("claim.cnf"), text)?;
        let mut lemmas = String::from("c puzzlec lemmas (see puzzlec_slide_check::lemmas for the format)\n");
        for line in r.lemmas.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            lemmas.push_str(line);
            lemmas.push('\n');
        }
        std::fs::write(r.dir.join("claim.lemmas"), lemmas)?;
        // The first solver made the last solve: its proof goes last (the others' refuted
        // cubes, which it took in, are derived before it).
        let mut parts: Vec<PathBuf> = proofs.iter().skip(1).map(|p| p.path.clone()).collect();
        parts.extend(proofs.first().map(|p| p.path.clone()));
        puzzlec_solve::proof::merge(&parts, &r.dir.join("claim.drat"))?;
        for p in &parts {
            let _ = std::fs::remove_file(p);
        }
        let kept = Kept { dir: r.dir, db, usable, tables: Mutex::new(false) };
        let old = self.last.lock().unwrap_or_else(|e| e.into_inner()).replace((horizon, Arc::new(kept)));
        if let Some((h, _)) = old.filter(|(h, _)| *h != horizon) {
            let _ = std::fs::remove_dir_all(self.root.path().join(format!("horizon-{h}")));
        }
        Ok(())
    }

    /// The certificate of `horizon`, when it was the last UNSAT kept.
    pub fn evidence(&self, horizon: usize) -> Option<Box<dyn Evidence>> {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let (h, kept) = last.as_ref()?;
        (*h == horizon).then(|| Box::new(Shared(kept.clone())) as Box<dyn Evidence>)
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
        let session = backend.proving_session(&self.dir.join(format!("{}.drat", proofs.len())))?.ok()?;
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
    db: Arc<PatternDb>,
    usable: Result<(), String>,
    /// Whether the tables were written into `dir` (on first need: 60 MB).
    tables: Mutex<bool>,
}

struct Shared(Arc<Kept>);

impl Kept {
    fn write_tables(&self) -> Result<(), String> {
        let mut written = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        if !*written {
            let excess = self.db.excess().ok_or("the tables' excess lists could not be made (stopped)")?;
            std::fs::write(self.dir.join("tables.bin"), self.db.bytes()).map_err(|e| e.to_string())?;
            std::fs::write(self.dir.join("tables.excess"), excess).map_err(|e| e.to_string())?;
            *written = true;
        }
        Ok(())
    }
}

fn size(path: &Path) -> Option<u64> {
    std::fs::metadata(path).ok().map(|m| m.len())
}

impl Evidence for Shared {
    fn usable(&self) -> Result<(), String> {
        self.0.usable.clone()
    }

    fn files(&self) -> Result<Vec<(String, PathBuf)>, String> {
        self.0.write_tables()?;
        let d = &self.0.dir;
        Ok(vec![
            ("{claim}.cnf".into(), d.join("claim.cnf")),
            ("{claim}.lemmas".into(), d.join("claim.lemmas")),
            ("{claim}.drat".into(), d.join("claim.drat")),
            ("tables.bin".into(), d.join("tables.bin")),
            ("tables.excess".into(), d.join("tables.excess")),
        ])
    }

    fn check(&self, rate: &(dyn Fn(&Path, &Path) -> Result<(), String> + Sync)) -> Result<Vec<Part>, String> {
        self.0.write_tables()?;
        let d = &self.0.dir;
        let claim = puzzlec_slide_check::Claim::in_dir(d, "claim");
        let formula = d.join("formula.cnf");
        let r = puzzlec_slide_check::check(&claim, &formula, rate).map_err(|e| e.to_string())?;
        let part = |name: &str, bytes: Option<u64>, count: Option<u64>, ms: Option<u64>| Part {
            name: name.into(),
            bytes,
            count,
            ms,
        };
        let lemmas = (r.frontier + r.placements) as u64;
        Ok(vec![
            part("formula", size(&formula), Some(r.clauses as u64), None),
            part("frontier lemmas", None, Some(r.frontier as u64), None),
            part("placement lemmas", None, Some(r.placements as u64), None),
            part("lemmas", size(&claim.lemmas), Some(lemmas), Some(r.lemmas_ms)),
            part("tables", size(&claim.tables).zip(size(&claim.excess)).map(|(a, b)| a + b), None, Some(r.tables_ms)),
            part("proof", size(&claim.proof), None, Some(r.rate_ms)),
        ])
    }

    fn checker(&self) -> String {
        "puzzlec-slide-check (tables and lemmas) and rate (the proof)".into()
    }

    fn by_hand(&self) -> String {
        "Each claim-K rests on pattern-database lemmas: claim-K.cnf is the formula as `puzzlec emit` writes it,\n\
         claim-K.lemmas the lemmas the solver was given, each with its justification, claim-K.drat the DRAT proof\n\
         the embedded CaDiCaL wrote while it solved (CNF plus lemmas is unsatisfiable), tables.bin and\n\
         tables.excess the pattern databases the justifications cite. Re-check every claim by hand with\n\
         \n  puzzlec-slide-check .\n\n\
         which checks the tables (consistent, hence admissible), each lemma against its justification, then\n\
         hands CNF plus lemmas and the proof to rate. Exit 0: every claim holds; 3: one does not."
            .into()
    }
}
