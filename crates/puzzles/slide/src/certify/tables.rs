//! The tables a certificate's lemmas cite, checked once per machine. A run names them by
//! their SHA-256: once `puzzlec-slide-check` has found tables consistent, a record beside
//! them in the cache folder (`<tables>.verified`: the digest of the tables' bytes and the
//! checker's version) lets every later run of the same bytes take that verdict, so that a
//! certified run hashes the tables it holds instead of writing and checking them again.
//! The record is never taken for other bytes: a table changed by one byte hashes
//! differently and is checked in full (and refused when it does not hold). The tables'
//! files (`tables.bin`, `tables.excess`) are written only where they are read: for that
//! full check, and into a proof folder (`--proof-dir`), where `puzzlec-slide-check` by hand
//! always checks them again.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::tables::pdb::PatternDb;

/// The tables' check, started in the background with the first traced horizon (a full
/// check takes a second or two, which the search hides), and its verdict.
#[derive(Default)]
pub(crate) struct TablesCheck {
    pub(crate) running: Mutex<Option<std::thread::JoinHandle<Result<Verdict, String>>>>,
    verdict: OnceLock<Result<Verdict, String>>,
    /// The tables, once a horizon has been traced.
    db: OnceLock<Arc<PatternDb>>,
    /// Where the files were written, once they were.
    files: Mutex<Option<(PathBuf, PathBuf)>>,
    /// The entries as the checker reads them, read once for every claim of the run.
    entries: OnceLock<Result<puzzlec_slide_check::tables::Tables, String>>,
}

/// How the tables were found consistent: the check's milliseconds, and whether an earlier
/// run's check of the same bytes was taken.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Verdict {
    pub ms: u64,
    pub remembered: bool,
}

/// The record of verified tables: the digest of their bytes and the checker's version.
fn stamp(tables: &[u8]) -> String {
    use sha2::Digest;
    let hex: String = sha2::Sha256::digest(tables).iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256 {hex} checked by puzzlec-slide-check {}\n", puzzlec_slide_check::VERSION)
}

impl TablesCheck {
    /// Checks `db`'s tables in the background, once: their record taken when it names these
    /// bytes, else the files written into `root` and checked in full.
    pub(crate) fn start(self: &Arc<Self>, root: &Path, db: &Arc<PatternDb>) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if running.is_some() || self.verdict.get().is_some() || self.db.set(db.clone()).is_err() {
            return;
        }
        let root = root.to_path_buf();
        let context = puzzlec_core::stop::context();
        let this = self.clone();
        *running = Some(std::thread::spawn(move || {
            context.enter(|| {
                let db = this.db.get().ok_or("no tables")?;
                let stamp = stamp(db.bytes());
                let name = format!("{}.verified", db.cache_name());
                if puzzlec_core::cache::load(&name).is_some_and(|s| s == stamp.as_bytes()) {
                    return Ok(Verdict { ms: 0, remembered: true });
                }
                let (tables, excess) = this.files(&root)?;
                let claim =
                    puzzlec_slide_check::Claim { tables, excess, ..puzzlec_slide_check::Claim::in_dir(&root, "none") };
                let (_, ms) = puzzlec_slide_check::check_tables(&claim, false).map_err(|e| e.to_string())?;
                puzzlec_core::cache::store(&name, stamp.as_bytes());
                Ok(Verdict { ms, remembered: false })
            })
        }));
    }

    /// The tables and their excess lists as files in `root`, written the first time asked.
    pub(crate) fn files(&self, root: &Path) -> Result<(PathBuf, PathBuf), String> {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(written) = files.as_ref() {
            return Ok(written.clone());
        }
        let db = self.db.get().ok_or("the tables were never checked")?;
        let (tables, excess) = (root.join("tables.bin"), root.join("tables.excess"));
        let lists = db.excess().ok_or("the tables' excess lists could not be made (stopped)")?;
        std::fs::write(&tables, db.bytes()).map_err(|e| format!("writing {}: {e}", tables.display()))?;
        std::fs::write(&excess, lists).map_err(|e| format!("writing {}: {e}", excess.display()))?;
        *files = Some((tables.clone(), excess.clone()));
        Ok((tables, excess))
    }

    /// The tables the lemmas are checked against (their entries, read by the checker from
    /// the very bytes the verdict is about).
    pub(crate) fn entries(&self) -> Result<&puzzlec_slide_check::tables::Tables, String> {
        let db = self.db.get().ok_or("the tables were never checked")?;
        let read = self
            .entries
            .get_or_init(|| puzzlec_slide_check::tables::Tables::entries(db.bytes()).map_err(|e| e.to_string()));
        read.as_ref().map_err(Clone::clone)
    }

    /// The tables' size in bytes, for the certificate's parts.
    pub(crate) fn bytes(&self) -> Option<u64> {
        self.db.get().map(|db| db.bytes().len() as u64)
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
        check.start(root.path(), &db);
        assert!(check.get().is_ok());
        assert_eq!(check.entries().unwrap().goal.len(), 6);
        let first = check.files(root.path()).unwrap();
        assert_eq!(std::fs::read(&first.0).unwrap(), db.bytes());
        assert_eq!(check.files(root.path()).unwrap(), first);
        // A second run of the same bytes takes the record.
        let again = Arc::new(TablesCheck::default());
        again.start(root.path(), &db);
        assert!(again.get().unwrap().remembered);
    }

    #[test]
    fn a_check_never_started_is_an_error() {
        let check = TablesCheck::default();
        assert!(check.get().is_err() && check.entries().is_err());
        assert!(check.files(std::path::Path::new("/nonexistent")).is_err());
    }
}
