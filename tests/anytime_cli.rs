//! Any board, any size: a plan at once, shorter ones while time allows, and the gap to
//! optimal always reported; a time limit never loses the plan and bound already found.

use puzzlec_slide::rules::benchset::random_walk;
use puzzlec_slide::rules::to_compact;

use crate::util::{puzzlec, puzzlec_env};

/// The plan in `v` replays on `board` (checked by `verify`, the strict replay).
fn replays(board: &str, v: &serde_json::Value) {
    let moves = v["moves"].as_str().unwrap();
    puzzlec(&["verify", "slide", "--board", board, "--moves", moves]).expect_code(0);
}

#[test]
fn large_random_boards_get_a_replayed_plan_and_a_bound() {
    for (rows, cols, walk, seed) in [(5, 5, 2000, 11), (6, 6, 3000, 12), (8, 8, 5000, 13)] {
        let board = to_compact(&random_walk(rows, cols, walk, seed));
        let run =
            puzzlec(&["solve", "slide", "--board", &board, "--anytime", "--timeout", "3", "--json"]).expect_code(0);
        let v = run.json();
        replays(&board, &v);
        let (len, lb) = (v["length"].as_u64().unwrap(), v["lower_bound"].as_u64().unwrap());
        assert!(lb <= len && lb > 0, "{v}");
        assert_eq!(v["gap"].as_u64().unwrap_or(0), len - lb, "{v}");
        assert!(run.stderr.lines().any(|l| l.starts_with("plan of ")), "progress shows the plans: {}", run.stderr);
    }
}

#[test]
fn an_easy_board_ends_optimal() {
    let board = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 _ 14 15";
    let v = puzzlec(&["solve", "slide", "--board", board, "--anytime", "--timeout", "5", "--json", "-q"])
        .expect_code(0)
        .json();
    assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(2), Some(true)), "{v}");
}

#[test]
fn the_exact_default_at_its_limit_keeps_the_best_plan_and_bound() {
    let board = to_compact(&random_walk(5, 5, 2000, 14));
    let run = puzzlec(&["solve", "slide", "--board", &board, "--timeout", "2", "--json", "-q"]).expect_code(3);
    let v = run.json();
    assert_eq!(v["status"], "unknown");
    assert_eq!(v["optimal"], false);
    replays(&board, &v);
    assert!(v["lower_bound"].as_u64().unwrap() <= v["length"].as_u64().unwrap());
    assert!(v["gap"].is_u64(), "{v}");
    let text = puzzlec(&["solve", "slide", "--board", &board, "--timeout", "1", "-q"]).expect_code(3).stdout;
    assert!(text.contains("best plan found:") && text.contains("above optimal"), "{text}");
}

#[test]
fn a_5x5_table_build_stopped_by_the_limit_keeps_nothing_and_answers_unknown() {
    // A cache of its own: the 5x5 tables must be built, which takes minutes, so the limit
    // stops the build half way; the answer is the known plan and a table is stored whole
    // or not at all.
    let cache = tempfile::tempdir().unwrap();
    let board = to_compact(&random_walk(5, 5, 2000, 14));
    let dir = cache.path().to_str().unwrap();
    let run =
        puzzlec_env(&["solve", "slide", "--board", &board, "--timeout", "3", "--json"], &[("PUZZLEC_CACHE_DIR", dir)])
            .expect_code(3);
    let v = run.json();
    assert_eq!(v["status"], "unknown", "{v}");
    replays(&board, &v);
    let files: Vec<String> = std::fs::read_dir(cache.path())
        .map(|d| d.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    assert!(files.iter().all(|f| !f.contains("dense")), "{files:?}");
}

#[test]
fn anytime_rejects_what_it_does_not_use() {
    let board = "1 2 3 / 4 5 6 / 7 _ 8";
    puzzlec(&["solve", "slide", "--board", board, "--anytime", "--solver", "cadical"]).expect_code(2);
    puzzlec(&["solve", "slide", "--board", board, "--anytime", "--max-moves", "4"]).expect_code(2);
}
