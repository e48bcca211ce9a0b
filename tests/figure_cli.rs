//! Magic figures from files: the shipped examples counted, checked here line by
//! line against the file (read apart from the library), and bad files refused at their place.

use std::collections::{BTreeMap, BTreeSet};

use crate::support::{have, run_by_hand};
use crate::util::puzzlec;

/// The cells (in file order) and lines of a shipped figure, read with a plain TOML parser.
fn figure(path: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let v: toml::Value = toml::from_str(&text).unwrap();
    let cells = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.get("name").and_then(|n| n.as_str()).or(c.as_str()).unwrap().to_owned())
        .collect();
    let lines = v["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect())
        .collect();
    (cells, lines)
}

/// Every solution of a JSON answer, each checked: the values are exactly `values` (each
/// once) and every line of the file has the same sum, which is returned with the filling.
fn checked(path: &str, answer: &serde_json::Value, values: &[i64]) -> Vec<(i64, BTreeMap<String, i64>)> {
    let (cells, lines) = figure(path);
    let fillings: Vec<&serde_json::Value> = match answer["solutions"].as_array() {
        Some(all) => all.iter().map(|s| &s["values"]).collect(),
        None => vec![&answer["values"]],
    };
    fillings
        .into_iter()
        .map(|f| {
            let f: BTreeMap<String, i64> = cells.iter().map(|c| (c.clone(), f[c].as_i64().unwrap())).collect();
            let mut used: Vec<i64> = f.values().copied().collect();
            used.sort_unstable();
            assert_eq!(used, values, "{path}: {f:?}");
            let sums: BTreeSet<i64> = lines.iter().map(|l| l.iter().map(|c| f[c]).sum()).collect();
            assert_eq!(sums.len(), 1, "{path}: {f:?} has line sums {sums:?}");
            (*sums.first().unwrap(), f)
        })
        .collect()
}

fn all(path: &str, classes: bool) -> serde_json::Value {
    let mut args = vec!["solve", "figure", path, "--all", "--json"];
    if classes {
        args.push("--up-to-symmetry");
    }
    let v = puzzlec(&args).expect_code(0).json();
    assert_eq!(v["complete"], true, "{path}: {v}");
    v
}

#[test]
fn the_4x4_square_has_7040_fillings_and_880_up_to_symmetry() {
    let path = "examples/figures/square4.toml";
    let every = all(path, false);
    assert_eq!((every["count"].as_u64(), every["magic_sum"].as_i64()), (Some(7040), Some(34)));
    let found = checked(path, &every, &(1..=16).collect::<Vec<_>>());
    assert_eq!(found.iter().map(|(_, f)| f).collect::<BTreeSet<_>>().len(), 7040);
    assert_eq!(all(path, true)["count"], 880);
}

#[test]
fn the_hexagram_has_960_fillings_and_80_up_to_symmetry() {
    let path = "examples/figures/hexagram.toml";
    let every = all(path, false);
    assert_eq!((every["count"].as_u64(), every["magic_sum"].as_i64()), (Some(960), Some(26)));
    checked(path, &every, &(1..=12).collect::<Vec<_>>());
    let classes = all(path, true);
    assert_eq!(classes["count"], 80);
    assert!(classes["certificate"].is_null());
}

#[test]
fn the_pentagrams_none_with_1_to_10_and_fillings_without_7_and_11() {
    let none = puzzlec(&["solve", "figure", "examples/figures/pentagram.toml", "--json"]).expect_code(1).json();
    assert_eq!((none["status"].as_str(), none["reason"].as_str()), (Some("no-solution"), Some("unsat")), "{none}");
    let path = "examples/figures/pentagram12.toml";
    let every = all(path, false);
    let values = [1, 2, 3, 4, 5, 6, 8, 9, 10, 12];
    let found = checked(path, &every, &values);
    assert!(!found.is_empty() && found.iter().all(|(s, _)| *s == 24), "{every}");
    // Every class has the 10 turns and mirrors of the star.
    assert_eq!(every["count"].as_u64().unwrap(), 10 * all(path, true)["count"].as_u64().unwrap());
}

