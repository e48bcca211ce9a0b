//! `solve blocks`, `verify blocks`, `emit`/`decode blocks` through the binary: the classic
//! optima, the encodings against the exact search, the cross slider drawn as blocks, and bad
//! input named by place.

use crate::util::puzzlec;

pub const KLOTSKI: &str = "BAAC/BAAC/DEEF/DGHF/I..J";
const RUSH_51: &str = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
/// A Rush Hour board of optimum 20 (found by the exact search among random boards).
const RUSH_20: &str = ".LJJ...L.E.IAABECIHHB.CI..FDDDGGF.KK";
/// A small Rush Hour board of optimum 8.
pub const RUSH_SMALL: &str = ".EHH./.E.DC/.AADC/..BGG/..BFF";

pub fn solve(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve", "blocks", "--json"];
    all.extend_from_slice(args);
    puzzlec(&all).expect_code(0).json()
}

/// Length, optimality and metric of a solved answer, after replaying its plan through `verify`.
fn checked(args: &[&str]) -> (u64, bool, String) {
    let v = solve(args);
    let moves = v["moves"].as_str().unwrap().to_owned();
    let mut verify: Vec<&str> = vec!["verify", "blocks", "--moves", &moves];
    verify.extend(args.iter().filter(|a| !a.starts_with("--solver") && !["cadical", "z3"].contains(a)));
    puzzlec(&verify).expect_code(0);
    (v["length"].as_u64().unwrap(), v["optimal"] == true, v["metric"].as_str().unwrap().to_owned())
}

#[test]
fn klotski_takes_116_steps_90_slides_81_paths() {
    for (metric, want) in [("step", 116), ("slide", 90), ("path", 81)] {
        let got = checked(&["--board", KLOTSKI, "--goal", "A@4,2", "--metric", metric]);
        assert_eq!(got, (want, true, metric.to_owned()));
    }
}

#[test]
fn the_rush_hour_cards_take_51_58_and_60() {
    for (line, want) in
        [(RUSH_51, 51), ("BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN", 58), ("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", 60)]
    {
        assert_eq!(checked(&["--board", line]), (want, true, "slide".to_owned()), "{line}");
    }
}

#[test]
fn sat_and_smt_prove_the_exact_searchs_optimum() {
    assert_eq!(checked(&["--board", RUSH_20, "--solver", "cadical"]).0, 20);
    for encoding in ["sat", "labelled"] {
        let v = solve(&["--board", RUSH_SMALL, "--rush-hour", "--solver", "cadical", "--encoding", encoding]);
        assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(8), Some(true)), "{encoding}");
    }
    let v = solve(&["--board", RUSH_SMALL, "--rush-hour", "--solver", "z3"]);
    assert_eq!((v["length"].as_u64(), v["encoding"].as_str()), (Some(8), Some("smt")));
    // Free blocks in the step metric through the SMT encoding.
    let v = solve(&["--board", "AB./CD.", "--goal", "A@2,3", "--metric", "step", "--solver", "z3"]);
    let exact = solve(&["--board", "AB./CD.", "--goal", "A@2,3", "--metric", "step"]);
    assert_eq!(v["length"], exact["length"]);
}

/// Horizons (number, result) and plan lengths from a solve's progress lines.
fn progress(stderr: &str) -> (Vec<(usize, String)>, Vec<usize>) {
    let (mut horizons, mut plans) = (Vec::new(), Vec::new());
    for line in stderr.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["horizon", h, result, ..] => horizons.push((h.trim_end_matches(':').parse().unwrap(), result.to_string())),
            ["plan", "of", n, "moves", ..] => plans.push(n.parse().unwrap()),
            _ => {}
        }
    }
    (horizons, plans)
}

