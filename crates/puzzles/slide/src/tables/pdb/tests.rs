use super::*;
use crate::rules::{benchset::random_walk, Heuristic};
use crate::search::bfs;

/// On the 8-puzzle the estimate never exceeds the BFS distance, is zero at the goal, and
/// is at least the Manhattan distance (each group counts at least its tiles' distances).
#[test]
fn admissible_and_at_least_manhattan_on_the_8_puzzle() {
    let goal = Board::goal(3, 3);
    let pdb = PatternDb::new(&goal).expect("3x3 fits");
    assert!(pdb.mirror().is_some(), "the 8-puzzle's goal is its own transpose");
    let dist = bfs::distances_from(&goal);
    let h = Heuristic::new(&goal);
    assert_eq!(pdb.estimate(&goal), 0);
    let mut above = 0;
    for seed in 0..300 {
        let b = random_walk(3, 3, 10 + seed as usize % 40, seed);
        let e = pdb.estimate(&b);
        assert!(e <= dist[&b.pack()] as usize, "overestimates {b:?}");
        assert!(e >= h.manhattan(&b));
        assert_eq!(e % 2, h.manhattan(&b) % 2);
        above += usize::from(e > h.manhattan(&b));
    }
    assert!(above > 100, "the tables should beat Manhattan distance often, did {above} times of 300");
}

/// A goal with the blank off the diagonal has no transpose symmetry; one whose blank is on
/// it has, and the mirrored lookup stays admissible there too (3x3, blank in the centre).
#[test]
fn mirror_only_where_the_goal_allows_and_still_admissible() {
    let off = Board::from_cells(3, 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    assert!(mirror(&off).is_some());
    let side = Board::from_cells(3, 3, &[1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    assert!(mirror(&side).is_none());
    let centre = Board::from_cells(3, 3, &[1, 2, 3, 4, 0, 5, 6, 7, 8]).unwrap();
    let pdb = PatternDb::new(&centre).unwrap();
    let dist = bfs::distances_from(&centre);
    let mut rng = fastrand::Rng::with_seed(5);
    for _ in 0..300 {
        let mut b = centre;
        for _ in 0..60 {
            let m = puzzlec_core::Move::ALL[rng.usize(0..4)];
            b.apply(m);
        }
        assert!(pdb.estimate(&b) <= dist[&b.pack()] as usize, "overestimates {b:?}");
    }
}

/// Groups that overlap, leave the board or hold the blank are refused.
#[test]
fn bad_groups_are_refused() {
    let goal = Board::goal(3, 3);
    assert!(PatternDb::with_groups(&goal, &[vec![1, 2], vec![2, 3]]).is_none());
    assert!(PatternDb::with_groups(&goal, &[vec![0, 1]]).is_none());
    assert!(PatternDb::with_groups(&goal, &[vec![9]]).is_none());
    assert!(PatternDb::with_groups(&goal, &[vec![1, 2, 3, 4, 5, 6, 7]]).is_none());
    assert!(PatternDb::with_groups(&Board::goal(5, 5), &[vec![20]]).is_none(), "a board past 16 cells");
}

/// The default 4x4 groups are 6-6-3 and cover every tile once.
#[test]
fn the_15_puzzle_groups_are_6_6_3() {
    let groups = partition(&Board::goal(4, 4));
    let sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
    assert_eq!(sizes, [6, 6, 3]);
    let mut all: Vec<u8> = groups.concat();
    all.sort_unstable();
    assert_eq!(all, (1..=15).collect::<Vec<u8>>());
}

/// A cache file reads back only as the tables it was written for: another goal, a cut
/// file or a longer one read as missing (and are rebuilt), never as wrong tables.
#[test]
fn cache_bytes_read_back_only_as_their_own_tables() {
    let goal = Board::goal(2, 3);
    let groups = [vec![1, 2, 3], vec![4, 5]];
    let db = PatternDb::with_groups(&goal, &groups).expect("small tables");
    let bytes = db.bytes().to_vec();
    let again = store::decode(bytes.clone(), &goal, &groups).expect("its own bytes");
    let b = crate::rules::benchset::random_walk(2, 3, 15, 4);
    assert_eq!(again.estimate(&b), db.estimate(&b));
    let other = Board::from_cells(2, 3, &[1, 2, 3, 4, 0, 5]).unwrap();
    assert!(store::decode(bytes.clone(), &other, &groups).is_none(), "another goal");
    assert!(store::decode(bytes.clone(), &goal, &[vec![1, 2], vec![3, 4, 5]]).is_none(), "other groups");
    assert!(store::decode(bytes[..bytes.len() - 1].to_vec(), &goal, &groups).is_none(), "cut");
    let mut longer = bytes;
    longer.push(0);
    assert!(store::decode(longer, &goal, &groups).is_none(), "longer");
}

/// The tables with their excess lists pass the independent checker's consistency check
/// (3x3 and 2x4 goals, two partitions each); a single entry raised by two fails it.
#[test]
fn the_independent_checker_accepts_the_tables_and_refuses_a_changed_entry() {
    use puzzlec_slide_check::tables::Tables;
    let cases: [(Board, Vec<Vec<u8>>); 3] = [
        (Board::goal(3, 3), vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]),
        (Board::goal(3, 3), vec![vec![1, 4, 7], vec![2, 5, 8], vec![3, 6]]),
        (Board::goal(2, 4), vec![vec![1, 2, 5, 6], vec![3, 4, 7]]),
    ];
    for (goal, groups) in cases {
        let db = PatternDb::with_groups(&goal, &groups).expect("small tables");
        let excess = db.excess().expect("built");
        Tables::read(db.bytes(), &excess).expect("readable").check().expect("consistent");
        // The goal placement of the first group, as the builder indexes it, plus two.
        let home = |t: u8| goal.position_of(t);
        let index = table::index(groups[0].iter().map(|&t| home(t)));
        let mut changed = db.bytes().to_vec();
        changed[db.groups[0].1.start + index] += 2;
        let refused = Tables::read(&changed, &excess).expect("readable").check();
        assert!(refused.is_err(), "{goal:?}: a changed entry passed");
    }
}
