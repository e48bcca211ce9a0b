//! The encodings against the exact search: the same optimum on random boards, through the
//! embedded CaDiCaL (CNF) and the linked z3 (SMT-LIB2).

use super::*;
use crate::encodings::BlocksEncoding;
use crate::rules::random::{free_board, rush_hour_board};
use crate::rules::search::{lower_bound, shortest, Found};
use crate::rules::Metric;
use puzzlec_drive::horizon::{shortest as horizons, Horizons, Shortest};
use puzzlec_drive::lowering::probe as probe_lowered;
use puzzlec_ir::Cnf;
use puzzlec_solve::{Backend, Outcome};
use std::time::Duration;

fn probe(
    encoding: &'static dyn BlocksEncoding,
    backend: &Backend,
    p: &BlocksPuzzle,
    k: usize,
    limit: Duration,
) -> Result<Outcome<Vec<BlockMove>>, DriveError> {
    probe_lowered(&Lowered::new(encoding, p), backend, k, limit)
}

fn via(encoding: &'static dyn BlocksEncoding, backend: &Backend, p: &BlocksPuzzle) -> Option<usize> {
    let lb = lower_bound(p)?;
    let h = Horizons { lower_bound: lb, step: 1, max: MAX, deadline: None };
    match horizons(h, |k, limit| probe(encoding, backend, p, k, limit), |_| {}).unwrap() {
        Shortest::Found { plan, optimal: true, .. } => Some(plan.len()),
        Shortest::NoneWithin { .. } => None,
        other => panic!("{other:?}"),
    }
}

/// The longest plan the tests climb to (the boards are chosen below it, or unsolvable).
const MAX: usize = 12;

fn oracle(p: &BlocksPuzzle) -> Option<usize> {
    match shortest(p, MAX, None) {
        Found::Plan { plan, .. } => Some(plan.len()),
        _ => None,
    }
}

/// Rush Hour 5x5 and free blocks on 3x4 (step and slide): solvable in 3 to 10 moves, and a
/// few with no plan at all.
fn boards() -> Vec<BlocksPuzzle> {
    let mut rng = fastrand::Rng::with_seed(7);
    let (mut out, mut never) = (Vec::new(), 0);
    let mut keep = |p: BlocksPuzzle, out: &mut Vec<BlocksPuzzle>| match shortest(&p, usize::MAX, None) {
        Found::Plan { plan, .. } if (3..=10).contains(&plan.len()) => out.push(p),
        Found::Never { .. } if never < 2 => {
            never += 1;
            out.push(p);
        }
        _ => {}
    };
    while out.len() < 5 {
        if let Some(p) = rush_hour_board(&mut rng, 5, 5, 7) {
            keep(p, &mut out);
        }
    }
    while out.len() < 12 {
        let metric = if out.len() % 2 == 0 { Metric::Step } else { Metric::Slide };
        if let Some(p) = free_board(&mut rng, 3, 4, 5, metric) {
            keep(p, &mut out);
        }
    }
    out
}

#[test]
fn both_cnf_encodings_find_the_optimum_of_the_exact_search() {
    let cadical = Backend::embedded_sat();
    for p in boards() {
        let board = p.board.drawing(&p.start().anchors);
        assert_eq!(via(&crate::encodings::classes::Sat, &cadical, &p), oracle(&p), "sat {board:?}");
        assert_eq!(via(&crate::encodings::labelled::Labelled, &cadical, &p), oracle(&p), "labelled {board:?}");
    }
}

#[test]
fn smt_through_linked_z3_finds_the_optimum_too() {
    let z3 = Backend::from(puzzlec_solve::linked_z3::LinkedZ3);
    for p in boards().into_iter().take(8) {
        assert_eq!(via(&crate::encodings::smt::Smt, &z3, &p), oracle(&p), "{:?}", p.board.drawing(&p.start().anchors));
    }
}

