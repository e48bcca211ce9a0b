//! The reference engine's own suites. `testdata.js`: every case is compiled, played input by
//! input (games of chance with the case's seed, through the reference's own generator), and
//! its final level compared with the text the reference recorded. `errormessage_testdata.js`:
//! a game is rejected exactly when the reference finds an error in it.

use std::path::PathBuf;
use std::process::Command;

use puzzlec_puzzlescript::run::{Input, Session, Step};
use serde_json::Value;

/// The reference material: `PUZZLESCRIPT_REFERENCE`, else `shared/puzzlescript` beside an
/// ancestor of this crate or of the working directory, else `/work/shared/puzzlescript`.
fn reference() -> PathBuf {
    if let Ok(p) = std::env::var("PUZZLESCRIPT_REFERENCE") {
        return PathBuf::from(p);
    }
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let cwd = std::env::current_dir().unwrap_or_default();
    for start in [here, cwd] {
        for dir in start.ancestors() {
            let p = dir.join("shared/puzzlescript");
            if p.join("src/tests/resources/testdata.js").exists() {
                return p;
            }
        }
    }
    PathBuf::from("/work/shared/puzzlescript")
}

/// The suite's cases as JSON, read by node from the reference's own file.
fn cases(file: &str, var: &str) -> Vec<Value> {
    let path = reference().join("src/tests/resources").join(file);
    assert!(path.exists(), "the reference suite is not at {} (set PUZZLESCRIPT_REFERENCE)", path.display());
    // A seed given as a number reaches the reference's generator as its JSON text.
    let script = format!(
        "const fs=require('fs');eval(fs.readFileSync(process.argv[1],'utf8')+';for(const c of {var}){{if(Array.isArray(c[1])&&c[1][4]!==undefined&&typeof c[1][4]!==\"string\")c[1][4]=JSON.stringify(c[1][4]);}}process.stdout.write(JSON.stringify({var}))')"
    );
    let out = Command::new("node").arg("-e").arg(script).arg(&path).output().expect("node runs");
    assert!(out.status.success(), "node could not read {}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice::<Vec<Value>>(&out.stdout).expect("the suite reads as JSON")
}

fn steps(inputs: &Value) -> Vec<Step> {
    inputs
        .as_array()
        .expect("inputs")
        .iter()
        .map(|v| match v {
            Value::String(s) if s == "undo" => Step::Undo,
            Value::String(s) if s == "restart" => Step::Restart,
            Value::String(s) if s == "tick" => Step::Tick,
            v => Step::Input(Input::from_index(v.as_u64().expect("an input")).expect("an input 0..4")),
        })
        .collect()
}

#[test]
fn the_reference_suite_is_reproduced() {
    let all = cases("testdata.js", "testdata");
    let (mut passed, mut chance_passed, mut failed) = (0, 0, Vec::new());
    for case in &all {
        let name = case[0].as_str().unwrap_or("?");
        let data = &case[1];
        let text = data[0].as_str().expect("source");
        // The reference plays a game despite errors, as long as something is left to play.
        let game = match puzzlec_puzzlescript::compile_leniently(text) {
            (Some(g), _, _) => g,
            (None, errors, _) => {
                failed.push(format!("{name}: does not compile: {}", errors[0]));
                continue;
            }
        };
        let seed = data.get(4).and_then(Value::as_str);
        // The level index is a number, or in some cases its text.
        let index = match data.get(3) {
            Some(Value::String(s)) => s.parse().expect("a level index"),
            Some(v) => v.as_u64().unwrap_or(0) as usize,
            None => 0,
        };
        let Some(mut session) = Session::seeded(&game, index, seed) else {
            failed.push(format!("{name}: no level"));
            continue;
        };
        for s in steps(&data[1]) {
            session.step(s);
        }
        let got = session.text();
        match (got == data[2].as_str().unwrap_or(""), game.chance.is_some()) {
            (true, false) => passed += 1,
            (true, true) => chance_passed += 1,
            (false, _) => {
                failed.push(format!("{name}: final level differs\n{got}\nexpected\n{}", data[2].as_str().unwrap_or("")))
            }
        }
    }
    println!(
        "{passed} deterministic and {chance_passed} of chance (with their seed) reproduced, {} missed, of {}",
        failed.len(),
        all.len()
    );
    for f in &failed {
        println!("missed: {f}");
    }
    assert!(failed.is_empty(), "{} of {} cases missed", failed.len(), all.len());
}

/// The compiler's error suite: a game is rejected here exactly when the reference finds an
/// error in it (its recorded error count is not zero).
#[test]
fn games_the_reference_rejects_are_rejected() {
    let all = cases("errormessage_testdata.js", "errormessage_testdata");
    let (mut agree, mut misses) = (0, Vec::new());
    for case in &all {
        let name = case[0].as_str().unwrap_or("?");
        let data = &case[1];
        let text = data[0].as_str().expect("source");
        let rejected_there = data[2].as_u64().unwrap_or(0) > 0;
        let outcome = std::panic::catch_unwind(|| puzzlec_puzzlescript::compile(text).map(|_| ()));
        let rejected_here = match outcome {
            Ok(r) => r.is_err(),
            Err(_) => {
                misses.push(format!("{name}: panicked"));
                continue;
            }
        };
        match rejected_here == rejected_there {
            true => agree += 1,
            false => {
                let first = puzzlec_puzzlescript::compile(text).err().map(|e| e.to_string()).unwrap_or_default();
                misses.push(format!(
                    "{name}: reference {} ({:?}), here {} {first}",
                    if rejected_there { "rejects" } else { "accepts" },
                    data[1].get(0),
                    if rejected_here { "rejects" } else { "accepts" }
                ));
            }
        }
    }
    println!("{agree} of {} agree", all.len());
    for m in &misses {
        println!("differs: {m}");
    }
    assert!(misses.is_empty(), "{} of {} games judged otherwise", misses.len(), all.len());
}

/// The search's plans on the reference's demo games (every level, up to 1,000 states or a
/// fifth of a second each: what is covered varies with the machine, what must hold does not) replay
/// through a fresh interpreter: a search resumed at stored states plays the same turns.
#[test]
fn the_searchs_plans_on_the_demo_games_replay() {
    let demo = reference().join("src/demo");
    let mut names: Vec<_> = std::fs::read_dir(&demo)
        .expect("the demo games")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    let (mut plans, mut failures) = (0, Vec::new());
    for path in names {
        let Ok(game) = puzzlec_puzzlescript::compile(&std::fs::read_to_string(&path).unwrap()) else { continue };
        if puzzlec_puzzlescript::search::refusal(&game).is_some() {
            continue;
        }
        for (index, _) in game.boards() {
            let deadline = Some(std::time::Instant::now() + std::time::Duration::from_millis(200));
            let limits =
                puzzlec_puzzlescript::search::Limits { max_states: Some(1_000), max_depth: None, deadline, stop: None };
            let report = puzzlec_puzzlescript::search::shortest(&game, index, limits, &mut |_, _| {}).expect("a level");
            if let puzzlec_puzzlescript::search::Found::Plan(plan) = report.found {
                plans += 1;
                if let Err(why) = puzzlec_puzzlescript::judge::replay(&game, index, &plan) {
                    failures.push(format!("{} entry {index}: {why}", path.display()));
                }
            }
        }
    }
    println!("{plans} plans replayed");
    assert!(plans > 30, "only {plans} plans found");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Games broken at random (lines dropped, doubled or cut, characters changed) never make
/// the compiler or the interpreter panic: each is compiled, and played a few inputs when it
/// compiles. The seed is fixed, so a failure comes back.
#[test]
fn broken_games_never_panic() {
    let demo = reference().join("src/demo");
    let mut games = vec![std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/puzzlescript/crates.txt"
    ))
    .unwrap()];
    for name in [
        "microban",
        "atlas shrank",
        "kettle",
        "lunar_lockout",
        "heroes_of_sokoban",
        "rigid_scott1",
        "castlemouse",
        "cute train",
    ] {
        games.push(std::fs::read_to_string(demo.join(format!("{name}.txt"))).expect("a demo game"));
    }
    let mut rng = fastrand::Rng::with_seed(7);
    let mut compiled = 0;
    for round in 0..600 {
        let text = &games[round % games.len()];
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        for _ in 0..rng.usize(1..4) {
            let at = rng.usize(..lines.len().max(1));
            match rng.u8(..4) {
                0 if !lines.is_empty() => drop(lines.remove(at)),
                1 if !lines.is_empty() => lines.insert(at, lines[at].clone()),
                2 if !lines.is_empty() => {
                    let cut = rng.usize(..=lines[at].len());
                    let keep: String = lines[at].chars().take(cut).collect();
                    lines[at] = keep;
                }
                _ if !lines.is_empty() => {
                    let mut chars: Vec<char> = lines[at].chars().collect();
                    if !chars.is_empty() {
                        let i = rng.usize(..chars.len());
                        chars[i] = ['(', ')', '[', ']', '|', '>', '.', '#', 'x', ' ', '='][rng.usize(..11)];
                    }
                    lines[at] = chars.into_iter().collect();
                }
                _ => {}
            }
        }
        let broken = lines.join("\n");
        let outcome = std::panic::catch_unwind(|| {
            let (game, _, _) = puzzlec_puzzlescript::compile_leniently(&broken);
            let Some(game) = game else { return false };
            if let Some((index, _)) = game.boards().next() {
                if let Some(mut s) = Session::seeded(&game, index, Some("1")) {
                    s.deadline = Some(std::time::Instant::now() + std::time::Duration::from_millis(200));
                    for i in [Input::Right, Input::Up, Input::Action, Input::Left] {
                        s.step(Step::Input(i));
                    }
                }
            }
            true
        });
        match outcome {
            Ok(ok) => compiled += usize::from(ok),
            Err(_) => panic!("round {round}: a broken game panicked:\n{broken}"),
        }
    }
    println!("{compiled} of 600 broken games compiled and were played");
}

