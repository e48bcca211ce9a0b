//! The tables a certificate's lemmas cite, checked once per machine. A run names them by
//! their SHA-256: once `puzzlec-slide-check` has found tables consistent, a record beside
//! them in the cache folder (`<tables>.verified`: the digest of the tables' bytes and the
//! checker's version) lets every later run of the same bytes take that verdict, so that a
//! certified run hashes the tables it holds instead of writing and checking them again.
//! The record is never taken for other bytes: a table changed by one byte hashes
//! differently and is checked in full, from the bytes in memory (and refused when it does
//! not hold). The tables' files (`tables.bin`, and `tables.excess` on 4x4) are written only
//! into a proof folder (`--proof-dir`), where `puzzlec-slide-check` by hand always checks
//! them again. Dense tables (5x5) are named and recorded the same way, as a set: the digest
//! runs over every group's file in order, and the record sits beside the first.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::tables::Kind;
use puzzlec_slide_check::tables::Tables;

/// The tables' check, started in the background with the first traced horizon (a full
/// check takes a second or two on 4x4, which the search hides, and about four minutes on
/// 5x5, once per machine), and its verdict.
#[derive(Default)]
pub(crate) struct TablesCheck {
    pub(crate) running: Mutex<Option<std::thread::JoinHandle<Result<Verdict, String>>>>,
    /// Set when the run ends before the check does: the check gives up (no verdict needed).
    pub(crate) cancelled: AtomicBool,
    verdict: OnceLock<Result<Verdict, String>>,
    /// The tables, once a horizon has been traced.
    db: OnceLock<Kind>,
    /// Where the files were written, once they were (no excess file for dense tables).
    files: Mutex<Option<(PathBuf, Option<PathBuf>)>>,
    /// The entries as the checker reads them, read once for every claim of the run.
    entries: OnceLock<Result<Tables, String>>,
}

/// How the tables were found consistent: the check's milliseconds, and whether an earlier
/// run's check of the same bytes was taken.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Verdict {
    pub ms: u64,
    pub remembered: bool,
}

/// The tables' files as the cache holds them, with their names there (one for 4x4, one a
/// group for dense tables).
fn parts(db: &Kind) -> Vec<(String, &[u8])> {
    match db {
        Kind::Sparse(db) => vec![(db.cache_name(), db.bytes())],
        Kind::Dense(db) => db.files().into_iter().enumerate().map(|(g, (name, _))| (name, db.file(g))).collect(),
    }
}

/// The record of verified tables: the digest of their bytes (every file's, in order) and
/// the checker's version.
fn stamp(parts: &[(String, &[u8])]) -> String {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    for (_, bytes) in parts {
        hasher.update(bytes);
    }
    let hex: String = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256 {hex} checked by puzzlec-slide-check {}\n", puzzlec_slide_check::VERSION)
}

