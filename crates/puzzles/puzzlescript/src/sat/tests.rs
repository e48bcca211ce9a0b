//! The formula's steps against the interpreter's turns.

use super::Loop;
use puzzlec_solve::Outcome;

/// Three steps of the ice level with the inputs fixed: inputs that queue no `again`
/// turn (steps between the floor's cells and into walls) win nothing, and what the
/// `again` turns written after them would say (guarded, free where they are not due)
/// counts for nothing, their short bounds included: UNSAT. A step onto the ice queues
/// more `again` turns than the first bounds write: the step leans on that short bound,
/// SAT. (The first step is played on a known level, where the turns fold to constants;
/// the later ones are written on a level the first input decides.)
#[test]
fn an_again_turn_counts_only_where_it_is_due() {
    let game = crate::fixture("tests/fixtures/puzzlescript/ice_slide.txt");
    let (index, _) = game.boards().next().unwrap();
    let cells = crate::run::Session::new(&game, index).unwrap().level.cells;
    let backend = puzzlec_solve::Backend::embedded_sat();
    for (inputs, sat) in [("dud", false), ("ddl", false), ("ddr", true)] {
        let mut cnf = puzzlec_ir::Cnf::new();
        let u = super::encode(&game, index, &cells, 3, &super::first_bounds(&game), &mut cnf).unwrap();
        let fixed: Vec<i32> = inputs
            .chars()
            .enumerate()
            .map(|(t, letter)| u.inputs[t].iter().find(|(_, i)| i.letter() == letter).unwrap().0)
            .collect();
        drop(u);
        for lit in fixed {
            puzzlec_ir::ClauseSink::add_clause(&mut cnf, &[lit]);
        }
        let outcome = backend.solve_cnf(&cnf, std::time::Duration::from_secs(60)).unwrap();
        assert_eq!(matches!(outcome, Outcome::Sat(_)), sat, "inputs {inputs}");
    }
}

/// Each step of the formula is the interpreter's turn: random inputs (each one that
/// changes the level) fixed in a formula with no goal, and each step's level read from
/// the model, object by object, against the interpreter's. Plans are not enough to show
/// it: on short levels the guide's lemmas, played by the interpreter, answer for the
/// formula. The bounds are raised far enough that no step leans on them; where two
/// objects that move take one cell, movement written as chains says so (and the steps
/// after it are not compared), and movement written in order plays it.
#[test]
fn each_step_is_the_interpreters_turn() {
    use crate::run::{Session, Step};
    let backend = puzzlec_solve::Backend::embedded_sat();
    let files = [
        "tests/fixtures/puzzlescript/row_train.txt",
        "tests/fixtures/puzzlescript/quiet_row.txt",
        "tests/fixtures/puzzlescript/ice_slide.txt",
        "tests/fixtures/puzzlescript/chain_loop.txt",
        "tests/fixtures/puzzlescript/collide.txt",
        "examples/puzzlescript/crates.txt",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let (mut compared, mut collided) = (0, 0);
    for file in files {
        let game = crate::fixture(file);
        let inputs = crate::search::inputs(&game);
        let ow = game.object_words;
        for (index, _) in game.boards() {
            for (run, ordered) in [false, true, false, true].into_iter().enumerate() {
                let mut s = Session::new(&game, index).unwrap();
                s.keep_undo = false;
                let mut bounds = super::first_bounds(&game);
                bounds.passes = 16;
                bounds.repeats.iter_mut().chain(&mut bounds.late_repeats).for_each(|r| *r = 8);
                bounds.loops.iter_mut().chain(&mut bounds.late_loops).for_each(|r| *r = 8);
                bounds.agains = 16;
                bounds.ordered = ordered;
                let rules = game.rules.iter().chain(&game.late_rules).flatten();
                bounds.products.extend(rules.filter(|r| r.rows.len() > 1).map(|r| r.line));
                let mut cnf = puzzlec_ir::Cnf::new();
                let mut u = super::Unroll::new(&game, index, &s.level.cells, bounds, &mut cnf).unwrap();
                u.no_return = false;
                let (mut fixed, mut want, mut levels) = (Vec::new(), Vec::new(), Vec::new());
                for t in 0..8 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let before = s.level.cells.clone();
                    let choice = (0..inputs.len()).map(|k| (k + seed as usize) % inputs.len()).find(|&k| {
                        let mut trial = Session::new(&game, index).unwrap();
                        trial.reset(&before, &before);
                        trial.step(Step::Input(inputs[k]));
                        trial.level.cells != before && !trial.runaway
                    });
                    let Some(k) = choice else { break };
                    s.step(Step::Input(inputs[k]));
                    u.step().unwrap();
                    fixed.push(u.inputs[t][k].0);
                    levels.push((u.level.objects().to_vec(), u.overflow[t].clone(), u.won[t]));
                    // A won level is the next level's start: only the win is compared.
                    want.push(if s.wins > 0 { Vec::new() } else { s.level.cells.clone() });
                    if s.wins > 0 {
                        break;
                    }
                }
                drop(u);
                for &lit in &fixed {
                    puzzlec_ir::ClauseSink::add_clause(&mut cnf, &[lit]);
                }
                let outcome = backend.solve_cnf(&cnf, std::time::Duration::from_secs(60)).unwrap();
                let Outcome::Sat(model) = outcome else { panic!("{file} entry {index}: no model") };
                let value = |l: i32| l == super::circuit::T || (l != super::F && model.lit(l) == Some(true));
                for (t, ((objects, overflow, won), cells)) in levels.iter().zip(&want).enumerate() {
                    let short: Vec<Loop> = overflow.iter().filter(|o| value(o.0)).map(|o| o.1).collect();
                    if !ordered && short == [Loop::Collide] {
                        collided += 1;
                        break;
                    }
                    assert!(short.is_empty(), "{file} entry {index} run {run} step {t}: {short:?}");
                    assert_eq!(value(*won), cells.is_empty(), "{file} entry {index} step {t}: the win");
                    if cells.is_empty() {
                        continue;
                    }
                    let k = game.objects.len();
                    for (n, &lit) in objects.iter().enumerate() {
                        let (i, o) = (n / k, n % k);
                        let got = value(lit);
                        let want = crate::lang::bits::get(&cells[i * ow..(i + 1) * ow], o);
                        assert_eq!(got, want, "{file} entry {index} step {t}: cell {i} object {o}");
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 50, "steps compared: {compared}");
    assert!(collided > 0, "no sequence had two objects take one cell");
}
