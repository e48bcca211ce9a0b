//! PuzzleScript through the CLI: levels solved by the breadth-first search and replayed,
//! every level in turn, plans verified, and bad games refused at their line and column.

use crate::util::{puzzlec, Run};

const CRATES: &str = "examples/puzzlescript/crates.txt";
const CHAIN: &str = "tests/fixtures/puzzlescript/chain_loop.txt";

fn crates_text() -> String {
    std::fs::read_to_string(CRATES).expect("the shipped example game")
}

#[test]
fn a_level_is_solved_optimally_and_its_plan_replays() {
    let a = puzzlec(&["solve", "puzzlescript", CRATES, "--level", "2", "--json"]).expect_code(0).json();
    assert_eq!(a["status"], "solved");
    assert_eq!(a["optimal"], true);
    let moves = a["moves"].as_str().expect("a plan");
    assert_eq!(a["length"].as_u64(), Some(moves.len() as u64));
    // Every shorter prefix of the plan leaves the level unwon; the plan itself wins it.
    puzzlec(&["verify", "puzzlescript", CRATES, "--level", "2", "--moves", moves]).expect_code(0);
    let short = &moves[..moves.len() - 1];
    let v =
        puzzlec(&["verify", "puzzlescript", CRATES, "--level", "2", "--moves", short, "--json"]).expect_code(1).json();
    assert_eq!(v["status"], "invalid");
    assert!(v["error"].as_str().unwrap().contains("not won"), "{v}");
}

/// Through SAT (the embedded CaDiCaL) the same optimum as the search; and a horizon emitted,
/// solved by an external CaDiCaL and decoded: satisfiable at the optimum, not below it.
#[test]
fn sat_agrees_with_the_search_and_emitted_horizons_decode() {
    let a = puzzlec(&["solve", "puzzlescript", CRATES, "--level", "2", "--solver", "cadical", "--json"])
        .expect_code(0)
        .json();
    assert_eq!(
        (a["length"].as_u64(), &a["optimal"], &a["solver"]),
        (Some(7), &serde_json::json!(true), &serde_json::json!("cadical")),
        "{a}"
    );
    // The UNSAT below the optimum rests on the guide's clauses too, and the answer says so.
    let trusted = a["trusted"].as_str().unwrap_or_default();
    assert!(trusted.contains("horizon 6") && trusted.contains("interpreter"), "{a}");
    if !crate::support::have("cadical") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (horizon, code) in [("7", 0), ("6", 1)] {
        let cnf = dir.path().join(format!("h{horizon}.cnf"));
        let out = dir.path().join(format!("h{horizon}.out"));
        puzzlec(&[
            "emit",
            "puzzlescript",
            CRATES,
            "--level",
            "2",
            "--horizon",
            horizon,
            "--format",
            "dimacs",
            "-o",
            cnf.to_str().unwrap(),
        ])
        .expect_code(0);
        let solved = std::process::Command::new("cadical").arg("-q").arg(&cnf).output().unwrap();
        std::fs::write(&out, &solved.stdout).unwrap();
        let d = puzzlec(&[
            "decode",
            "puzzlescript",
            "--formula",
            cnf.to_str().unwrap(),
            "--model",
            out.to_str().unwrap(),
            "--json",
        ])
        .expect_code(code)
        .json();
        if code == 0 {
            let plan = d["moves"].as_str().unwrap();
            assert_eq!(plan.len(), 7);
            puzzlec(&["verify", "puzzlescript", CRATES, "--level", "2", "--moves", plan]).expect_code(0);
        }
    }
}

