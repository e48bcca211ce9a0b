//! The sliding-tile table (issue C): every encoding and backend on the bench set, the
//! ablation of `compact`'s ingredients, and incremental horizons against re-encoding.

use std::time::{Duration, Instant};

use puzzlec_drive::horizon::{shortest, Horizons, Shortest};
use puzzlec_drive::Formula;
use puzzlec_slide::drive::{encode_with, incremental_shortest, probe_with, Cubes, Strategy};
use puzzlec_slide::encodings::compact::Ingredients;
use puzzlec_slide::encodings::{bright::Bright, bv::Bv, compact::Compact, SlideEncoding};
use puzzlec_slide::rules::benchset::{bench_set, BenchBoard};
use puzzlec_slide::rules::{Board, Heuristic};
use puzzlec_slide::search::{exact_shortest_path, Search};
use puzzlec_solve::{Backend, Registry};

/// Per-instance time limit.
const LIMIT: Duration = Duration::from_secs(60);
/// `bright` grows too big beyond this optimum to finish within the limit; `bv` (bit-vector
/// reasoning in z3 and cvc5) already takes seconds at 16.
const BRIGHT_UP_TO: usize = 30;
const BV_UP_TO: usize = 16;

/// `compact`'s ingredients and whether the embedded solver goes through cubes.
#[derive(Clone, Copy)]
struct Tactics {
    ing: Ingredients,
    strategy: Strategy,
}

const DEFAULT: Tactics = Tactics { ing: Ingredients::DEFAULT, strategy: Strategy::DEFAULT };

struct Case {
    name: String,
    start: Board,
    goal: Board,
    optimum: usize,
}

fn cases() -> Vec<Case> {
    bench_set()
        .into_iter()
        .map(|BenchBoard { name, board }| {
            let goal = Board::goal(board.rows(), board.cols());
            let Search::Found(plan) = exact_shortest_path(&board, &goal, None) else { panic!("{name}: no optimum") };
            Case { name, start: board, goal, optimum: plan.len() }
        })
        .collect()
}

/// Seconds to prove the optimum (None: time limit or wrong answer, which is reported).
fn prove(
    case: &Case,
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    tactics: Tactics,
    incremental: bool,
) -> Option<f64> {
    let Tactics { ing, strategy } = tactics;
    let started = Instant::now();
    let lb = Heuristic::new(&case.goal).manhattan_linear_conflict(&case.start);
    let h = Horizons { lower_bound: lb, step: 2, max: 90, deadline: Some(started + LIMIT) };
    let out = if incremental {
        incremental_shortest(&Compact, backend, &case.start, &case.goal, ing, strategy.cubes != Cubes::Off, h, |_| {})
    } else {
        shortest(
            h,
            |k, limit| probe_with(encoding, backend, &case.start, &case.goal, k, limit, ing, strategy, None),
            |_| {},
        )
    };
    match out {
        Ok(Shortest::Found { plan, optimal: true, .. }) if plan.len() == case.optimum => {
            Some(started.elapsed().as_secs_f64())
        }
        Ok(Shortest::Found { plan, optimal, .. }) => {
            println!(
                "<!-- {}: {} gave {} moves (optimal {optimal}), oracle {} -->",
                case.name,
                backend.id(),
                plan.len(),
                case.optimum
            );
            None
        }
        Ok(_) => None,
        Err(e) => {
            println!("<!-- {}: {e} -->", case.name);
            None
        }
    }
}

fn size(case: &Case, encoding: &dyn SlideEncoding, backend: &Backend) -> (usize, usize) {
    match encode_with(encoding, &case.start, &case.goal, case.optimum, backend.form(), Ingredients::default()) {
        Some(Formula::Cnf(c)) => (c.num_vars() as usize, c.num_clauses()),
        Some(Formula::Smt(s)) => (s.declarations().len(), s.num_assertions()),
        None => (0, 0),
    }
}

fn secs(t: Option<f64>) -> String {
    t.map_or(format!("> {}", LIMIT.as_secs()), |t| format!("{t:.3}"))
}

