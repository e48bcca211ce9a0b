//! Lemma certificates (sliding tiles through the pattern databases): the lemmas, the tables
//! they cite and the live solver's LRAT proof, checked by `puzzlec-slide-check`; every kind
//! of tampering refused.

use std::path::Path;

use crate::certify_cli::{checked, ready};
use crate::util::puzzlec;

/// Korf's instance 55 (optimum 41).
const KORF_55: &str = "5 10 14 4 / 6 12 11 1 / 9 _ 15 7 / 13 2 8 3";

/// Korf 55 solved with `--certify`, its certificate kept in `dir/kept`.
fn certified(dir: &Path) -> std::path::PathBuf {
    let kept = dir.join("kept");
    let args = ["solve", "slide", "--board", KORF_55, "--solver", "cadical", "--certify", "-q", "--proof-dir"];
    let mut args = args.to_vec();
    args.push(kept.to_str().unwrap());
    puzzlec(&args).expect_code(0);
    kept
}

/// Korf 55 (optimum 41) through the pattern-database path: the certificate keeps the
/// lemmas (frontier and propagator), each justified against the tables, and the live
/// solver's LRAT proof, checked step by step; `PUZZLEC_CERTIFY=reprove` forces the old re-proof from
/// the plain formula, which holds as well.
#[test]
fn a_korf_instance_is_certified_with_its_lemmas_checked() {
    if !ready() {
        return;
    }
    let board = "5 10 14 4 / 6 12 11 1 / 9 _ 15 7 / 13 2 8 3";
    let args = ["solve", "slide", "--board", board, "--solver", "cadical", "--certify", "--json", "-q"];
    let v = puzzlec(&args).expect_code(0).json();
    assert_eq!((v["optimal"].as_bool(), v["length"].as_u64()), (Some(true), Some(41)));
    let trusted = v["trusted"].as_str().unwrap();
    assert!(trusted.contains("propagator") && trusted.contains("puzzlec-slide-check"), "{trusted}");
    // The claims run from the lower bound to the horizon below the optimum (the lean formula
    // forbids undos, so each horizon is claimed on its own); the last one is 39.
    let claim = v["certificate"]["claims"].as_array().unwrap().last().unwrap();
    assert_eq!((claim["horizon"].as_u64(), claim["checked"].as_bool()), (Some(39), Some(true)), "{v}");
    assert_eq!(claim["method"], "lemmas", "{claim}");
    let part = |name: &str| claim["parts"].as_array().unwrap().iter().find(|p| p["name"] == name).cloned().unwrap();
    assert!(part("frontier lemmas")["count"].as_u64().unwrap() > 0, "{claim}");
    assert!(part("proof")["bytes"].as_u64().unwrap() > 0 && part("proof")["count"].as_u64().unwrap() > 0, "{claim}");
    // The cubes and the pruned prefixes cover the horizon: the proof ends with the steps
    // that say so, derived directly (no last solve).
    let note = part("proof")["note"].as_str().unwrap_or_default().to_owned();
    assert!(note.contains("derived from the refuted cubes by propagation"), "{claim}");
    let again = crate::util::puzzlec_env(&args, &[("PUZZLEC_CERTIFY", "reprove")]).expect_code(0).json();
    let c = checked(&again);
    let last = c["claims"].as_array().unwrap().last().unwrap();
    assert_eq!((last["horizon"].as_u64(), last["method"].as_str()), (Some(39), Some("re-proof")));
}

