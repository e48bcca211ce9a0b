//! Issue C through the binary: every encoding on every backend that can run it returns the
//! oracle's optimum on the small boards of the bench set; bv on the seed; `--all` counts.

use puzzlec_slide::rules::benchset::bench_set;
use puzzlec_slide::rules::{to_compact, Board};
use puzzlec_slide::search::bfs;
use puzzlec_slide::search::{exact_shortest_path, Search};

use crate::support::have;
use crate::util::puzzlec;

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

fn optimum(board: &Board) -> usize {
    let goal = Board::goal(board.rows(), board.cols());
    match exact_shortest_path(board, &goal, None) {
        Search::Found(p) => p.len(),
        other => panic!("oracle: {other:?}"),
    }
}

#[test]
fn bench_boards_up_to_20_on_every_encoding_and_backend() {
    // (encoding, solver, binary it needs, largest optimum to try in CI)
    let configs = [
        ("compact", "cadical", None, 20),
        ("compact", "cadical-bin", Some("cadical"), 20),
        ("compact", "minisat", Some("minisat"), 16),
        ("bright", "cadical", None, 20),
        ("bright", "z3", None, 16),
        ("bright", "z3-bin", Some("z3"), 10),
        ("bright", "cvc5", Some("cvc5"), 10),
        ("bright", "minisat", Some("minisat"), 16),
        ("bv", "z3", None, 16),
        ("bv", "cvc5", Some("cvc5"), 10),
    ];
    let boards: Vec<(String, Board, usize)> = bench_set()
        .into_iter()
        .map(|b| {
            let opt = optimum(&b.board);
            (b.name, b.board, opt)
        })
        .filter(|(_, _, opt)| *opt <= 20)
        .collect();
    assert!(boards.len() >= 5, "the bench set has small boards");
    for (encoding, solver, binary, up_to) in configs {
        if binary.is_some_and(|b| !have(b)) {
            continue;
        }
        for (name, board, opt) in boards.iter().filter(|(_, _, o)| *o <= up_to) {
            let text = to_compact(board);
            let v = puzzlec(&[
                "solve",
                "slide",
                "--board",
                &text,
                "--encoding",
                encoding,
                "--solver",
                solver,
                "--json",
                "-q",
            ])
            .expect_code(0)
            .json();
            assert_eq!(
                (v["length"].as_u64(), v["optimal"].as_bool()),
                (Some(*opt as u64), Some(true)),
                "{encoding}/{solver} on {name}"
            );
        }
    }
}

#[test]
fn compact_and_bv_on_the_seed() {
    let v =
        puzzlec(&["solve", "slide", "--board", SEED, "--encoding", "compact", "--json", "-q"]).expect_code(0).json();
    assert_eq!((v["moves"].as_str(), v["optimal"].as_bool()), (Some("DDDLUUULDDDLUUU"), Some(true)));
    let mut solvers = vec!["z3"];
    if have("cvc5") {
        solvers.push("cvc5");
    }
    for solver in solvers {
        let v = puzzlec(&["solve", "slide", "--board", SEED, "--encoding", "bv", "--solver", solver, "--json", "-q"])
            .expect_code(0)
            .json();
        assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(15), Some(true)), "bv via {solver}");
        assert_eq!(v["moves"], "DDDLUUULDDDLUUU");
    }
}

#[test]
fn incremental_horizons_agree_with_re_encoding() {
    for b in bench_set().into_iter().filter(|b| b.board.len() == 12).take(3) {
        let text = to_compact(&b.board);
        let fresh = puzzlec(&["solve", "slide", "--board", &text, "--encoding", "compact", "--json", "-q"])
            .expect_code(0)
            .json();
        let inc =
            puzzlec(&["solve", "slide", "--board", &text, "--encoding", "compact", "--incremental", "--json", "-q"])
                .expect_code(0)
                .json();
        assert_eq!(fresh["length"], inc["length"], "{}", b.name);
        assert_eq!(inc["optimal"], true);
        assert_eq!(fresh["length"].as_u64(), Some(optimum(&b.board) as u64));
    }
}

#[test]
fn all_optimal_plans_count_like_bfs() {
    for text in ["4 1 3 / 7 2 6 / _ 5 8", "2 3 6 / 1 5 _ / 4 7 8", "1 2 3 / _ 4 5"] {
        let board = puzzlec_slide::rules::parse_board(text).unwrap();
        let goal = Board::goal(board.rows(), board.cols());
        let (_, count) = bfs::shortest_path_counts(&board)[&goal.pack()];
        let v = puzzlec(&["solve", "slide", "--board", text, "--all", "--json", "-q"]).expect_code(0).json();
        assert_eq!(v["count"].as_u64(), Some(count), "{text}");
        assert_eq!(v["complete"], true);
        for plan in v["solutions"].as_array().unwrap() {
            puzzlec(&["verify", "slide", "--board", text, "--moves", plan.as_str().unwrap()]).expect_code(0);
        }
    }
}