/// Through SAT, the search's optimum on a game whose rules loop (`startloop`...`endloop`:
/// each pass moves one more link of a chain, so the first bound on the passes is short for
/// its plan), and on a level followed by a level of another size (the interpreter inside
/// the solver plays a winning input and goes on from the same level).
#[test]
fn sat_plays_rule_loops_and_levels_that_others_follow() {
    for (game, level) in [(CHAIN, "1"), (CHAIN, "2"), (CRATES, "1")] {
        let search = puzzlec(&["solve", "puzzlescript", game, "--level", level, "--json"]).expect_code(0).json();
        let sat = puzzlec(&["solve", "puzzlescript", game, "--level", level, "--solver", "cadical", "--json"])
            .expect_code(0)
            .json();
        assert_eq!(
            (&sat["length"], &sat["optimal"]),
            (&search["length"], &serde_json::json!(true)),
            "{game} {level}: {sat}"
        );
        if game == CRATES {
            // One input: that no plan of none wins is the level's start, not the guide's word.
            assert!(sat["trusted"].is_null(), "{sat}");
        }
        if game == CHAIN {
            // Whether a bound is raised on the way depends on the horizons the climb tries,
            // which follow the time each answer took (the lib's tests pin the raise itself).
            puzzlec(&["verify", "puzzlescript", game, "--level", level, "--moves", sat["moves"].as_str().unwrap()])
                .expect_code(0);
        }
    }
}

/// Small formulas pinned: crates level 2 at one input (the player's move, the push rule, the
/// movement passes, the win) and the chain's level 1 at two (the second input's turn is
/// written for either first input, with the rule loop's passes).
#[test]
fn emit_puzzlescript_pins_one_input() {
    for (name, game, level, horizon) in [("crates-2-h1", CRATES, "2", "1"), ("chain-1-h2", CHAIN, "1", "2")] {
        let args = ["emit", "puzzlescript", game, "--level", level, "--horizon", horizon, "--format", "dimacs"];
        let out = puzzlec(&args).expect_code(0);
        insta::with_settings!({ snapshot_suffix => name }, {
            insta::assert_snapshot!("emit_puzzlescript", out.stdout);
        });
    }
}

/// `--svg` draws the level from the game's sprites and animates one frame per input.
#[test]
fn the_svg_draws_the_games_sprites_one_frame_per_input() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("level2.svg");
    puzzlec(&["solve", "puzzlescript", CRATES, "--level", "2", "--svg", svg.to_str().unwrap(), "-q"]).expect_code(0);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    let ids: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("id")).collect();
    for object in ["background", "target", "wall", "player", "crate"] {
        assert!(doc.descendants().any(|n| n.attribute("data-object") == Some(object)), "{object}");
    }
    let frames = ids.iter().filter(|i| i.starts_with("input-")).count();
    assert_eq!(frames, 7, "{ids:?}");
    // The player's sprite uses its own colours (black, orange, white, blue).
    assert!(text.contains("#eb8931") && text.contains("#1d57f7"));
    let every = puzzlec(&["solve", "puzzlescript", CRATES, "--svg", svg.to_str().unwrap(), "-q"]).expect_code(1);
    assert!(every.stderr.contains("no SVG written"), "{}", every.stderr);
}

#[test]
fn every_level_in_turn_says_which_cannot_be_won() {
    let run = puzzlec(&["solve", "puzzlescript", CRATES, "--json"]).expect_code(1);
    let a = run.json();
    let levels = a["levels"].as_array().expect("a line per level");
    assert_eq!(levels.len(), 3, "messages are not levels: {a}");
    assert_eq!(levels[0]["length"], 1);
    assert_eq!(levels[1]["status"], "solved");
    assert_eq!(levels[2]["status"], "no-solution");
    let text = puzzlec(&["solve", "puzzlescript", CRATES]).expect_code(1).stdout;
    assert!(text.contains("of 3 levels, 2 solved (each optimal), 1 cannot be won"), "{text}");
}

