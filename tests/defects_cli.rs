//! Regression tests for the defects a new user hit; each failed when it was written and
//! names what it guards.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use puzzlec_slide::rules::benchset::random_walk;
use puzzlec_slide::rules::to_compact;

use crate::support::registry_with;
use crate::util::{fixture, puzzlec, puzzlec_stdin, Run};

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

/// A registry in `dir` with one fake solver `id` reading `input`.
fn fake_registry(dir: &Path, id: &str, input: &str, script: &str) -> PathBuf {
    let path = fixture(&format!("fake-solvers/{script}"));
    registry_with(dir, &[(id, input, &[path.to_str().unwrap()])])
}

fn with_registry(reg: &Path, args: &[&str]) -> Run {
    let mut all = vec!["--solvers", reg.to_str().unwrap()];
    all.extend_from_slice(args);
    puzzlec(&all)
}

#[test]
fn non_ascii_solver_output_is_quoted_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let reg = fake_registry(dir.path(), "euro", "dimacs", "euro");
    let run = with_registry(&reg, &["solve", "slide", "--board", SEED, "--solver", "euro"]).expect_code(3);
    assert!(run.stderr.contains("€€€"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn a_closed_pipe_ends_emit_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(["emit", "slide", "--board", SEED, "--format", "dimacs", "--horizon", "15"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read ten bytes, then close the pipe, as `| head -c 10` does.
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    std::io::Read::read_exact(&mut out, &mut first).unwrap();
    drop(out);
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_full_disk_is_exit_2_with_the_reason() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let done = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(["emit", "slide", "--board", SEED, "--format", "dimacs", "--horizon", "15"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("No space left"), "{stderr}");
}

#[test]
fn a_formula_above_the_size_cap_is_refused_with_the_best_plan_kept() {
    let board = to_compact(&random_walk(8, 8, 3000, 7));
    let v = puzzlec(&[
        "solve",
        "slide",
        "--board",
        &board,
        "--encoding",
        "bright",
        "--solver",
        "z3",
        "--timeout",
        "5",
        "--json",
        "-q",
    ])
    .expect_code(3)
    .json();
    assert_eq!(v["status"], "unknown");
    let detail = v["detail"].as_str().unwrap();
    assert!(detail.contains("million clauses") && detail.contains("cap"), "{detail}");
    // Nothing is lost: the constructive plan and the bound come back.
    assert!(v["length"].as_u64().unwrap() >= v["lower_bound"].as_u64().unwrap());
    assert_eq!(v["optimal"], false);
}

#[test]
fn a_solver_that_always_says_unsat_is_caught_on_every_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let reg = fake_registry(dir.path(), "liar", "dimacs", "always-unsat");
    let run = with_registry(&reg, &["solve", "slide", "--board", SEED, "--solver", "liar", "-q"]).expect_code(3);
    assert!(run.stderr.contains("liar") && run.stderr.contains("wrong"), "{}", run.stderr);
    let run = with_registry(&reg, &["solve", "hex", "--solver", "liar"]).expect_code(3);
    assert!(!run.stdout.contains("proved by the solver"), "{}", run.stdout);
    assert!(run.stderr.contains("liar") && run.stderr.contains("wrong"), "{}", run.stderr);
    let run = with_registry(&reg, &["solve", "hex", "--solver", "liar", "--givens", "1=3"]).expect_code(3);
    assert!(run.stderr.contains("wrong"), "{}", run.stderr);
    let run = with_registry(&reg, &["solve", "cross", "--size", "3x3", "--solver", "liar", "-q"]).expect_code(3);
    assert!(run.stderr.contains("liar") && run.stderr.contains("wrong"), "{}", run.stderr);
}

#[test]
fn usage_errors_are_exit_2() {
    let cases: [&[&str]; 5] = [
        &["solve", "slide", "--board", SEED, "--solver", "nosuch"],
        &["solve", "slide", "--board", SEED, "--encoding", "bv", "--solver", "cadical"],
        &["solve", "hex", "--encoding", "lia", "--solver", "cadical"],
        &["solve", "cross", "--encoding", "smt", "--solver", "cadical"],
        &["solve", "hex", "--all", "--solver", "search"],
    ];
    for args in cases {
        let run = puzzlec(args).expect_code(2);
        assert!(!run.stderr.contains("missing"), "{args:?}: {}", run.stderr);
    }
    let run = puzzlec(&["solve", "hex", "--all", "--solver", "search"]);
    assert!(run.stderr.contains("proves nothing"), "{}", run.stderr);
}

#[test]
fn messages_say_what_they_mean() {
    let run = puzzlec(&["solve", "slide", "--board", SEED, "--timeout", "1e9"]).expect_code(2);
    assert!(run.stderr.contains("at most 10000000 seconds"), "{}", run.stderr);
    let run = puzzlec(&["solve", "slide", "--board", "1 2 3 / 4 99999999999999999999 6 / 7 8 _"]).expect_code(2);
    assert!(run.stderr.contains("tile 99999999999999999999"), "{}", run.stderr);
    let run = puzzlec(&["solve", "slide", "--board", "1 2 3 / 4 5 6 / 7 _ 8"]).expect_code(0);
    assert!(run.stdout.contains("solved in 1 move ("), "{}", run.stdout);
    let run = puzzlec(&["solve", "slide", "nosuch-board.txt"]).expect_code(2);
    assert_eq!(run.stderr.matches("No such file").count(), 1, "{}", run.stderr);
    let run =
        puzzlec(&["emit", "slide", "--board", SEED, "--encoding", "nope", "--format", "dimacs", "--horizon", "2"]);
    assert!(run.expect_code(2).stderr.contains("bright, compact, lean, bv"));
}

#[test]
fn a_solver_file_that_is_not_executable_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("solver.sh");
    std::fs::write(&script, "#!/bin/sh\necho s UNSATISFIABLE\n").unwrap();
    let reg = registry_with(dir.path(), &[("plain", "dimacs", &[script.to_str().unwrap()])]);
    let run = with_registry(&reg, &["solve", "slide", "--board", SEED, "--solver", "plain"]).expect_code(3);
    assert!(run.stderr.contains("not executable"), "{}", run.stderr);
}

#[test]
fn the_time_limit_named_is_the_users() {
    let dir = tempfile::tempdir().unwrap();
    let reg = fake_registry(dir.path(), "sleeper", "dimacs", "sleeper");
    let run = with_registry(&reg, &["solve", "slide", "--board", SEED, "--solver", "sleeper", "--timeout", "2", "-q"]);
    let run = run.expect_code(3);
    assert!(run.stdout.contains("time limit of 2 s reached"), "{}", run.stdout);
}

#[test]
fn registry_and_instance_validation() {
    let dir = tempfile::tempdir().unwrap();
    let empty_id = dir.path().join("empty.toml");
    std::fs::write(&empty_id, "[[solver]]\nid = \"\"\ninput = \"dimacs\"\ncommand = [\"cadical\"]\n").unwrap();
    with_registry(&empty_id, &["solvers"]).expect_code(2);
    // A broken registry the user named is read even when the search runs.
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "[[solver]\n").unwrap();
    with_registry(&broken, &["solve", "slide", "--board", SEED]).expect_code(2);
    let grid = dir.path().join("grid.txt");
    std::fs::write(&grid, "+-?\n|?|\n??.\n").unwrap();
    let run = puzzlec(&["solve", "cross", "--orientations", grid.to_str().unwrap(), "--size", "4x4"]).expect_code(2);
    assert!(run.stderr.contains("conflicts"), "{}", run.stderr);
    let run = puzzlec(&["solve", "hex", "--givens", "1=3,2=3"]).expect_code(2);
    assert!(run.stderr.contains("value 3 is already given"), "{}", run.stderr);
}

#[test]
fn verify_reads_moves_from_a_file_or_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let plan = dir.path().join("plan.txt");
    std::fs::write(&plan, "DDDL UUUL\nDDDL UUU\n").unwrap();
    let run = puzzlec(&["verify", "slide", "--board", SEED, "--moves-file", plan.to_str().unwrap()]);
    assert!(run.expect_code(0).stdout.contains("valid"));
    let run = puzzlec_stdin(&["verify", "slide", "--board", SEED, "--moves-file", "-"], "DDDLUUULDDDLUUU\n");
    run.expect_code(0);
}