#[test]
fn through_sat_the_horizons_skip_ahead_and_walk_down_from_a_shortened_plan() {
    let exact = solve(&["--board", RUSH_20])["length"].as_u64().unwrap() as usize;
    let run = puzzlec(&["solve", "blocks", "--board", RUSH_20, "--solver", "cadical", "--json"]).expect_code(0);
    let v = run.json();
    assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(exact as u64), Some(true)), "{v}");
    let (horizons, plans) = progress(&run.stderr);
    // The claim rests on the solver's UNSAT one below the plan, and every answer agrees with
    // the optimum: UNSAT below it, SAT from it on.
    assert!(horizons.contains(&(exact - 1, "unsat".into())), "{horizons:?}");
    for (h, result) in &horizons {
        assert_eq!(result, if *h >= exact { "sat" } else { "unsat" }, "{horizons:?}");
    }
    // Each plan is reported as shortened, never below the optimum; the last is the answer.
    // (How far the horizons skip depends on how fast the solver answers: the drive crate's
    // tests pin the schedule.)
    assert!(!plans.is_empty() && plans.iter().all(|&n| n >= exact), "{plans:?}");
    assert_eq!(*plans.last().unwrap(), exact);
}

#[test]
fn a_time_limit_through_sat_keeps_the_proved_bound() {
    let args = ["solve", "blocks", "--board", KLOTSKI, "--goal", "A@4,2", "--json"];
    let start = puzzlec(&[&args[..], &["--solver", "cadical", "--max-moves", "0"]].concat()).json();
    let run = puzzlec(&[&args[..], &["--solver", "cadical", "--timeout", "3"]].concat()).expect_code(3);
    let v = run.json();
    assert_eq!(v["status"], "unknown", "{v}");
    // The bound is what the UNSAT answers proved (one above the largest), else the start's.
    let (horizons, _) = progress(&run.stderr);
    let unsat = horizons.iter().filter(|(_, r)| r == "unsat").map(|(h, _)| *h as u64 + 1).max();
    let from_start = start["lower_bound"].as_u64().unwrap();
    assert_eq!(v["lower_bound"].as_u64(), Some(unsat.unwrap_or(from_start).max(from_start)), "{v}\n{}", run.stderr);
}

#[test]
fn every_shortest_plan_is_enumerated_and_replays() {
    let v = solve(&["--board", "AB./CD.", "--goal", "A@2,3", "--solver", "cadical", "--all"]);
    assert_eq!(v["complete"], true);
    let plans = v["solutions"].as_array().unwrap();
    assert!(plans.len() >= 2, "{v}");
    for plan in plans {
        let moves = plan.as_str().unwrap();
        puzzlec(&["verify", "blocks", "--board", "AB./CD.", "--goal", "A@2,3", "--moves", moves]).expect_code(0);
    }
}

/// A cross-slider orientation grid with every orientation fixed: half of them random, half
/// the grid a shortest plan of a random instance implies (its never-moved pieces then fixed at
/// random), so both solvable and unsolvable grids are met.
fn random_grid(rng: &mut fastrand::Rng, rows: usize, cols: usize, from_plan: bool) -> String {
    let cell = |rng: &mut fastrand::Rng| format!("{},{}", rng.usize(1..=rows), rng.usize(1..=cols));
    let grid: Vec<String> = loop {
        let (cross, empty) = (cell(rng), cell(rng));
        if cross == empty || cross == format!("{rows},{cols}") {
            continue;
        }
        if !from_plan {
            let pick = |r: usize, c: usize| match format!("{},{}", r + 1, c + 1) {
                p if p == cross => '+',
                p if p == empty => '.',
                _ => '?',
            };
            break (0..rows).map(|r| (0..cols).map(|c| pick(r, c)).collect()).collect();
        }
        let size = format!("{rows}x{cols}");
        let run = puzzlec(&[
            "solve", "cross", "--size", &size, "--cross", &cross, "--empty", &empty, "--solver", "search", "--json",
        ]);
        if run.code == 0 {
            break run.json()["grid"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_owned()).collect();
        }
    };
    let fixed: Vec<String> = grid
        .iter()
        .map(|row| {
            row.chars()
                .map(|c| {
                    if c == '?' {
                        if rng.bool() {
                            '-'
                        } else {
                            '|'
                        }
                    } else {
                        c
                    }
                })
                .collect()
        })
        .collect();
    fixed.join("\n") + "\n"
}

