//! Ctrl-C and SIGTERM: an interrupted run exits 130 every time,
//! prints one JSON object with `--json`, and leaves no process and no temporary file. No test
//! here sleeps and hopes: each waits for the condition it needs, with a generous deadline.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::registry_with;
use crate::util::{alive, fixture};

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";
/// A 4x4 board whose optimum (about 60 moves) no solver here reaches in minutes.
const HARD: &str = "14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3";
const GOAL0: &str = "_ 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15";

/// Generous: a loaded 2-core machine may be slow, but a run that never ends fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// A scratch folder with a registry of fake solvers, a TMPDIR of its own and a pid file.
pub struct Scene {
    pub dir: tempfile::TempDir,
    pub registry: PathBuf,
    pub tmp: PathBuf,
    pub pidfile: PathBuf,
}

impl Scene {
    pub fn new(fakes: &[(&str, &str)]) -> Scene {
        let dir = tempfile::tempdir().unwrap();
        let paths: Vec<String> =
            fakes.iter().map(|(_, f)| fixture(&format!("fake-solvers/{f}")).display().to_string()).collect();
        let entries: Vec<(&str, &str, Vec<&str>)> =
            fakes.iter().zip(&paths).map(|((id, _), p)| (*id, "dimacs", vec![p.as_str()])).collect();
        let entries: Vec<(&str, &str, &[&str])> = entries.iter().map(|(i, k, c)| (*i, *k, c.as_slice())).collect();
        let registry = registry_with(dir.path(), &entries);
        let tmp = dir.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let pidfile = dir.path().join("pids");
        Scene { dir, registry, tmp, pidfile }
    }

    /// Starts puzzlec with this scene's registry and TMPDIR; stdout goes to `out`.
    pub fn start(&self, args: &[&str]) -> (Child, PathBuf) {
        let out = self.dir.path().join(format!("stdout-{}", fastrand::u32(..)));
        let child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
            .arg("--solvers")
            .arg(&self.registry)
            .args(args)
            .env("PUZZLEC_TEST_PIDFILE", &self.pidfile)
            .env("TMPDIR", &self.tmp)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        (child, out)
    }

    /// The pids the fake solvers wrote, once there are at least `n` of them.
    pub fn pids(&self, n: usize) -> Vec<String> {
        wait_for(&format!("{n} solver pids in {}", self.pidfile.display()), || {
            let pids = read_pids(&self.pidfile);
            (pids.len() >= n).then_some(pids)
        })
    }

    /// Waits for `pids` to be gone, then asserts that no process carries puzzlec's mark and
    /// that TMPDIR is empty.
    pub fn assert_nothing_left(&self, puzzlec: u32, pids: &[String]) {
        for pid in pids {
            wait_gone(pid);
        }
        // Killed processes take a moment to leave /proc on a loaded machine; one that was
        // never killed (the fake solvers sleep far longer) outlasts the patience.
        wait_for(&format!("the processes marked by puzzlec {puzzlec} to end"), || {
            marked_by(puzzlec).is_empty().then_some(())
        });
        assert!(self.left_in_tmp().is_empty(), "left behind: {:?}", self.left_in_tmp());
    }

    /// What is left in this scene's TMPDIR.
    pub fn left_in_tmp(&self) -> Vec<PathBuf> {
        std::fs::read_dir(&self.tmp).unwrap().map(|e| e.unwrap().path()).collect()
    }
}

pub fn read_pids(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Polls `probe` until it gives a value; panics naming `what` after [`PATIENCE`].
pub fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let until = Instant::now() + PATIENCE;
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(Instant::now() < until, "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until process `pid` is gone (a zombie counts as gone).
pub fn wait_gone(pid: &str) {
    wait_for(&format!("process {pid} to end"), || (!alive(pid)).then_some(()));
}

/// CPU time process `pid` has used, in clock ticks (utime + stime).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    fields.get(11).and_then(|u| u.parse::<u64>().ok()).unwrap_or(0)
        + fields.get(12).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0)
}

/// Waits until `child` has worked for half a second of CPU (it is solving, not starting).
pub fn wait_busy(child: &Child) {
    wait_for("puzzlec to be busy solving", || (cpu_ticks(child.id()) >= 50).then_some(()));
}

