//! The encoding battery: every registered encoding of every puzzle, on every backend that
//! can read it, called through the facade (`puzzlec_facade::solve`) and compared with the
//! oracles of the reference models on small instances. A new encoding or backend joins by
//! being registered; nothing here names one.

use std::collections::BTreeSet;

use puzzlec_core::moves_to_string;
use puzzlec_cross::encodings as cross_encodings;
use puzzlec_cross::request::CrossInstance;
use puzzlec_cross::rules::{shortest_solutions, CrossPuzzle, CrossSearch};
use puzzlec_engine::plan::PlanRequest;
use puzzlec_facade::{self as facade, Answer, Env, Request, Solution, Status};
use puzzlec_hex::encodings as hex_encodings;
use puzzlec_hex::request::HexInstance;
use puzzlec_hex::rules::{check_filling, Hexagon, Rules};
use puzzlec_slide::encodings as slide_encodings;
use puzzlec_slide::request::{SlideInstance, SlideRequest};
use puzzlec_slide::rules::benchset::random_walk;
use puzzlec_slide::rules::{to_compact, Board};
use puzzlec_slide::search::bfs;
use puzzlec_solve::{Form, Solver};

/// Every registered backend whose binary is here, with the form it reads. Under CI every
/// backend of the shipped registry but those not packaged for Debian must be here.
fn backends() -> Vec<(String, Form)> {
    let env = Env::default();
    let registry = env.registry().unwrap();
    let mut out = Vec::new();
    let mut missing = Vec::new();
    for id in registry.all_ids() {
        match env.solver(&id) {
            Ok(Solver::Backend(b)) => out.push((id, b.form())),
            Ok(Solver::Search) => {}
            Err(e) => missing.push(format!("{id}: {e}")),
        }
    }
    if std::env::var_os("CI").is_some() {
        let unpackaged = missing.iter().filter(|m| m.contains("not in Debian")).count();
        assert_eq!(missing.len(), unpackaged, "CI installs every Debian solver: {missing:?}");
    }
    assert!(out.len() >= 2, "the built-in backends are always here");
    out
}

fn solve(req: Request) -> Answer {
    facade::solve(&req, &Env::default(), &mut |_| {}).unwrap_or_else(|e| panic!("{req:?}: {e}"))
}

