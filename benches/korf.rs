//! `make bench-korf`: Korf's 100 15-puzzle instances through the fast SAT path (`compact` on
//! the embedded CaDiCaL, horizons from the lower bound by 2), each under a time limit.
//! Prints per instance the published optimum, every horizon's answer and time, and whether
//! the optimum was proved (the horizon 2 below answered UNSAT); each plan is replayed by the
//! driver and its length compared with the exact search's (IDA*).
//!
//! Arguments (all optional): `--range A..B` positions in the list sorted by optimum (default
//! 1..10: the ten smallest optima), `--limit SECS` per instance (default 60), `--cubes
//! frontier|ranked|off` (default frontier), `--propagator on|off` (the pattern databases
//! inside the solver; default on), `--branching on|off` (the propagator also decides,
//! forward; default on), `--ablation` (the range under the combinations, one after the
//! other), `--fresh N` (instead of Korf's boards, N boards drawn uniformly from the
//! solvable ones as Korf's were, seeds from `--seed S`, default 9001, that no setting was
//! tuned on; their optima from the exact search), `--search` (the exact search instead,
//! whole process; see `korf_search.rs`), `--short N [--seed S] [--against BIN]` (4x4 boards of optimum
//! 24-34 through `--solver cadical`, random walks from seed `--seed`, default 11001), `--ids 64,56` (those of Korf's boards, in that order,
//! instead of a range), `--certify` (each board uncertified, then with `--certify`, whole
//! process; see `korf_certify.rs`).
//!
//! Beside each SAT row: the exact search on the same board (whole process, tables cached)
//! and the ratio of the two, with their median and worst at the end.

mod korf_certify;
mod korf_search;

use std::time::{Duration, Instant};

use puzzlec_drive::horizon::{shortest, Horizons, Shortest};
use puzzlec_slide::drive::{probe_with, Cubes, Strategy};
use puzzlec_slide::encodings::{compact::Compact, compact::Ingredients};
use puzzlec_slide::rules::{benchset::uniform_board, parse_board, Board, Heuristic};
use puzzlec_slide::search::{exact_shortest_path, Search};
use puzzlec_solve::Backend;

struct Instance {
    id: String,
    board: Board,
    optimum: usize,
}

fn instances() -> Vec<Instance> {
    let text = include_str!("korf100.txt");
    let mut all: Vec<Instance> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<&str> = l.split_whitespace().collect();
            let tiles: Vec<&str> = v[1..17].iter().map(|t| if *t == "0" { "_" } else { t }).collect();
            let rows: Vec<String> = tiles.chunks(4).map(|r| r.join(" ")).collect();
            Instance {
                id: v[0].to_owned(),
                board: parse_board(&rows.join(" / ")).expect("a board"),
                optimum: v[17].parse().expect("a length"),
            }
        })
        .collect();
    all.sort_by_key(|i| (i.optimum, i.id.parse::<usize>().unwrap_or(0)));
    all
}

