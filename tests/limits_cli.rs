//! Limits kept with bounded memory: formulas refused for their size before they are built (or
//! stopped at the clause cap), checks before the solvers that keep the run's deadline, and
//! inputs refused before their quadratic checks. What each asserts is the answer, never a
//! time: the times are `make bench-limits`.

use puzzlec_slide::rules::benchset::random_walk;
use puzzlec_slide::rules::to_compact;

use crate::util::puzzlec;

/// The answer's JSON: one object on stdout.
fn answer(args: &[&str], code: i32) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--json", "-q"]);
    puzzlec(&all).expect_code(code).json()
}

fn message(v: &serde_json::Value) -> &str {
    v["message"].as_str().or(v["detail"].as_str()).unwrap_or_default()
}

#[test]
fn cnf_tables_past_the_cap_are_refused_before_they_are_built() {
    for verb in [&["solve", "hex"][..], &["emit", "hex", "--format", "dimacs"][..]] {
        let mut args = verb.to_vec();
        args.extend(["--order", "5", "--values", "6..66", "--encoding", "cnf"]);
        let v = answer(&args, 2);
        assert!(message(&v).contains("million clauses") && message(&v).contains("unary"), "{v}");
    }
    let v = answer(&["solve", "hex", "--order", "4", "--values", "3..39", "--encoding", "cnf", "--timeout", "2"], 2);
    assert!(message(&v).contains("million clauses"), "{v}");
}

#[test]
fn a_large_enumeration_stops_loading_at_the_deadline() {
    let v = answer(&["solve", "hex", "--order", "7", "--values", "2..128", "--all", "--timeout", "1"], 3);
    assert_eq!(v["status"], "unknown", "{v}");
}

/// A square figure: rows, columns and both diagonals.
fn square(dir: &std::path::Path, n: usize, symmetry: Option<&str>) -> String {
    let cell = |r: usize, c: usize| format!("\"c{r}_{c}\"");
    let cells: Vec<String> = (0..n * n).map(|k| cell(k / n, k % n)).collect();
    let mut lines: Vec<Vec<String>> = (0..n).map(|r| (0..n).map(|c| cell(r, c)).collect()).collect();
    lines.extend((0..n).map(|c| (0..n).map(|r| cell(r, c)).collect::<Vec<_>>()));
    lines.push((0..n).map(|i| cell(i, i)).collect());
    lines.push((0..n).map(|i| cell(i, n - 1 - i)).collect());
    let lines: Vec<String> = lines.iter().map(|l| format!("[{}]", l.join(", "))).collect();
    let mut text =
        format!("cells = [{}]\nlines = [{}]\nvalues = \"1..{}\"\n", cells.join(", "), lines.join(", "), n * n);
    if let Some(s) = symmetry {
        text.push_str(&format!("symmetry = \"{s}\"\n"));
    }
    let path = dir.join(format!("square{n}.toml"));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_twenty_by_twenty_square_is_refused_with_the_way_out() {
    let dir = tempfile::tempdir().unwrap();
    // The symmetry search gives up with the way out, instead of running for ever.
    let v = answer(&["solve", "figure", &square(dir.path(), 20, None), "--encoding", "cnf", "--timeout", "2"], 2);
    assert!(message(&v).contains("symmetries") && message(&v).contains("none"), "{v}");
    // Without symmetry, the cnf tables are refused for their size.
    let none = square(dir.path(), 20, Some("none"));
    let v = answer(&["solve", "figure", &none, "--encoding", "cnf", "--timeout", "2"], 2);
    assert!(message(&v).contains("million clauses"), "{v}");
}

/// A `side` x `side` board of 1x1 pieces: A in the top-left corner, the rest on a lattice.
fn crowded(side: usize, pieces: usize) -> String {
    let mut grid = vec![vec!['.'; side]; side];
    grid[0][0] = 'A';
    let mut names = (0x100u32..).filter_map(char::from_u32);
    let mut placed = 1;
    'fill: for r in (1..side).step_by(2) {
        for c in (1..side).step_by(2) {
            if placed == pieces {
                break 'fill;
            }
            grid[r][c] = names.next().unwrap();
            placed += 1;
        }
    }
    grid.iter().map(|row| row.iter().collect::<String>()).collect::<Vec<_>>().join("/")
}

#[test]
fn sliding_block_formulas_stop_at_the_clause_cap() {
    let board = crowded(40, 201);
    let v = answer(
        &["emit", "blocks", "--board", &board, "--goal", "A@40,40", "--horizon", "400", "--format", "dimacs"],
        2,
    );
    assert!(message(&v).contains("cap of 20 million clauses"), "{v}");
    // A time limit on a large open board: an answer, the limit named.
    let open = crowded(40, 1);
    let v = answer(
        &[
            "solve",
            "blocks",
            "--board",
            &open,
            "--goal",
            "A@40,40",
            "--metric",
            "path",
            "--solver",
            "cadical",
            "--timeout",
            "1",
        ],
        3,
    );
    assert_eq!(v["status"], "unknown", "{v}");
}

#[test]
fn a_look_before_the_search_leaves_the_search_its_time() {
    // The reachability look takes a share of the time: the default board is still solved.
    let v = answer(&["solve", "cross", "--size", "5x5", "--max-moves", "61", "--timeout", "3"], 0);
    assert_eq!((v["status"].as_str(), v["length"].as_u64()), (Some("solved"), Some(31)), "{v}");
}

#[test]
fn incremental_horizons_keep_the_clause_cap() {
    // A board 3000 random moves from its goal: the first horizon's steps would pass the cap
    // in the live solver; the answer says so and keeps the constructive plan.
    let board = to_compact(&random_walk(8, 8, 3000, 7));
    let v =
        answer(&["solve", "slide", "--board", &board, "--incremental", "--encoding", "compact", "--timeout", "5"], 3);
    assert!(message(&v).contains("million clauses") && message(&v).contains("cap"), "{v}");
    assert!(v["length"].as_u64().unwrap() >= v["lower_bound"].as_u64().unwrap(), "{v}");
}
