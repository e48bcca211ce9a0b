//! The propagator against the exact search, the tables and the independent checker.

use super::*;
use crate::encodings::compact::{encode_layers, Ingredients, Layers};
use crate::rules::benchset::random_walk;
use crate::rules::Move;
use crate::search::{exact_shortest_path, Search};
use crate::tables::pdb::PatternDb;
use puzzlec_ir::Cnf;

/// The propagator for `board` at `horizon`, and the position variables it watches.
fn setup(board: &Board, horizon: usize) -> (PdbPropagator, Vec<Vec<Vec<Option<Lit>>>>) {
    let goal = Board::goal(4, 4);
    let layers = encode_layers(board, &goal, horizon, Ingredients::DEFAULT, &mut Cnf::new()).expect("parity");
    let pdb = PatternDb::shared(&goal).expect("4x4 tables");
    let p = PdbPropagator::new(&layers.p, &goal, horizon, pdb, Arc::new(AtomicUsize::new(0)));
    (p, layers.p)
}

/// The literals "every tile where `board` has it, at step t".
fn placements(positions: &[Vec<Vec<Option<Lit>>>], board: &Board, t: usize) -> Vec<Lit> {
    (1..board.len() as u8).filter_map(|tile| positions[t][tile as usize - 1][board.position_of(tile)]).collect()
}

/// Admissible: along optimal plans (horizon = optimum) no placement is ever refuted,
/// step after step, with backtracking in between; with the lookahead, no clause rules
/// out the plan's own next move (each rules out another move, or, several moves ahead,
/// allows the plan's).
#[test]
fn optimal_plans_are_never_cut() {
    let goal = Board::goal(4, 4);
    let pdb = PatternDb::shared(&goal).expect("4x4 tables");
    for (seed, lookahead, ahead) in [
        (11, false, 1),
        (12, false, 1),
        (13, false, 1),
        (11, true, 1),
        (14, true, 1),
        (15, true, 2),
        (16, true, 2),
        (17, true, 2),
        (18, true, 6),
        (19, true, 6),
        (20, true, 8),
    ] {
        let start = random_walk(4, 4, 40, seed);
        follow_an_optimal_plan(&start, &goal, pdb.clone(), lookahead, ahead);
    }
}

/// As [`optimal_plans_are_never_cut`], on the dense tables (the 24-puzzle's kind, here
/// groups of four on 4x5 so that they build in moments).
#[test]
fn optimal_plans_are_never_cut_on_dense_tables() {
    let goal = Board::goal(4, 5);
    let tiles: Vec<u8> = (1..20).collect();
    let groups = tiles.chunks(4).map(<[u8]>::to_vec).collect();
    let db = crate::tables::dense::DenseDb::with_groups(&goal, groups, &mut |_, _| {}).expect("tables");
    let db: Arc<dyn Tables> = Arc::new(db);
    for (seed, lookahead, ahead) in [(31, false, 1), (32, true, 1), (33, true, 2), (34, true, 6), (35, true, 6)] {
        let start = random_walk(4, 5, 40, seed);
        let given = follow_an_optimal_plan(&start, &goal, db.clone(), lookahead, ahead);
        assert!(given > 0 || !lookahead, "seed {seed}: the lookahead gave no clause, the test proves nothing");
    }
}

/// Places the tiles of a shortest plan from `start` step by step into a propagator at the
/// plan's length, and checks that no clause cuts the plan (see
/// [`optimal_plans_are_never_cut`]); then backtracks to nothing. Returns the clauses given.
fn follow_an_optimal_plan(
    start: &Board,
    goal: &Board,
    tables: Arc<dyn Tables>,
    lookahead: bool,
    ahead: usize,
) -> usize {
    let Search::Found(plan) = crate::search::ida::shortest_path(start, goal, None) else { panic!("solvable") };
    let layers = encode_layers(start, goal, plan.len(), Ingredients::DEFAULT, &mut Cnf::new()).expect("parity");
    let mut p = PdbPropagator::new(&layers.p, goal, plan.len(), tables, Arc::new(AtomicUsize::new(0)));
    if lookahead {
        p = p.with_forward_branching(start, &layers.act).with_lookahead(&layers.b, &layers.act);
    }
    if ahead > 1 {
        p = p.with_moves_ahead(ahead);
    }
    let mut board = *start;
    let mut given = 0;
    for (t, &m) in plan.iter().enumerate() {
        board.apply(m);
        p.new_level();
        p.assigned(&placements(&layers.p, &board, t + 1));
        while let Some(clause) = p.clause() {
            given += 1;
            let next = plan.get(t + 1).map(|&n| layers.act[t + 1][n.index()]);
            let other = layers.act[t + 1].iter().any(|&a| Some(a) != next && clause.contains(&-a));
            let allowed = ahead > 1 && next.is_some_and(|n| clause.contains(&n));
            assert!(lookahead && (other || allowed), "{start}: step {} of an optimal plan cut: {clause:?}", t + 1);
        }
    }
    p.backtrack(0);
    assert!(p.trail.is_empty() && p.partitions.iter().all(|q| q.sum.iter().all(|&s| s == 0)));
    assert!(p.count.iter().all(|&c| c == 0));
    given
}

