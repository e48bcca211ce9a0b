//! `puzzlec family`: benchmark families whose labels real solver binaries confirm.

use std::process::Command;

use crate::support::have;
use crate::util::puzzlec;

/// Runs a SAT solver binary on a file and returns "sat" or "unsat" from its exit code.
fn verdict(binary: &str, args: &[&str], file: &std::path::Path) -> &'static str {
    let status = Command::new(binary).args(args).arg(file).output().expect("the solver runs").status;
    match status.code() {
        Some(10) => "sat",
        Some(20) => "unsat",
        other => panic!("{binary} on {}: exit {other:?}", file.display()),
    }
}

#[test]
fn ten_4x4_instances_are_labelled_as_cadical_and_minisat_answer() {
    if !(have("cadical") && have("minisat")) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("fam");
    let args = [
        "family",
        "slide",
        "--size",
        "4x4",
        "--count",
        "10",
        "--seed",
        "3",
        "--walk",
        "24",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ];
    puzzlec(&args).expect_code(0);
    let manifest = std::fs::read_to_string(out.join("manifest.csv")).unwrap();
    let mut lines = manifest.lines();
    assert_eq!(lines.next(), Some("file,status,optimum,horizon,variables,clauses,cadical_seconds"));
    let cnfs: Vec<Vec<&str>> =
        lines.map(|l| l.split(',').collect::<Vec<_>>()).filter(|r| r[0].ends_with(".cnf")).collect();
    assert_eq!(cnfs.len(), 20, "10 instances, each SAT and UNSAT");
    for row in &cnfs {
        let file = out.join(row[0]);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.starts_with("c generator: puzzlec family slide --size 4x4"), "{}", &text[..80]);
        // The header counts exactly the clauses that follow.
        let header = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
        let clauses =
            text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p') && !l.trim().is_empty()).count();
        assert_eq!(header, format!("p cnf {} {clauses}", row[4]));
        assert_eq!(row[5], clauses.to_string());
        assert_eq!(verdict("cadical", &["-q"], &file), row[1], "{}", row[0]);
        assert_eq!(verdict("minisat", &["-verb=0"], &file), row[1], "{}", row[0]);
        let horizon: usize = row[3].parse().unwrap();
        let optimum: usize = row[2].parse().unwrap();
        assert_eq!(horizon == optimum, row[1] == "sat");
    }
}

#[test]
fn smt_files_carry_their_status_and_z3_agrees() {
    if !have("z3") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("hex");
    puzzlec(&["family", "hex", "--count", "2", "--seed", "9", "--out", out.to_str().unwrap(), "-q"]).expect_code(0);
    let mut seen = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "smt2") {
            let text = std::fs::read_to_string(&path).unwrap();
            let status = if text.contains("(set-info :status sat)") { "sat" } else { "unsat" };
            assert!(text.contains("(set-info :source |generator: puzzlec family hex"));
            let answer = Command::new("z3").arg(&path).output().unwrap();
            assert_eq!(String::from_utf8_lossy(&answer.stdout).trim(), status, "{}", path.display());
            seen += 1;
        }
    }
    assert_eq!(seen, 4);
}

/// Other values: the zero-sum hexagons of order 3, labelled from their enumeration, and
/// Debian's cadical agrees with every label.
#[test]
fn hex_families_of_other_values_are_labelled_right() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("zero");
    let args = ["family", "hex", "--values", "-9..9", "--count", "2", "--seed", "4", "--out", out.to_str().unwrap()];
    puzzlec(&[&args[..], &["-q"]].concat()).expect_code(0);
    let mut seen = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "cnf") {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.contains("values=-9..9"), "{}", path.display());
            let sat = path.to_str().unwrap().ends_with("-sat.cnf");
            seen += 1;
            if have("cadical") {
                let answer = Command::new("cadical").arg("-q").arg(&path).output().unwrap();
                let said = String::from_utf8_lossy(&answer.stdout);
                let want = if sat { "s SATISFIABLE" } else { "s UNSATISFIABLE" };
                assert!(said.lines().any(|l| l == want), "{}: {said}", path.display());
            }
        }
    }
    assert_eq!(seen, 4);
}