pub fn run_all() {
    let registry = Registry::load(None).expect("the registry loads");
    let backend = |id: &str| Backend::resolve(id, &registry).ok();
    let cases = cases();
    println!("## sliding tiles: shortest plan with proof, per encoding and backend (limit {} s)\n", LIMIT.as_secs());
    println!("| encoding | solver | board | optimum | seconds | variables | clauses | ratio to bright |");
    println!("|---|---|---|---|---|---|---|---|");
    // (encoding, solver, longest optimum tried, is the baseline, is the fast path)
    let configs: [(&dyn SlideEncoding, &str, usize, bool, bool); 6] = [
        (&Bright, "cadical", BRIGHT_UP_TO, true, false),
        (&Compact, "cadical", usize::MAX, false, true),
        (&Compact, "cadical-bin", usize::MAX, false, false),
        (&Bright, "z3", BRIGHT_UP_TO, true, false),
        (&Bv, "z3", BV_UP_TO, false, false),
        (&Bv, "cvc5", BV_UP_TO, false, false),
    ];
    let mut compact_4x4: Vec<(usize, Option<f64>)> = Vec::new();
    let mut ratios_25_30: Vec<f64> = Vec::new();
    for case in &cases {
        let mut bright_by_solver: Vec<(&str, Option<f64>)> = Vec::new();
        for (encoding, id, up_to, baseline, fast) in configs {
            let Some(b) = backend(id) else { continue };
            if case.optimum > up_to {
                continue;
            }
            let t = prove(case, encoding, &b, DEFAULT, false);
            let (vars, clauses) = size(case, encoding, &b);
            let bright = bright_by_solver.iter().find(|(s, _)| *s == id).map(|(_, t)| *t);
            let ratio = match (bright, t) {
                (Some(Some(bt)), Some(t)) => format!("{:.1}", bt / t),
                (Some(None), Some(t)) => format!("> {:.1}", LIMIT.as_secs_f64() / t),
                _ => "-".into(),
            };
            if baseline {
                bright_by_solver.push((id, t));
            }
            if fast {
                if case.start.len() == 16 {
                    compact_4x4.push((case.optimum, t));
                }
                if (25..=30).contains(&case.optimum) && case.start.len() == 16 {
                    if let Ok(r) = ratio.trim_start_matches("> ").parse::<f64>() {
                        ratios_25_30.push(r);
                    }
                }
            }
            println!(
                "| {} | {id} | {} | {} | {} | {vars} | {clauses} | {ratio} |",
                encoding.name(),
                case.name,
                case.optimum,
                secs(t)
            );
        }
    }
    let worst = compact_4x4.iter().map(|(_, t)| t.unwrap_or(f64::INFINITY)).fold(0.0, f64::max);
    println!(
        "\ncompact on the embedded solver, 4x4 boards up to 45: slowest {} s (goal: each within 60 s)",
        secs(worst.is_finite().then_some(worst))
    );
    if !ratios_25_30.is_empty() {
        let min = ratios_25_30.iter().cloned().fold(f64::INFINITY, f64::min);
        println!("compact vs bright on cadical, 4x4 optimum 25-30: smallest ratio {min:.1} (goal: 50)");
    }
    ablation(&cases);
    incremental(&cases);
}

fn ablation(cases: &[Case]) {
    println!("\n## compact ablation (embedded CaDiCaL, seconds to prove the optimum)\n");
    let with = |ing: Ingredients| Tactics { ing, strategy: Strategy::DEFAULT };
    let strategy = |cubes: Cubes, propagator: bool| Tactics {
        strategy: Strategy { cubes, propagator, branching: propagator },
        ..DEFAULT
    };
    let variants: [(&str, Tactics); 10] = [
        ("all", DEFAULT),
        ("no reachability", with(Ingredients { reachability: false, ..Ingredients::DEFAULT })),
        ("no away count", with(Ingredients { away_count: false, ..Ingredients::DEFAULT })),
        ("no undo ban", with(Ingredients { no_undo: false, ..Ingredients::DEFAULT })),
        ("no conflicts", with(Ingredients { conflicts: false, ..Ingredients::DEFAULT })),
        ("with detours", with(Ingredients { detours: true, ..Ingredients::DEFAULT })),
        ("AMO every step", with(Ingredients { every_step_amo: true, ..Ingredients::DEFAULT })),
        ("no propagator (nor its branching)", strategy(Cubes::Frontier, false)),
        ("no cubes", strategy(Cubes::Off, true)),
        ("ranked cubes, no pattern-database frontier", strategy(Cubes::Ranked, true)),
    ];
    print!("| board | optimum |");
    variants.iter().for_each(|(n, _)| print!(" {n} |"));
    println!();
    println!("|---|---|{}", "---|".repeat(variants.len()));
    let cadical = Backend::embedded_sat();
    for case in cases.iter().filter(|c| (20..=32).contains(&c.optimum) && c.start.len() >= 12) {
        print!("| {} | {} |", case.name, case.optimum);
        for (_, tactics) in variants {
            print!(" {} |", secs(prove(case, &Compact, &cadical, tactics, false)));
        }
        println!();
    }
}

fn incremental(cases: &[Case]) {
    println!("\n## compact: incremental horizons against re-encoding each horizon (embedded CaDiCaL)\n");
    println!("| board | optimum | re-encode s | incremental s | gain |");
    println!("|---|---|---|---|---|");
    let cadical = Backend::embedded_sat();
    for case in cases.iter().filter(|c| c.start.len() == 16 && c.optimum <= 40) {
        let fresh = prove(case, &Compact, &cadical, DEFAULT, false);
        let inc = prove(case, &Compact, &cadical, DEFAULT, true);
        let gain = match (fresh, inc) {
            (Some(f), Some(i)) => format!("{:.2}x", f / i),
            _ => "-".into(),
        };
        println!("| {} | {} | {} | {} | {gain} |", case.name, case.optimum, secs(fresh), secs(inc));
    }
}
