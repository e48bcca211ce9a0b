//! `--solver a,b,c`: a portfolio races the solvers; the first decisive answer wins and the
//! others are stopped, with nothing of theirs left behind.

use crate::support::registry_with;
use crate::util::{fixture, puzzlec_env, SEED};

/// The winner is named, the slow loser (a script whose child never answers) is stopped,
/// its child process is gone and no temporary file is left.
#[test]
fn the_first_answer_wins_and_the_loser_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let spawner = fixture("fake-solvers/spawner");
    let reg = registry_with(dir.path(), &[("slow", "dimacs", &[spawner.to_str().unwrap()])]);
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let pidfile = dir.path().join("child.pid");
    let env = [("TMPDIR", tmp.to_str().unwrap()), ("PUZZLEC_TEST_PIDFILE", pidfile.to_str().unwrap())];
    // A 4x4 board that takes cadical a few hundred milliseconds (optimum 24): the loser's
    // process is running long before that.
    let board = "_ 3 4 8 / 5 1 7 12 / 2 13 11 15 / 10 6 9 14";
    let args =
        ["--solvers", reg.to_str().unwrap(), "solve", "slide", "--board", board, "--solver", "slow,cadical", "--json"];
    let v = puzzlec_env(&args, &env).expect_code(0).json();
    assert_eq!(v["solver"], "cadical");
    assert_eq!(v["length"], 24);
    assert_eq!(v["optimal"], true);
    let racers = v["portfolio"].as_array().expect("portfolio listed");
    assert_eq!(racers.len(), 2);
    assert_eq!(racers[0]["solver"], "slow");
    assert_eq!(racers[0]["status"], "stopped");
    assert_eq!(racers[1]["status"], "won");
    let pid = std::fs::read_to_string(&pidfile).expect("the loser was started");
    // Waits (with a generous deadline) for the loser's child to be gone.
    crate::signals_cli::wait_gone(pid.trim());
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "temporary files left behind");
}

/// Both in-process solvers race on the seed; the answer is the same replayed optimum.
#[test]
fn linked_and_embedded_solvers_race_on_the_seed() {
    let v = crate::util::puzzlec(&["solve", "slide", "--board", SEED, "--solver", "cadical,z3", "--json"])
        .expect_code(0)
        .json();
    assert_eq!(v["moves"], "DDDLUUULDDDLUUU");
    assert_eq!(v["optimal"], true);
    let racers = v["portfolio"].as_array().unwrap();
    let won: Vec<_> = racers.iter().filter(|r| r["status"] == "won").collect();
    assert_eq!(won.len(), 1);
    assert_eq!(won[0]["solver"], v["solver"]);
    let v = crate::util::puzzlec(&["solve", "hex", "--all", "--solver", "z3,cadical", "--json"]).expect_code(0).json();
    assert_eq!(v["count"], 12);
    assert_eq!(v["complete"], true);
}

#[test]
fn a_bad_list_is_refused_before_anything_runs() {
    let run = crate::util::puzzlec(&["solve", "slide", "--board", SEED, "--solver", "cadical,cadical"]).expect_code(2);
    assert!(run.stderr.contains("named twice"), "{}", run.stderr);
    let run = crate::util::puzzlec(&["solve", "slide", "--board", SEED, "--solver", "cadical,nosuch"]).expect_code(2);
    assert!(run.stderr.contains("nosuch"), "{}", run.stderr);
}