/// A SAT search honours its time limit on a horizon whose bounds were raised (a formula with
/// a long trail, where CaDiCaL's chronological backtracking once ran minutes past the limit):
/// it gives up with "time limit", within a generous margin of the 30 s asked for.
/// Castlemouse's entry 5 (its animals slide through `again` turns, more than the first bound
/// writes) raises a bound within its first horizons and has no answer in a minute.
#[test]
fn a_sat_search_stops_at_its_time_limit_after_raising_a_bound() {
    let path = reference().join("src/demo/castlemouse.txt");
    let game =
        puzzlec_puzzlescript::compile(&std::fs::read_to_string(&path).expect("the demo game")).expect("compiles");
    let index = game.boards().find(|b| b.0 == 5).expect("a level at entry 5").0;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(30));
        let limits = puzzlec_puzzlescript::search::Limits { max_states: None, max_depth: None, deadline, stop: None };
        let report = puzzlec_puzzlescript::sat::drive::shortest(&game, index, limits, &mut |_, _, _| {});
        let _ = tx.send(report.map(|r| (r.found, r.raised)));
    });
    let ended = rx.recv_timeout(std::time::Duration::from_secs(120));
    let (found, raised) = ended.expect("the search ended within 120 s").expect("the search runs");
    assert!(raised > 0, "the level raises a bound before its limit: {found:?}");
    assert!(
        matches!(&found, puzzlec_puzzlescript::search::Found::GaveUp { why, .. } if why.contains("time")),
        "{found:?}"
    );
}