#[test]
fn json_errors_are_json() {
    let v = puzzlec(&["solve", "slide", "--board", "1 2 / 2 _", "--json"]).expect_code(2).json();
    assert_eq!(v["status"], "error");
    assert_eq!(v["kind"], "bad-input");
    assert_eq!(v["exit_code"], 2);
    assert!(v["message"].as_str().unwrap().contains("already appears"));
}

#[test]
fn solvers_check_shows_real_versions() {
    if !crate::support::have("minisat") {
        return;
    }
    let v = puzzlec(&["solvers", "--check", "--json"]).expect_code(0).json();
    let rows = v["solvers"].as_array().unwrap();
    // External binaries (the built-ins show "(linked)", "(embedded)", "(built in)").
    for row in rows.iter().filter(|r| r["found"] == true && !r["binary"].as_str().unwrap().starts_with('(')) {
        let version = row["version"].as_str().unwrap_or_default();
        assert!(!version.to_ascii_lowercase().contains("usage"), "{row}");
        assert!(version.chars().any(|c| c.is_ascii_digit()), "{row}");
    }
    let minisat = rows.iter().find(|r| r["binary"].as_str().is_some_and(|b| b.ends_with("/minisat"))).unwrap();
    assert!(minisat["version"].as_str().unwrap().contains("2.2.1"), "{minisat}");
}

#[test]
fn completions_and_man_pages_are_generated_from_the_definitions() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        puzzlec(&["completions", shell, "--dir", dir.path().to_str().unwrap()]).expect_code(0);
    }
    for file in ["puzzlec.bash", "_puzzlec", "puzzlec.fish"] {
        let text = std::fs::read_to_string(dir.path().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(text.contains("batch") && text.contains("solve"), "{file} misses subcommands");
    }
    let man = dir.path().join("man");
    puzzlec(&["man", "--dir", man.to_str().unwrap()]).expect_code(0);
    let page = std::fs::read_to_string(man.join("puzzlec.1")).unwrap();
    assert!(page.starts_with(".ie") || page.contains(".TH puzzlec"), "{}", &page[..200.min(page.len())]);
    assert!(man.join("puzzlec-solve-slide.1").exists());
    let run = puzzlec(&["completions", "bash"]).expect_code(0);
    assert!(run.stdout.contains("_puzzlec()"));
}

#[test]
fn an_svg_path_in_no_folder_is_refused_before_the_solve_and_a_failed_drawing_keeps_the_answer() {
    let board = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    let run = puzzlec(&["solve", "blocks", "--board", board, "--svg", "/no/such/folder/a.svg"]).expect_code(2);
    assert!(run.stderr.contains("there is no folder /no/such/folder"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "nothing was solved: {}", run.stdout);
    // /proc is a folder no file can be created in, even by root: the drawing fails after
    // the solve, and the answer is still printed.
    let run = puzzlec(&["solve", "blocks", "--board", board, "--svg", "/proc/puzzlec-test.svg"]).expect_code(2);
    assert!(run.stdout.contains("solved in 51 moves"), "{}", run.stdout);
    assert!(run.stderr.contains("writing /proc/puzzlec-test.svg"), "{}", run.stderr);
}
