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

/// What the SAT path's propagator reads of the dense tables ([`crate::tables::Tables`]): the
/// groups' entries add up to the estimate, and the lookahead leaves out only moves whose
/// boards are truly too far (checked against the Manhattan IDA*), and with no search below
/// them exactly those the estimate rates too far.
#[test]
fn the_lookahead_on_dense_tables_leaves_out_only_moves_too_far() {
    use crate::tables::Tables;
    let goal = Board::goal(4, 5);
    let db = DenseDb::with_groups(&goal, fours(&goal), &mut |_, _| {}).expect("tables");
    let tables: &dyn Tables = &db;
    let optimum = |b: &Board| match ida::shortest_path(b, &goal, None) {
        Search::Found(plan) => plan.len(),
        _ => panic!("solvable"),
    };
    let mut left_out = 0;
    for seed in 0..12 {
        let start = random_walk(4, 5, 30, 700 + seed);
        let sum: usize = (0..tables.members().len())
            .map(|g| {
                let cells: Vec<usize> = tables.members()[g].iter().map(|&t| start.position_of(t)).collect();
                tables.group_estimate(g, &cells)
            })
            .sum();
        assert_eq!(sum, tables.estimate(&start), "no mirror on 4x5: the direct sum is the estimate");
        let best = optimum(&start);
        for room in [best.saturating_sub(2), best - 1, best] {
            let (left, out, nodes) = tables.moves_within(&start, room, 3).expect("the tables' shape");
            assert!(nodes > 0);
            let (exact, _, _) = tables.moves_within(&start, room, 0).expect("the tables' shape");
            for m in Move::ALL {
                let mut child = start;
                if !child.apply(m) {
                    continue;
                }
                let far = optimum(&child) + 1 > room;
                assert!(left.contains(&m) || far, "{start}: {m:?} left out though within {room}");
                let rated_far = room == 0 || tables.estimate(&child) > room - 1;
                assert_eq!(!exact.contains(&m), rated_far, "{start}: {m:?} at depth 0");
                left_out += usize::from(!left.contains(&m));
            }
            assert_eq!(out, left.len() < start.legal_moves().count());
        }
    }
    assert!(left_out > 0, "the lookahead never left a move out: the test would prove nothing");
}

/// The independent checker's own search accepts the tables as built (groups of four on 3x6
/// and 4x5) and refuses one whose single entry was raised by one past the moves its
/// placement needs; an entry lowered is still admissible, and accepted.
#[test]
fn the_independent_checker_accepts_dense_tables_and_refuses_a_raised_entry() {
    use puzzlec_slide_check::tables::Tables as Checked;
    for (rows, cols) in [(3, 6), (4, 5)] {
        let goal = Board::goal(rows, cols);
        let db = DenseDb::with_groups(&goal, fours(&goal), &mut |_, _| {}).expect("tables");
        let files: Vec<Arc<Vec<u8>>> = db.files().into_iter().map(|(_, b)| b).collect();
        let read = Checked::dense(&files).expect("readable");
        assert_eq!(read.groups, db.groups);
        read.check().expect("consistent");
        // Lemmas read the same entries as the solver.
        let start = random_walk(rows, cols, 30, 9);
        let cells: Vec<usize> = db.groups[1].iter().map(|&t| start.position_of(t)).collect();
        assert_eq!(read.entry(1, &cells), crate::tables::Tables::group_estimate(&db, 1, &cells));
        let edited = |change: i8| {
            let mut files = files.clone();
            let header = files[1].len() - db.table(1).len();
            let mut bytes = files[1].to_vec();
            let at = header + 777;
            bytes[at] = bytes[at].checked_add_signed(change).expect("an entry above 0");
            files[1] = Arc::new(bytes);
            Checked::dense(&files).expect("readable").check()
        };
        assert!(edited(1).is_err(), "{rows}x{cols}: a raised entry passed");
        assert!(edited(-1).is_ok(), "{rows}x{cols}: a lowered entry is still admissible");
    }
}
