//! Hostile solvers: answers nested too deep, result files too large, solvers that contradict
//! themselves under `--all`, and liars on sliding blocks. Each fake solver is a small script
//! in `tests/fixtures/fake-solvers`, put in a registry passed with `--solvers`.

use std::path::{Path, PathBuf};

use crate::support::{have, registry_with};
use crate::util::{fixture, puzzlec, puzzlec_env, Run};

/// A registry in `dir` with one fake solver `id` reading `input`.
fn fake(dir: &Path, id: &str, input: &str, script: &str) -> PathBuf {
    let path = fixture(&format!("fake-solvers/{script}"));
    registry_with(dir, &[(id, input, &[path.to_str().unwrap()])])
}

fn run(reg: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut all = vec!["--solvers", reg.to_str().unwrap()];
    all.extend_from_slice(args);
    puzzlec_env(&all, env)
}

/// The one JSON error object of an exit 3, its message.
fn unknown_message(r: Run) -> String {
    let r = r.expect_code(3);
    let json = r.json();
    assert_eq!(json["kind"], "unknown", "{json}");
    json["message"].as_str().unwrap().to_owned()
}

#[test]
fn an_answer_nested_a_hundred_thousand_deep_is_exit_3_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let reg = fake(dir.path(), "deep", "smt2", "deep-nesting");
    for closed in ["", "1"] {
        let env = [("DEEP_CLOSED", closed)];
        let message = unknown_message(run(&reg, &["solve", "hex", "--solver", "deep", "--json", "-q"], &env));
        assert!(message.contains("nested deeper"), "{message}");
        // In a race the other racer's answer stands.
        let r = run(&reg, &["solve", "hex", "--solver", "z3,deep", "--json", "-q"], &env).expect_code(0);
        let json = r.json();
        assert_eq!((json["status"].as_str(), json["solver"].as_str()), (Some("solved"), Some("z3")), "{json}");
    }
    // decode reads a model file the same way.
    let formula = dir.path().join("h.smt2");
    puzzlec(&["emit", "hex", "--encoding", "lia", "-o", formula.to_str().unwrap()]).expect_code(0);
    let model = dir.path().join("model.txt");
    std::fs::write(&model, format!("sat\n{}", "(".repeat(100_000))).unwrap();
    let args = ["decode", "hex", "--formula", formula.to_str().unwrap(), "--model", model.to_str().unwrap(), "--json"];
    let message = unknown_message(puzzlec(&args));
    assert!(message.contains("nested deeper"), "{message}");
}

#[test]
fn a_result_file_past_the_output_cap_is_not_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let script = fixture("fake-solvers/huge-result");
    let text = format!(
        "[[solver]]\nid = \"huge\"\ninput = \"dimacs\"\nanswer = \"result-file\"\ncommand = [{:?}, \"{{input}}\", \"{{output}}\"]\n",
        script.to_str().unwrap()
    );
    let reg = dir.path().join("solvers.toml");
    std::fs::write(&reg, text).unwrap();
    let message =
        unknown_message(run(&reg, &["solve", "cross", "--size", "3x3", "--solver", "huge", "--json", "-q"], &[]));
    assert!(message.contains("512 MiB"), "{message}");
}

/// `--all` on a solver honest until its first SAT answer and UNSAT forever after: the horizon
/// it answered SAT enumerates to nothing, which is the solver contradicting itself.
#[test]
fn all_plans_from_a_solver_that_turns_liar_after_its_first_sat_is_exit_3() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let reg = fake(dir.path(), "turncoat", "dimacs", "honest-then-unsat");
    let cases: [&[&str]; 3] = [
        &["solve", "cross", "--size", "3x3"],
        &["solve", "slide", "--board", "4 1 3 / 7 2 6 / _ 5 8"],
        &["solve", "blocks", "--board", "AA./B../..C", "--goal", "A@3,2"],
    ];
    for (k, case) in cases.iter().enumerate() {
        let state = dir.path().join(format!("state{k}"));
        let mut args = case.to_vec();
        args.extend(["--all", "--solver", "turncoat", "--json", "-q"]);
        let message = unknown_message(run(&reg, &args, &[("PUZZLEC_TEST_STATE", state.to_str().unwrap())]));
        assert!(message.contains("turncoat") && message.contains("contradicts itself"), "{case:?}: {message}");
    }
}

/// A crowded 8x8 board whose shortest plan is 6 moves, more positions within them than the
/// breadth-first search keeps.
const CROWDED: &str = "AJ....../.N.DMB../.I.VK.RT/.L...XOH/W......./.S..Y..C/.U..F.GQ/..E...P.";

#[test]
fn sliding_blocks_catch_a_liar_with_the_exact_search() {
    if !have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let reg = registry_with(
        dir.path(),
        &[
            ("no", "dimacs", &[fixture("fake-solvers/always-unsat").to_str().unwrap()]),
            ("low", "dimacs", &[fixture("fake-solvers/unsat-below-10").to_str().unwrap()]),
        ],
    );
    puzzlec(&[
        "verify",
        "blocks",
        "--board",
        CROWDED,
        "--goal",
        "A@8,8",
        "--moves",
        "Jrrrr Ell Plllll Arr Addddddd Arrrrr",
    ])
    .expect_code(0);
    // Time enough for the exact search whatever the build: it is the claim that is tested.
    let time = [("PUZZLEC_SECOND_OPINION_MS", "120000")];
    for liar in ["no", "low"] {
        let args = ["solve", "blocks", "--board", CROWDED, "--goal", "A@8,8", "--solver", liar, "--json", "-q"];
        let message = unknown_message(run(&reg, &args, &time));
        assert!(message.contains(liar) && message.contains("plan of 6 moves"), "{liar}: {message}");
    }
    // With no time for a second opinion, "no plan" says on whose word it rests.
    let args =
        ["solve", "blocks", "--board", CROWDED, "--goal", "A@8,8", "--solver", "no", "--max-moves", "4", "--json"];
    let r = run(&reg, &args, &[("PUZZLEC_SECOND_OPINION_MS", "0")]).expect_code(1);
    let json = r.json();
    assert!(json["trusted"].as_str().is_some_and(|t| t.contains("rests on the word of solver no")), "{json}");
}