/// A proof folder of lemma certificates re-checks by hand with `puzzlec-slide-check`; each
/// kind of tampering makes it exit 3 naming what failed: a placement lemma's table value
/// raised by one, a lemma several moves ahead claiming one more move ruled out, a
/// frontier lemma's estimate raised.
#[test]
fn tampered_certificates_are_refused() {
    if !ready() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let kept = certified(dir.path());
    let board = KORF_55;
    // A folder with no certificate in it is bad usage, not a verdict.
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (code, said) = check(&empty);
    assert_eq!(code, Some(2), "{said}");
    let (code, said) = check(&kept);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("claim-1: holds"), "{said}");
    // The certificate's formula is exactly what `emit` writes for horizon 39 (the lean
    // encoding: the tables worked inside the solver).
    let emitted =
        puzzlec(&["emit", "slide", "--board", board, "--encoding", "lean", "--format", "dimacs", "--horizon", "39"])
            .expect_code(0)
            .stdout;
    assert!(
        std::fs::read_to_string(kept.join(format!("{}.cnf", last_claim(&kept)))).unwrap() == emitted,
        "the certificate's CNF is not emit's"
    );
    let readme = std::fs::read_to_string(kept.join("README.txt")).unwrap();
    assert!(readme.contains("puzzlec-slide-check"), "{readme}");
    // Each tampering on a fresh copy of the folder.
    let tampered = |name: &str, change: &dyn Fn(&Path)| tampered_copy(&kept, &dir.path().join(name), change);
    // A placement lemma whose first group's value is one more than the tables say.
    let said = tampered("value", &|d| {
        edit_lemma(d, &|l| l.starts_with("t ") && l.split(' ').nth(2) != Some("m"), &|l| {
            let mut words: Vec<String> = l.split(' ').map(str::to_owned).collect();
            let (g, v) = words[2].split_once('=').unwrap();
            words[2] = format!("{g}={}", v.parse::<u32>().unwrap() + 1);
            words.join(" ")
        })
    });
    assert!(said.contains("there, not"), "{said}");
    // A lemma several moves ahead that claims one more move ruled out (its letter and its
    // action's literal taken out): the checker's own search cannot rule it out.
    let said = tampered("ahead", &|d| {
        let cnf = std::fs::read_to_string(d.join(format!("{}.cnf", last_claim(d)))).unwrap();
        let var_of = |name: &str| {
            let line = cnf.lines().find(|l| l.starts_with("c var ") && l.ends_with(&format!(" {name}"))).unwrap();
            line.split(' ').nth(2).unwrap().to_owned()
        };
        edit_lemma(d, &|l| l.starts_with("k ") && l.split(' ').nth(3) != Some("-"), &|l| {
            let mut words: Vec<String> = l.split(' ').map(str::to_owned).collect();
            let letter = words[3].remove(0);
            let action = var_of(&format!("A({},{letter})", words[1]));
            if words[3].is_empty() {
                words[3] = "-".into();
            }
            let literal = words.iter().rposition(|w| *w == action).unwrap();
            words.remove(literal);
            words.join(" ")
        })
    });
    assert!(said.contains("does not rule out"), "{said}");
    // A frontier lemma's estimate raised by one.
    let said = tampered("estimate", &|d| {
        edit_lemma(d, &|l| l.starts_with("f "), &|l| {
            let mut words: Vec<String> = l.split(' ').map(str::to_owned).collect();
            words[2] = (words[2].parse::<u32>().unwrap() + 1).to_string();
            words.join(" ")
        })
    });
    assert!(said.contains("the estimate after"), "{said}");
}

/// More tampering with a lemma certificate: a literal dropped from a lemma, a table entry
/// changed, the proof cut short, the frontier's lemmas left out.
#[test]
fn tampered_tables_proofs_and_lemma_sets_are_refused() {
    if !ready() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let kept = certified(dir.path());
    let tampered = |name: &str, change: &dyn Fn(&Path)| tampered_copy(&kept, &dir.path().join(name), change);
    // One literal dropped from a placement lemma's clause.
    let said = tampered("literal", &|d| {
        edit_lemma(d, &|l| l.starts_with("t "), &|l| {
            let (why, clause) = l.split_once(" : ").unwrap();
            let lits: Vec<&str> = clause.split(' ').collect();
            format!("{why} : {}", lits[1..].join(" "))
        })
    });
    assert!(said.contains("not the negation of the placements listed"), "{said}");
    // A table entry changed: the first valid placement of the first group, plus three.
    let said = tampered("table", &|d| {
        let path = d.join("tables.bin");
        let mut bytes = std::fs::read(&path).unwrap();
        let header = b"puzzlec pattern databases 2\n".len() + 3 + 16 + (1 + 6) + (1 + 6) + (1 + 3);
        let index = 0x012345;
        bytes[header + index] += 3;
        std::fs::write(&path, bytes).unwrap();
    });
    assert!(said.contains("tables:"), "{said}");
    // The proof cut in half.
    let said = tampered("proof", &|d| {
        let path = d.join(format!("{}.lrat", last_claim(d)));
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    });
    assert!(said.contains("proof:"), "{said}");
    // A lemma the proof rests on left out: every lemma that remains is justified, but the
    // proof's steps no longer follow from CNF plus lemmas.
    let said = tampered("dropped", &|d| {
        let path = d.join(format!("{}.lemmas", last_claim(d)));
        let text = std::fs::read_to_string(&path).unwrap();
        let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with("f ")).collect();
        std::fs::write(&path, kept.join("\n") + "\n").unwrap();
    });
    assert!(said.contains("proof:"), "{said}");
}

