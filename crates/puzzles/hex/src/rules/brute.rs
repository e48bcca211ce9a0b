//! Every magic filling by plain backtracking: the oracle `prove encodings` compares the
//! encodings' models with. Cells are filled in numbering order; a line is checked when its
//! last cell is filled, and a partial line may not pass the magic sum.

use super::geometry::Hexagon;

/// All magic fillings of `hex` with sum `magic` (values 1..=cells, each once).
pub fn all_fillings(hex: &Hexagon, magic: usize) -> Vec<Vec<i64>> {
    let n = hex.cells();
    // The lines through each cell, and whether the cell is the line's last (highest) one.
    let through: Vec<Vec<(usize, bool)>> = (0..n)
        .map(|c| {
            hex.lines
                .iter()
                .enumerate()
                .filter(|(_, l)| l.contains(&c))
                .map(|(i, l)| (i, l.iter().max() == Some(&c)))
                .collect()
        })
        .collect();
    let mut state =
        Fill { values: vec![0; n], used: vec![false; n + 1], sums: vec![0; hex.lines.len()], out: Vec::new() };
    state.go(0, magic, &through);
    state.out
}

struct Fill {
    values: Vec<i64>,
    used: Vec<bool>,
    sums: Vec<usize>,
    out: Vec<Vec<i64>>,
}

impl Fill {
    fn go(&mut self, c: usize, magic: usize, through: &[Vec<(usize, bool)>]) {
        if c == self.values.len() {
            self.out.push(self.values.clone());
            return;
        }
        for v in 1..self.used.len() {
            if self.used[v] {
                continue;
            }
            let fits = through[c].iter().all(|&(l, last)| {
                let s = self.sums[l] + v;
                if last {
                    s == magic
                } else {
                    s < magic
                }
            });
            if !fits {
                continue;
            }
            self.used[v] = true;
            self.values[c] = v as i64;
            for &(l, _) in &through[c] {
                self.sums[l] += v;
            }
            self.go(c + 1, magic, through);
            for &(l, _) in &through[c] {
                self.sums[l] -= v;
            }
            self.used[v] = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_three_has_the_twelve_and_order_one_its_one() {
        let hex = Hexagon::new(3).unwrap();
        let all = all_fillings(&hex, hex.magic_sum().unwrap());
        assert_eq!(all.len(), 12);
        for f in &all {
            crate::rules::check_filling(&hex, f).unwrap();
        }
        let one = Hexagon::new(1).unwrap();
        assert_eq!(all_fillings(&one, one.magic_sum().unwrap()), vec![vec![1]]);
    }
}
