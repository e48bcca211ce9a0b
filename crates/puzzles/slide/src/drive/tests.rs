//! Tests of `slide.rs`: every encoding and strategy against BFS on random boards.
use super::*;
use crate::rules::{check_solvable, Heuristic};
use crate::search::bfs;
use puzzlec_drive::horizon::{shortest, Horizons, Shortest};

/// Optimal length through `backend`, or a panic naming the board.
fn optimum(backend: &Backend, start: &Board, goal: &Board) -> usize {
    let lb = Heuristic::new(goal).manhattan_linear_conflict(start);
    let h = Horizons { lower_bound: lb, step: 2, max: 60, deadline: None };
    match shortest(h, |k, limit| probe(&bright::Bright, backend, start, goal, k, limit), |_| {}).unwrap() {
        Shortest::Found { plan, optimal: true, .. } => plan.len(),
        other => panic!("{start:?}: {other:?}"),
    }
}

fn random_boards(rows: usize, cols: usize, count: usize, seed: u64) -> Vec<Board> {
    let goal = Board::goal(rows, cols);
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut cells: Vec<u8> = (0..(rows * cols) as u8).collect();
        rng.shuffle(&mut cells);
        let b = Board::from_cells(rows, cols, &cells).unwrap();
        if check_solvable(&b, &goal).is_ok() {
            out.push(b);
        }
    }
    out
}

fn differential(rows: usize, cols: usize, count: usize, seed: u64) {
    let goal = Board::goal(rows, cols);
    let dist = bfs::distances_from(&goal);
    let cadical = Backend::embedded_sat();
    let z3 = Backend::from(puzzlec_solve::linked_z3::LinkedZ3);
    for b in random_boards(rows, cols, count, seed) {
        let want = dist[&b.pack()] as usize;
        assert_eq!(optimum(&cadical, &b, &goal), want, "cadical on {b:?}");
        assert_eq!(optimum(&z3, &b, &goal), want, "z3 on {b:?}");
    }
}

/// `--all` counts every optimal plan: the BFS count of shortest paths.
fn counts_match_bfs(
    rows: usize,
    cols: usize,
    count: usize,
    seed: u64,
    encoding: &dyn SlideEncoding,
    backend: &Backend,
) {
    let goal = Board::goal(rows, cols);
    for b in random_boards(rows, cols, count, seed) {
        let counts = bfs::shortest_path_counts(&b);
        let (length, paths) = counts[&goal.pack()];
        let found = all_plans(encoding, backend, &b, &goal, length as usize, None, &mut |_| {}).unwrap();
        assert!(found.complete);
        let distinct: std::collections::HashSet<_> = found.solutions.iter().collect();
        assert_eq!(distinct.len(), found.solutions.len());
        assert_eq!(found.solutions.len() as u64, paths, "{} on {b:?}", encoding.name());
    }
}

#[test]
fn all_optimal_plans_match_bfs_counts() {
    let cadical = Backend::embedded_sat();
    counts_match_bfs(2, 3, 30, 21, &compact::Compact, &cadical);
    counts_match_bfs(3, 3, 10, 22, &compact::Compact, &cadical);
    counts_match_bfs(2, 3, 10, 23, &bright::Bright, &cadical);
    let z3 = Backend::from(puzzlec_solve::linked_z3::LinkedZ3);
    counts_match_bfs(2, 3, 5, 24, &bright::Bright, &z3);
    // Blocking a bit-vector move input needs a bit-vector literal (found by the battery).
    counts_match_bfs(2, 3, 3, 25, &crate::encodings::bv::Bv, &z3);
}

/// The optimum `compact` proves on the embedded solver, with the given ingredients, with
/// or without cubes, incrementally or not.
fn compact_optimum(b: &Board, goal: &Board, ing: Ingredients, cubes: bool, incremental: bool) -> usize {
    let cadical = Backend::embedded_sat();
    let h =
        Horizons { lower_bound: Heuristic::new(goal).manhattan_linear_conflict(b), step: 2, max: 60, deadline: None };
    let out = if incremental {
        incremental_shortest(&compact::Compact, &cadical, b, goal, ing, cubes, h, |_| {}).unwrap()
    } else {
        shortest(
            h,
            |k, limit| {
                probe_with(
                    &compact::Compact,
                    &cadical,
                    b,
                    goal,
                    k,
                    limit,
                    ing,
                    if cubes { Strategy::DEFAULT } else { Strategy::PLAIN },
                    None,
                )
            },
            |_| {},
        )
        .unwrap()
    };
    let Shortest::Found { plan, optimal: true, .. } = out else { panic!("{b:?}: {out:?}") };
    plan.len()
}

#[test]
fn compact_matches_bfs_on_random_boards() {
    for (rows, cols, count, seed) in [(2, 3, 100, 31), (3, 3, 40, 32), (3, 2, 20, 33)] {
        let goal = Board::goal(rows, cols);
        let dist = bfs::distances_from(&goal);
        for b in random_boards(rows, cols, count, seed) {
            let got = compact_optimum(&b, &goal, Ingredients::DEFAULT, true, false);
            assert_eq!(got, dist[&b.pack()] as usize, "{b:?}");
        }
    }
}

/// Every ingredient switched on or off alone, cubes or not, incremental or not: the same
/// optimum as BFS (what the ablation measures must stay sound).
#[test]
fn compact_variants_match_bfs() {
    let on_off = |f: fn(&mut Ingredients)| {
        let mut ing = Ingredients::DEFAULT;
        f(&mut ing);
        ing
    };
    let variants: [(Ingredients, bool, bool); 11] = [
        (Ingredients::DEFAULT, false, false),
        (Ingredients::DEFAULT, true, true),
        (Ingredients::DEFAULT, false, true),
        (on_off(|i| i.detours = true), true, false),
        (on_off(|i| i.detours = true), true, true),
        (on_off(|i| i.conflicts = false), true, false),
        (on_off(|i| i.reachability = false), true, false),
        (on_off(|i| i.away_count = false), true, false),
        (on_off(|i| i.no_undo = false), true, false),
        (on_off(|i| i.every_step_amo = true), true, false),
        (on_off(|i| i.every_step_amo = true), false, false),
    ];
    for (rows, cols, count, seed) in [(2, 3, 12, 34), (3, 3, 6, 35)] {
        let goal = Board::goal(rows, cols);
        let dist = bfs::distances_from(&goal);
        for b in random_boards(rows, cols, count, seed) {
            for (ing, cubes, incremental) in variants {
                let got = compact_optimum(&b, &goal, ing, cubes, incremental);
                assert_eq!(got, dist[&b.pack()] as usize, "{b:?} {ing:?} cubes {cubes} inc {incremental}");
            }
        }
    }
}

#[test]
fn bright_matches_bfs_on_100_random_2x3_boards() {
    differential(2, 3, 100, 11);
}

#[test]
fn bright_matches_bfs_on_20_random_3x3_boards() {
    differential(3, 3, 20, 12);
}
