//! Magic hexagons of other orders and values: `--values LO..HI`, `--sum`, and the
//! files they emit. Lines are computed here from axial coordinates, apart from the library.

use std::collections::BTreeSet;

use crate::support::{have, run_by_hand};
use crate::util::puzzlec;

/// The lines of an order-n hexagon, cells numbered from 1 row by row from the top.
fn lines(order: i32) -> Vec<Vec<usize>> {
    let k = order - 1;
    let cells: Vec<(i32, i32)> =
        (-k..=k).flat_map(|r| ((-k).max(-k - r)..=k.min(k - r)).map(move |q| (q, r))).collect();
    let mut out = Vec::new();
    for key in [|(_, r): (i32, i32)| r, |(q, _): (i32, i32)| q, |(q, r): (i32, i32)| -q - r] {
        for v in -k..=k {
            out.push((0..cells.len()).filter(|&i| key(cells[i]) == v).map(|i| i + 1).collect());
        }
    }
    out
}

fn filling(values: &serde_json::Value, cells: usize) -> Vec<i64> {
    (1..=cells).map(|c| values[c.to_string()].as_i64().unwrap()).collect()
}

/// Every value of lo..=hi once, every line summing to `magic`.
fn assert_magic(order: i32, lo: i64, hi: i64, magic: i64, f: &[i64]) {
    let distinct: BTreeSet<i64> = f.iter().copied().collect();
    assert_eq!(distinct, (lo..=hi).collect::<BTreeSet<i64>>(), "{f:?}");
    for line in lines(order) {
        assert_eq!(line.iter().map(|&c| f[c - 1]).sum::<i64>(), magic, "{line:?} in {f:?}");
    }
}

#[test]
fn order_four_with_3_to_39_is_found_and_every_line_checks() {
    let v =
        puzzlec(&["solve", "hex", "--order", "4", "--values", "3..39", "--sum", "111", "--json"]).expect_code(0).json();
    // The SAT cubes and the local search race: the answer names the winner.
    let by = (v["solver"].as_str(), v["encoding"].as_str());
    assert!(by == (Some("cadical"), Some("unary")) || by == (Some("search"), None), "{v}");
    assert_eq!(v["magic_sum"].as_i64(), Some(111));
    assert_magic(4, 3, 39, 111, &filling(&v["values"], 37));
}

#[test]
fn the_local_search_finds_fillings_and_claims_nothing() {
    let args = ["solve", "hex", "--order", "4", "--values", "3..39", "--solver", "search", "--json"];
    let v = puzzlec(&args).expect_code(0).json();
    assert_eq!((v["solver"].as_str(), v["status"].as_str()), (Some("search"), Some("solved")), "{v}");
    assert_magic(4, 3, 39, 111, &filling(&v["values"], 37));
    // With givens that no filling has (the top row's three cells adding past 38), it finds
    // nothing and says "unknown", never "none".
    let given = ["solve", "hex", "--givens", "1=19,2=18,3=17", "--solver", "search", "--timeout", "1", "--json"];
    let v = puzzlec(&given).expect_code(3).json();
    assert_eq!(v["status"], "unknown", "{v}");
    let all = puzzlec(&["solve", "hex", "--all", "--solver", "search"]).expect_code(2);
    assert!(all.stderr.contains("proves nothing"), "{}", all.stderr);
    // Past the CNF's size cap the default looks by local search alone (here only briefly).
    let big = ["solve", "hex", "--order", "8", "--values", "-84..84", "--timeout", "1", "--json"];
    let v = puzzlec(&big).json();
    assert_eq!((v["solver"].as_str(), v["magic_sum"].as_i64()), (Some("search"), Some(0)), "{v}");
    let named = puzzlec(&["solve", "hex", "--order", "8", "--values", "-84..84", "--solver", "cadical"]);
    assert!(named.expect_code(2).stderr.contains("--solver search"));
}

