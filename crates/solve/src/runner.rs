//! The one runner for every process puzzlec starts: solvers, version probes, the DRAT
//! checker. Each process gets its own process group and a mark in its environment
//! (`PUZZLEC_RUN=<pid>-<n>`); when the run ends for any reason (it exited, its limit, a
//! stop from a portfolio or Ctrl-C, too much output) the whole group is killed and then
//! every process still carrying the mark, so a solver's children die with it even when they
//! left its group (`setsid`). Why a mark and not only the group: a process can leave its
//! group, but it keeps the environment it was started with unless it clears it on purpose.
//!
//! Runs in flight are listed, so that an interrupt handler can kill them all
//! ([`stop_all`]) when the threads that own them cannot get to it in time.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// The environment variable that marks every process of a run.
pub const MARK: &str = "PUZZLEC_RUN";

/// How long a process has between SIGTERM (its limit) and SIGKILL.
pub const GRACE: Duration = Duration::from_millis(200);

/// How often a waiting run looks at its stop flag, deadline and output size.
const POLL: Duration = Duration::from_millis(20);

/// What to run and how.
pub struct Job<'a> {
    pub program: &'a Path,
    pub args: &'a [String],
    pub stdout: File,
    pub stderr: File,
    /// Wall-clock limit: SIGTERM at the limit, SIGKILL [`GRACE`] later.
    pub limit: Option<Duration>,
    /// A folder of the run's files, removed by [`stop_all`] if the run is cut short there.
    pub dir: Option<&'a Path>,
    /// The run is stopped when these files together grow past `max_output` bytes (a
    /// solver's stdout, and the result file where it writes its answer to one).
    pub watch: &'a [&'a Path],
    pub max_output: u64,
}

/// How a run ended.
#[derive(Debug)]
pub enum Ended {
    Exited {
        status: ExitStatus,
        elapsed: Duration,
    },
    /// Killed at its limit (it ignored SIGTERM or had not finished after it).
    TimedOut {
        elapsed: Duration,
    },
    /// Killed because its run was asked to stop (a portfolio's loser, Ctrl-C).
    Stopped,
    /// Killed because the watched output passed `max_output` bytes.
    TooMuchOutput {
        bytes: u64,
    },
}

/// Runs `job` to its end; nothing it started is left running when this returns.
///
/// # Errors
/// The process could not be started.
pub fn run(job: Job<'_>) -> std::io::Result<Ended> {
    use std::os::unix::process::CommandExt;
    let mark = next_mark();
    let mut child = Command::new(job.program)
        .args(job.args)
        .stdin(Stdio::null())
        .stdout(job.stdout)
        .stderr(job.stderr)
        .env(MARK, &mark)
        .process_group(0)
        .spawn()?;
    let started = Instant::now();
    let _live = Live::register(child.id(), &mark, job.dir);
    let deadline = job.limit.map(|l| started + l);
    let mut terminated_at: Option<Instant> = None;
    let mut checked_size = started;
    let ended = loop {
        if let Some(status) = child.wait_timeout(POLL)? {
            break Ended::Exited { status, elapsed: started.elapsed() };
        }
        let now = Instant::now();
        if puzzlec_core::stop::requested() {
            break Ended::Stopped;
        }
        if !job.watch.is_empty() && now.duration_since(checked_size) > Duration::from_millis(100) {
            checked_size = now;
            let bytes: u64 = job.watch.iter().map(|path| std::fs::metadata(path).map_or(0, |m| m.len())).sum();
            if bytes > job.max_output {
                break Ended::TooMuchOutput { bytes };
            }
        }
        match (deadline, terminated_at) {
            (Some(d), None) if now >= d => {
                signal_group(child.id(), libc::SIGTERM);
                terminated_at = Some(now);
            }
            (_, Some(t)) if now >= t + GRACE => break Ended::TimedOut { elapsed: started.elapsed() },
            _ => {}
        }
    };
    kill_run(child.id(), &mark);
    let _ = child.wait();
    Ok(ended)
}

/// A process's mark: this process's id and a counter.
fn next_mark() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!("{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst))
}

fn signal_group(pgid: u32, signal: i32) {
    if let Ok(pgid) = i32::try_from(pgid) {
        // SAFETY: kill(2) with a negative pid signals a process group; no memory is touched.
        unsafe {
            libc::kill(-pgid, signal);
        }
    }
}