fn run(list: &[&Instance], limit: Duration, strategy: Strategy) -> usize {
    let on = |b: bool| if b { "on" } else { "off" };
    println!(
        "### cubes: {:?}, propagator: {}, branching: {}, limit {} s per instance",
        strategy.cubes,
        on(strategy.propagator),
        on(strategy.branching),
        limit.as_secs()
    );
    println!("| id | optimum | horizons (answer, seconds) | total s | proved optimal | = exact search | search s | SAT / search |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut ratios = Vec::new();
    let backend = Backend::embedded_sat();
    let mut proved = 0;
    for inst in list {
        let goal = Board::goal(4, 4);
        let started = Instant::now();
        let lb = Heuristic::new(&goal).manhattan_linear_conflict(&inst.board);
        let h = Horizons { lower_bound: lb, step: 2, max: 80, deadline: Some(started + limit) };
        let mut seen = Vec::new();
        let out = shortest(
            h,
            |k, left| probe_with(&Compact, &backend, &inst.board, &goal, k, left, Ingredients::DEFAULT, strategy, None),
            |a| seen.push(format!("{} {} {:.1}", a.horizon, a.result, a.seconds)),
        );
        let total = started.elapsed().as_secs_f64();
        let (ok, same) = match out {
            Ok(Shortest::Found { plan, optimal, .. }) => {
                let exact = match exact_shortest_path(&inst.board, &goal, None) {
                    Search::Found(p) => p.len(),
                    _ => 0,
                };
                (optimal && plan.len() == inst.optimum, if plan.len() == exact { "yes" } else { "NO" })
            }
            _ => (false, "-"),
        };
        proved += usize::from(ok);
        let (search, _) = korf_search::solve(env!("CARGO_BIN_EXE_puzzlec"), &inst.board, "search", None);
        let ratio = total / search;
        if ok {
            ratios.push(ratio);
        }
        println!(
            "| {} | {} | {} | {total:.1} | {} | {same} | {search:.3} | {ratio:.1} |",
            inst.id,
            inst.optimum,
            seen.join("; "),
            if ok { "yes" } else { "no" }
        );
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios.get(ratios.len() / 2).copied().unwrap_or(f64::NAN);
    let worst = ratios.last().copied().unwrap_or(f64::NAN);
    println!(
        "\nproved optimal: {proved} of {}; SAT / search over those proved: median {median:.1}, worst {worst:.1}\n",
        list.len()
    );
    proved
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let (a, b) = value("--range")
        .and_then(|r| r.split_once("..").map(|(a, b)| (a.parse().unwrap_or(1), b.parse().unwrap_or(10))))
        .unwrap_or((1usize, 10usize));
    let limit = Duration::from_secs_f64(value("--limit").and_then(|s| s.parse().ok()).unwrap_or(60.0));
    let fresh: Option<u64> = value("--fresh").and_then(|n| n.parse().ok());
    let first: u64 = value("--seed").and_then(|s| s.parse().ok()).unwrap_or(9001);
    let all = match fresh {
        Some(n) => (first..first + n)
            .map(|seed| {
                let board = uniform_board(4, 4, seed);
                let Search::Found(plan) = exact_shortest_path(&board, &Board::goal(4, 4), None) else {
                    panic!("solvable")
                };
                Instance { id: format!("uniform-s{seed}"), board, optimum: plan.len() }
            })
            .collect(),
        None => instances(),
    };
    let ids: Option<Vec<String>> = value("--ids").map(|v| v.split(',').map(str::to_owned).collect());
    let list: Vec<&Instance> = match (fresh, &ids) {
        (Some(_), _) => all.iter().collect(),
        (None, Some(ids)) => ids.iter().filter_map(|id| all.iter().find(|i| &i.id == id)).collect(),
        (None, None) => all.iter().skip(a.saturating_sub(1)).take(b + 1 - a.max(1)).collect(),
    };
    if let Some(n) = value("--short").and_then(|n| n.parse().ok()) {
        println!("## 4x4 boards of optimum 24-34 through `--solver cadical`, whole process\n");
        let first = value("--seed").and_then(|s| s.parse().ok()).unwrap_or(11001);
        return korf_search::short(n, first, value("--against").as_deref());
    }
    if args.iter().any(|a| a == "--certify") {
        println!("## `--certify` against the uncertified run, whole process, one after the other\n");
        let boards: Vec<(String, Board, usize)> = list.iter().map(|i| (i.id.clone(), i.board, i.optimum)).collect();
        return korf_certify::certify(&boards, limit);
    }
    if args.iter().any(|a| a == "--search") {
        println!("## The exact search (`--solver search`), whole process, one per board\n");
        let boards: Vec<(String, Board, usize)> = list.iter().map(|i| (i.id.clone(), i.board, i.optimum)).collect();
        return korf_search::search(&boards);
    }
    match fresh {
        Some(n) => println!("## {n} fresh uniformly random 4x4 boards through SAT (compact, embedded CaDiCaL)\n"),
        None => match &ids {
            Some(ids) => println!("## Korf's 100 through SAT: boards {} (compact, embedded CaDiCaL)\n", ids.join(", ")),
            None => println!("## Korf's 100 through SAT: positions {a}..{b} by optimum (compact, embedded CaDiCaL)\n"),
        },
    }
    let cubes = match value("--cubes").as_deref() {
        Some("ranked") => Cubes::Ranked,
        Some("off") => Cubes::Off,
        _ => Cubes::Frontier,
    };
    let propagator = value("--propagator").as_deref() != Some("off");
    let branching = propagator && value("--branching").as_deref() != Some("off");
    let mode = |cubes, propagator, branching| Strategy { cubes, propagator, branching };
    let modes: Vec<Strategy> = match args.iter().any(|a| a == "--ablation") {
        true => vec![
            mode(Cubes::Frontier, true, true),
            mode(Cubes::Frontier, true, false),
            mode(Cubes::Frontier, false, false),
            mode(Cubes::Off, true, true),
            mode(Cubes::Off, true, false),
            mode(Cubes::Off, false, false),
            mode(Cubes::Ranked, false, false),
        ],
        false => vec![mode(cubes, propagator, branching)],
    };
    for mode in modes {
        run(&list, limit, mode);
    }
}