/// Lemmas one move ahead (`l`, what the propagator writes when it looks one move ahead)
/// are checked like the others: the untouched certificate holds, and a value raised by one
/// on the board the move leads to is refused.
#[test]
fn lemmas_one_move_ahead_are_checked_too() {
    if !ready() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept");
    let board = "5 10 14 4 / 6 12 11 1 / 9 _ 15 7 / 13 2 8 3";
    let args = ["solve", "slide", "--board", board, "--solver", "cadical", "--certify", "-q", "--proof-dir"];
    let mut args = args.to_vec();
    args.push(kept.to_str().unwrap());
    crate::util::puzzlec_env(&args, &[("PUZZLEC_AHEAD", "1")]).expect_code(0);
    let (code, said) = check(&kept);
    assert_eq!(code, Some(0), "{said}");
    let lemmas = std::fs::read_to_string(kept.join(format!("{}.lemmas", last_claim(&kept)))).unwrap();
    assert!(lemmas.lines().any(|l| l.starts_with("l ")), "no lemma one move ahead");
    let said = tampered_copy(&kept, &dir.path().join("lookahead"), &|d| {
        edit_lemma(d, &|l| l.starts_with("l "), &|l| {
            let mut words: Vec<String> = l.split(' ').map(str::to_owned).collect();
            let at = words.iter().position(|w| w.contains('=')).unwrap();
            let (g, v) = words[at].split_once('=').unwrap();
            words[at] = format!("{g}={}", v.parse::<u32>().unwrap() + 1);
            words.join(" ")
        })
    });
    assert!(said.contains("there, not"), "{said}");
}

/// The record of tables already checked (kept beside them in the cache folder) is taken
/// only for the very bytes it names: a record changed, or tables changed under it, and the
/// tables are checked in full again; tables that do not hold then make no claim.
#[test]
fn the_record_of_checked_tables_holds_only_for_the_bytes_it_names() {
    if !ready() {
        return;
    }
    let cache = tempfile::tempdir().unwrap();
    let env = [("PUZZLEC_CACHE_DIR", cache.path().to_str().unwrap())];
    let board = "5 10 14 4 / 6 12 11 1 / 9 _ 15 7 / 13 2 8 3";
    let args = ["solve", "slide", "--board", board, "--solver", "cadical", "--certify", "--json", "-q"];
    let tables = |v: &serde_json::Value| {
        let parts = v["certificate"]["claims"][0]["parts"].as_array().unwrap().clone();
        parts.into_iter().find(|p| p["name"] == "tables").unwrap()
    };
    let remembered = |v: &serde_json::Value| tables(v)["note"].as_str().is_some_and(|n| n.contains("earlier run"));
    let first = crate::util::puzzlec_env(&args, &env).expect_code(0).json();
    assert!(!remembered(&first), "{first}");
    let second = crate::util::puzzlec_env(&args, &env).expect_code(0).json();
    assert!(remembered(&second), "{second}");
    let file = |suffix: &str| {
        let found = std::fs::read_dir(cache.path()).unwrap().map(|e| e.unwrap().path());
        found.into_iter().find(|p| p.to_string_lossy().ends_with(suffix)).unwrap()
    };
    // One digit of the record's digest changed (the cache's own checksum kept valid).
    restamp(&file(".bin.verified"), &|body| {
        let at = body.iter().position(|&b| b == b' ').unwrap() + 1;
        body[at] = if body[at] == b'0' { b'1' } else { b'0' };
    });
    let third = crate::util::puzzlec_env(&args, &env).expect_code(0).json();
    assert!(!remembered(&third), "{third}");
    assert_eq!(third["certificate"]["checked"], true, "{third}");
    // A table entry raised by three in the cache, under a valid record of the old bytes.
    restamp(&file(".bin"), &|body| {
        let header = b"puzzlec pattern databases 2\n".len() + 3 + 16 + (1 + 6) + (1 + 6) + (1 + 3);
        body[header + 0x012345] += 3;
    });
    let run = crate::util::puzzlec_env(&args, &env);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert_eq!(run.code, 3, "{said}");
    assert!(said.contains("tables"), "{said}");
}