/// Kills a run's group, then every process that still carries its mark.
fn kill_run(pgid: u32, mark: &str) {
    signal_group(pgid, libc::SIGKILL);
    kill_marked(|value| value == mark.as_bytes());
}

/// SIGKILLs every process (but this one) whose `PUZZLEC_RUN` value passes `matches`.
/// Processes of other users cannot be read and are left alone.
fn kill_marked(matches: impl Fn(&[u8]) -> bool) {
    let Ok(entries) = std::fs::read_dir("/proc") else { return };
    let me = std::process::id();
    let key = format!("{MARK}=");
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        if pid == me {
            continue;
        }
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else { continue };
        let marked = environ.split(|&b| b == 0).any(|var| var.strip_prefix(key.as_bytes()).is_some_and(&matches));
        if marked {
            if let Ok(pid) = i32::try_from(pid) {
                // SAFETY: kill(2) on a process id; no memory is touched.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
    }
}

/// Runs in flight: process group, mark, folder.
static LIVE: Mutex<Vec<(u32, String, Option<PathBuf>)>> = Mutex::new(Vec::new());

/// One run in flight; dropping it forgets the run.
struct Live {
    pgid: u32,
}

impl Live {
    fn register(pgid: u32, mark: &str, dir: Option<&Path>) -> Live {
        LIVE.lock().unwrap_or_else(|e| e.into_inner()).push((pgid, mark.to_owned(), dir.map(Path::to_path_buf)));
        Live { pgid }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        LIVE.lock().unwrap_or_else(|e| e.into_inner()).retain(|(p, _, _)| *p != self.pgid);
    }
}

/// Kills every run in flight and removes its folder, then every process this process ever
/// marked. For an interrupt handler that is about to exit: the runs' own cleanup will not
/// get to run.
pub fn stop_all() {
    let live = std::mem::take(&mut *LIVE.lock().unwrap_or_else(|e| e.into_inner()));
    for (pgid, mark, dir) in live {
        kill_run(pgid, &mark);
        if let Some(dir) = dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    sweep();
}

/// Kills every process still marked by this process (a run's stray that escaped both its
/// group and its run's end). Cheap enough to call once before exiting.
pub fn sweep() {
    let prefix = format!("{}-", std::process::id());
    kill_marked(|value| value.starts_with(prefix.as_bytes()));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limit: Option<Duration>) -> (Ended, String) {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let args = vec!["-c".to_owned(), script.to_owned()];
        let job = Job {
            program: Path::new("/bin/sh"),
            args: &args,
            stdout: File::create(&out).unwrap(),
            stderr: File::create(dir.path().join("err")).unwrap(),
            limit,
            dir: Some(dir.path()),
            watch: &[&out],
            max_output: 1 << 20,
        };
        let ended = run(job).unwrap();
        (ended, std::fs::read_to_string(&out).unwrap_or_default())
    }

    fn alive(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|s| s.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z')))
    }

    #[test]
    fn an_exit_is_reported_with_its_status() {
        let (ended, out) = sh("echo hi; exit 10", None);
        assert!(matches!(ended, Ended::Exited { status, .. } if status.code() == Some(10)), "{ended:?}");
        assert_eq!(out, "hi\n");
    }

    #[test]
    fn a_limit_kills_a_process_that_ignores_sigterm_and_its_escaped_children() {
        // The child leaves the group (setsid) and ignores SIGTERM; the mark still finds it.
        let (ended, out) =
            sh("trap '' TERM; setsid sleep 1000 & echo $!; sleep 1000", Some(Duration::from_millis(300)));
        assert!(matches!(ended, Ended::TimedOut { .. }), "{ended:?}");
        let pid = out.trim().to_owned();
        assert!(!pid.is_empty());
        let until = Instant::now() + Duration::from_secs(30);
        while alive(&pid) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!alive(&pid), "the escaped child {pid} outlived its run");
    }

    #[test]
    fn too_much_output_stops_the_run() {
        let (ended, _) = sh("yes comment", None);
        assert!(matches!(ended, Ended::TooMuchOutput { bytes } if bytes > 1 << 20), "{ended:?}");
    }
}
