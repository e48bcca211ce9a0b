//! The encodings against the exact search: the same optimum on random boards, through the
//! embedded CaDiCaL (CNF) and the linked z3 (SMT-LIB2).

use super::*;
use crate::rules::random::{free_board, rush_hour_board};
use crate::rules::search::{lower_bound, shortest, Found};
use crate::rules::Metric;
use puzzlec_drive::horizon::{shortest as horizons, Horizons, Shortest};

fn via(encoding: &dyn BlocksEncoding, backend: &Backend, p: &BlocksPuzzle) -> Option<usize> {
    let lb = lower_bound(p)?;
    let h = Horizons { lower_bound: lb, step: 1, max: 30, deadline: None };
    match horizons(h, |k, limit| probe(encoding, backend, p, k, limit), |_| {}).unwrap() {
        Shortest::Found { plan, optimal: true, .. } => Some(plan.len()),
        Shortest::NoneWithin { .. } => None,
        other => panic!("{other:?}"),
    }
}

fn oracle(p: &BlocksPuzzle) -> Option<usize> {
    match shortest(p, 30, None) {
        Found::Plan { plan, .. } => Some(plan.len()),
        _ => None,
    }
}

fn boards() -> Vec<BlocksPuzzle> {
    let mut rng = fastrand::Rng::with_seed(7);
    let mut out = Vec::new();
    while out.len() < 6 {
        if let Some(p) = rush_hour_board(&mut rng, 5, 5, 6) {
            out.push(p);
        }
    }
    while out.len() < 14 {
        let metric = if out.len() % 2 == 0 { Metric::Step } else { Metric::Slide };
        if let Some(p) = free_board(&mut rng, 3, 4, 5, metric) {
            out.push(p);
        }
    }
    out
}

#[test]
fn sat_finds_the_optimum_of_the_exact_search() {
    let cadical = Backend::embedded_sat();
    for p in boards() {
        assert_eq!(via(&crate::encodings::sat::Sat, &cadical, &p), oracle(&p), "{:?}", p.board.drawing(&p.start().anchors));
    }
}

#[test]
fn smt_through_linked_z3_finds_the_optimum_too() {
    let z3 = Backend::from(puzzlec_solve::linked_z3::LinkedZ3);
    for p in boards().into_iter().take(8) {
        assert_eq!(via(&crate::encodings::smt::Smt, &z3, &p), oracle(&p), "{:?}", p.board.drawing(&p.start().anchors));
    }
}

#[test]
#[ignore]
fn scratch_timing() {
    for p in boards() {
        eprintln!("{:?} opt {:?} lb {:?}", p.board.drawing(&p.start().anchors), oracle(&p), lower_bound(&p));
    }
    let p = crate::rules::tests::rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    let cadical = Backend::embedded_sat();
    let lb = lower_bound(&p).unwrap();
    eprintln!("lb {lb}");
    for k in [30, 45, 49, 50, 51] {
        let t = std::time::Instant::now();
        let r = probe(&crate::encodings::sat::Sat, &cadical, &p, k, Duration::from_secs(600)).unwrap();
        eprintln!("k={k} {:?} {:.1}s", matches!(r, Outcome::Sat(_)), t.elapsed().as_secs_f64());
    }
}