/// Sends `signal` and waits for the exit; returns the exit code and what was on stdout.
pub fn signal_and_wait(mut child: Child, out: &Path, signal: &str) -> (Option<i32>, String) {
    Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
    let pid = child.id();
    let until = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > until {
            let _ = child.kill();
            panic!("puzzlec {pid} did not exit within {PATIENCE:?} of {signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (status.code(), std::fs::read_to_string(out).unwrap_or_default())
}

/// Every process still carrying a mark of puzzlec process `pid` (none may outlive it).
pub fn marked_by(pid: u32) -> Vec<String> {
    let needle = format!("PUZZLEC_RUN={pid}-");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.parse::<u32>().is_err() || !alive(&name) {
            continue;
        }
        if let Ok(env) = std::fs::read(entry.path().join("environ")) {
            if env.split(|&b| b == 0).any(|v| v.starts_with(needle.as_bytes())) {
                found.push(name);
            }
        }
    }
    found
}

fn one_json_object(stdout: &str) -> serde_json::Value {
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "one JSON object expected, got: {stdout:?}");
    serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn ctrl_c_stops_the_solver_and_leaves_no_temporary_files() {
    let scene = Scene::new(&[("spawner", "spawner")]);
    let (child, out) = scene.start(&["solve", "slide", "--board", SEED, "--solver", "spawner", "-q", "--json"]);
    let puzzlec = child.id();
    let pid = scene.pids(1).remove(0);
    assert!(!scene.left_in_tmp().is_empty(), "the solver's files are in TMPDIR");
    let (code, stdout) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130), "{stdout}");
    let v = one_json_object(&stdout);
    assert_eq!(v["status"], "unknown", "{v}");
    assert!(v["detail"].as_str().unwrap().contains("interrupted"), "{v}");
    scene.assert_nothing_left(puzzlec, &[pid]);
}

#[test]
fn sigterm_is_an_interrupt_too() {
    let scene = Scene::new(&[("spawner", "spawner")]);
    let (child, out) = scene.start(&["solve", "slide", "--board", SEED, "--solver", "spawner", "-q"]);
    let pid = scene.pids(1).remove(0);
    let (code, stdout) = signal_and_wait(child, &out, "-TERM");
    assert_eq!(code, Some(130), "{stdout}");
    assert!(stdout.contains("interrupted"), "{stdout}");
    wait_gone(&pid);
    assert!(scene.left_in_tmp().is_empty(), "left behind: {:?}", scene.left_in_tmp());
}

#[test]
fn a_solver_that_ignores_sigterm_and_leaves_its_group_is_still_stopped() {
    let scene = Scene::new(&[("stubborn", "stubborn")]);
    let (child, out) = scene.start(&["solve", "slide", "--board", SEED, "--solver", "stubborn", "-q"]);
    let puzzlec = child.id();
    let pid = scene.pids(1).remove(0);
    let (code, _) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130));
    scene.assert_nothing_left(puzzlec, &[pid]);
}

#[test]
fn ctrl_c_stops_the_linked_z3_alone_with_exit_130() {
    let scene = Scene::new(&[]);
    let args = ["solve", "slide", "--board", HARD, "--goal", GOAL0, "--solver", "z3", "-q", "--json"];
    let (child, out) = scene.start(&args);
    wait_busy(&child);
    let (code, stdout) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130), "{stdout}");
    let v = one_json_object(&stdout);
    assert!(v["detail"].as_str().unwrap().contains("interrupted"), "{v}");
}

/// The eleven-puzzle drawn as blocks, each piece with its own goal: no piece is
/// interchangeable, so the exact search meets all 239,500,800 positions before it could say
/// "no solution", far beyond what it reaches in a test's patience.
#[test]
fn ctrl_c_stops_the_exact_search_of_sliding_blocks() {
    let scene = Scene::new(&[]);
    let goal = scene.dir.path().join("goal.txt");
    std::fs::write(&goal, "ABCD\nEFGH\nIJK.\n").unwrap();
    let args =
        ["solve", "blocks", "--board", "KJIH/GFED/CBA.", "--goal-board", goal.to_str().unwrap(), "--metric", "step"];
    let (child, out) = scene.start(&[&args[..], &["-q", "--json"]].concat());
    wait_busy(&child);
    let (code, stdout) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130), "{stdout}");
    let v = one_json_object(&stdout);
    assert!(v["detail"].as_str().unwrap().contains("interrupted"), "{v}");
}

#[test]
fn ctrl_c_stops_a_portfolio_of_the_embedded_solver_and_z3() {
    let scene = Scene::new(&[]);
    let args = ["solve", "slide", "--board", HARD, "--goal", GOAL0, "--solver", "cadical,z3", "-q", "--json"];
    let (child, out) = scene.start(&args);
    wait_busy(&child);
    let (code, stdout) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130), "{stdout}");
    let v = one_json_object(&stdout);
    let racers = v["portfolio"].as_array().unwrap();
    assert_eq!(racers.len(), 2, "{v}");
}

#[test]
fn ctrl_c_stops_a_portfolio_of_z3_and_an_external_solver() {
    let scene = Scene::new(&[("spawner", "spawner")]);
    let args = ["solve", "slide", "--board", HARD, "--goal", GOAL0, "--solver", "z3,spawner", "-q"];
    let (child, out) = scene.start(&args);
    let puzzlec = child.id();
    let pid = scene.pids(1).remove(0);
    let (code, _) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130));
    scene.assert_nothing_left(puzzlec, &[pid]);
}