/// Free blocks on 3x4 in the path metric: solvable in 3 to 10 moves, and one with no plan.
fn path_boards() -> Vec<BlocksPuzzle> {
    let mut rng = fastrand::Rng::with_seed(11);
    let (mut out, mut never) = (Vec::new(), 0);
    while out.len() < 7 {
        let Some(p) = free_board(&mut rng, 3, 4, 4, Metric::Path) else { continue };
        match oracle(&p) {
            Some(k) if (3..=10).contains(&k) => out.push(p),
            None if never < 1 => {
                never += 1;
                out.push(p);
            }
            _ => {}
        }
    }
    out
}

#[test]
fn sat_and_smt_find_the_optimum_of_the_exact_search_along_paths_too() {
    let (cadical, z3) = (Backend::embedded_sat(), Backend::from(puzzlec_solve::linked_z3::LinkedZ3));
    for p in path_boards() {
        let board = p.board.drawing(&p.start().anchors);
        assert_eq!(via(&crate::encodings::classes::Sat, &cadical, &p), oracle(&p), "sat {board:?}");
        assert_eq!(via(&crate::encodings::smt::Smt, &z3, &p), oracle(&p), "smt {board:?}");
    }
}

/// The live solvers built from the goal back, raced on one and on two threads from the
/// second horizon on: the exact search's optimum on every board (through the at-most search,
/// so horizons it skips and walks down to are covered too).
#[test]
fn live_solvers_from_the_goal_back_find_the_optimum_of_the_exact_search() {
    let cadical = Backend::embedded_sat();
    for (n, p) in boards().into_iter().chain(path_boards()).enumerate() {
        let board = p.board.drawing(&p.start().anchors);
        let Some(lb) = lower_bound(&p) else { continue };
        let h = Horizons { lower_bound: lb, step: 1, max: MAX, deadline: None };
        let fresh = |k, limit| probe(&crate::encodings::classes::Sat, &cadical, &p, k, limit);
        let shorten = |plan| crate::rules::shorten::shorten(&p, plan);
        let got =
            live::shortest(&cadical, &p, (h, 1 + n % 2, Duration::ZERO), fresh, shorten, &mut |_| {}).unwrap().unwrap();
        let got = match got {
            Shortest::Found { plan, optimal: true, .. } => {
                crate::rules::replay(&p, &plan).unwrap();
                Some(plan.len())
            }
            Shortest::NoneWithin { .. } => None,
            other => panic!("{other:?}"),
        };
        assert_eq!(got, oracle(&p), "{board:?}");
    }
}

/// A horizon below the steps already written, on the same live solver: the start at the
/// last state and the step h moves before it idle. Each board grown three steps past its
/// optimum k answers SAT at k (a plan of at most k moves) and UNSAT at k - 1.
#[test]
fn the_goal_back_writer_answers_horizons_below_the_steps_written() {
    let cadical = Backend::embedded_sat();
    for p in boards().into_iter().chain(path_boards()) {
        let Some(k) = oracle(&p).filter(|&k| k > 0) else { continue };
        let mut s = cadical.session(&Cnf::new(), None).unwrap();
        let mut back = crate::encodings::backward::Backward::open(&p, &mut s.as_mut());
        back.grow(&p, k + 3, &mut s.as_mut());
        let board = p.board.drawing(&p.start().anchors);
        match s.solve(&back.assumptions(&p, k), Duration::from_secs(60)) {
            Outcome::Sat(model) => {
                let plan = plan_of(&p, &back.anchors(&p, &model).unwrap()).unwrap();
                crate::rules::replay(&p, &plan).unwrap();
                assert!(plan.len() <= k, "{board:?}: {} moves at horizon {k}", plan.len());
            }
            Outcome::Unsat => panic!("{board:?}: UNSAT at its optimum {k}"),
            Outcome::Unknown(why) => panic!("{board:?} at {k}: {why}"),
        }
        assert!(matches!(s.solve(&back.assumptions(&p, k - 1), Duration::from_secs(60)), Outcome::Unsat), "{board:?}");
    }
}