/// The grid drawn as blocks: the cross `X` free, each other piece its own letter, the `-`
/// ones horizontal and the `|` ones vertical.
fn as_blocks(grid: &str) -> (String, String, String) {
    let mut names = ('A'..='W').chain('a'..='z');
    let (mut drawing, mut horizontal, mut vertical) = (String::new(), String::new(), String::new());
    for line in grid.lines() {
        for c in line.chars() {
            drawing.push(match c {
                '+' => 'X',
                '.' => '.',
                _ => {
                    let name = names.next().unwrap();
                    if c == '-' {
                        horizontal.push(name)
                    } else {
                        vertical.push(name)
                    }
                    name
                }
            });
        }
        drawing.push('/');
    }
    (drawing, horizontal, vertical)
}

#[test]
fn the_cross_slider_drawn_as_blocks_has_the_same_optimum() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = fastrand::Rng::with_seed(2026);
    let (mut solved, mut none) = (0, 0);
    for n in 0..20 {
        let (rows, cols) = [(3, 3), (3, 4), (4, 4)][n % 3];
        let grid = random_grid(&mut rng, rows, cols, n % 4 != 0);
        let (drawing, horizontal, vertical) = as_blocks(&grid);
        let file = dir.path().join(format!("grid-{n}.txt"));
        std::fs::write(&file, &grid).unwrap();
        let cross =
            puzzlec(&["solve", "cross", "--orientations", file.to_str().unwrap(), "--solver", "search", "--json"]);
        let goal = format!("X@{rows},{cols}");
        let mut args = vec!["solve", "blocks", "--board", &drawing, "--goal", &goal, "--metric", "step", "--json"];
        for (flag, letters) in [("--horizontal", &horizontal), ("--vertical", &vertical)] {
            if !letters.is_empty() {
                args.extend([flag, letters.as_str()]);
            }
        }
        let blocks = puzzlec(&args);
        assert_eq!(cross.code, blocks.code, "{grid}\n{}{}", cross.stdout, blocks.stdout);
        let (c, b) = (cross.json(), blocks.json());
        assert_eq!(c["length"], b["length"], "{grid}");
        if cross.code == 0 {
            solved += 1;
        } else {
            none += 1;
        }
    }
    assert!(solved >= 10 && none >= 1, "{solved} solved, {none} without a plan: widen the sample");
}