#[test]
fn a_plan_that_wins_early_or_holds_no_inputs_is_refused() {
    let v =
        puzzlec(&["verify", "puzzlescript", CRATES, "--level", "1", "--moves", "rl", "--json"]).expect_code(1).json();
    assert!(v["error"].as_str().unwrap().contains("won after input 1 of 2"), "{v}");
    let bad = puzzlec(&["verify", "puzzlescript", CRATES, "--level", "1", "--moves", "rq"]).expect_code(2);
    assert!(bad.stderr.contains("'q'"), "{}", bad.stderr);
    let none = puzzlec(&["solve", "puzzlescript", CRATES, "--level", "4"]).expect_code(2);
    assert!(none.stderr.contains("the game has 3 levels"), "{}", none.stderr);
}

/// A game the search cannot treat exactly is refused with the feature named.
#[test]
fn chance_and_the_clock_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "random",
            crates_text().replace(
                "[ > Player | Crate ] -> [ > Player | > Crate ]",
                "random [ Crate ] -> [ Crate ]\n[ > Player | Crate ] -> [ > Player | > Crate ]",
            ),
        ),
        (
            "randomdir",
            crates_text().replace(
                "[ > Player | Crate ] -> [ > Player | > Crate ]",
                "[ > Player | Crate ] -> [ > Player | randomdir Crate ]",
            ),
        ),
        ("realtime_interval", crates_text().replace("author puzzlec", "author puzzlec\nrealtime_interval 0.5")),
    ];
    for (feature, text) in cases {
        let path = dir.path().join(format!("{feature}.txt"));
        std::fs::write(&path, text).unwrap();
        let run = puzzlec(&["solve", "puzzlescript", path.to_str().unwrap(), "--level", "1"]).expect_code(2);
        assert!(run.stderr.contains(feature), "{feature}: {}", run.stderr);
    }
}