/// Every (class, anchor) fact, in the layers' order.
fn atoms_of(lay: &crate::encodings::frame::Layout) -> Vec<(usize, usize)> {
    lay.ever.iter().enumerate().flat_map(|(k, e)| e.iter().map(move |&a| (k, a))).collect()
}

/// Per pair of facts (atom indices), the first layer of a breadth-first walk over the rules
/// at which some position holds both (up to `deepest`).
fn pair_layers(p: &BlocksPuzzle, lay: &crate::encodings::frame::Layout, deepest: usize) -> Vec<Vec<Option<usize>>> {
    let atoms = atoms_of(lay);
    let class_of = |i: usize| lay.classes.iter().position(|m| m.contains(&i)).unwrap();
    let held = |s: &crate::rules::State| -> Vec<usize> {
        let mut out: Vec<usize> = (0..s.anchors.len())
            .map(|i| atoms.iter().position(|&x| x == (class_of(i), s.anchors[i])).unwrap())
            .collect();
        out.sort_unstable();
        out
    };
    let mut first = vec![vec![None; atoms.len()]; atoms.len()];
    let (mut layer, mut known) = (vec![p.start()], std::collections::HashSet::new());
    known.insert(held(&p.start()));
    for t in 0..=deepest {
        let mut next = Vec::new();
        for s in &layer {
            let h = held(s);
            for (a, &i) in h.iter().enumerate() {
                for &j in &h[a..] {
                    first[i][j].get_or_insert(t);
                }
            }
            let grid = s.occupancy(p);
            for i in 0..s.anchors.len() {
                for b in crate::rules::search::reach(p, &grid, i, s.anchors[i]) {
                    let mut n = s.clone();
                    n.anchors[i] = b;
                    if known.insert(held(&n)) {
                        next.push(n);
                    }
                }
            }
        }
        layer = next;
    }
    first
}

/// The start's layers, closed by the solver, rule out at state t exactly the pairs that no
/// position at most t moves from the start holds (sound, and the witnesses found every pair
/// that does hold); pairs that can never stand together (overlapping, or two anchors of a
/// one-piece class) are not layered at all.
#[test]
fn the_start_layers_rule_out_exactly_the_pairs_no_position_holds_yet() {
    let cadical = Backend::embedded_sat();
    for p in boards().into_iter().chain(path_boards()).take(8) {
        let board = p.board.drawing(&p.start().anchors);
        let lay = crate::encodings::frame::Layout::new(&p, 0);
        let (atoms, first) = (atoms_of(&lay), pair_layers(&p, &lay, 8));
        let cells = |x: usize| -> Vec<usize> { p.board.covers(lay.classes[atoms[x].0][0], atoms[x].1).collect() };
        let never = |i: usize, j: usize| {
            i != j
                && ((atoms[i].0 == atoms[j].0 && lay.classes[atoms[i].0].len() == 1)
                    || cells(i).iter().any(|c| cells(j).contains(c)))
        };
        let mut s = cadical.session(&Cnf::new(), None).unwrap();
        let mut layers = super::layers::Layers::open(&p, s.as_mut(), false).unwrap();
        let far = std::time::Instant::now() + Duration::from_secs(60);
        for t in 1..=8 {
            let ruled = layers.close_next(&p, s.as_mut(), far).unwrap();
            for (i, row) in first.iter().enumerate() {
                for (j, layer) in row.iter().enumerate().skip(i) {
                    let held = layer.is_some_and(|l| l <= t);
                    let expected = !held && !never(i, j);
                    assert_eq!(
                        ruled.contains(&(i, j)),
                        expected,
                        "{board:?}: pair {i},{j} at {t}, first held at {layer:?}"
                    );
                }
            }
        }
    }
}
