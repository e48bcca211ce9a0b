//! `make bench`: timing goals, measured on the release binary as a user runs it. Figures are
//! medians of alternating runs in one go, reported with ratios (the machine is noisy).
//! Sections: `cross`, `hex`, `certify`, `anytime`, `slide`, `batch`; pass section names as arguments to run only some.

mod anytime_table;
mod batch_table;
mod slide_table;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Runs a command once and returns its wall time, failing loudly on a bad exit.
pub fn time_run(program: &str, args: &[&str], ok_codes: &[i32]) -> Duration {
    let started = Instant::now();
    let out = Command::new(program).args(args).output().unwrap_or_else(|e| panic!("{program}: {e}"));
    let took = started.elapsed();
    let code = out.status.code().unwrap_or(-1);
    assert!(ok_codes.contains(&code), "{program} {args:?} exited {code}:\n{}", String::from_utf8_lossy(&out.stderr));
    took
}

pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

pub fn puzzlec() -> &'static str {
    env!("CARGO_BIN_EXE_puzzlec")
}

fn verdict(took: Duration, goal: Duration) -> &'static str {
    if took <= goal {
        "meets goal"
    } else {
        "MISSES goal"
    }
}

fn cross() {
    println!("## cross slider, default 5x5 (sat encoding, embedded CaDiCaL)");
    let runs = 5;
    let proof = median((0..runs).map(|_| time_run(puzzlec(), &["solve", "cross", "-q"], &[0])).collect());
    let all = median((0..runs).map(|_| time_run(puzzlec(), &["solve", "cross", "--all", "-q"], &[0])).collect());
    let search = median(
        (0..runs).map(|_| time_run(puzzlec(), &["solve", "cross", "--all", "--solver", "search"], &[0])).collect(),
    );
    println!("| task | median of {runs} | goal | |");
    println!("|---|---|---|---|");
    println!(
        "| optimum (31) with proof | {:.3} s | 5 s | {} |",
        proof.as_secs_f64(),
        verdict(proof, Duration::from_secs(5))
    );
    println!("| all shortest (6) | {:.3} s | 10 s | {} |", all.as_secs_f64(), verdict(all, Duration::from_secs(10)));
    println!("| all shortest, exact search (oracle) | {:.3} s | - | |", search.as_secs_f64());
    println!();
}

fn hex() {
    println!("## magic hexagon: `puzzlec solve hex --all` against z3 on the seed's script");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/hex38-seed.smt2");
    let script = script.to_str().expect("utf-8 path");
    if Command::new("z3").arg("-version").output().is_err() {
        println!("z3 is not installed: skipped (apt-get install z3)\n");
        return;
    }
    let rounds = 5;
    let ours_args = ["solve", "hex", "--all", "--json"];
    // The same run held to one core (the cubes then take turns on one solver thread).
    let pinned = Command::new("taskset").arg("--version").output().is_ok();
    let one_core: Vec<&str> = ["-c", "0", puzzlec()].into_iter().chain(ours_args).collect();
    let (mut ours, mut ours_one, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        ours.push(time_run(puzzlec(), &ours_args, &[0]));
        if pinned {
            ours_one.push(time_run("taskset", &one_core, &[0]));
        }
        theirs.push(time_run("z3", &[script], &[0]));
    }
    let (ours, theirs) = (median(ours), median(theirs));
    let ratio = |t: Duration| theirs.as_secs_f64() / t.as_secs_f64();
    println!("| run | median of {rounds} (alternating) | z3 / run |");
    println!("|---|---|---|");
    println!(
        "| puzzlec solve hex --all (all 12 + proof; embedded CaDiCaL, cubes on every core, first-fail branching) | {:.3} s | {:.1}x |",
        ours.as_secs_f64(),
        ratio(ours)
    );
    if pinned {
        let one = median(ours_one);
        println!("| the same on one core (taskset -c 0) | {:.3} s | {:.1}x |", one.as_secs_f64(), ratio(one));
    }
    println!("| z3 benches/hex38-seed.smt2 (one solution) | {:.3} s | 1x |", theirs.as_secs_f64());
    println!(
        "\nratio: puzzlec is {:.1}x faster (goal: 100x; {})\n",
        ratio(ours),
        if ratio(ours) >= 100.0 { "met" } else { "not met" }
    );
}

fn certify() {
    println!("## --certify: the cost of checked DRAT proofs (prover cadical-bin, checker rate)");
    let seed = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";
    let cases: [(&str, Vec<&str>); 3] = [
        ("seed 15-puzzle (compact)", vec!["solve", "slide", "--board", seed, "--encoding", "compact", "-q"]),
        ("cross 5x5 (optimum 31)", vec!["solve", "cross", "-q"]),
        ("Hex38 --all (12, complete)", vec!["solve", "hex", "--all", "-q"]),
    ];
    let rounds = 5;
    println!("| instance | plain | --certify | ratio (goal <= 5) |");
    println!("|---|---|---|---|");
    for (name, args) in cases {
        let mut certified = args.clone();
        certified.push("--certify");
        let (mut plain, mut cert) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            plain.push(time_run(puzzlec(), &args, &[0]));
            cert.push(time_run(puzzlec(), &certified, &[0]));
        }
        let (p, c) = (median(plain), median(cert));
        let ratio = c.as_secs_f64() / p.as_secs_f64();
        let mark = if ratio <= 5.0 { "met" } else { "MISSED" };
        println!("| {name} | {:.3} s | {:.3} s | {ratio:.1}x {mark} |", p.as_secs_f64(), c.as_secs_f64());
    }
    println!();
}

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let run = |name: &str| wanted.is_empty() || wanted.iter().any(|w| w == name);
    if run("cross") {
        cross();
    }
    if run("hex") {
        hex();
    }
    if run("certify") {
        certify();
    }
    if run("anytime") {
        anytime_table::run_all();
    }
    if run("slide") {
        slide_table::run_all();
    }
    if run("batch") {
        batch_table::run_all();
    }
}
