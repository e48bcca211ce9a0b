//! Checking a filling of any line-sum figure (the judge for every decoded model), and
//! printing one of a magic hexagon.

use super::geometry::Hexagon;
use super::shape::Shape;

/// Why a filling is not magic. Cells are named as the user sees them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FillingError {
    #[error("{found} values for {cells} cells")]
    Count { found: usize, cells: usize },
    #[error("cell {cell} holds {value}, not one of the values {allowed}")]
    Range { cell: String, value: i64, allowed: String },
    #[error("value {value} appears in cells {first} and {second}")]
    Repeat { value: i64, first: String, second: String },
    #[error("the line through cells {cells} sums to {sum}, not {magic}")]
    LineSum { cells: String, sum: i64, magic: i64 },
    #[error("the line through cells {first} sums to {first_sum}, the line through {other} to {other_sum}")]
    Unequal { first: String, first_sum: i64, other: String, other_sum: i64 },
}

/// The rules of a magic figure: its shape, the values (sorted; distinct ones each placed
/// once, one per cell), and the sum of every line (`None`: any sum, the same on all).
#[derive(Clone, Copy, Debug)]
pub struct Rules<'a> {
    pub shape: &'a Shape,
    pub values: &'a [i64],
    pub distinct: bool,
    pub sum: Option<i64>,
}

/// The values as the user wrote them: a range `LO..=HI` when consecutive, else a list.
pub fn describe_values(values: &[i64]) -> String {
    let consecutive = values.windows(2).all(|w| w[1] == w[0] + 1);
    match (values.first(), values.last()) {
        (Some(lo), Some(hi)) if consecutive => format!("{lo}..={hi}"),
        _ => format!("{values:?}"),
    }
}

/// Checks `filling` (by cell, 0-based index) against the rules: each value from the list
/// (once, when distinct), every line adding up to the sum (or all to the same one).
///
/// # Errors
/// The first rule broken: count, range, a repeated value or a line with the wrong sum.
pub fn check_filling(rules: Rules<'_>, filling: &[i64]) -> Result<(), FillingError> {
    let Rules { shape, values, distinct, sum } = rules;
    let cells = shape.cells();
    if filling.len() != cells || (distinct && values.len() != cells) {
        return Err(FillingError::Count { found: filling.len(), cells });
    }
    let name = |c: usize| shape.names[c].clone();
    let mut seen: Vec<Option<usize>> = vec![None; values.len()];
    for (i, &v) in filling.iter().enumerate() {
        let Ok(at) = values.binary_search(&v) else {
            return Err(FillingError::Range { cell: name(i), value: v, allowed: describe_values(values) });
        };
        if let (true, Some(first)) = (distinct, seen[at]) {
            return Err(FillingError::Repeat { value: v, first: name(first), second: name(i) });
        }
        seen[at] = Some(i);
    }
    let words = |line: &[usize]| line.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ");
    let total = |line: &[usize]| line.iter().map(|&c| filling[c]).sum::<i64>();
    let Some(first) = shape.lines.first() else { return Ok(()) };
    let magic = sum.unwrap_or_else(|| total(first));
    for line in &shape.lines {
        let got = total(line);
        match (got == magic, sum) {
            (true, _) => {}
            (false, Some(_)) => return Err(FillingError::LineSum { cells: words(line), sum: got, magic }),
            (false, None) => {
                return Err(FillingError::Unequal {
                    first: words(first),
                    first_sum: magic,
                    other: words(line),
                    other_sum: got,
                })
            }
        }
    }
    Ok(())
}

/// The filling drawn as a hexagon, rows indented so the diagonals line up.
pub fn render(hex: &Hexagon, values: &[i64]) -> String {
    let width = values.iter().map(|v| v.to_string().len()).max().unwrap_or(1) + 2;
    let longest = hex.rows();
    let mut out = String::new();
    for row in hex.row_cells() {
        out.push_str(&" ".repeat((longest - row.len()) * width / 2));
        for c in row {
            out.push_str(&format!("{:>width$}", values[c]));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solution printed in the Hex38 seed.
    const SEED: [i64; 19] = [9, 14, 15, 11, 6, 8, 13, 18, 1, 5, 4, 10, 17, 7, 2, 12, 3, 19, 16];

    #[test]
    fn the_seed_solution_is_magic() {
        let h = Hexagon::new(3).unwrap();
        let (shape, values) = (h.shape(), h.natural_values());
        let rules = Rules { shape: &shape, values: &values, distinct: true, sum: Some(38) };
        check_filling(rules, &SEED).unwrap();
        let mut bad = SEED;
        bad.swap(0, 1);
        assert!(matches!(check_filling(rules, &bad), Err(FillingError::LineSum { .. })));
        assert!(matches!(check_filling(Rules { sum: None, ..rules }, &bad), Err(FillingError::Unequal { .. })));
        bad = SEED;
        bad[3] = 9;
        let repeat = FillingError::Repeat { value: 9, first: "1".into(), second: "4".into() };
        assert_eq!(check_filling(rules, &bad), Err(repeat));
        assert_eq!(check_filling(Rules { distinct: false, ..rules }, &bad).map_err(|_| ()), Err(()));
        bad[3] = 20;
        let range = FillingError::Range { cell: "4".into(), value: 20, allowed: "1..=19".into() };
        assert_eq!(check_filling(rules, &bad), Err(range));
        // Shifted by -10 it uses -9..9, whose sum is 0; but lines of 3 and of 5 cells move by
        // -30 and -50, so it is not magic any more.
        let shifted: Vec<i64> = SEED.iter().map(|v| v - 10).collect();
        let zero: Vec<i64> = (-9..=9).collect();
        let zero = check_filling(Rules { values: &zero, sum: Some(0), ..rules }, &shifted);
        assert_eq!(zero, Err(FillingError::LineSum { cells: "1 2 3".into(), sum: 8, magic: 0 }));
    }

    #[test]
    fn renders_as_a_hexagon() {
        let h = Hexagon::new(3).unwrap();
        let text = render(&h, &SEED);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[2], "  18   1   5   4  10");
        assert_eq!(lines[0], "       9  14  15");
    }
}
