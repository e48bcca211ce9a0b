//! `solve slide` and `verify slide` through the binary.

use crate::util::{fixture, puzzlec, puzzlec_stdin};

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

fn assert_seed_answer(v: &serde_json::Value) {
    assert_eq!(v["puzzle"], "slide");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["length"], 15);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["moves"], "DDDLUUULDDDLUUU");
}

#[test]
fn seed_board_by_search_from_flag_file_and_stdin() {
    let v = puzzlec(&["solve", "slide", "--board", SEED, "--solver", "search", "--json"]).expect_code(0).json();
    assert_seed_answer(&v);
    for form in ["slide/seed-table.txt", "slide/seed-compact.txt"] {
        let path = fixture(form);
        let v = puzzlec(&["solve", "slide", path.to_str().unwrap(), "--json"]).expect_code(0).json();
        assert_seed_answer(&v);
        let text = std::fs::read_to_string(&path).unwrap();
        let v = puzzlec_stdin(&["solve", "slide", "-", "--json"], &text).expect_code(0).json();
        assert_seed_answer(&v);
    }
}

#[test]
fn every_bad_board_fixture_exits_2_naming_the_problem() {
    let cases = [
        ("duplicate.txt", "row 4, column 4: tile 5 already appears at row 1, column 1"),
        ("missing-blank.txt", "no blank"),
        ("short-row.txt", "row 2 has 3 cells but row 1 has 4"),
        ("not-a-number.txt", "row 2, column 3: \"eleven\" is not a tile number"),
        ("out-of-range.txt", "row 4, column 4: tile 99 is out of range"),
        ("second-blank.txt", "row 4, column 1: a second blank (the first is at row 2, column 2)"),
        ("table-row-unclosed.txt", "row 3: a table row must start and end with '|'"),
        ("too-small.txt", "the board is 1x2"),
        ("empty.txt", "the board is empty"),
    ];
    let dir = fixture("slide/bad");
    let on_disk = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(on_disk, cases.len(), "every fixture in {} has a case here", dir.display());
    for (file, needle) in cases {
        let path = dir.join(file);
        let run = puzzlec(&["solve", "slide", path.to_str().unwrap()]).expect_code(2);
        assert!(run.stderr.contains(needle), "{file}: stderr lacks {needle:?}\n--- stderr\n{}", run.stderr);
        assert!(run.stderr.contains(file), "{file}: the message names the file\n{}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

#[test]
fn swapped_tiles_exit_1_with_parity_at_once() {
    let v = puzzlec(&["solve", "slide", "--board", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 _", "--json"])
        .expect_code(1)
        .json();
    assert_eq!(v["status"], "no-solution");
    assert_eq!(v["reason"], "parity");
}

#[test]
fn verify_accepts_the_plan_and_names_an_illegal_move() {
    let ok = puzzlec(&["verify", "slide", "--board", SEED, "--moves", "dddluuuldddluuu"]).expect_code(0);
    assert!(ok.stdout.contains("valid: the plan of 15 moves reaches the goal"), "{}", ok.stdout);
    // After DDDL the blank is in the top row: nothing above it can slide down (index 4).
    let bad = puzzlec(&["verify", "slide", "--board", SEED, "--moves", "DDDLDUUL", "--json"]).expect_code(1).json();
    assert_eq!(bad["status"], "invalid");
    let err = bad["error"].as_str().unwrap();
    assert!(err.starts_with("move 4 (D) is illegal"), "{err}");
    let short = puzzlec(&["verify", "slide", "--board", SEED, "--moves", "DDD"]).expect_code(1);
    assert!(short.stdout.contains("not the goal"), "{}", short.stdout);
    puzzlec(&["verify", "slide", "--board", SEED, "--moves", "DDX"]).expect_code(2);
}

#[test]
fn custom_goal_and_shape_mismatch() {
    let v =
        puzzlec(&["solve", "slide", "--board", "1 2 3 / 4 5 6 / 7 8 _", "--goal", "1 2 3 / 4 5 6 / 7 _ 8", "--json"])
            .expect_code(0)
            .json();
    assert_eq!(v["moves"], "R");
    let run = puzzlec(&["solve", "slide", "--board", "1 2 / 3 _", "--goal", "1 2 3 / 4 5 6 / 7 8 _"]).expect_code(2);
    assert!(run.stderr.contains("2x2 but the goal is 3x3"), "{}", run.stderr);
}

#[test]
fn max_moves_below_the_optimum_is_a_proved_no() {
    let v = puzzlec(&["solve", "slide", "--board", SEED, "--max-moves", "13", "--json"]).expect_code(1).json();
    assert_eq!(v["status"], "no-solution");
}

#[test]
fn no_board_is_a_usage_error() {
    let run = puzzlec(&["solve", "slide"]).expect_code(2);
    assert!(run.stderr.contains("no board given"));
}

/// A board with dense tables (3x6, the 24-puzzle's kind of tables on a board whose tables
/// build in seconds), on a fresh cache: from horizon 30 the SAT path builds them and uses
/// them inside the solver (its answer names their lemmas as trusted), and proves the exact
/// search's optimum.
#[test]
fn a_board_with_dense_tables_is_proved_optimal_through_sat_with_them() {
    use puzzlec_slide::rules::{benchset::random_walk, to_compact};
    let cache = tempfile::tempdir().unwrap();
    let env = [("PUZZLEC_CACHE_DIR", cache.path().to_str().unwrap())];
    let board = to_compact(&random_walk(3, 6, 60, 5));
    let solve = |extra: &[&str]| {
        let args = [&["solve", "slide", "--board", board.as_str(), "--json", "-q"], extra].concat();
        crate::util::puzzlec_env(&args, &env).expect_code(0).json()
    };
    let search = solve(&[]);
    let optimum = search["length"].as_u64().unwrap();
    assert_eq!(search["optimal"], true, "{search}");
    assert!(optimum >= 32, "the claim's horizon must use the tables (from 30 when built): {search}");
    let sat = solve(&["--solver", "cadical"]);
    assert_eq!((sat["length"].as_u64(), &sat["optimal"]), (Some(optimum), &serde_json::json!(true)), "{sat}");
    assert!(sat["trusted"].as_str().is_some_and(|t| t.contains("pattern-database lemmas")), "{sat}");
    puzzlec(&["verify", "slide", "--board", &board, "--moves", sat["moves"].as_str().unwrap()]).expect_code(0);
    let files: Vec<String> = std::fs::read_dir(cache.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(files.iter().any(|f| f.starts_with("pdb-dense-3x6")), "the tables were built: {files:?}");
}