#[test]
fn small_figures_and_the_hexagon_as_a_file() {
    let square = all("examples/figures/square3.toml", false);
    assert_eq!(square["count"], 8);
    checked("examples/figures/square3.toml", &square, &(1..=9).collect::<Vec<_>>());
    assert_eq!(all("examples/figures/square3.toml", true)["count"], 1);
    // The triangle's sum is open: every sum its fillings can have, each class 6 fillings.
    let triangle = all("examples/figures/triangle.toml", false);
    let sums: BTreeSet<i64> =
        checked("examples/figures/triangle.toml", &triangle, &[1, 2, 3, 4, 5, 6]).iter().map(|(s, _)| *s).collect();
    assert_eq!(sums, BTreeSet::from([9, 10, 11, 12]));
    assert_eq!(triangle["count"], 24);
    assert!(triangle["magic_sum"].is_null());
    // Hex38 as a file: the same 12 fillings as `solve hex`, one class under the drawing's 12.
    let hex = all("examples/figures/hex38.toml", false);
    let from_file: BTreeSet<BTreeMap<String, i64>> =
        checked("examples/figures/hex38.toml", &hex, &(1..=19).collect::<Vec<_>>()).into_iter().map(|x| x.1).collect();
    let builtin = puzzlec(&["solve", "hex", "--all", "--json"]).expect_code(0).json();
    let builtin: BTreeSet<BTreeMap<String, i64>> = builtin["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| serde_json::from_value(s["values"].clone()).unwrap())
        .collect();
    assert_eq!(from_file, builtin);
    assert_eq!(all("examples/figures/hex38.toml", true)["count"], 1);
}

/// Values that repeat: every filling of a 2x2 grid with 1..3 whose rows and columns have one
/// sum, against brute force here.
#[test]
fn values_may_repeat() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.toml");
    let text = "values = \"1..3\"\ndistinct = false\ncells = [\"a\", \"b\", \"c\", \"d\"]\n\
lines = [[\"a\", \"b\"], [\"c\", \"d\"], [\"a\", \"c\"], [\"b\", \"d\"]]\n";
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let mut want = 0;
    for code in 0..81 {
        let v: Vec<i64> = (0..4).map(|i| code / 3i64.pow(i) % 3 + 1).collect();
        let s = v[0] + v[1];
        want += u64::from(v[2] + v[3] == s && v[0] + v[2] == s && v[1] + v[3] == s);
    }
    for encoding in ["unary", "lia"] {
        let solver = if encoding == "lia" { "z3" } else { "cadical" };
        let v = puzzlec(&["solve", "figure", path, "--all", "--json", "--encoding", encoding, "--solver", solver])
            .expect_code(0)
            .json();
        assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(want), Some(true)), "{encoding}: {v}");
    }
    let cnf = puzzlec(&["solve", "figure", path, "--encoding", "cnf"]).expect_code(2);
    assert!(cnf.stderr.contains("distinct"), "{}", cnf.stderr);
}

/// Values far apart with an open sum: the sums tried are those the lines can reach, not
/// every number between (which ran out of memory), checked against brute force here; and
/// an open sum with too many sums for a CNF is refused with the way out, which z3 takes.
#[test]
fn spread_out_values_with_an_open_sum() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("far.toml");
    let values = [2i64, 3, 999_999_999_999, 1_000_000_000_000];
    let text = "values = [1000000000000, 2, 3, 999999999999]\ncells = [\"a\", \"b\", \"c\", \"d\"]\n\
lines = [[\"a\", \"b\"], [\"c\", \"d\"]]\n";
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let mut want = 0;
    for a in values {
        for b in values.iter().filter(|&&b| b != a) {
            for c in values.iter().filter(|&&c| c != a && c != *b) {
                let d = values.iter().find(|&&d| d != a && d != *b && d != *c).unwrap();
                want += u64::from(a + b == c + d);
            }
        }
    }
    for solver in ["cadical", "z3"] {
        let v = puzzlec(&["solve", "figure", path, "--all", "--json", "--solver", solver]).expect_code(0).json();
        assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(want), Some(true)), "{solver}: {v}");
        assert_eq!(v["magic_sum"].as_i64(), Some(1_000_000_000_002), "{v}");
    }
    let wide = dir.path().join("wide.toml");
    let text =
        "values = \"1..100000\"\ndistinct = false\ncells = [\"a\", \"b\", \"c\"]\nlines = [[\"a\", \"b\", \"c\"]]\n";
    std::fs::write(&wide, text).unwrap();
    let wide = wide.to_str().unwrap();
    let refused = puzzlec(&["solve", "figure", wide]).expect_code(2);
    assert!(refused.stderr.contains("sum = N") && refused.stderr.contains("--solver z3"), "{}", refused.stderr);
    let v = puzzlec(&["solve", "figure", wide, "--solver", "z3", "--json"]).expect_code(0).json();
    assert_eq!(v["status"], "solved", "{v}");
}

#[test]
fn bad_files_exit_2_naming_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string("examples/figures/square3.toml").unwrap();
    let cases: [(&str, String, &str); 9] = [
        (
            "unknown cell",
            good.replacen("[\"a1\", \"b1\", \"c1\"]", "[\"a1\", \"b1\", \"z9\"]", 1),
            "unknown cell \"z9\"",
        ),
        ("short values", good.replace("\"1..9\"", "\"1..8\""), "8 values for 9 cells"),
        ("unreachable sum", good.replace("sum = \"equal\"", "sum = 100"), "can only sum to"),
        ("wrong sum", good.replace("sum = \"equal\"", "sum = 16"), "every line sum to 15"),
        ("half a position", good.replacen(", y = 0 }", " }", 1), "one coordinate"),
        ("syntax", good.replacen("lines = [", "lines = [[", 1), ""),
        (
            "value past 64 bits",
            good.replace("\"1..9\"", "[1, 2, 3, 4, 5, 6, 7, 8, 10000000000000000000]"),
            "a list of integers",
        ),
        ("value too large", good.replace("\"1..9\"", "[1, 2, 3, 4, 5, 6, 7, 8, 1000000000000000000]"), "at most"),
        ("coordinate not a number", good.replacen("x = 0,", "x = nan,", 1), "finite"),
    ];
    for (what, text, words) in cases {
        let path = dir.path().join("bad.toml");
        std::fs::write(&path, &text).unwrap();
        let run = puzzlec(&["solve", "figure", path.to_str().unwrap()]).expect_code(2);
        let at = format!("{}:", path.display());
        assert!(run.stderr.contains(&at) && run.stderr.contains(words), "{what}: {}", run.stderr);
        let place = run.stderr.split(&at).nth(1).unwrap();
        let line: String = place.chars().take_while(char::is_ascii_digit).collect();
        assert!(line.parse::<usize>().is_ok_and(|l| l > 0), "{what}: no line number in {}", run.stderr);
    }
    let missing = puzzlec(&["solve", "figure", "no/such/figure.toml"]).expect_code(2);
    assert!(missing.stderr.contains("no/such/figure.toml"), "{}", missing.stderr);
    let givens = puzzlec(&["solve", "figure", "examples/figures/square3.toml", "--givens", "q7=1"]).expect_code(2);
    assert!(givens.stderr.contains("no cell \"q7\""), "{}", givens.stderr);
}

