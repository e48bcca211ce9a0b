//! The spine through the binary: every backend on the seed board, registry errors, and
//! fake solver binaries that misbehave on purpose.

use crate::support::{have, registry_with};
use crate::util::{fixture, puzzlec};

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

fn seed_via(solver: &str) {
    let v = puzzlec(&["solve", "slide", "--board", SEED, "--encoding", "bright", "--solver", solver, "--json", "-q"])
        .expect_code(0)
        .json();
    assert_eq!(v["status"], "solved", "{solver}");
    assert_eq!(v["length"], 15, "{solver}");
    assert_eq!(v["optimal"], true, "{solver}");
    assert_eq!(v["moves"], "DDDLUUULDDDLUUU", "{solver}");
    assert_eq!(v["solver"], solver);
    assert_eq!(v["encoding"], "bright");
}

#[test]
fn seed_board_via_linked_z3_and_embedded_cadical() {
    seed_via("z3");
    seed_via("cadical");
}

#[test]
fn seed_board_via_external_binaries() {
    for (id, binary) in [("z3-bin", "z3"), ("cvc5", "cvc5"), ("cadical-bin", "cadical"), ("minisat", "minisat")] {
        if have(binary) {
            seed_via(id);
        }
    }
}

#[test]
fn progress_lines_go_to_stderr_unless_quiet() {
    let run = puzzlec(&["solve", "slide", "--board", "1 2 3 / 4 _ 6 / 7 5 8", "--encoding", "bright"]).expect_code(0);
    assert!(run.stderr.contains("horizon   2: sat"), "{}", run.stderr);
    assert!(run.stderr.contains("horizon   0: unsat"), "{}", run.stderr);
    let quiet =
        puzzlec(&["solve", "slide", "--board", "1 2 3 / 4 _ 6 / 7 5 8", "--encoding", "bright", "-q"]).expect_code(0);
    assert_eq!(quiet.stderr, "");
}

#[test]
fn unknown_solver_id_names_the_registry() {
    let dir = tempfile::tempdir().unwrap();
    let reg = registry_with(dir.path(), &[("other", "dimacs", &["cadical"])]);
    let run = puzzlec(&["--solvers", reg.to_str().unwrap(), "solve", "slide", "--board", SEED, "--solver", "nosuch"])
        .expect_code(2); // a usage error: the contract says 2
    assert!(run.stderr.contains("\"nosuch\"") && run.stderr.contains(reg.to_str().unwrap()), "{}", run.stderr);
}

#[test]
fn missing_binary_names_the_id_and_registry() {
    let dir = tempfile::tempdir().unwrap();
    let reg = registry_with(dir.path(), &[("ghost", "dimacs", &["no-such-solver-binary"])]);
    let run = puzzlec(&["--solvers", reg.to_str().unwrap(), "solve", "slide", "--board", SEED, "--solver", "ghost"])
        .expect_code(3);
    assert!(run.stderr.contains("\"ghost\"") && run.stderr.contains("no-such-solver-binary"), "{}", run.stderr);
    assert!(run.stderr.contains(reg.to_str().unwrap()), "{}", run.stderr);
}

#[test]
fn a_registry_with_unknown_keys_is_bad_input_with_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let reg = dir.path().join("solvers.toml");
    std::fs::write(&reg, "[[solver]]\nid = \"x\"\ninput = \"dimacs\"\ncommand = [\"x\"]\ncolour = \"red\"\n").unwrap();
    let run = puzzlec(&["--solvers", reg.to_str().unwrap(), "solvers"]).expect_code(2);
    assert!(run.stderr.contains("line 5") && run.stderr.contains("colour"), "{}", run.stderr);
}

fn fake(name: &str) -> String {
    fixture("fake-solvers").join(name).to_str().unwrap().to_owned()
}

fn solve_with_fake(name: &str, extra: &[&str]) -> crate::util::Run {
    let dir = tempfile::tempdir().unwrap();
    let reg = registry_with(dir.path(), &[("fake", "dimacs", &[&fake(name)])]);
    let mut args = vec![
        "--solvers",
        reg.to_str().unwrap(),
        "solve",
        "slide",
        "--board",
        "1 2 3 / 4 _ 6 / 7 5 8",
        "--solver",
        "fake",
        "-q",
    ];
    args.extend_from_slice(extra);
    puzzlec(&args)
}

#[test]
fn a_solver_printing_garbage_is_exit_3_with_its_first_lines() {
    let run = solve_with_fake("garbage", &[]).expect_code(3);
    assert!(run.stderr.contains("solver fake printed something that is not an answer"), "{}", run.stderr);
    assert!(run.stderr.contains("hello from a broken solver"), "{}", run.stderr);
    assert_eq!(run.stdout, "", "no board is printed");
}

#[test]
fn a_crashing_solver_keeps_its_stderr() {
    let run = solve_with_fake("crasher", &[]).expect_code(3);
    assert!(run.stderr.contains("out of cheese"), "{}", run.stderr);
}

#[test]
fn a_model_that_does_not_decode_is_never_printed_as_a_solution() {
    let run = solve_with_fake("liar", &[]).expect_code(3);
    assert!(run.stderr.contains("solver fake returned a model that does not decode"), "{}", run.stderr);
    assert_eq!(run.stdout, "");
}

#[test]
fn a_hanging_solver_is_killed_at_the_time_limit() {
    let v = solve_with_fake("sleeper", &["--timeout", "1", "--json"]).expect_code(3).json();
    assert_eq!(v["status"], "unknown");
    assert!(v["detail"].as_str().unwrap().contains("time limit of 1 s"), "{v}");
}

#[test]
fn solvers_lists_built_ins_and_registry_entries() {
    let v = puzzlec(&["solvers", "--json"]).expect_code(0).json();
    let ids: Vec<&str> = v["solvers"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    for id in ["z3", "cadical", "search", "z3-bin", "cvc5", "cadical-bin", "minisat", "kissat"] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    if have("z3") {
        let v = puzzlec(&["solvers", "--check", "--json"]).expect_code(0).json();
        let z3 = v["solvers"].as_array().unwrap().iter().find(|s| s["id"] == "z3-bin").unwrap().clone();
        assert!(z3["version"].as_str().unwrap().contains("Z3 version"), "{z3}");
    }
}