impl TablesCheck {
    /// Checks `db`'s tables in the background, once: their record taken when it names these
    /// bytes, else checked in full (from memory) and the record written.
    pub(crate) fn start(self: &Arc<Self>, db: Kind) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if running.is_some() || self.verdict.get().is_some() || self.db.set(db).is_err() {
            return;
        }
        let context = puzzlec_core::stop::context();
        let this = self.clone();
        *running = Some(std::thread::spawn(move || {
            context.enter(|| {
                let db = this.db.get().ok_or("no tables")?;
                let parts = parts(db);
                let stamp = stamp(&parts);
                let name = format!("{}.verified", parts[0].0);
                if puzzlec_core::cache::load(&name).is_some_and(|s| s == stamp.as_bytes()) {
                    return Ok(Verdict { ms: 0, remembered: true });
                }
                let started = std::time::Instant::now();
                let token = puzzlec_core::stop::current();
                let stop = || {
                    this.cancelled.load(Ordering::Relaxed)
                        || puzzlec_core::stop::interrupted()
                        || token.as_ref().is_some_and(puzzlec_core::stop::Token::is_stopped)
                };
                match db {
                    // Beside the search, which has the cores: a second or two.
                    Kind::Sparse(db) => {
                        let excess = db.excess().ok_or("the tables' excess lists could not be made (stopped)")?;
                        let tables = Tables::read(db.bytes(), &excess).map_err(|e| e.to_string())?;
                        tables.check_until(false, &stop).map_err(|e| e.to_string())?;
                    }
                    // Minutes: on both cores, once per machine.
                    Kind::Dense(_) => this.entries()?.check_until(true, &stop).map_err(|e| e.to_string())?,
                }
                puzzlec_core::cache::store(&name, stamp.as_bytes());
                Ok(Verdict { ms: started.elapsed().as_millis() as u64, remembered: false })
            })
        }));
    }

    /// The tables (and their excess lists, on 4x4) as files in `root`, written the first
    /// time asked.
    pub(crate) fn files(&self, root: &Path) -> Result<(PathBuf, Option<PathBuf>), String> {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(written) = files.as_ref() {
            return Ok(written.clone());
        }
        let db = self.db.get().ok_or("the tables were never checked")?;
        let tables = root.join("tables.bin");
        let write = |path: &Path, bytes: &[&[u8]]| -> Result<(), String> {
            use std::io::Write;
            let io = |e: std::io::Error| format!("writing {}: {e}", path.display());
            let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
            bytes.iter().try_for_each(|b| out.write_all(b)).map_err(io)?;
            out.flush().map_err(io)
        };
        let excess = match db {
            Kind::Sparse(db) => {
                let lists = db.excess().ok_or("the tables' excess lists could not be made (stopped)")?;
                let excess = root.join("tables.excess");
                write(&tables, &[db.bytes()])?;
                write(&excess, &[&lists])?;
                Some(excess)
            }
            Kind::Dense(_) => {
                let parts = parts(db);
                write(&tables, &parts.iter().map(|(_, b)| *b).collect::<Vec<_>>())?;
                None
            }
        };
        *files = Some((tables.clone(), excess.clone()));
        Ok((tables, excess))
    }

    /// The tables the lemmas are checked against (their entries, read by the checker from
    /// the very bytes the verdict is about; dense tables without a copy).
    pub(crate) fn entries(&self) -> Result<&Tables, String> {
        let db = self.db.get().ok_or("the tables were never checked")?;
        let read = self.entries.get_or_init(|| {
            let read = match db {
                Kind::Sparse(db) => Tables::shared_entries(db.shared_bytes()),
                Kind::Dense(db) => Tables::dense(&db.files().into_iter().map(|(_, b)| b).collect::<Vec<_>>()),
            };
            read.map_err(|e| e.to_string())
        });
        read.as_ref().map_err(Clone::clone)
    }

    /// The tables' size in bytes, for the certificate's parts.
    pub(crate) fn bytes(&self) -> Option<u64> {
        self.db.get().map(|db| parts(db).iter().map(|(_, b)| b.len() as u64).sum())
    }

    /// The verdict, waiting for the background check.
    pub(crate) fn get(&self) -> Result<Verdict, String> {
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

#[cfg(test)]
mod tests {
    use super::TablesCheck;
    use std::sync::Arc;

    /// Small tables: checked (or their record taken), their entries read back, their files
    /// written once when asked.
    #[test]
    fn tables_are_checked_once_and_written_only_when_asked() {
        let goal = crate::rules::Board::goal(2, 3);
        let db = Arc::new(crate::tables::pdb::PatternDb::new(&goal).expect("2x3 tables"));
        let root = tempfile::tempdir().unwrap();
        let check = Arc::new(TablesCheck::default());
        check.start(crate::tables::Kind::Sparse(db.clone()));
        assert!(check.get().is_ok());
        assert_eq!(check.entries().unwrap().goal.len(), 6);
        let first = check.files(root.path()).unwrap();
        assert_eq!(std::fs::read(&first.0).unwrap(), db.bytes());
        assert_eq!(check.files(root.path()).unwrap(), first);
        // A second run of the same bytes takes the record.
        let again = Arc::new(TablesCheck::default());
        again.start(crate::tables::Kind::Sparse(db.clone()));
        assert!(again.get().unwrap().remembered);
    }

    #[test]
    fn a_check_never_started_is_an_error() {
        let check = TablesCheck::default();
        assert!(check.get().is_err() && check.entries().is_err());
        assert!(check.files(std::path::Path::new("/nonexistent")).is_err());
    }
}