/// Boards a short random walk from the goal (optimum at most 10): every backend, external
/// processes included, enumerates their optimal plans in well under a second.
fn random_boards(rows: usize, cols: usize, count: usize, seed: u64) -> Vec<Board> {
    let goal = Board::goal(rows, cols);
    let mut out = Vec::new();
    let mut s = seed * 1000;
    while out.len() < count {
        s += 1;
        let b = random_walk(rows, cols, 6 + (s % 5) as usize, s);
        if b != goal && !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// Sliding tiles: the optimum and every optimal plan, against BFS (length and the number of
/// shortest paths).
#[test]
fn every_slide_encoding_on_every_backend_matches_bfs() {
    let backends = backends();
    let mut combos = 0;
    for encoding in slide_encodings::ALL {
        for (id, input) in &backends {
            let readable = match input {
                Form::Dimacs => encoding.writes(puzzlec_ir::Form::Dimacs),
                Form::Smt2 => encoding.writes(puzzlec_ir::Form::Smt2),
            };
            if !readable {
                continue;
            }
            combos += 1;
            for (i, board) in random_boards(2, 3, 3, 40 + combos).iter().enumerate() {
                let counts = bfs::shortest_path_counts(board);
                let (length, paths) = counts[&Board::goal(2, 3).pack()];
                let instance = SlideInstance { board: to_compact(board), ..Default::default() };
                let req = Request::new(
                    "slide",
                    &SlideRequest { instance, ..Default::default() },
                    facade::SolveOptions {
                        encoding: Some(encoding.name().into()),
                        solver: Some(id.clone()),
                        all: true,
                        timeout: Some(120.0),
                        ..Default::default()
                    },
                );
                let a = solve(req);
                let what = format!("{} on {id}, board {i} {board:?}", encoding.name());
                assert_eq!(a.status, Status::Solved, "{what}: {a:?}");
                assert_eq!(a.length, Some(length as usize), "{what}");
                assert_eq!(a.optimal, Some(true), "{what}");
                assert_eq!(a.complete, Some(true), "{what}");
                assert_eq!(a.count, Some(paths as usize), "{what}");
                for s in a.solutions.unwrap() {
                    let Solution::Plan(m) = s else { panic!("{what}: not a plan") };
                    let plan = puzzlec_core::parse_moves(&m).unwrap();
                    assert_eq!(board.apply_strict(&plan).unwrap(), Board::goal(2, 3), "{what}: {m}");
                }
            }
        }
    }
    assert!(combos >= 4, "bright and compact on cadical, bright and bv on z3 at least");
}

fn cross_instances() -> Vec<(CrossPuzzle, CrossInstance)> {
    let mut out = Vec::new();
    for (rows, cols, cross, empty, target) in
        [(3, 3, (1, 1), (3, 3), (3, 3)), (3, 3, (1, 2), (2, 2), (3, 2)), (3, 4, (1, 1), (3, 4), (3, 4))]
    {
        let p = CrossPuzzle::new(
            rows,
            cols,
            (cross.0 - 1, cross.1 - 1),
            (empty.0 - 1, empty.1 - 1),
            (target.0 - 1, target.1 - 1),
        )
        .unwrap();
        let i = CrossInstance {
            size: Some(format!("{rows}x{cols}")),
            cross: Some(format!("{},{}", cross.0, cross.1)),
            empty: Some(format!("{},{}", empty.0, empty.1)),
            target: Some(format!("{},{}", target.0, target.1)),
            ..Default::default()
        };
        out.push((p, i));
    }
    out
}

/// The cross slider: the optimum and every shortest plan, against the exact search.
#[test]
fn every_cross_encoding_on_every_backend_matches_the_oracle() {
    let backends = backends();
    let mut combos = 0;
    for encoding in cross_encodings::ALL {
        for (id, input) in &backends {
            if encoding.writes(puzzlec_ir::Form::Dimacs) != (*input == Form::Dimacs) {
                continue;
            }
            combos += 1;
            for (p, instance) in cross_instances() {
                let CrossSearch::Found { length, solutions, complete: true } =
                    shortest_solutions(&p, 40, usize::MAX, None)
                else {
                    panic!("{p:?}: the oracle finds a plan")
                };
                let want: BTreeSet<String> = solutions.iter().map(|s| moves_to_string(s)).collect();
                let a = solve(Request::new(
                    "cross",
                    &PlanRequest { instance, max_moves: Some(40) },
                    facade::SolveOptions {
                        encoding: Some(encoding.name().into()),
                        solver: Some(id.clone()),
                        all: true,
                        timeout: Some(120.0),
                        ..Default::default()
                    },
                ));
                let what = format!("{} on {id}, {p:?}", encoding.name());
                assert_eq!((a.length, a.optimal, a.complete), (Some(length), Some(true), Some(true)), "{what}");
                let got: BTreeSet<String> = a
                    .solutions
                    .unwrap()
                    .into_iter()
                    .map(|s| match s {
                        Solution::PlanOnGrid { moves, .. } => moves,
                        other => panic!("{what}: {other:?}"),
                    })
                    .collect();
                assert_eq!(got, want, "{what}");
            }
        }
    }
    assert!(combos >= 2, "sat on cadical and smt on z3 at least");
}

/// Magic hexagons: order 3 has exactly 12 fillings, one class under the 12 symmetries, each
/// a magic hexagon; order 1 has one.
#[test]
fn every_hex_encoding_on_every_backend_finds_the_12_hexagons() {
    let backends = backends();
    let hex = Hexagon::new(3).unwrap();
    let mut combos = 0;
    for encoding in hex_encodings::ALL {
        for (id, input) in &backends {
            if encoding.writes(puzzlec_ir::Form::Dimacs) != (*input == Form::Dimacs) {
                continue;
            }
            combos += 1;
            for (order, want) in [(3, 12), (1, 1)] {
                let a = solve(Request::new(
                    "hex",
                    &HexInstance { order, ..HexInstance::default() },
                    facade::SolveOptions {
                        encoding: Some(encoding.name().into()),
                        solver: Some(id.clone()),
                        all: true,
                        timeout: Some(120.0),
                        ..Default::default()
                    },
                ));
                let what = format!("{} on {id}, order {order}", encoding.name());
                assert_eq!((a.count, a.complete), (Some(want), Some(true)), "{what}");
                let fillings: BTreeSet<Vec<i64>> = a
                    .solutions
                    .unwrap()
                    .into_iter()
                    .map(|s| match s {
                        Solution::Filling { values } => (1..=values.len()).map(|c| values[&c.to_string()]).collect(),
                        other => panic!("{what}: {other:?}"),
                    })
                    .collect();
                assert_eq!(fillings.len(), want, "{what}: distinct");
                if order == 3 {
                    for f in &fillings {
                        let (shape, values) = (hex.shape(), hex.natural_values());
                        let rules = Rules { shape: &shape, values: &values, distinct: true, sum: Some(38) };
                        check_filling(rules, f).unwrap_or_else(|e| panic!("{what}: {e}"));
                    }
                    let first = fillings.iter().next().unwrap();
                    let orbit: BTreeSet<Vec<i64>> = hex.shape().orbit(first).into_iter().collect();
                    assert_eq!(orbit, fillings, "{what}: one class");
                }
            }
        }
    }
    assert!(combos >= 2, "cnf on cadical and lia on z3 at least");
}
