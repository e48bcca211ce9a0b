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

use crate::tables::pdb::PatternDb;

/// The traces of one run's horizons; only the last UNSAT horizon's files are kept.
pub struct Trace {
    root: tempfile::TempDir,
    last: Mutex<Option<(usize, Arc<Kept>)>>,
    tables: Arc<TablesCheck>,
}

/// The tables' check, started in the background with the first traced horizon (it takes a
/// few seconds, which the search hides), and its verdict.
///
/// The check is made once per machine for the same bytes: after it passes, a stamp in the
/// cache folder records the SHA-256 of the tables and their excess lists (and the
/// checker's version), and a later run whose tables hash the same takes that verdict (the
/// certificate's part says so). `puzzlec-slide-check` by hand always checks them again.
#[derive(Default)]
struct TablesCheck {
    running: Mutex<Option<std::thread::JoinHandle<Result<Verdict, String>>>>,
    verdict: std::sync::OnceLock<Result<Verdict, String>>,
    /// Set once the files are written (or could not be): readers wait for it.
    written: (Mutex<Option<Result<(), String>>>, std::sync::Condvar),
    /// Set by [`TablesCheck::start`]. Why not `running`: a reader of the verdict takes the
    /// handle out to join it, and another thread must not take that for "never started".
    started: std::sync::atomic::AtomicBool,
}

/// How the tables were found consistent: the check's milliseconds, and whether an earlier
/// run's check of the same bytes was taken.
#[derive(Clone, Copy)]
struct Verdict {
    ms: u64,
    remembered: bool,
}

/// The stamp of a verified table file: the digest of its bytes and the checker's version.
fn stamp(tables: &[u8], excess: &[u8]) -> String {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    h.update(tables);
    h.update(excess);
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256 {hex} checked by puzzlec-slide-check {}\n", puzzlec_slide_check::VERSION)
}

impl TablesCheck {
    /// Writes the tables beside the claims and checks them, once.
    fn start(self: &Arc<Self>, root: &Path, db: &Arc<PatternDb>) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if running.is_some() || self.verdict.get().is_some() {
            return;
        }
        self.started.store(true, std::sync::atomic::Ordering::SeqCst);
        let (root, db) = (root.to_path_buf(), db.clone());
        let context = puzzlec_core::stop::context();
        let this = self.clone();
        *running = Some(std::thread::spawn(move || {
            context.enter(|| {
                let claim = claim(&root, &root);
                let write = || -> Result<Vec<u8>, String> {
                    let excess = db.excess().ok_or("the tables' excess lists could not be made (stopped)")?;
                    std::fs::write(&claim.tables, db.bytes()).map_err(|e| e.to_string())?;
                    std::fs::write(&claim.excess, &excess).map_err(|e| e.to_string())?;
                    Ok(excess)
                };
                let written = write();
                *this.written.0.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some(written.as_ref().map(|_| ()).map_err(Clone::clone));
                this.written.1.notify_all();
                let excess = written?;
                let stamp = stamp(db.bytes(), &excess);
                let name = format!("{}.verified", db.cache_name());
                if puzzlec_core::cache::load(&name).is_some_and(|s| s == stamp.as_bytes()) {
                    return Ok(Verdict { ms: 0, remembered: true });
                }
                let (_, ms) = puzzlec_slide_check::check_tables(&claim, false).map_err(|e| e.to_string())?;
                puzzlec_core::cache::store(&name, stamp.as_bytes());
                Ok(Verdict { ms, remembered: false })
            })
        }));
    }

    /// Waits until the tables' files are written.
    fn wait_written(&self) -> Result<(), String> {
        if !self.started.load(std::sync::atomic::Ordering::SeqCst) {
            return Err("the tables were never checked".into());
        }
        let mut written = self.written.0.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(w) = written.as_ref() {
                return w.clone();
            }
            // A check that ended without a word on the files (it panicked) ends the wait.
            if self.verdict.get().is_some() {
                return Err("the tables' check ended before writing them".into());
            }
            let tick = std::time::Duration::from_millis(100);
            written = self.written.1.wait_timeout(written, tick).unwrap_or_else(|e| e.into_inner()).0;
        }
    }

    fn get(&self) -> Result<Verdict, String> {
        self.verdict
            .get_or_init(|| {
                let running = self.running.lock().unwrap_or_else(|e| e.into_inner()).take();
                match running {
                    Some(handle) => handle.join().unwrap_or_else(|_| Err("the tables' check panicked".into())),
                    None => Err("the tables were never checked".into()),
                }
            })
            .clone()
    }
}