/// Thirty malformed games: each is refused with exit 2 and a FILE:LINE:COLUMN, never a panic.
#[test]
fn malformed_games_are_refused_at_their_line_and_column() {
    let good = crates_text();
    let rule = "[ > Player | Crate ] -> [ > Player | > Crate ]";
    let mutate = |from: &str, to: &str| {
        assert!(good.contains(from), "the example holds {from:?}");
        good.replacen(from, to, 1)
    };
    let levels_at = good.find("=======\nLEVELS").unwrap();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("unknown object in a rule", mutate(rule, "[ > Player | Box ] -> [ > Player | > Box ]").into()),
        ("level character missing from the legend", mutate("#P*O#", "#P*X#").into()),
        ("mismatched cell counts", mutate(rule, "[ > Player | Crate ] -> [ > Player ]").into()),
        ("empty LEVELS section", good[..levels_at + "=======\nLEVELS\n=======\n".len()].to_string().into()),
        ("binary garbage", {
            let mut b = good.clone().into_bytes();
            b.splice(200..200, [0xff, 0xfe, 0x00, 0x81]);
            b
        }),
        ("no player", mutate("P = Player", "Q = Player").replace("Player", "Hero").into()),
        ("no background", mutate("Background\nlightgreen", "Grass\nlightgreen").into()),
        ("no collision layers", mutate("Background\nTarget\nPlayer, Wall, Crate\n", "").into()),
        ("object in no layer", mutate("Player, Wall, Crate", "Player, Wall").into()),
        ("a section twice", mutate("======\nRULES", "=======\nSOUNDS\n=======\n\n======\nRULES").into()),
        ("sections out of order", mutate("=======\nSOUNDS\n=======", "").into()),
        ("an unknown colour", mutate("brown darkbrown", "brown mauvish").into()),
        ("a sprite colour out of range", mutate(".0.0.", ".0.3.").into()),
        ("a dangling legend entry", mutate("O = Target", "O = Target and").into()),
        ("and mixed with or", mutate("@ = Crate and Target", "@ = Crate and Target or Wall").into()),
        ("a bad win quantifier", mutate("All Target on Crate", "Most Target on Crate").into()),
        ("an unknown object in a win condition", mutate("All Target on Crate", "All Target on Box").into()),
        ("a rule without an arrow", mutate(rule, "[ > Player | Crate ] [ > Player | > Crate ]").into()),
        ("a relative direction before a rule", mutate(rule, "> [ Player | Crate ] -> [ Player | Crate ]").into()),
        ("two arrows", mutate(rule, "[ Player ] -> [ Player ] -> [ Player ]").into()),
        ("a command before the arrow", mutate(rule, "[ Player ] again -> [ Player ]").into()),
        ("a movement in a late rule", mutate(rule, "late [ > Player ] -> [ Player ]").into()),
        ("an ellipsis at the edge", mutate(rule, "[ ... | Player ] -> [ ... | Player ]").into()),
        ("an aggregate in a layer", mutate("Player, Wall, Crate", "Player, Wall, Crate, @").into()),
        ("no on an aggregate", mutate(rule, "[ Player no @ ] -> [ Player ]").into()),
        ("startloop without endloop", mutate(rule, &format!("startloop\n{rule}")).into()),
        (
            "a property the right side cannot infer",
            mutate("O = Target", "O = Target\nThing = Crate or Wall")
                .replace(rule, "[ Player ] -> [ Player Thing ]")
                .into(),
        ),
        ("junk in the prelude", mutate("author puzzlec", "author puzzlec\nbogus words").into()),
        ("an object defined twice", mutate("Crate\norange", "Crate\norange\n\nCrate\norange").into()),
        ("two objects required on one layer", mutate(rule, "[ Player Wall ] -> [ Player Wall ]").into()),
    ];
    assert_eq!(cases.len(), 30);
    let dir = tempfile::tempdir().unwrap();
    for (i, (name, bytes)) in cases.into_iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.txt"));
        std::fs::write(&path, bytes).unwrap();
        let p = path.to_str().unwrap();
        let run: Run = puzzlec(&["solve", "puzzlescript", p, "--level", "1"]);
        assert_eq!(run.code, 2, "{name}: exit {}\n{}{}", run.code, run.stdout, run.stderr);
        assert!(!run.stderr.contains("panicked"), "{name}: {}", run.stderr);
        let place = format!("{p}:");
        let at = run.stderr.find(&place).unwrap_or_else(|| panic!("{name}: no FILE:LINE:COLUMN in {}", run.stderr));
        let rest = &run.stderr[at + place.len()..];
        let fields: Vec<&str> = rest.splitn(3, ':').collect();
        assert!(
            fields.len() == 3
                && fields[0].parse::<usize>().is_ok_and(|l| l > 0)
                && fields[1].parse::<usize>().is_ok_and(|c| c > 0),
            "{name}: {}",
            run.stderr
        );
    }
}

/// A level that wins itself as it loads (the `again` turns its start sets off, as the
/// reference engine plays them) is solved by the empty plan, by the search and through SAT;
/// a plan of one input is refused there, since the level was won before it. Level 2 of the
/// same game waits for no input and is won by none.
#[test]
fn a_level_won_as_it_loads_needs_no_input() {
    const GAME: &str = "tests/fixtures/puzzlescript/won_as_it_loads.txt";
    for solver in ["search", "cadical"] {
        let a = puzzlec(&["solve", "puzzlescript", GAME, "--level", "1", "--solver", solver, "--json"])
            .expect_code(0)
            .json();
        assert_eq!((a["length"].as_u64(), &a["optimal"]), (Some(0), &serde_json::json!(true)), "{solver}: {a}");
    }
    puzzlec(&["verify", "puzzlescript", GAME, "--level", "1", "--moves", ""]).expect_code(0);
    let v = puzzlec(&["verify", "puzzlescript", GAME, "--level", "1", "--moves", "u", "--json"]).expect_code(1).json();
    assert!(v["error"].as_str().unwrap().contains("won as it loads"), "{v}");
    let two = puzzlec(&["solve", "puzzlescript", GAME, "--level", "2", "--json"]).expect_code(1).json();
    assert_eq!(two["status"], "no-solution", "{two}");
}

