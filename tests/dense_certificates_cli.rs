//! Lemma certificates on boards with dense tables (the 24-puzzle's kind; here a 3x6 board,
//! whose tables build and check in seconds): the checker verifies the tables by a search
//! of its own, once per machine, and every later run takes its record only for the very
//! bytes it names.

use crate::lemma_certificates_cli::{check, restamp};
use crate::util::puzzlec_env;

/// Optimum 46 (an 80-move walk of the goal): every claim, from the lower bound 40, rests on
/// the tables.
const BOARD: &str = "13 3 2 9 12 _ / 4 8 1 16 5 10 / 7 15 14 11 6 17";

fn tables_part(v: &serde_json::Value) -> serde_json::Value {
    let claim = v["certificate"]["claims"].as_array().unwrap().last().unwrap();
    assert_eq!(claim["method"], "lemmas", "{claim}");
    claim["parts"].as_array().unwrap().iter().find(|p| p["name"] == "tables").unwrap().clone()
}

/// A fresh cache: the tables are built, checked in full by the checker's own search, and
/// the proof folder re-checks by hand (the tables once for all its claims); a second run
/// takes the record; tables changed under a valid record are checked again and refused
/// (exit 3).
#[test]
fn dense_tables_are_checked_once_and_a_changed_table_is_refused() {
    let cache = tempfile::tempdir().unwrap();
    let kept = cache.path().join("kept");
    let env = [("PUZZLEC_CACHE_DIR", cache.path().to_str().unwrap())];
    let args = ["solve", "slide", "--board", BOARD, "--solver", "cadical", "--certify", "--json", "-q"];
    let mut first_args = args.to_vec();
    first_args.extend(["--proof-dir", kept.to_str().unwrap()]);
    let first = puzzlec_env(&first_args, &env).expect_code(0).json();
    assert_eq!((first["length"].as_u64(), &first["optimal"]), (Some(46), &serde_json::json!(true)), "{first}");
    assert_eq!(first["certificate"]["checked"], true, "{first}");
    let claims = first["certificate"]["claims"].as_array().unwrap();
    assert!(claims.iter().all(|c| c["checked"] == true), "{first}");
    assert_eq!(claims.last().unwrap()["horizon"], 44, "{first}");
    let tables = tables_part(&first);
    assert!(tables["note"].is_null() && tables["ms"].as_u64().is_some(), "checked in full: {tables}");
    // The proof folder holds the dense tables alone (no excess lists), and checks by hand.
    assert!(kept.join("tables.bin").is_file() && !kept.join("tables.excess").exists());
    let (code, said) = check(&kept);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("holds"), "{said}");

    let second = puzzlec_env(&args, &env).expect_code(0).json();
    assert!(tables_part(&second)["note"].as_str().is_some_and(|n| n.contains("earlier run")), "{second}");

    // An entry of the first table raised by three, the cache's checksum made valid again:
    // the record names other bytes, so the run checks the tables in full and makes no claim.
    let table = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".bin") && p.to_string_lossy().contains("pdb-dense-3x6"))
        .min()
        .expect("a dense table in the cache");
    restamp(&table, &|body| {
        let k = body[MAGIC.len() + 2 + 18] as usize;
        body[MAGIC.len() + 2 + 18 + 1 + k + 4321] += 3;
    });
    let run = puzzlec_env(&args, &env);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert_eq!(run.code, 3, "{said}");
    assert!(said.contains("tables"), "{said}");
}

const MAGIC: &[u8] = b"puzzlec dense pattern database 1\n";
