//! Cells and lines of an order-n hexagon, from axial coordinates.
//!
//! A cell is (q, r) with |q|, |r|, |q + r| <= n - 1. Rows are constant r, numbered top to
//! bottom, cells left to right (order 3: rows of 3, 4, 5, 4, 3, cells 1..19). The three line
//! directions are constant r, constant q and constant s = -q - r.

/// Why an order has no magic hexagon to look for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("order must be at least 1 (got {0})")]
    TooSmall(usize),
    #[error("order {order} is larger than the {max} puzzlec supports")]
    TooLarge { order: usize, max: usize },
    #[error("order {order} has no integer magic sum: the values {lo}..{hi} add up to {total}, which {rows} rows cannot share equally ({total}/{rows} is not an integer)")]
    NoMagicSum { order: usize, lo: i64, hi: i64, total: i64, rows: usize },
}

/// Largest order accepted: 397 cells, whose one-hot CNF (a variable per cell and value)
/// still fits in memory; the published magic hexagons stop at order 8.
pub const MAX_ORDER: usize = 12;

/// The geometry of one order: cells in numbering order and every line as cell indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hexagon {
    pub order: usize,
    /// Axial (q, r) of each cell, in numbering order (cell number = index + 1).
    pub coords: Vec<(i32, i32)>,
    /// Each line as 0-based cell indices in increasing order; rows first, then constant q,
    /// then constant s. Duplicates (order 1, where all three are the one cell) are dropped.
    pub lines: Vec<Vec<usize>>,
}

