//! Checking and printing a filling of a magic hexagon: the judge for every decoded model.

use super::geometry::{Hexagon, OrderError};

/// Why a filling is not a magic hexagon. Cells are numbered from 1 as the user sees them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FillingError {
    #[error("{found} values for {cells} cells")]
    Count { found: usize, cells: usize },
    #[error("cell {cell} holds {value}, outside {lo}..={hi}")]
    Range { cell: usize, value: i64, lo: i64, hi: i64 },
    #[error("value {value} appears in cells {first} and {second}")]
    Repeat { value: i64, first: usize, second: usize },
    #[error("the line through cells {cells:?} sums to {sum}, not {magic}")]
    LineSum { cells: Vec<usize>, sum: i64, magic: i64 },
    #[error(transparent)]
    Order(#[from] OrderError),
}

/// Checks `filling` (by cell, 0-based index) is a magic hexagon of `hex`'s order with the
/// `values` (sorted, one per cell): each value once, every line adding up to their sum.
///
/// # Errors
/// The first rule broken: count, range, a repeated value or a line with the wrong sum.
pub fn check_filling(hex: &Hexagon, values: &[i64], filling: &[i64]) -> Result<(), FillingError> {
    let cells = hex.cells();
    if filling.len() != cells || values.len() != cells {
        return Err(FillingError::Count { found: filling.len(), cells });
    }
    let mut seen = vec![0usize; cells];
    let (lo, hi) = (values[0], values[cells - 1]);
    for (i, &v) in filling.iter().enumerate() {
        let Ok(at) = values.binary_search(&v) else {
            return Err(FillingError::Range { cell: i + 1, value: v, lo, hi });
        };
        if seen[at] != 0 {
            return Err(FillingError::Repeat { value: v, first: seen[at], second: i + 1 });
        }
        seen[at] = i + 1;
    }
    let magic = hex.magic_sum(values)?;
    for line in &hex.lines {
        let sum: i64 = line.iter().map(|&c| filling[c]).sum();
        if sum != magic {
            return Err(FillingError::LineSum { cells: line.iter().map(|c| c + 1).collect(), sum, magic });
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
        let values = h.natural_values();
        check_filling(&h, &values, &SEED).unwrap();
        let mut bad = SEED;
        bad.swap(0, 1);
        assert!(matches!(check_filling(&h, &values, &bad), Err(FillingError::LineSum { .. })));
        bad = SEED;
        bad[3] = 9;
        assert_eq!(check_filling(&h, &values, &bad), Err(FillingError::Repeat { value: 9, first: 1, second: 4 }));
        bad[3] = 20;
        assert_eq!(check_filling(&h, &values, &bad), Err(FillingError::Range { cell: 4, value: 20, lo: 1, hi: 19 }));
        // Shifted by -10 it uses -9..9, whose sum is 0; but lines of 3 and of 5 cells move by
        // -30 and -50, so it is not magic any more.
        let shifted: Vec<i64> = SEED.iter().map(|v| v - 10).collect();
        let zero = check_filling(&h, &(-9..=9).collect::<Vec<_>>(), &shifted);
        assert_eq!(zero, Err(FillingError::LineSum { cells: vec![1, 2, 3], sum: 8, magic: 0 }));
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
