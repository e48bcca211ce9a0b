//! `solve hex`, `emit hex` and `decode hex` through the binary. Fillings are checked here
//! against the seed's own table of lines, independently of the library's geometry.

use std::collections::BTreeSet;

use crate::support::{have, run_by_hand};
use crate::util::puzzlec;

/// The 15 lines of the Hex38 seed (004), cells numbered from 1.
const SEED_LINES: [&[usize]; 15] = [
    &[1, 2, 3],
    &[4, 5, 6, 7],
    &[8, 9, 10, 11, 12],
    &[13, 14, 15, 16],
    &[17, 18, 19],
    &[1, 8, 4],
    &[2, 5, 9, 13],
    &[3, 6, 10, 14, 17],
    &[7, 11, 15, 18],
    &[12, 16, 19],
    &[8, 13, 17],
    &[4, 9, 14, 18],
    &[1, 5, 10, 15, 19],
    &[2, 6, 11, 16],
    &[3, 7, 12],
];

fn filling(values: &serde_json::Value) -> Vec<u64> {
    (1..=19).map(|c| values[c.to_string()].as_u64().unwrap()).collect()
}

fn assert_hex38(f: &[u64]) {
    let distinct: BTreeSet<u64> = f.iter().copied().collect();
    assert_eq!(distinct, (1..=19).collect::<BTreeSet<u64>>(), "{f:?}");
    for line in SEED_LINES {
        assert_eq!(line.iter().map(|&c| f[c - 1]).sum::<u64>(), 38, "{line:?} in {f:?}");
    }
}

fn all_fillings(args: &[&str]) -> BTreeSet<Vec<u64>> {
    let mut full = vec!["solve", "hex", "--all", "--json"];
    full.extend_from_slice(args);
    let v = puzzlec(&full).expect_code(0).json();
    assert_eq!(v["complete"], true);
    let set: BTreeSet<Vec<u64>> = v["solutions"].as_array().unwrap().iter().map(|s| filling(&s["values"])).collect();
    assert_eq!(v["count"].as_u64().unwrap() as usize, set.len());
    set.iter().for_each(|f| assert_hex38(f));
    set
}

#[test]
fn all_twelve_by_cnf_and_by_lia_agree() {
    let cnf = all_fillings(&[]);
    assert_eq!(cnf.len(), 12);
    let lia = all_fillings(&["--encoding", "lia", "--solver", "z3"]);
    assert_eq!(lia, cnf);
}

#[test]
fn up_to_symmetry_there_is_one() {
    let v = puzzlec(&["solve", "hex", "--all", "--up-to-symmetry", "--json"]).expect_code(0).json();
    assert_eq!(v["count"], 1);
    assert_eq!(v["complete"], true);
    assert_hex38(&filling(&v["solutions"][0]["values"]));
}

#[test]
fn orders_one_two_four() {
    let one = puzzlec(&["solve", "hex", "--order", "1", "--all", "--json"]).expect_code(0).json();
    assert_eq!(one["count"], 1);
    assert_eq!(one["values"]["1"], 1);
    for order in ["2", "4"] {
        let v = puzzlec(&["solve", "hex", "--order", order, "--json"]).expect_code(1).json();
        assert_eq!(v["status"], "no-solution");
        assert_eq!(v["reason"], "no-integer-magic-sum", "order {order}");
    }
    puzzlec(&["solve", "hex", "--order", "0"]).expect_code(2);
}

#[test]
fn givens_fix_cells_contradictions_are_proved_and_bad_givens_are_rejected() {
    // A half-solved puzzle: three cells of one solution given; the solver completes it.
    let v = puzzlec(&["solve", "hex", "--givens", "1=3,2=19,10=5", "--json"]).expect_code(0).json();
    let f = filling(&v["values"]);
    assert_hex38(&f);
    assert_eq!((f[0], f[1], f[9]), (3, 19, 5));
    // Cell 10 is the centre, which is 5 in every solution: 6 there is impossible.
    let v = puzzlec(&["solve", "hex", "--givens", "10=6", "--json"]).expect_code(1).json();
    assert_eq!(v["reason"], "givens");
    for (bad, needle) in [
        ("1=20", "outside 1..=19"),
        ("20=1", "cell 20"),
        ("1=3,1=4", "given twice"),
        ("1:3", "CELL=VALUE"),
        ("a=1", "not a cell"),
    ] {
        let run = puzzlec(&["solve", "hex", "--givens", bad]).expect_code(2);
        assert!(run.stderr.contains(needle), "{bad}: {}", run.stderr);
    }
    // Givens with --all --up-to-symmetry: the classes of the fillings that keep the givens.
    let v = puzzlec(&["solve", "hex", "--givens", "10=5", "--all", "--up-to-symmetry", "--json"]).expect_code(0).json();
    assert_eq!(v["count"], 1);
}

#[test]
fn emitted_files_run_in_external_solvers_and_decode() {
    let dir = tempfile::tempdir().unwrap();
    let smt = dir.path().join("hex.smt2");
    let cnf = dir.path().join("hex.cnf");
    puzzlec(&["emit", "hex", "--encoding", "lia", "--format", "smt2", "--up-to-symmetry", "-o", smt.to_str().unwrap()])
        .expect_code(0);
    puzzlec(&["emit", "hex", "--encoding", "cnf", "--format", "dimacs", "-o", cnf.to_str().unwrap()]).expect_code(0);
    let mut answers = Vec::new();
    if have("z3") {
        answers.push((smt.clone(), run_by_hand("z3", &[smt.to_str().unwrap()])));
    }
    if have("cvc5") {
        answers.push((smt.clone(), run_by_hand("cvc5", &["--produce-models", smt.to_str().unwrap()])));
    }
    if have("cadical") {
        answers.push((cnf.clone(), run_by_hand("cadical", &[cnf.to_str().unwrap()])));
    }
    if have("minisat") {
        let result = dir.path().join("minisat.out");
        run_by_hand("minisat", &["-verb=0", cnf.to_str().unwrap(), result.to_str().unwrap()]);
        answers.push((cnf.clone(), std::fs::read_to_string(&result).unwrap()));
    }
    for (i, (encoding, answer)) in answers.iter().enumerate() {
        let model = dir.path().join(format!("answer{i}.txt"));
        std::fs::write(&model, answer).unwrap();
        let v = puzzlec(&[
            "decode",
            "hex",
            "--formula",
            encoding.to_str().unwrap(),
            "--model",
            model.to_str().unwrap(),
            "--json",
        ])
        .expect_code(0)
        .json();
        assert_hex38(&filling(&v["values"]));
    }
}

#[test]
fn emit_snapshots_of_orders_one_and_three() {
    for order in ["1", "3"] {
        for (encoding, format) in [("lia", "smt2"), ("cnf", "dimacs")] {
            let out =
                puzzlec(&["emit", "hex", "--order", order, "--encoding", encoding, "--format", format]).expect_code(0);
            let suffix = format!("order{order}.{encoding}.{format}");
            insta::with_settings!({ snapshot_suffix => suffix }, {
                insta::assert_snapshot!("emit_hex", out.stdout);
            });
        }
    }
}