impl Hexagon {
    /// The geometry of order `order` (any order from 1 to MAX_ORDER, magic sum or not).
    pub fn new(order: usize) -> Result<Hexagon, OrderError> {
        if order == 0 {
            return Err(OrderError::TooSmall(order));
        }
        if order > MAX_ORDER {
            return Err(OrderError::TooLarge { order, max: MAX_ORDER });
        }
        let k = order as i32 - 1;
        let mut coords = Vec::new();
        for r in -k..=k {
            for q in (-k).max(-k - r)..=k.min(k - r) {
                coords.push((q, r));
            }
        }
        let mut lines: Vec<Vec<usize>> = Vec::new();
        let keys: [fn((i32, i32)) -> i32; 3] = [|(_, r)| r, |(q, _)| q, |(q, r)| -q - r];
        for key in keys {
            for value in -k..=k {
                let line: Vec<usize> = (0..coords.len()).filter(|&i| key(coords[i]) == value).collect();
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
        Ok(Hexagon { order, coords, lines })
    }

    pub fn cells(&self) -> usize {
        self.coords.len()
    }

    /// Number of rows (and of lines in each direction): 2n - 1.
    pub fn rows(&self) -> usize {
        2 * self.order - 1
    }

    /// Cell indices of each row, top to bottom.
    pub fn row_cells(&self) -> Vec<Vec<usize>> {
        self.lines[..self.rows()].to_vec()
    }

    /// The rows partition the cells, so each holds an equal share of the values' total: the
    /// sum per line is that total over the number of rows, when it divides. `values` are the
    /// values placed (sorted, one per cell).
    pub fn magic_sum(&self, values: &[i64]) -> Result<i64, OrderError> {
        let total: i64 = values.iter().sum();
        let rows = self.rows() as i64;
        let (lo, hi) = (values.first().copied().unwrap_or(0), values.last().copied().unwrap_or(0));
        match total % rows {
            0 => Ok(total / rows),
            _ => Err(OrderError::NoMagicSum { order: self.order, lo, hi, total, rows: rows as usize }),
        }
    }

    /// The default values: 1..=cells.
    pub fn natural_values(&self) -> Vec<i64> {
        (1..=self.cells() as i64).collect()
    }

    /// What the encodings see: cells named by number, the lines, the 12 symmetries and the
    /// corner order that breaks them.
    pub fn shape(&self) -> super::Shape {
        super::Shape {
            names: (1..=self.cells()).map(|c| c.to_string()).collect(),
            lines: self.lines.clone(),
            symmetries: self.symmetries(),
            breaking: self.breaking(),
        }
    }

    /// Pairs (a, b) of cells with value(a) < value(b) that pick one filling per symmetry
    /// class; empty for order 1 (one cell, nothing to break).
    ///
    /// The 12 symmetries permute the six corners as the dihedral group of a hexagon.
    /// Because every value is distinct, no filling is fixed by a non-trivial symmetry, so
    /// each class has exactly 12 members, and exactly one of them has its smallest corner
    /// value on the first corner (cell 1) with the corner after it (turning one way) smaller
    /// than the corner before it. Rotations choose where the smallest corner sits; the
    /// reflection through that corner orders its two neighbours.
    pub fn breaking(&self) -> Vec<(usize, usize)> {
        if self.cells() < 2 {
            return Vec::new();
        }
        let rotate = &self.symmetries()[1];
        let mut corners = vec![0usize];
        while corners.len() < 6 {
            corners.push(rotate[*corners.last().expect("non-empty")]);
        }
        let mut pairs: Vec<(usize, usize)> = corners[1..].iter().map(|&c| (corners[0], c)).collect();
        pairs.push((corners[1], corners[5]));
        pairs
    }

    /// The 12 symmetries of the hexagon (6 rotations, each with and without a reflection), as
    /// permutations of cell indices: `perm[i]` is where cell i goes. Identity first.
    pub fn symmetries(&self) -> Vec<Vec<usize>> {
        let index_of = |c: (i32, i32)| self.coords.iter().position(|&x| x == c).expect("symmetry maps cells to cells");
        let mut out = Vec::new();
        for reflect in [false, true] {
            for turns in 0..6 {
                out.push(
                    self.coords
                        .iter()
                        .map(|&(q, r)| {
                            // Cube (x, y, z) = (q, -q - r, r); reflection swaps x and z.
                            let (mut x, mut y, mut z) = (q, -q - r, r);
                            if reflect {
                                std::mem::swap(&mut x, &mut z);
                            }
                            for _ in 0..turns {
                                (x, y, z) = (-z, -x, -y);
                            }
                            index_of((x, z))
                        })
                        .collect(),
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_3_has_the_15_lines_of_the_hex38_seed() {
        let h = Hexagon::new(3).unwrap();
        assert_eq!(h.cells(), 19);
        let seed: [&[usize]; 15] = [
            &[1, 2, 3],
            &[4, 5, 6, 7],
            &[8, 9, 10, 11, 12],
            &[13, 14, 15, 16],
            &[17, 18, 19],
            &[1, 8, 4],
            &[2, 5, 9, 13],
            &[3, 6, 10, 14, 17],
            &[7, 11, 15, 18],
            &[12, 16, 19],
            &[8, 13, 17],
            &[4, 9, 14, 18],
            &[1, 5, 10, 15, 19],
            &[2, 6, 11, 16],
            &[3, 7, 12],
        ];
        let mut want: Vec<Vec<usize>> = seed
            .iter()
            .map(|l| {
                let mut v: Vec<usize> = l.iter().map(|c| c - 1).collect();
                v.sort();
                v
            })
            .collect();
        want.sort();
        let mut got = h.lines.clone();
        got.sort();
        assert_eq!(got, want);
        assert_eq!(h.magic_sum(&h.natural_values()), Ok(38));
    }

    #[test]
    fn sizes_and_magic_sums() {
        assert_eq!(Hexagon::new(1).unwrap().lines, vec![vec![0]]);
        let sum = |order: usize| {
            let h = Hexagon::new(order).unwrap();
            h.magic_sum(&h.natural_values())
        };
        assert_eq!(sum(1), Ok(1));
        assert!(matches!(sum(2), Err(OrderError::NoMagicSum { total: 28, rows: 3, .. })));
        assert!(matches!(sum(4), Err(OrderError::NoMagicSum { hi: 37, .. })));
        let four = Hexagon::new(4).unwrap();
        assert_eq!(four.magic_sum(&(3..=39).collect::<Vec<_>>()), Ok(111));
        assert_eq!(Hexagon::new(5).unwrap().magic_sum(&(-30..=30).collect::<Vec<_>>()), Ok(0));
        assert_eq!(Hexagon::new(4).unwrap().lines.len(), 21);
        assert_eq!(Hexagon::new(0), Err(OrderError::TooSmall(0)));
    }

    #[test]
    fn symmetries_are_twelve_distinct_line_preserving_permutations() {
        let h = Hexagon::new(3).unwrap();
        let syms = h.symmetries();
        assert_eq!(syms.len(), 12);
        assert_eq!(syms[0], (0..19).collect::<Vec<_>>());
        let mut lines: Vec<Vec<usize>> = h.lines.clone();
        lines.sort();
        for p in &syms {
            let mut mapped: Vec<Vec<usize>> = h
                .lines
                .iter()
                .map(|l| {
                    let mut m: Vec<usize> = l.iter().map(|&c| p[c]).collect();
                    m.sort();
                    m
                })
                .collect();
            mapped.sort();
            assert_eq!(mapped, lines);
        }
        let distinct: std::collections::HashSet<_> = syms.iter().collect();
        assert_eq!(distinct.len(), 12);
    }
}