/// A board too far from the goal for the steps left is refuted by a clause over its
/// placements (negated), and undoing the level withdraws the pending clause.
#[test]
fn a_hopeless_step_is_refuted_by_its_placements() {
    let start = random_walk(4, 4, 40, 11);
    let Search::Found(plan) = exact_shortest_path(&start, &Board::goal(4, 4), None) else { panic!("solvable") };
    let (mut p, positions) = setup(&start, plan.len());
    // The start board again at the last step where every tile may still stand on its
    // start cell: most of the plan is gone and the board needs all of it.
    let goal = Board::goal(4, 4);
    let far = (1..16u8).map(|tile| p.manhattan[tile as usize - 1][start.position_of(tile)] as usize).max().unwrap();
    let t = plan.len() - far;
    assert!(t + p.pdb.estimate(&start) > plan.len() && goal != start);
    p.new_level();
    let lits = placements(&positions, &start, t);
    assert_eq!(lits.len(), 15, "every tile's variable exists at step {t}");
    p.assigned(&lits);
    let clause = p.clause().expect("refuted");
    assert!(!clause.is_empty() && clause.iter().all(|l| lits.contains(&-l)), "{clause:?}");
    p.new_level();
    p.backtrack(0);
    assert_eq!(p.clause(), None);
    assert!(p.cell[t].iter().all(|&c| c == UNKNOWN));
}

/// Where only the transposed reading passes the horizon, the clause comes from it, and
/// its justification (`t STEP m ...`) is accepted by the independent checker against
/// the same formula and tables; with a group's value raised by one it is refused.
#[test]
fn a_transposed_lemma_is_justified_for_the_checker() {
    let goal = Board::goal(4, 4);
    let pdb = PatternDb::shared(&goal).expect("4x4 tables");
    let parts = crate::guided::bound::Partition::all(pdb.as_ref(), 1);
    let direct_of = |b: &Board| {
        let mut where_is = [0usize; 16];
        for t in 1..16u8 {
            where_is[t as usize] = b.position_of(t);
        }
        parts[0]
            .members
            .iter()
            .enumerate()
            .map(|(g, m)| {
                let cells: Vec<usize> = m.iter().map(|&t| where_is[t as usize]).collect();
                pdb.group_estimate(g, &cells)
            })
            .sum::<usize>()
    };
    let (start, plan) = (20..200)
        .map(|seed| random_walk(4, 4, 40, seed))
        .filter(|b| pdb.estimate(b) > direct_of(b))
        .find_map(|b| match exact_shortest_path(&b, &goal, None) {
            Search::Found(plan) => Some((b, plan)),
            _ => None,
        })
        .expect("a board the transposed lookup rates higher");
    let horizon = plan.len();
    let mut cnf = Cnf::new();
    let layers = encode_layers(&start, &goal, horizon, Ingredients::DEFAULT, &mut cnf).expect("parity");
    let record = Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut p = PdbPropagator::new(&layers.p, &goal, horizon, pdb.clone(), Arc::new(AtomicUsize::new(0)))
        .with_record(record.clone());
    // The start's own placements at the step where the direct tables just fit.
    let t = horizon - direct_of(&start);
    p.new_level();
    p.assigned(&placements(&layers.p, &start, t));
    let clause = p.clause().expect("refuted by the transposed reading");
    let line = record.lock().unwrap()[0].clone();
    assert!(line.starts_with(&format!("t {t} m ")), "{line}");
    assert!(line.ends_with(&format!(": {} 0", clause.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(" "))));
    let shape = puzzlec_slide_check::board::Shape { rows: 4, cols: 4 };
    let formula = puzzlec_slide_check::lemmas::Formula::read(&cnf.to_dimacs(), shape).expect("the formula");
    let tables =
        puzzlec_slide_check::tables::Tables::read(pdb.bytes(), &pdb.excess().expect("excess")).expect("the tables");
    let (clauses, counted) =
        puzzlec_slide_check::lemmas::check(&line, &formula, &tables).expect("the checker accepts it");
    assert_eq!((clauses, counted.placements), (vec![clause], 1));
    let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
    let (g, v) = words[3].split_once('=').expect("G=V");
    words[3] = format!("{g}={}", v.parse::<usize>().unwrap() + 1);
    assert!(puzzlec_slide_check::lemmas::check(&words.join(" "), &formula, &tables).is_err());
}