/// The files of a claim whose own files are in `dir` and whose tables are in `root`.
fn claim(dir: &Path, root: &Path) -> puzzlec_slide_check::Claim {
    puzzlec_slide_check::Claim {
        tables: root.join("tables.bin"),
        excess: root.join("tables.excess"),
        ..puzzlec_slide_check::Claim::in_dir(dir, "claim")
    }
}

impl Trace {
    /// # Errors
    /// No temporary folder.
    pub fn new() -> std::io::Result<Trace> {
        let root = tempfile::Builder::new().prefix("puzzlec-certificate-").tempdir()?;
        Ok(Trace { root, last: Mutex::new(None), tables: Arc::default() })
    }

    /// Starts tracing `horizon`, whose lemmas cite `db` (checked in the background from now).
    pub(crate) fn begin(&self, horizon: usize, db: &Arc<PatternDb>) -> std::io::Result<Recorder> {
        self.tables.start(self.root.path(), db);
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

/// The background check writes into the temporary folder: it ends before the folder goes
/// (a Ctrl-C must leave nothing behind).
impl Drop for Trace {
    fn drop(&mut self) {
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
        let c = claim(&self.0.dir, &self.0.root);
        Ok(vec![
            ("{claim}.cnf".into(), c.cnf),
            ("{claim}.lemmas".into(), c.lemmas),
            ("{claim}.lrat".into(), c.proof),
            ("tables.bin".into(), c.tables),
            ("tables.excess".into(), c.excess),
        ])
    }

    fn check(&self, limit: std::time::Duration) -> Result<Vec<Part>, String> {
        let claim = claim(&self.0.dir, &self.0.root);
        let deadline = std::time::Instant::now() + limit;
        let stop = || puzzlec_core::stop::passed(Some(deadline));
        // The lemmas and the proof are checked while the tables' check (begun with the
        // search) finishes: the lemmas read the same files, and the verdict needs both.
        let (verdict, r) = std::thread::scope(|scope| {
            let verdict = scope.spawn(|| self.0.tables.get());
            let read = |p: &Path| std::fs::read(p).map_err(|e| format!("reading {}: {e}", p.display()));
            let r = (|| {
                self.0.tables.wait_written()?;
                let tables = puzzlec_slide_check::tables::Tables::read(&read(&claim.tables)?, &read(&claim.excess)?)
                    .map_err(|e| e.to_string())?;
                puzzlec_slide_check::check_claim(&claim, &tables, puzzlec_slide_check::Proof::Lrat { stop: &stop })
                    .map_err(|e| e.to_string())
            })();
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
                ..part(
                    "tables",
                    size(&claim.tables).zip(size(&claim.excess)).map(|(a, b)| a + b),
                    None,
                    Some(r.tables_ms),
                )
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
         clauses numbered from 1: the CNF's in order, then each lemma's), tables.bin and\n\
         tables.excess the pattern databases the justifications cite. Re-check every claim by hand with\n\
         \n  puzzlec-slide-check .\n\n\
         which checks the tables (consistent, hence admissible), each lemma against its justification, then\n\
         checks the proof step by step against CNF plus lemmas. Exit 0: every claim holds; 3: one does not."
            .into()
    }
}

#[cfg(test)]
mod tests {
    use super::{TablesCheck, Verdict};
    use std::sync::atomic::Ordering;
    use std::sync::{mpsc, Arc};
    use std::time::{Duration, Instant};

    /// One thread joins the check for its verdict while another waits for the files: the
    /// second must wait, not take the taken handle for a check that never started.
    #[test]
    fn a_reader_of_the_files_waits_while_another_joins_the_check() {
        let check = Arc::new(TablesCheck::default());
        let (go, wait) = mpsc::channel::<()>();
        let background = check.clone();
        check.started.store(true, Ordering::SeqCst);
        *check.running.lock().unwrap() = Some(std::thread::spawn(move || {
            wait.recv().unwrap();
            *background.written.0.lock().unwrap() = Some(Ok(()));
            background.written.1.notify_all();
            Ok(Verdict { ms: 1, remembered: false })
        }));
        let joiner = check.clone();
        let verdict = std::thread::spawn(move || joiner.get().map(|v| v.ms));
        let until = Instant::now() + Duration::from_secs(60);
        while check.running.lock().unwrap().is_some() {
            assert!(Instant::now() < until, "the verdict's reader never took the handle");
            std::thread::yield_now();
        }
        let reader = check.clone();
        let files = std::thread::spawn(move || reader.wait_written());
        go.send(()).unwrap();
        assert_eq!(files.join().unwrap(), Ok(()));
        assert_eq!(verdict.join().unwrap(), Ok(1));
    }

    #[test]
    fn files_of_a_check_never_started_are_an_error() {
        assert!(TablesCheck::default().wait_written().is_err());
    }
}
