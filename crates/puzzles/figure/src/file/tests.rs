//! The figure file format: what reads, and where a mistake is named.

use super::*;

const SQUARE: &str =
    "values = \"1..4\"\ncells = [\"a\", \"b\", \"c\", \"d\"]\nlines = [[\"a\", \"b\"], [\"c\", \"d\"]]\n";

#[test]
fn reads_a_plain_figure() {
    let f = parse("t.toml", SQUARE).unwrap();
    assert_eq!(f.cells.len(), 4);
    assert_eq!(f.lines, vec![vec![0, 1], vec![2, 3]]);
    assert_eq!(f.values, vec![1, 2, 3, 4]);
    assert_eq!((f.sum, f.distinct, f.symmetry), (Sum::Equal, true, Symmetry::Lines));
    assert_eq!(f.name, "t");
}

#[test]
fn mistakes_name_their_place() {
    let unknown = SQUARE.replace("[\"c\", \"d\"]]", "[\"c\", \"q\"]]");
    let e = parse("t.toml", &unknown).unwrap_err();
    assert_eq!((e.line, e.column), (3, 28), "{e}");
    assert!(e.message.contains("unknown cell \"q\""), "{e}");
    let short = SQUARE.replace("1..4", "1..3");
    let e = parse("t.toml", &short).unwrap_err();
    assert_eq!((e.line, e.column), (1, 10), "{e}");
    assert!(e.message.contains("3 values for 4 cells"), "{e}");
    let e = parse("t.toml", "values = [1]\ncells = [\"a\"]\nlines = [[\"a\"]]\ncolour = 3\n").unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    let e = parse("t.toml", &SQUARE.replace("\"1..4\"", "\"1..x\"")).unwrap_err();
    assert!(e.message.contains("not an integer"), "{e}");
}