#[test]
fn ctrl_c_in_a_batch_starts_nothing_new_stops_everything_and_keeps_what_finished() {
    let scene = Scene::new(&[("sleepy", "pid-appender")]);
    let batch = scene.dir.path().join("batch.txt");
    let mut lines = vec![format!("{{\"puzzle\":\"slide\",\"board\":\"{SEED}\",\"id\":\"quick\"}}")];
    for i in 0..6 {
        lines.push(format!("{{\"puzzle\":\"slide\",\"board\":\"{SEED}\",\"solver\":\"sleepy\",\"id\":\"slow{i}\"}}"));
    }
    std::fs::write(&batch, lines.join("\n") + "\n").unwrap();
    let output = scene.dir.path().join("answers.jsonl");
    let args = ["batch", batch.to_str().unwrap(), "-j", "2", "-o", output.to_str().unwrap(), "-q"];
    let (child, out) = scene.start(&args);
    let puzzlec = child.id();
    // The quick line is answered, and two slow lines run (one per worker).
    let pids = scene.pids(2);
    wait_for("the quick answer in the output", || {
        std::fs::read_to_string(&output).unwrap_or_default().contains("\"quick\"").then_some(())
    });
    let (code, _) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130));
    scene.assert_nothing_left(puzzlec, &pids);
    assert_eq!(read_pids(&scene.pidfile).len(), 2, "a line was started after the interrupt");
    let kept = std::fs::read_to_string(&output).unwrap();
    assert_eq!(kept.lines().count(), 1, "only the finished answer is kept: {kept}");
    assert!(kept.contains("\"quick\"") && kept.contains("\"solved\""), "{kept}");
}

#[test]
fn ctrl_c_in_a_batch_with_a_z3_line_ends_the_batch() {
    let scene = Scene::new(&[]);
    let batch = scene.dir.path().join("batch.txt");
    let line = |i: usize| {
        format!("{{\"puzzle\":\"slide\",\"board\":\"{HARD}\",\"goal\":\"{GOAL0}\",\"solver\":\"z3\",\"id\":\"z{i}\"}}")
    };
    std::fs::write(&batch, (0..4).map(line).collect::<Vec<_>>().join("\n") + "\n").unwrap();
    let output = scene.dir.path().join("answers.jsonl");
    let args = ["batch", batch.to_str().unwrap(), "-j", "1", "-o", output.to_str().unwrap(), "-q"];
    let (child, out) = scene.start(&args);
    wait_busy(&child);
    let (code, _) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130));
    let kept = std::fs::read_to_string(&output).unwrap_or_default();
    assert_eq!(kept.lines().count(), 0, "a line cut short is not an answer: {kept}");
}

#[test]
fn ctrl_c_in_a_json_batch_before_any_answer_prints_one_object() {
    let scene = Scene::new(&[]);
    let line = format!("{{\"puzzle\":\"slide\",\"board\":\"{HARD}\",\"goal\":\"{GOAL0}\",\"solver\":\"z3\"}}\n");
    let batch = scene.dir.path().join("batch.txt");
    std::fs::write(&batch, line).unwrap();
    let (child, out) = scene.start(&["batch", batch.to_str().unwrap(), "-j", "1", "--json", "-q"]);
    wait_busy(&child);
    let (code, stdout) = signal_and_wait(child, &out, "-INT");
    assert_eq!(code, Some(130));
    let v = one_json_object(&stdout);
    assert_eq!(v["kind"], "interrupted", "{v}");
}

#[test]
fn a_time_limit_stops_the_solvers_children_too() {
    let scene = Scene::new(&[("stubborn", "stubborn")]);
    let (child, out) =
        scene.start(&["solve", "slide", "--board", SEED, "--solver", "stubborn", "--timeout", "1", "-q"]);
    let puzzlec = child.id();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(3), "{}", std::fs::read_to_string(&out).unwrap_or_default());
    let pid = read_pids(&scene.pidfile).remove(0);
    scene.assert_nothing_left(puzzlec, &[pid]);
}

#[test]
fn solvers_check_leaves_no_process_of_a_solver_that_never_answers() {
    let scene = Scene::new(&[("hangs", "pid-appender")]);
    let (child, out) = scene.start(&["solvers", "--check"]);
    let puzzlec = child.id();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", std::fs::read_to_string(&out).unwrap_or_default());
    for pid in read_pids(&scene.pidfile) {
        wait_gone(&pid);
    }
    assert!(!read_pids(&scene.pidfile).is_empty(), "the fake solver was asked its version");
    assert!(marked_by(puzzlec).is_empty());
}

/// In text mode, however the run ends after Ctrl-C (by itself, or by the handler's fallback
/// at a second signal), the interrupt is said: exit 130 is never silent.
#[test]
fn ctrl_c_twice_in_text_mode_still_says_interrupted() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err) = (dir.path().join("stdout"), dir.path().join("stderr"));
    let child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(["solve", "hex", "--order", "7", "--values", "2..128", "--all"])
        .env("TMPDIR", dir.path())
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    wait_busy(&child);
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let (code, stdout) = signal_and_wait(child, &out, "-INT");
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert_eq!(code, Some(130), "{stdout}{stderr}");
    assert!(format!("{stdout}{stderr}").contains("interrupted"), "stdout: {stdout:?}, stderr: {stderr:?}");
}