/// The plan search every plan puzzle runs reaches PuzzleScript levels: `--all` lists every
/// shortest plan (each one replays; bounds raised where a model leans on one), `--certify` has the UNSAT below the optimum proved and
/// checked, `--max-moves` bounds both solvers (proved, exit 1), and a portfolio races them.
#[test]
fn a_level_takes_all_certify_max_moves_and_portfolios() {
    let level = ["solve", "puzzlescript", CRATES, "--level", "2"];
    let run = |more: &[&str], code: i32| {
        let mut args = level.to_vec();
        args.extend(more);
        args.push("--json");
        puzzlec(&args).expect_code(code).json()
    };
    let all = run(&["--solver", "cadical", "--all"], 0);
    assert_eq!((all["complete"].as_bool(), all["length"].as_u64()), (Some(true), Some(7)), "{all}");
    let plans = all["solutions"].as_array().expect("every shortest plan");
    assert_eq!(plans.len() as u64, all["count"].as_u64().unwrap());
    for plan in plans {
        let moves = plan.as_str().unwrap();
        assert_eq!(moves.len(), 7, "{all}");
        puzzlec(&["verify", "puzzlescript", CRATES, "--level", "2", "--moves", moves]).expect_code(0);
    }
    for solver in ["search", "cadical"] {
        let short = run(&["--solver", solver, "--max-moves", "6"], 1);
        assert_eq!((short["status"].as_str(), short["reason"].as_str()), (Some("no-solution"), Some("max-moves")));
    }
    // A level whose plans lean on the first loop bounds (a row of crates moves over more
    // rounds than they write): the listing raises them and starts again, and lists the same
    // plans as the search's length.
    let train = ["solve", "puzzlescript", "tests/fixtures/puzzlescript/row_train.txt", "--level", "3"];
    let listed = puzzlec(&[&train[..], &["--solver", "cadical", "--all", "--json"]].concat()).expect_code(0).json();
    assert_eq!((listed["complete"].as_bool(), listed["length"].as_u64()), (Some(true), Some(8)), "{listed}");
    let raced = run(&["--solver", "search,cadical"], 0);
    assert_eq!((raced["length"].as_u64(), raced["optimal"].as_bool()), (Some(7), Some(true)), "{raced}");
    if !crate::support::have("cadical") {
        return;
    }
    let proved = run(&["--solver", "cadical", "--certify"], 0);
    let c = &proved["certificate"];
    assert_eq!(c["checked"], true, "{proved}");
    let last = c["claims"].as_array().unwrap().last().unwrap();
    assert_eq!((last["horizon"].as_u64(), last["checked"].as_bool()), (Some(6), Some(true)), "{proved}");
    // Proved from the plain formula, so it rests on nothing the guide added.
    assert!(proved["trusted"].is_null(), "{proved}");
}

/// Every level in turn against a solver that answers UNSAT to everything: the levels it lies
/// about are caught by the search (each row unknown, naming the lie) and the run goes on to
/// the next; the unwinnable level's "none" is confirmed; nothing is lost and nothing wrong
/// is said.
#[test]
fn a_lying_solver_on_every_level_is_caught_level_by_level() {
    let dir = tempfile::tempdir().unwrap();
    let liar = crate::util::fixture("fake-solvers/always-unsat");
    let reg = crate::support::registry_with(dir.path(), &[("liar", "dimacs", &[liar.to_str().unwrap()])]);
    let args = ["--solvers", reg.to_str().unwrap(), "solve", "puzzlescript", CRATES, "--solver", "liar", "--json"];
    let mut args = args.to_vec();
    args.extend(["--max-moves", "8"]);
    let a = puzzlec(&args).expect_code(3).json();
    let levels = a["levels"].as_array().expect("a row per level");
    let status: Vec<&str> = levels.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(status, ["unknown", "unknown", "no-solution"], "{a}");
    for row in &levels[..2] {
        assert!(row["detail"].as_str().unwrap().contains("wrong"), "{row}");
        assert!(row.get("moves").is_none(), "{row}");
    }
}
