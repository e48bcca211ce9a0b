//! The dense tables and their search on boards small enough to check against the
//! Manhattan IDA*: groups of four tiles on 3x6 and 4x5 (tables of a few hundred thousand
//! entries, built in moments).

use super::*;
use crate::rules::benchset::random_walk;
use crate::search::{dense as search, ida, Search};

/// Runs of four goal tiles, in reading order.
fn fours(goal: &Board) -> Vec<Vec<u8>> {
    let tiles: Vec<u8> = goal.cells().iter().copied().filter(|&t| t != BLANK).collect();
    tiles.chunks(4).map(<[u8]>::to_vec).collect()
}

fn shortest(found: Option<Search>) -> Vec<Move> {
    match found {
        Some(Search::Found(plan)) => plan,
        _ => panic!("no plan"),
    }
}

#[test]
fn the_search_finds_plans_as_short_as_the_manhattan_search_and_the_estimate_is_admissible() {
    for (rows, cols, seed) in [(3, 6, 1), (4, 5, 2), (3, 6, 3)] {
        let goal = Board::goal(rows, cols);
        let db = DenseDb::with_groups(&goal, fours(&goal), &mut |_, _| {}).expect("tables");
        for walk in 0..4 {
            let start = random_walk(rows, cols, 40, seed * 10 + walk);
            let Search::Found(reference) = ida::shortest_path(&start, &goal, None) else { panic!("solvable") };
            let mut bounds = Vec::new();
            let plan = shortest(search::shortest_path(&start, &db, None, &mut |i| bounds.push(i.next)));
            assert_eq!(plan.len(), reference.len(), "{start}");
            assert_eq!(start.apply_strict(&plan).ok(), Some(goal));
            assert!(db.estimate(&start) <= plan.len());
            assert!(bounds.iter().all(|&b| b <= plan.len()), "a bound above the optimum: {bounds:?}");
        }
    }
}

#[test]
fn the_goal_needs_no_move_and_another_shape_is_refused() {
    let goal = Board::goal(3, 6);
    let db = DenseDb::with_groups(&goal, fours(&goal), &mut |_, _| {}).expect("tables");
    assert!(shortest(search::shortest_path(&goal, &db, None, &mut |_| {})).is_empty());
    assert!(search::shortest_path(&Board::goal(6, 3), &db, None, &mut |_| {}).is_none());
}

#[test]
fn a_5x5_partition_is_four_groups_of_six_for_the_blank_in_any_corner() {
    for blank in [0, 4, 20, 24] {
        let mut cells: Vec<u8> = (1..25).collect();
        cells.insert(blank, 0);
        let goal = Board::from_cells(5, 5, &cells).unwrap();
        let groups = partition(&goal);
        assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), [6, 6, 6, 6]);
        let mut all: Vec<u8> = groups.concat();
        all.sort_unstable();
        assert_eq!(all, (1..25).collect::<Vec<u8>>());
    }
}
