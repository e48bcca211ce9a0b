//! Every magic filling by plain backtracking: the oracle `prove encodings` compares the
//! encodings' models with. Cells are filled in numbering order; a line is checked when its
//! last cell is filled, and a partial line must leave a rest its open cells can still make
//! (between the sums of the smallest and of the largest values, as many as the open cells).

use super::shape::Shape;

/// All magic fillings of `hex` with sum `magic`, each of `values` (sorted, one per cell)
/// used once.
pub fn all_fillings(hex: &Shape, values: &[i64], magic: i64) -> Vec<Vec<i64>> {
    let n = hex.cells();
    // The lines through each cell, and how many of the line's cells come after it.
    let through: Vec<Vec<(usize, usize)>> = (0..n)
        .map(|c| {
            hex.lines
                .iter()
                .enumerate()
                .filter(|(_, l)| l.contains(&c))
                .map(|(i, l)| (i, l.iter().filter(|&&o| o > c).count()))
                .collect()
        })
        .collect();
    let mut low = vec![0];
    let mut high = vec![0];
    for k in 0..n {
        low.push(low[k] + values[k]);
        high.push(high[k] + values[n - 1 - k]);
    }
    let mut state = Fill {
        values: values.to_vec(),
        low,
        high,
        filling: vec![0; n],
        used: vec![false; n],
        sums: vec![0; hex.lines.len()],
        out: Vec::new(),
    };
    state.go(0, magic, &through);
    state.out
}

struct Fill {
    values: Vec<i64>,
    /// The sums of the k smallest and of the k largest values.
    low: Vec<i64>,
    high: Vec<i64>,
    filling: Vec<i64>,
    used: Vec<bool>,
    sums: Vec<i64>,
    out: Vec<Vec<i64>>,
}

impl Fill {
    fn go(&mut self, c: usize, magic: i64, through: &[Vec<(usize, usize)>]) {
        if c == self.filling.len() {
            self.out.push(self.filling.clone());
            return;
        }
        for i in 0..self.values.len() {
            if self.used[i] {
                continue;
            }
            let v = self.values[i];
            let fits = through[c].iter().all(|&(l, open)| {
                let rest = magic - self.sums[l] - v;
                (self.low[open]..=self.high[open]).contains(&rest)
            });
            if !fits {
                continue;
            }
            self.used[i] = true;
            self.filling[c] = v;
            for &(l, _) in &through[c] {
                self.sums[l] += v;
            }
            self.go(c + 1, magic, through);
            for &(l, _) in &through[c] {
                self.sums[l] -= v;
            }
            self.used[i] = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_three_has_the_twelve_and_order_one_its_one() {
        let hex = crate::rules::Hexagon::new(3).unwrap();
        let (shape, values) = (hex.shape(), hex.natural_values());
        let all = all_fillings(&shape, &values, hex.magic_sum(&values).unwrap());
        assert_eq!(all.len(), 12);
        let rules = crate::rules::Rules { shape: &shape, values: &values, distinct: true, sum: Some(38) };
        for f in &all {
            crate::rules::check_filling(rules, f).unwrap();
        }
        // The zero-sum hexagons of order 3 (-9..9): 26 up to symmetry, as published.
        let zero: Vec<i64> = (-9..=9).collect();
        assert_eq!(all_fillings(&shape, &zero, 0).len(), 26 * 12);
        let one = crate::rules::Hexagon::new(1).unwrap();
        assert_eq!(all_fillings(&one.shape(), &[1], 1), vec![vec![1]]);
    }
}
