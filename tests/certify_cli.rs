//! `--certify`: every UNSAT an answer rests on comes with a DRAT proof that `rate`
//! accepted; solvers that lie or write broken proofs never get a claim printed.

use std::path::Path;

use crate::support::{have, registry_with};
use crate::util::{fixture, puzzlec};

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

/// `rate` on PATH or in ~/.cargo/bin (where `make test` installs it).
pub(crate) fn rate() -> Option<std::path::PathBuf> {
    let cargo = std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo/bin/rate"));
    let found = std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).map(|d| d.join("rate")).find(|p| p.is_file()))
        .or(cargo.filter(|p| p.is_file()));
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI installs rate (scripts/install-deps.sh)");
        eprintln!("skipped: rate is not installed (make test installs it)");
    }
    found
}

pub(crate) fn ready() -> bool {
    have("cadical") && rate().is_some()
}

pub(crate) fn checked(v: &serde_json::Value) -> &serde_json::Value {
    let c = &v["certificate"];
    assert_eq!(c["checked"], true, "{v}");
    assert_eq!(c["format"], "DRAT");
    assert!(c["checker"].as_str().unwrap().starts_with("rate"), "{c}");
    c
}

#[test]
fn the_seed_is_optimal_with_a_checked_proof_for_horizon_13() {
    if !ready() {
        return;
    }
    let v = puzzlec(&["solve", "slide", "--board", SEED, "--certify", "--json", "-q"]).expect_code(0).json();
    assert_eq!((v["optimal"].as_bool(), v["length"].as_u64()), (Some(true), Some(15)));
    let c = checked(&v);
    assert_eq!(c["claims"][0]["horizon"], 13);
    assert_eq!(c["claims"][0]["checked"], true);
    // The same claim through bright, whose formula at 13 needs a real proof, checked by rate.
    let v = puzzlec(&["solve", "slide", "--board", SEED, "--encoding", "bright", "--certify", "--json", "-q"])
        .expect_code(0)
        .json();
    let c = checked(&v);
    assert!(c["claims"][0]["checked_by"].as_str().unwrap().starts_with("rate"), "{c}");
    assert!(c["claims"][0]["proof_bytes"].as_u64().unwrap() > 0, "{c}");
}

#[test]
fn cross_optimum_and_hexagon_completeness_are_certified() {
    if !ready() {
        return;
    }
    let v = puzzlec(&["solve", "cross", "--certify", "--json", "-q"]).expect_code(0).json();
    assert_eq!(v["length"], 31);
    assert_eq!(checked(&v)["claims"][0]["horizon"], 29);
    let v = puzzlec(&["solve", "hex", "--all", "--certify", "--json", "-q"]).expect_code(0).json();
    assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(12), Some(true)));
    assert!(checked(&v)["claims"][0]["claim"].as_str().unwrap().contains("no symmetry class beyond the 1 found"));
    // "None exists" is a claim too.
    let v = puzzlec(&["solve", "hex", "--givens", "10=6", "--certify", "--json"]).expect_code(1).json();
    checked(&v);
}

#[test]
fn liars_and_broken_proofs_never_get_a_claim() {
    if !ready() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let liar = fixture("fake-solvers/always-unsat");
    let broken = fixture("fake-solvers/bad-proof");
    let reg = registry_with(dir.path(), &[("liar", "dimacs", &[liar.to_str().unwrap()])]);
    // The proof-writing entry needs its `proof` key: written by hand.
    let text = std::fs::read_to_string(&reg).unwrap()
        + &format!(
            "[[solver]]\nid = \"broken\"\ninput = \"dimacs\"\ncommand = [{:?}, \"-q\"]\nproof = [\"--no-binary\", \"{{proof}}\"]\n\n\
             [[solver]]\nid = \"cadical-bin\"\ninput = \"dimacs\"\ncommand = [\"cadical\", \"-q\"]\nproof = [\"--no-binary\", \"{{proof}}\"]\n",
            broken.to_str().unwrap()
        );
    std::fs::write(&reg, text).unwrap();
    let r = reg.to_str().unwrap();
    // bright: its formula at horizon 13 is a real one (compact's own bound empties it, and a
    // CNF that holds the empty clause needs no prover to be refuted).
    let cases: [&[&str]; 3] =
        [&["slide", "--board", SEED, "--encoding", "bright"], &["cross", "--size", "3x3"], &["hex"]];
    for solver in ["liar", "broken"] {
        for case in cases {
            let mut args = vec!["--solvers", r, "solve"];
            args.extend_from_slice(case);
            args.extend_from_slice(&["--solver", solver, "--certify", "--json", "-q"]);
            if case[0] == "hex" {
                // A hexagon exists, so only "complete" rests on an UNSAT: ask for all.
                args.push("--all");
            }
            let run = puzzlec(&args).expect_code(3);
            let v = run.json();
            assert_eq!(v["status"], "error", "{solver} {case:?}: {v}");
            assert!(run.stdout.find("\"optimal\":true").is_none() && run.stdout.find("\"complete\":true").is_none());
            if solver == "broken" {
                let message = v["message"].as_str().unwrap();
                assert!(message.contains("rejected by rate"), "{case:?}: {message}");
            }
        }
    }
}

#[test]
fn proof_dir_files_are_accepted_by_rate_run_by_hand() {
    if !ready() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("proofs");
    let k = keep.to_str().unwrap();
    puzzlec(&["solve", "cross", "--size", "3x4", "--certify", "--proof-dir", k, "-q"]).expect_code(0);
    let readme = std::fs::read_to_string(keep.join("README.txt")).unwrap();
    assert!(readme.contains("drat-trim claim-1.cnf claim-1.drat"), "{readme}");
    let rate = rate().unwrap();
    let out = std::process::Command::new(rate)
        .args([keep.join("claim-1.cnf"), keep.join("claim-1.drat")])
        .arg("--skip-unit-deletions")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l == "s VERIFIED"), "{text}");
}

#[test]
fn prove_invariants_proves_the_circuit_on_small_boards() {
    let v = puzzlec(&["prove", "invariants", "--max-side", "3", "--json", "-q"]).expect_code(0).json();
    assert_eq!(v["proved"], true);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 6, "(a)-(c) on 2x2 and 3x3");
    assert!(results.iter().all(|r| r["result"] == "proved"), "{v}");
}
