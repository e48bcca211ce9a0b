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

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use puzzlec_certify::Evidence;
use puzzlec_ir::Cnf;
use puzzlec_solve::proof::ProofFile;
use puzzlec_solve::{Backend, Incremental};

pub(crate) use super::closing::Covered;
use super::kept::{Kept, Shared};
use super::tables::TablesCheck;
use crate::tables::Kind;

/// The traces of one run's horizons; every UNSAT horizon's files are kept (a claim at one
/// horizon of a formula that forbids undos does not speak for the shorter ones).
pub struct Trace {
    root: tempfile::TempDir,
    kept: Mutex<std::collections::BTreeMap<usize, Arc<Kept>>>,
    tables: Arc<TablesCheck>,
    /// Horizons begun so far (each traced into a folder of its own).
    begun: std::sync::atomic::AtomicUsize,
    /// The thread that makes and checks kept certificates, one after the other.
    worker: Mutex<Option<(std::sync::mpsc::Sender<Job>, std::thread::JoinHandle<()>)>>,
}

type Job = Box<dyn FnOnce() + Send>;

impl Trace {
    /// # Errors
    /// No temporary folder.
    pub fn new() -> std::io::Result<Trace> {
        let root = tempfile::Builder::new().prefix("puzzlec-certificate-").tempdir()?;
        Ok(Trace {
            root,
            kept: Mutex::default(),
            tables: Arc::default(),
            begun: Default::default(),
            worker: Mutex::default(),
        })
    }

    /// Starts tracing `horizon`, whose lemmas cite `db` (checked in the background from now).
    pub(crate) fn begin(&self, horizon: usize, db: Kind) -> std::io::Result<Recorder> {
        self.tables.start(db);
        // A folder of its own each time: an earlier trace of the same horizon may still be
        // being made or checked in the background.
        let n = self.begun.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = self.root.path().join(format!("horizon-{horizon}-{n}"));
        std::fs::create_dir_all(&dir)?;
        Ok(Recorder { dir, lemmas: Arc::default(), proofs: Mutex::default() })
    }

    /// Keeps an UNSAT horizon's files as its certificate and checks its claim, on the
    /// run's certificate thread while the search goes on (the certifier asks for the
    /// verdict once the search is over); the CNF begins with `header`, the line `emit`
    /// writes ([`super::header`]), so it is exactly the emitted file.
    /// `last`: the last solve, when the search left it to the certificate.
    pub(crate) fn keep(&self, horizon: usize, header: &str, r: Recorder, cnf: Cnf, last: Option<Covered>) {
        let kept = Arc::new(Kept::new(r.dir.clone(), self.root.path().to_path_buf(), self.tables.clone()));
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).insert(horizon, kept.clone());
        let header = header.to_owned();
        let job = Box::new(move || kept.make(&header, r, &cnf, last));
        let mut worker = self.worker.lock().unwrap_or_else(|e| e.into_inner());
        let (sender, _) = worker.get_or_insert_with(|| {
            let (sender, jobs) = std::sync::mpsc::channel::<Job>();
            let context = puzzlec_core::stop::context();
            (sender, std::thread::spawn(move || context.enter(|| jobs.into_iter().for_each(|job| job()))))
        });
        // The worker lives as long as the trace: the job is run.
        let _ = sender.send(job);
    }

    /// The certificate of `horizon`, when it was answered UNSAT and kept.
    pub fn evidence(&self, horizon: usize) -> Option<Box<dyn Evidence>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(&horizon).map(|k| Box::new(Shared(k.clone())) as Box<dyn Evidence>)
    }
}

/// The background work writes into the temporary folder: it ends before the folder goes (a
/// Ctrl-C must leave nothing behind). Checks still running give up.
impl Drop for Trace {
    fn drop(&mut self) {
        self.tables.cancelled.store(true, std::sync::atomic::Ordering::Relaxed);
        for kept in self.kept.lock().unwrap_or_else(|e| e.into_inner()).values() {
            kept.cancel();
        }
        let worker = self.worker.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((sender, handle)) = worker {
            drop(sender);
            let _ = handle.join();
        }
        let running = self.tables.running.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(handle) = running {
            let _ = handle.join();
        }
    }
}

/// What one horizon's tracing gathers.
pub(crate) struct Recorder {
    pub(super) dir: PathBuf,
    /// Lemma lines (frontier and propagator), with their justifications.
    pub lemmas: Arc<Mutex<Vec<String>>>,
    /// Every solver's proof, the first solver's first.
    pub(super) proofs: Mutex<Vec<ProofFile>>,
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