#[test]
fn zero_sum_order_three_has_the_26_published_classes() {
    let v = puzzlec(&["solve", "hex", "--values", "-9..9", "--all", "--json"]).expect_code(0).json();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool(), v["magic_sum"].as_i64()),
        (Some(312), Some(true), Some(0))
    );
    for s in v["solutions"].as_array().unwrap() {
        assert_magic(3, -9, 9, 0, &filling(&s["values"], 19));
    }
    let classes =
        puzzlec(&["solve", "hex", "--values", "-9..9", "--all", "--up-to-symmetry", "--json"]).expect_code(0).json();
    assert_eq!(classes["count"], 26);
    // The unary CNF agrees on the count; the LIA script through z3 finds one that checks
    // (z3's enumeration of all 26 with its closing UNSAT takes minutes).
    let args = ["solve", "hex", "--values", "-9..9", "--all", "--up-to-symmetry", "--encoding", "unary", "--json"];
    assert_eq!(puzzlec(&args).expect_code(0).json()["count"], 26);
    let lia = puzzlec(&["solve", "hex", "--values", "-9..9", "--encoding", "lia", "--solver", "z3", "--json"])
        .expect_code(0)
        .json();
    assert_magic(3, -9, 9, 0, &filling(&lia["values"], 19));
}

#[test]
fn negative_values_reach_every_smt_binary_as_smt_lib_allows() {
    // SMT-LIB2 has no negative numerals: `(- 5)`, never `-5` (cvc5 refuses the latter), in
    // the script and in the blocking clause of `--all`.
    for (id, binary) in [("cvc5", "cvc5"), ("z3-bin", "z3")] {
        if !have(binary) {
            continue;
        }
        let v = puzzlec(&["solve", "hex", "--order", "1", "--values=-5..-5", "--solver", id, "--all", "--json"])
            .expect_code(0)
            .json();
        assert_eq!(
            (v["count"].as_u64(), v["complete"].as_bool(), v["magic_sum"].as_i64()),
            (Some(1), Some(true), Some(-5)),
            "{id}: {v}"
        );
    }
}

#[test]
fn bad_values_and_sums_are_named() {
    for (args, needle) in [
        (vec!["--order", "4", "--values", "1..30"], "30 values for the 37 cells"),
        (vec!["--values", "3..x"], "\"x\" is not an integer"),
        (vec!["--values", "9..1"], "empty"),
        (vec!["--values", "1-19"], "LO..HI"),
        (vec!["--sum", "40"], "sum to 38"),
        (vec!["--values", "-9..9", "--givens", "1=10"], "outside -9..=9"),
        (vec!["--order", "0"], "at least 1"),
        (vec!["--order", "8", "--values", "-84..84", "--encoding", "unary"], "about 114 million clauses, over the cap"),
    ] {
        let mut full = vec!["solve", "hex"];
        full.extend(args.iter().copied());
        let run = puzzlec(&full).expect_code(2);
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
    }
    let none = puzzlec(&["solve", "hex", "--order", "4", "--values", "2..38", "--json"]).expect_code(1).json();
    assert_eq!(none["reason"], "no-integer-magic-sum");
    assert!(none["detail"].as_str().unwrap().contains("2..38"), "{none}");
}

#[test]
fn files_of_other_values_say_so_and_decode() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("zero.cnf");
    let base = ["hex", "--values", "-9..9"];
    let mut emit = vec!["emit"];
    emit.extend(base);
    emit.extend(["--format", "dimacs", "--encoding", "unary", "-o", cnf.to_str().unwrap()]);
    puzzlec(&emit).expect_code(0);
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(text.lines().next().unwrap().ends_with("values=-9..9"), "{}", text.lines().next().unwrap());
    if !have("cadical") {
        panic!("the Debian cadical binary is needed (make deps installs it)");
    }
    let model = dir.path().join("zero.out");
    std::fs::write(&model, run_by_hand("cadical", &[cnf.to_str().unwrap()])).unwrap();
    let v =
        puzzlec(&["decode", "hex", "--formula", cnf.to_str().unwrap(), "--model", model.to_str().unwrap(), "--json"])
            .expect_code(0)
            .json();
    assert_magic(3, -9, 9, 0, &filling(&v["values"], 19));
    // The LIA script writes negative bounds as (- 9), which z3 reads.
    let smt = dir.path().join("zero.smt2");
    puzzlec(&["emit", "hex", "--values", "-9..9", "--format", "smt2", "-o", smt.to_str().unwrap()]).expect_code(0);
    assert!(std::fs::read_to_string(&smt).unwrap().contains("(>= V1 (- 9))"));
    let answer = dir.path().join("zero.z3");
    std::fs::write(&answer, run_by_hand("z3", &[smt.to_str().unwrap()])).unwrap();
    let v =
        puzzlec(&["decode", "hex", "--formula", smt.to_str().unwrap(), "--model", answer.to_str().unwrap(), "--json"])
            .expect_code(0)
            .json();
    assert_magic(3, -9, 9, 0, &filling(&v["values"], 19));
}