/// Boards from random walks (seeds 30-59) placed at the step where their estimate exactly
/// meets the horizon of their optimal plan: (board, horizon, step, the formula, its layers).
fn boards_at_the_bound(pdb: &PatternDb) -> impl Iterator<Item = (Board, usize, usize, Cnf, Layers)> + '_ {
    let goal = Board::goal(4, 4);
    (30..60).filter_map(move |seed| {
        let start = random_walk(4, 4, 40, seed);
        let Search::Found(plan) = exact_shortest_path(&start, &goal, None) else { panic!("solvable") };
        let horizon = plan.len();
        let t = horizon - pdb.estimate(&start);
        let mut cnf = Cnf::new();
        let layers = encode_layers(&start, &goal, horizon, Ingredients::DEFAULT, &mut cnf).expect("parity");
        (t > 0).then_some((start, horizon, t, cnf, layers))
    })
}

/// A complete board exactly at the bound: the moves that raise the estimate are ruled
/// out at once by clauses over its placements, the blank and the move, each accepted by
/// the independent checker; the moves that keep within the bound are left alone.
#[test]
fn moves_past_the_bound_are_ruled_out_before_they_are_made() {
    let goal = Board::goal(4, 4);
    let pdb = PatternDb::shared(&goal).expect("4x4 tables");
    let tables =
        puzzlec_slide_check::tables::Tables::read(pdb.bytes(), &pdb.excess().expect("excess")).expect("tables");
    let mut checked = 0;
    for (start, horizon, t, cnf, layers) in boards_at_the_bound(&pdb) {
        let Some(blank) = layers.b[t][start.blank()] else { continue };
        let record = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut p = PdbPropagator::new(&layers.p, &goal, horizon, pdb.clone(), Arc::new(AtomicUsize::new(0)))
            .with_forward_branching(&start, &layers.act)
            .with_lookahead(&layers.b, &layers.act)
            .with_record(record.clone());
        p.new_level();
        p.assigned(&placements(&layers.p, &start, t));
        let mut clauses = Vec::new();
        while let Some(c) = p.clause() {
            clauses.push(c);
        }
        let lines = record.lock().unwrap().clone();
        let formula = puzzlec_slide_check::lemmas::Formula::read(&cnf.to_dimacs(), tables.shape).expect("the formula");
        for m in Move::ALL.into_iter().filter(|&m| start.can_apply(m)) {
            let mut child = start;
            child.apply(m);
            let act = layers.act[t][m.index()];
            let ruled_out = clauses.iter().any(|c| c.contains(&-act));
            assert_eq!(ruled_out, t + 1 + pdb.estimate(&child) > horizon, "{start:?}, move {m:?}");
        }
        for (c, line) in clauses.iter().zip(&lines) {
            assert!(c.contains(&-blank) && line.starts_with(&format!("l {t} ")), "{line}");
            let (got, counted) =
                puzzlec_slide_check::lemmas::check(line, &formula, &tables).expect("the checker accepts it");
            assert_eq!((got, counted.lookahead), (vec![c.clone()], 1));
            checked += 1;
        }
    }
    assert!(checked > 0, "no move was ruled out on any board");
}

