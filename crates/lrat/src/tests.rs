use super::*;

/// The four clauses over two variables: unsatisfiable.
fn formula() -> Vec<Vec<i32>> {
    vec![vec![1, 2], vec![-1, 2], vec![1, -2], vec![-1, -2]]
}

fn put(out: &mut Vec<u8>, mut x: u64) {
    while x > 127 {
        out.push((x & 127) as u8 | 128);
        x >>= 7;
    }
    out.push(x as u8);
}

fn step(out: &mut Vec<u8>, id: u64, clause: &[i32], hints: &[u64]) {
    out.push(b'a');
    put(out, 2 * id);
    for &l in clause {
        put(out, 2 * u64::from(l.unsigned_abs()) + u64::from(l < 0));
    }
    out.push(0);
    for &h in hints {
        put(out, 2 * h);
    }
    out.push(0);
}

fn delete(out: &mut Vec<u8>, ids: &[u64]) {
    out.push(b'd');
    for &i in ids {
        put(out, 2 * i);
    }
    out.push(0);
}

fn run(proof: &[u8]) -> Result<Checked, LratError> {
    let f = formula();
    check(f.iter().map(Vec::as_slice), &mut &proof[..], &|| false)
}

fn good() -> Vec<u8> {
    let mut p = Vec::new();
    step(&mut p, 5, &[2], &[1, 2]);
    delete(&mut p, &[1]);
    step(&mut p, 6, &[], &[5, 3, 4]);
    p
}

#[test]
fn a_proof_that_holds_is_accepted() {
    let c = run(&good()).unwrap();
    assert_eq!((c.steps, c.deletions, c.hints), (2, 1, 5));
}

#[test]
fn hints_out_of_order_refute_the_step() {
    let mut p = Vec::new();
    step(&mut p, 5, &[2], &[1, 2]);
    step(&mut p, 6, &[], &[3, 4, 5]);
    let e = run(&p).unwrap_err();
    assert!(matches!(e, LratError::Step { step: 2, id: 6, .. }), "{e}");
}

#[test]
fn a_hint_that_is_satisfied_or_deleted_refutes_the_step() {
    let mut p = Vec::new();
    step(&mut p, 5, &[], &[1]);
    let e = run(&p).unwrap_err().to_string();
    assert!(e.contains("two open"), "clause 1 has both literals open: {e}");
    let mut p = Vec::new();
    step(&mut p, 5, &[2], &[1, 2]);
    step(&mut p, 6, &[1], &[5, 1]);
    assert!(run(&p).unwrap_err().to_string().contains("satisfied"));
    let mut p = Vec::new();
    delete(&mut p, &[2]);
    step(&mut p, 5, &[2], &[1, 2]);
    assert!(run(&p).unwrap_err().to_string().contains("no live clause"));
}

#[test]
fn a_step_that_ends_without_conflict_is_refused() {
    let mut p = Vec::new();
    step(&mut p, 5, &[2], &[1]);
    assert!(run(&p).unwrap_err().to_string().contains("without a conflict"));
}

#[test]
fn a_cut_proof_or_one_without_the_empty_clause_is_refused() {
    let p = good();
    for cut in 1..p.len() {
        assert!(run(&p[..cut]).is_err(), "cut at {cut} of {}", p.len());
    }
    let mut p = Vec::new();
    step(&mut p, 5, &[2], &[1, 2]);
    assert!(matches!(run(&p), Err(LratError::Unfinished { steps: 1 })));
}

#[test]
fn ids_must_grow_and_deletions_name_live_clauses() {
    let mut p = Vec::new();
    step(&mut p, 4, &[2], &[1, 2]);
    assert!(matches!(run(&p), Err(LratError::Malformed { .. })), "id 4 is an input clause's");
    let mut p = Vec::new();
    delete(&mut p, &[9]);
    assert!(matches!(run(&p), Err(LratError::Malformed { .. })));
}

#[test]
fn a_tautology_needs_no_hints_and_the_stop_is_heeded() {
    let mut p = Vec::new();
    step(&mut p, 5, &[1, -1], &[]);
    step(&mut p, 6, &[2], &[1, 2]);
    step(&mut p, 7, &[], &[6, 3, 4]);
    assert_eq!(run(&p).unwrap().steps, 3);
    let f = formula();
    assert!(matches!(check(f.iter().map(Vec::as_slice), &mut &p[..], &|| true), Err(LratError::Stopped)));
}

#[test]
fn a_formula_with_the_empty_clause_needs_no_proof() {
    let f = [vec![1, 2], vec![]];
    assert_eq!(check(f.iter().map(Vec::as_slice), &mut &b""[..], &|| false).unwrap(), Checked::default());
}
