use std::path::{Path, PathBuf};
use std::time::Duration;

use puzzlec_ir::{ClauseSink, Cnf};

use super::derive;
use crate::embedded_cadical::CadicalSession;
use crate::incremental::{refute_cubes, Incremental, Refuted};
use crate::proof::join;
use crate::proof::tests::{load, pigeons};

/// `cubes` refuted on two proving solvers (half each), their traces; no last solve.
fn refuted(cnf: &Cnf, cubes: &[Vec<i32>], dir: &Path) -> Vec<PathBuf> {
    let mut traces = Vec::new();
    for (i, half) in cubes.chunks(cubes.len().div_ceil(2)).enumerate() {
        let mut s = CadicalSession::proving(&dir.join(format!("{i}.trace"))).unwrap();
        load(&mut s, cnf);
        let mut next = half.iter().cloned();
        let r = refute_cubes(&mut s, &[], &mut || next.next(), Duration::from_secs(60));
        assert!(matches!(r, Refuted::All(_)), "every cube is refuted");
        let p = s.proof().unwrap();
        assert_eq!(p.flush().restored, 0);
        traces.push(p.path.clone());
    }
    traces
}

/// The traces joined over `input`, the derivation from `leaves`, and the LRAT check of the
/// whole against `input`.
fn derived(
    input: &[Vec<i32>],
    formula: usize,
    traces: &[PathBuf],
    leaves: &[Vec<i32>],
    dir: &Path,
) -> Result<puzzlec_lrat::Checked, String> {
    let proof = dir.join("all.lrat");
    let mut joined = join(traces, input.iter().map(Vec::as_slice), &proof).map_err(|e| e.to_string())?;
    derive(
        &mut joined,
        input[..formula].iter().enumerate().map(|(i, c)| (i as u64 + 1, c.as_slice())),
        leaves,
        &|| false,
    )?;
    joined.finish().map_err(|e| e.to_string())?;
    let mut r = std::io::BufReader::new(std::fs::File::open(&proof).unwrap());
    puzzlec_lrat::check(input.iter().map(Vec::as_slice), &mut r, &|| false).map_err(|e| e.to_string())
}

/// Seven pigeons, six holes, a cube for each pair of holes of the first two pigeons: the
/// cubes refuted on two solvers, and the empty clause derived from their blocking clauses
/// by propagation alone; the LRAT checker accepts it.
#[test]
fn refuted_cubes_that_cover_give_the_empty_clause() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, var) = pigeons(7, 6);
    let cubes: Vec<Vec<i32>> =
        (0..6).flat_map(|a| (0..6).map(move |b| (a, b))).map(|(a, b)| vec![var(0, a), var(1, b)]).collect();
    let traces = refuted(&cnf, &cubes, dir.path());
    let input: Vec<Vec<i32>> = cnf.clauses().map(<[i32]>::to_vec).collect();
    let checked = derived(&input, input.len(), &traces, &cubes, dir.path()).expect("derived and checked");
    assert!(checked.steps > 36, "{checked:?}");
}

/// One cube left out (pigeons 0 and 1 in holes 2 and 3): no conflict under that prefix,
/// and the derivation says so rather than write a step the checker would refuse.
#[test]
fn a_prefix_left_out_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, var) = pigeons(7, 6);
    let mut cubes: Vec<Vec<i32>> =
        (0..6).flat_map(|a| (0..6).map(move |b| (a, b))).map(|(a, b)| vec![var(0, a), var(1, b)]).collect();
    cubes.retain(|c| c != &vec![var(0, 2), var(1, 3)]);
    let traces = refuted(&cnf, &cubes, dir.path());
    let input: Vec<Vec<i32>> = cnf.clauses().map(<[i32]>::to_vec).collect();
    let e = derived(&input, input.len(), &traces, &cubes, dir.path()).unwrap_err();
    assert!(e.contains("not covered"), "{e}");
    // A leaf whose clause the proof does not hold is refused by name.
    let mut more = cubes.clone();
    more.push(vec![var(0, 2), var(1, 3)]);
    let e = derived(&input, input.len(), &traces, &more, dir.path()).unwrap_err();
    assert!(e.contains("holds no clause"), "{e}");
}

/// Leaves of mixed kinds and depths: pigeon 0 in hole 0 ruled out by a lemma of the input
/// (a pruned prefix), the other holes of pigeon 0 split by cubes on pigeon 1, and a clause
/// that forces pigeon 2 into hole 5 whenever pigeon 0 is in hole 1 (a child the prefix
/// forces rather than assumes).
#[test]
fn lemmas_cubes_and_forced_children() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, var) = pigeons(7, 6);
    let mut input: Vec<Vec<i32>> = cnf.clauses().map(<[i32]>::to_vec).collect();
    let formula = input.len() + 1;
    input.insert(formula - 1, vec![-var(0, 1), var(2, 5)]);
    let mut formula_cnf = cnf.clone();
    formula_cnf.add_clause(&[-var(0, 1), var(2, 5)]);
    // The lemma: pigeon 0 is not in hole 0 (true of no model, since there are none).
    input.push(vec![-var(0, 0)]);
    let mut cubes: Vec<Vec<i32>> = (2..6).flat_map(|a| (0..6).map(move |b| vec![var(0, a), var(1, b)])).collect();
    cubes.extend((0..6).map(move |b| vec![var(0, 1), var(2, 5), var(1, b)]));
    let traces = refuted(&formula_cnf, &cubes, dir.path());
    let mut leaves = cubes.clone();
    leaves.push(vec![var(0, 0)]);
    derived(&input, formula, &traces, &leaves, dir.path()).expect("derived and checked");
}