/// The SAT path (its horizons galloping, the interpreter guiding the solver) finds plans of
/// the search's length on small demo levels, each proved optimal by the UNSAT of the horizon
/// below, and each plan replays. Levels of several kinds: pushing (microban), players that
/// each answer one direction and chains of pushes (kettle), a slide through rule repetitions
/// and a rule of four rows (slidings).
#[test]
fn sat_with_the_guide_agrees_with_the_search() {
    let mut checked = 0;
    for (name, levels) in [("microban", &[1, 2][..]), ("kettle", &[1, 5]), ("slidings", &[1, 2, 3])] {
        let path = reference().join(format!("src/demo/{name}.txt"));
        let game =
            puzzlec_puzzlescript::compile(&std::fs::read_to_string(&path).expect("the demo game")).expect("compiles");
        let boards: Vec<usize> = game.boards().map(|(index, _)| index).collect();
        for &n in levels {
            let index = boards[n - 1];
            let limits = |secs| puzzlec_puzzlescript::search::Limits {
                max_states: None,
                max_depth: None,
                deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(secs)),
                stop: None,
            };
            let searched = puzzlec_puzzlescript::search::shortest(&game, index, limits(60), &mut |_, _| {});
            let puzzlec_puzzlescript::search::Found::Plan(shortest) = searched.expect("a level").found else {
                panic!("{name} {n}: the search finds no plan");
            };
            let report = puzzlec_puzzlescript::sat::drive::shortest(&game, index, limits(300), &mut |_, _, _| {})
                .expect("the SAT path runs");
            let puzzlec_puzzlescript::search::Found::Plan(plan) = report.found else {
                panic!("{name} {n}: SAT found {:?}", report.found);
            };
            assert_eq!(plan.len(), shortest.len(), "{name} {n}: {:?}", report.horizons);
            // Proved by the UNSAT of the horizon below (none below one input).
            let below = report.horizons.iter().any(|h| h.0 + 1 == plan.len() && h.1 == "unsat");
            assert!(below || plan.len() == 1, "{name} {n}: {:?}", report.horizons);
            puzzlec_puzzlescript::judge::replay(&game, index, &plan).expect("the plan replays");
            checked += 1;
        }
    }
    assert_eq!(checked, 7);
}