#[test]
fn bad_input_is_named_by_place() {
    let cases: [(&[&str], &str); 11] = [
        (&["--board", "A.A/...", "--goal", "A@1,1"], "piece A is not connected: the cell at row 1, column 3"),
        (&["--board", "A.../AAoo/oooo/oooo", "--rush-hour"], "vehicle A at row 1, column 1 is bent"),
        (&["--board", "Aooo/oooo/BBBB/oooo", "--rush-hour"], "vehicle A at row 1, column 1 has length 1"),
        (&["--board", "AAoo/oooo/BBBB/oooo", "--rush-hour"], "vehicle B at row 3, column 1 has length 4"),
        (
            &["--board", "oooooxooooooAAooooooooooooooooFFFFoo"],
            "vehicle F at character 31 (row 6, column 1) has length 4",
        ),
        (&["--board", KLOTSKI, "--goal", "A@5,2"], "--goal A@5,2: outside the board"),
        (&["--board", KLOTSKI, "--goal", "Z@1,1"], "--goal Z@1,1: no piece Z on the board"),
        (&["--board", KLOTSKI, "--goal", "A@4,2", "--goal", "A@1,1"], "a second goal for piece A"),
        (&["--board", "AB/C", "--goal", "A@1,1"], "row 2, column 1: the row has 1 cell, the first row has 2 cells"),
        // One character too many: read as a drawing, the error says what a line needs.
        (&["--board", &[RUSH_51, "o"].concat()], "a Rush Hour line has 36 characters, this one has 37"),
        (&["--board", &[RUSH_51, "o"].concat(), "--rush-hour"], "side*side characters (36 for 6x6); this one has 37"),
    ];
    for (args, needle) in cases {
        let mut all = vec!["solve", "blocks"];
        all.extend_from_slice(args);
        let run = puzzlec(&all).expect_code(2);
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn an_unreachable_goal_is_proved_and_exits_1() {
    // B is kept to its row and stands between A and the corner A must reach.
    for solver in ["search", "cadical"] {
        let run = puzzlec(&[
            "solve",
            "blocks",
            "--board",
            "A../BBB/...",
            "--horizontal",
            "B",
            "--goal",
            "A@3,3",
            "--solver",
            solver,
        ]);
        let run = run.expect_code(1);
        assert!(run.stdout.contains("no solution: the goal is unreachable (all"), "{solver}: {}", run.stdout);
    }
    let run = puzzlec(&["solve", "blocks", "--board", "A.#/..#", "--goal", "A@1,3", "--json"]).expect_code(1);
    assert_eq!(run.json()["reason"], "unreachable");
}

#[test]
fn a_bad_plan_is_invalid_with_the_move_named() {
    let run = puzzlec(&["verify", "blocks", "--board", KLOTSKI, "--goal", "A@4,2", "--moves", "Gd Ad"]).expect_code(1);
    assert!(run.stdout.contains("move 1 (Ad): the way is blocked"), "{}", run.stdout);
    let run = puzzlec(&["verify", "blocks", "--board", RUSH_51, "--moves", "Au"]).expect_code(1);
    assert!(run.stdout.contains("piece A slides only left and right"), "{}", run.stdout);
    let run = puzzlec(&["verify", "blocks", "--board", RUSH_51, "--moves", "Mu Ax"]).expect_code(2);
    assert!(run.stderr.contains("move 1 (\"Ax\"): 'x' is not a step"), "{}", run.stderr);
}

#[test]
fn emit_blocks_pins_its_encodings() {
    for (name, encoding, format) in
        [("sat", "sat", "dimacs"), ("labelled", "labelled", "dimacs"), ("smt", "smt", "smt2")]
    {
        let out = puzzlec(&[
            "emit",
            "blocks",
            "--board",
            "AB/.C",
            "--goal",
            "A@2,1",
            "--horizontal",
            "B",
            "--encoding",
            encoding,
            "--format",
            format,
            "--horizon",
            "2",
        ])
        .expect_code(0);
        insta::with_settings!({ snapshot_suffix => name }, {
            insta::assert_snapshot!("emit_blocks_2x2_h2", out.stdout);
        });
    }
}

/// A slide of two cells: the cell it sweeps on the way must be free (the 2x2 board above
/// has no slide that long).
#[test]
fn emit_blocks_pins_a_slide_that_sweeps() {
    for (name, encoding) in [("sat", "sat"), ("labelled", "labelled")] {
        let args = ["emit", "blocks", "--board", "A../B..", "--goal", "A@1,3", "--encoding", encoding];
        let out = puzzlec(&[&args[..], &["--format", "dimacs", "--horizon", "1"]].concat()).expect_code(0);
        insta::with_settings!({ snapshot_suffix => name }, {
            insta::assert_snapshot!("emit_blocks_2x3_h1", out.stdout);
        });
    }
}

#[test]
fn a_rush_hour_line_of_another_square_size_reads_with_the_flag() {
    // 7x7: the red car on row 3 with a truck across its way; 49 characters in one row.
    let line = "ooooooo".repeat(2) + "AAooBoo" + "ooooBoo" + "ooooBoo" + &"ooooooo".repeat(2);
    let run = puzzlec(&["solve", "blocks", "--board", &line, "--rush-hour", "--json"]).expect_code(0);
    let v = run.json();
    assert_eq!(v["length"], 2, "{v}");
    assert_eq!(v["grid"].as_array().map(Vec::len), Some(7), "{v}");
}

/// The board drawing from a file, named as `solve slide` names its board file (or with
/// --board-file, or - for standard input); Windows line ends read the same.
#[test]
fn the_board_reads_from_a_file_as_for_the_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("klotski.txt");
    std::fs::write(&path, KLOTSKI.replace('/', "\r\n") + "\r\n").unwrap();
    let path = path.to_str().unwrap();
    for args in [vec![path], vec!["--board-file", path]] {
        let mut all = vec!["solve", "blocks"];
        all.extend(&args);
        all.extend(["--goal", "A@4,2", "--metric", "path", "--json"]);
        assert_eq!(puzzlec(&all).expect_code(0).json()["length"], 81, "{args:?}");
    }
    let both = puzzlec(&["solve", "blocks", path, "--board", KLOTSKI, "--goal", "A@4,2"]).expect_code(2);
    assert!(both.stderr.contains("cannot be used with"), "{}", both.stderr);
}