/// Emitted files solved by Debian's solvers and decoded back, checked.
#[test]
fn emit_and_decode_through_external_solvers() {
    let dir = tempfile::tempdir().unwrap();
    let path = "examples/figures/hexagram.toml";
    let mut runs = vec![("dimacs", "unary", "cadical", vec![])];
    runs.push(("smt2", "lia", "z3", vec!["-smt2"]));
    for (format, encoding, binary, flags) in runs {
        if !have(binary) {
            continue;
        }
        let formula = dir.path().join(format!("star.{format}"));
        let formula = formula.to_str().unwrap();
        puzzlec(&["emit", "figure", path, "--format", format, "--encoding", encoding, "-o", formula]).expect_code(0);
        let mut args: Vec<&str> = flags;
        args.push(formula);
        let answer = dir.path().join("answer.txt");
        std::fs::write(&answer, run_by_hand(binary, &args)).unwrap();
        let v = puzzlec(&["decode", "figure", "--formula", formula, "--model", answer.to_str().unwrap(), "--json"])
            .expect_code(0)
            .json();
        assert_eq!(checked(path, &v, &(1..=12).collect::<Vec<_>>())[0].0, 26, "{encoding}: {v}");
    }
}

#[test]
fn the_drawing_has_every_filling() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("square.svg");
    puzzlec(&["solve", "figure", "examples/figures/square3.toml", "--all", "--svg", svg.to_str().unwrap()])
        .expect_code(0);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let panels = doc.descendants().filter(|n| n.attribute("class") == Some("filling")).count();
    let cells = doc.descendants().filter(|n| n.attribute("class") == Some("cell")).count();
    assert_eq!((panels, cells), (8, 72));
}

/// Coordinates far apart, or two cells far closer than the figure is wide, are drawn on a
/// canvas of bounded size (it was millions of pixels wide), every cell a number.
#[test]
fn a_drawing_of_any_coordinates_stays_in_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        "cells = [{ name = \"a\", x = 1e300, y = -1e300 }, { name = \"b\", x = 0, y = 0 }, { name = \"c\", x = 1, y = 1 }]",
        "cells = [{ name = \"a\", x = 0, y = 0 }, { name = \"b\", x = 0.001, y = 0 }, { name = \"c\", x = 1000, y = 0 }]",
    ];
    for (k, cells) in cases.iter().enumerate() {
        let path = dir.path().join(format!("far-{k}.toml"));
        std::fs::write(&path, format!("values = [1, 2, 3]\n{cells}\nlines = [[\"a\", \"b\"], [\"c\"]]\n")).unwrap();
        let svg = dir.path().join(format!("far-{k}.svg"));
        puzzlec(&["solve", "figure", path.to_str().unwrap(), "--svg", svg.to_str().unwrap()]).expect_code(0);
        let text = std::fs::read_to_string(&svg).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let size = |a: &str| doc.root_element().attribute(a).unwrap().parse::<f64>().unwrap();
        assert!(size("width") <= 2000.0 && size("height") <= 2000.0, "case {k}: {}", &text[..200]);
        for c in doc.descendants().filter(|n| n.has_tag_name("circle")) {
            let cx = c.attribute("cx").unwrap().parse::<f64>().unwrap();
            assert!(cx.is_finite() && (0.0..=size("width")).contains(&cx), "case {k}: cx {cx}");
        }
    }
}

#[test]
fn the_local_search_fills_figures_with_a_sum() {
    let path = "examples/figures/square4.toml";
    let v = puzzlec(&["solve", "figure", path, "--solver", "search", "--json"]).expect_code(0).json();
    assert_eq!(v["solver"], "search", "{v}");
    assert_eq!(checked(path, &v, &(1..=16).collect::<Vec<_>>())[0].0, 34);
    let open = puzzlec(&["solve", "figure", "examples/figures/triangle.toml", "--solver", "search"]).expect_code(2);
    assert!(open.stderr.contains("open sum"), "{}", open.stderr);
}
