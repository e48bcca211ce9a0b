//! Korf's easiest instance (number 55, optimum 41) proved optimal through the SAT path in CI
//! time: `compact` on the embedded CaDiCaL with the pattern-database frontier. Timing goals
//! live in `make bench-korf`; this checks the answer and what it says it rests on.

use crate::util::puzzlec;

#[test]
fn korf_55_is_proved_optimal_by_the_embedded_solver() {
    let board = "5 10 14 4 / 6 12 11 1 / 9 _ 15 7 / 13 2 8 3";
    let v = puzzlec(&["solve", "slide", "--board", board, "--solver", "cadical", "--json", "--timeout", "600"])
        .expect_code(0)
        .json();
    assert_eq!(v["length"], 41);
    assert_eq!(v["optimal"], true);
    assert!(v["trusted"].as_str().unwrap().contains("pattern-database lemmas"), "{v}");
    // The exact search agrees (replayed plan, equal length).
    let exact = puzzlec(&["solve", "slide", "--board", board, "--json"]).expect_code(0).json();
    assert_eq!(exact["length"], 41);
    let plan = v["moves"].as_str().unwrap();
    puzzlec(&["verify", "slide", "--board", board, "--moves", plan]).expect_code(0);
}