/// Two moves ahead: on complete boards at the bound, a move is ruled out exactly when its
/// next board is too far or every move from there is, and each such next board truly
/// needs more moves than are left (the exact search says so), so no plan is cut. One
/// clause per board says so: its placements negated, then the moves left (none when
/// nothing is ruled out); with no move left the board is refuted whole, and it truly is
/// too far.
#[test]
fn two_moves_ahead_rule_out_dead_ends_and_nothing_else() {
    let goal = Board::goal(4, 4);
    let pdb = PatternDb::shared(&goal).expect("4x4 tables");
    let too_far = |b: &Board, s: usize, horizon: usize| s + pdb.estimate(b) > horizon;
    let distance = |b: &Board| match exact_shortest_path(b, &goal, None) {
        Search::Found(plan) => plan.len(),
        _ => panic!("solvable"),
    };
    let (mut dead_ends, mut dead_boards) = (0, 0);
    for (start, horizon, t, _, layers) in boards_at_the_bound(&pdb) {
        let mut p = PdbPropagator::new(&layers.p, &goal, horizon, pdb.clone(), Arc::new(AtomicUsize::new(0)))
            .with_forward_branching(&start, &layers.act)
            .with_lookahead(&layers.b, &layers.act)
            .with_moves_ahead(2);
        p.new_level();
        p.assigned(&placements(&layers.p, &start, t));
        let mut clauses = Vec::new();
        while let Some(c) = p.clause() {
            clauses.push(c);
        }
        let moves: Vec<Move> = Move::ALL.into_iter().filter(|&m| start.can_apply(m)).collect();
        let bad = |m: Move| {
            let mut child = start;
            child.apply(m);
            let dead = Move::ALL.into_iter().all(|n| {
                let mut next = child;
                !next.apply(n) || too_far(&next, t + 2, horizon)
            });
            (child, too_far(&child, t + 1, horizon), dead)
        };
        let left: Vec<Lit> =
            moves.iter().filter(|&&m| !(bad(m).1 || bad(m).2)).map(|&m| layers.act[t][m.index()]).collect();
        if left.len() == moves.len() {
            assert!(clauses.is_empty(), "{start:?}: nothing ruled out, yet {clauses:?}");
            continue;
        }
        let mut expected = placements(&layers.p, &start, t);
        expected.iter_mut().for_each(|l| *l = -*l);
        expected.extend(&left);
        assert_eq!(clauses, vec![expected], "{start:?}: one clause over the board and the moves left");
        if left.is_empty() {
            dead_boards += 1;
            assert!(t + distance(&start) > horizon, "{start:?}: a board within reach was refuted");
        }
        for m in moves {
            let (child, far, dead) = bad(m);
            if dead && !far {
                dead_ends += 1;
                assert!(t + 1 + distance(&child) > horizon, "{start:?}: a plan through {m:?} was cut");
            }
        }
    }
    assert!(dead_ends > 0 && dead_boards > 0, "dead ends {dead_ends}, dead boards {dead_boards}");
}

/// Several moves ahead, on complete boards at the bound: each move left out truly needs
/// more moves than are left (the exact search says so), a board refuted whole truly does,
/// and looking further rules out all that a shorter look did, and more on some boards.
#[test]
fn moves_ahead_cut_no_plan_and_see_further() {
    let goal = Board::goal(4, 4);
    let pdb = PatternDb::shared(&goal).expect("4x4 tables");
    let distance = |b: &Board| match exact_shortest_path(b, &goal, None) {
        Search::Found(plan) => plan.len(),
        _ => panic!("solvable"),
    };
    let (mut further, mut refuted) = (0, 0);
    for (start, horizon, t, _, layers) in boards_at_the_bound(&pdb) {
        let legal: Vec<Move> = Move::ALL.into_iter().filter(|&m| start.can_apply(m)).collect();
        // The moves the clause leaves (all of them without a clause), and whether one came.
        let left = |ahead: usize| {
            let mut p = PdbPropagator::new(&layers.p, &goal, horizon, pdb.clone(), Arc::new(AtomicUsize::new(0)))
                .with_forward_branching(&start, &layers.act)
                .with_lookahead(&layers.b, &layers.act)
                .with_moves_ahead(ahead);
            p.new_level();
            p.assigned(&placements(&layers.p, &start, t));
            let clause = p.clause();
            assert!(p.clause().is_none(), "one clause per board");
            let Some(clause) = clause else { return (legal.clone(), false) };
            let mut expected = placements(&layers.p, &start, t);
            expected.iter_mut().for_each(|l| *l = -*l);
            assert_eq!(clause[..expected.len()], expected[..], "{start:?}: the board's placements first");
            let moves = legal.iter().copied().filter(|m| clause.contains(&layers.act[t][m.index()])).collect();
            (moves, true)
        };
        let (two, six) = (left(2), left(6));
        assert!(
            six.0.iter().all(|m| two.0.contains(m)),
            "{start:?}: six moves ahead kept {:?}, two {:?}",
            six.0,
            two.0
        );
        further += usize::from(six.0.len() < two.0.len());
        for &m in legal.iter().filter(|m| !six.0.contains(m)) {
            let mut child = start;
            child.apply(m);
            assert!(t + 1 + distance(&child) > horizon, "{start:?}: a plan through {m:?} was cut");
        }
        if six.1 && six.0.is_empty() {
            refuted += 1;
            assert!(t + distance(&start) > horizon, "{start:?}: a board within reach was refuted");
        }
    }
    assert!(further > 0 && refuted > 0, "ruled out more on {further} boards, refuted {refuted}");
}
