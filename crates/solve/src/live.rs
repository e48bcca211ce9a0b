//! External solver runs in flight, so that an interrupt (Ctrl-C, SIGTERM) can stop every
//! solver process group and remove every temporary folder before the process exits.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Process groups and temporary folders of the runs in flight.
static LIVE: Mutex<Vec<(u32, PathBuf)>> = Mutex::new(Vec::new());

/// One run in flight; dropping it forgets the run.
pub struct Run {
    pgid: u32,
}

impl Run {
    /// Records a solver whose process group is `pgid` and whose files live in `dir`.
    pub fn register(pgid: u32, dir: &Path) -> Run {
        LIVE.lock().unwrap_or_else(|e| e.into_inner()).push((pgid, dir.to_path_buf()));
        Run { pgid }
    }

    /// Kills the whole process group (the solver and anything it started).
    pub fn kill_group(&self) {
        kill_group(self.pgid);
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        LIVE.lock().unwrap_or_else(|e| e.into_inner()).retain(|(p, _)| *p != self.pgid);
    }
}

fn kill_group(pgid: u32) {
    if let Ok(pgid) = i32::try_from(pgid) {
        // SAFETY: kill(2) with a negative pid signals a process group; no memory is touched.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Stops every solver in flight and removes its temporary folder. Call it from an interrupt
/// handler just before exiting; the runs' own cleanup will not get to run.
pub fn stop_all() {
    let live = std::mem::take(&mut *LIVE.lock().unwrap_or_else(|e| e.into_inner()));
    for (pgid, dir) in live {
        kill_group(pgid);
        let _ = std::fs::remove_dir_all(dir);
    }
}