/// Rewrites a file of the cache folder through `edit`, its checksum trailer (CRC-32 and
/// length, as the cache writes them) made valid again.
pub(crate) fn restamp(path: &Path, edit: &dyn Fn(&mut Vec<u8>)) {
    let bytes = std::fs::read(path).unwrap();
    let mut body = bytes[..bytes.len() - 12].to_vec();
    edit(&mut body);
    let table: Vec<u32> =
        (0..256u32).map(|i| (0..8).fold(i, |c, _| if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 })).collect();
    let crc = !body.iter().fold(!0u32, |c, &b| table[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8));
    let len = body.len() as u64;
    body.extend_from_slice(&crc.to_le_bytes());
    body.extend_from_slice(&len.to_le_bytes());
    std::fs::write(path, body).unwrap();
}

/// `puzzlec-slide-check` on a folder: its exit code and all it said.
pub(crate) fn check(d: &Path) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlec-slide-check")).arg(d).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

/// The name of the last claim in folder `d` (`claim-N`, the horizon below the optimum).
fn last_claim(d: &Path) -> String {
    let n = std::fs::read_dir(d)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_prefix("claim-")?.split('.').next()?.parse::<u32>().ok())
        .max()
        .expect("a claim");
    format!("claim-{n}")
}

/// `kept`'s last claim (and the tables) copied to `copy`, changed by `change`, then checked:
/// it must be refused (exit 3, no claim holding); what the checker said.
fn tampered_copy(kept: &Path, copy: &Path, change: &dyn Fn(&Path)) -> String {
    std::fs::create_dir_all(copy).unwrap();
    let last = format!("{}.", last_claim(kept));
    for e in std::fs::read_dir(kept).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.starts_with("claim-") || name.starts_with(&last) {
            std::fs::copy(e.path(), copy.join(e.file_name())).unwrap();
        }
    }
    change(copy);
    let (code, said) = check(copy);
    assert_eq!(code, Some(3), "{}: {said}", copy.display());
    assert!(!said.contains(": holds"), "{}: {said}", copy.display());
    said
}

/// The first lemma of folder `d` that `pick` chooses, rewritten by `edit`.
fn edit_lemma(d: &Path, pick: &dyn Fn(&str) -> bool, edit: &dyn Fn(&str) -> String) {
    let path = d.join(format!("{}.lemmas", last_claim(d)));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut done = false;
    let lines: Vec<String> = text
        .lines()
        .map(|l| match !done && pick(l) {
            true => {
                done = true;
                edit(l)
            }
            false => l.to_owned(),
        })
        .collect();
    assert!(done, "no lemma to tamper with");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// A board whose tables' estimate at the start is its optimum (26): the claim at horizon 24
/// rests on one lemma with no moves, the empty clause "the start is too far", which the
/// checker justifies like any other (its certificate once failed on exactly this).
#[test]
fn a_start_the_tables_prune_outright_is_certified() {
    if !ready() {
        return;
    }
    // Horizon 24 takes the tables only when they are cached (from 30 when they must be built).
    crate::support::cache_the_tables();
    let board = "1 7 _ 2 / 5 15 4 3 / 9 13 11 8 / 10 6 14 12";
    let args = ["solve", "slide", "--board", board, "--solver", "cadical", "--certify", "--json", "-q"];
    let v = puzzlec(&args).expect_code(0).json();
    assert_eq!((v["optimal"].as_bool(), v["length"].as_u64()), (Some(true), Some(26)), "{v}");
    let claim = v["certificate"]["claims"].as_array().unwrap().last().unwrap();
    assert_eq!((claim["horizon"].as_u64(), claim["method"].as_str()), (Some(24), Some("lemmas")), "{claim}");
}
