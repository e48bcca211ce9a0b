//! The symmetries of a figure, found by search: the permutations of the cells that map every
//! line onto a line and, for a drawn figure, keep every distance between cells (so a 4x4
//! square has its 8 turns and mirrors, not the 32 permutations of its lines: swapping the
//! inner and outer rows and columns maps lines onto lines but is no symmetry of the
//! drawing).
//!
//! Backtracking assigns cells in the order a breadth-first walk along the lines meets them,
//! each to a cell with the same lines through it, agreeing with every cell assigned before
//! (as many lines in common, the same distance); a complete assignment is kept when it maps
//! the set of lines onto itself.

use std::collections::HashSet;

/// Most symmetries searched for; past it the figure is refused with the way out.
pub const MAX_SYMMETRIES: usize = 50_000;

/// Most work the search does (a step per cell compared, over all its branches): lines that
/// say little of a large figure (a 20x20 square's rows, columns and two diagonals) leave it
/// dead ends by the billion, and the figure is refused with the way out instead (in about a
/// second).
pub const MAX_STEPS: u64 = 2_000_000_000;

/// The symmetries, identity first.
///
/// # Errors
/// The words of why the search gave up: more than [`MAX_SYMMETRIES`] symmetries, or more
/// than [`MAX_STEPS`] steps.
pub fn symmetries(
    cells: usize,
    lines: &[Vec<usize>],
    points: Option<&[(f64, f64)]>,
) -> Result<Vec<Vec<usize>>, String> {
    let set: HashSet<Vec<usize>> = lines.iter().cloned().collect();
    let mut together = vec![vec![0u32; cells]; cells];
    for line in lines {
        for &a in line {
            for &b in line {
                together[a][b] += 1;
            }
        }
    }
    // Each cell's lengths of the lines through it: only cells alike can swap.
    let profile: Vec<Vec<usize>> = (0..cells)
        .map(|c| {
            let mut p: Vec<usize> = lines.iter().filter(|l| l.contains(&c)).map(Vec::len).collect();
            p.sort_unstable();
            p
        })
        .collect();
    let distance = points.map(|pts| {
        let d: Vec<Vec<f64>> =
            pts.iter().map(|a| pts.iter().map(|b| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).collect()).collect();
        let largest = d.iter().flatten().copied().fold(0.0, f64::max);
        (d, 1e-3 * largest.max(1e-9))
    });
    let order = walk(cells, lines);
    let mut search = Search {
        order,
        together,
        profile,
        distance,
        set,
        lines,
        perm: vec![usize::MAX; cells],
        used: vec![false; cells],
        out: Vec::new(),
        steps: 0,
    };
    if !search.go(0) {
        return Err(match search.steps > MAX_STEPS {
            true => format!("the search for the lines' symmetries passed {MAX_STEPS} steps"),
            false => format!("the lines have more than {MAX_SYMMETRIES} symmetries"),
        });
    }
    let mut out = search.out;
    let identity: Vec<usize> = (0..cells).collect();
    out.retain(|p| *p != identity);
    out.sort();
    out.insert(0, identity);
    Ok(out)
}

/// Cells in breadth-first order along the lines, each component from its lowest cell.
fn walk(cells: usize, lines: &[Vec<usize>]) -> Vec<usize> {
    let mut seen = vec![false; cells];
    let mut order = Vec::with_capacity(cells);
    for start in 0..cells {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            order.push(c);
            for line in lines.iter().filter(|l| l.contains(&c)) {
                for &o in line {
                    if !seen[o] {
                        seen[o] = true;
                        queue.push_back(o);
                    }
                }
            }
        }
    }
    order
}

struct Search<'a> {
    order: Vec<usize>,
    together: Vec<Vec<u32>>,
    profile: Vec<Vec<usize>>,
    distance: Option<(Vec<Vec<f64>>, f64)>,
    set: HashSet<Vec<usize>>,
    lines: &'a [Vec<usize>],
    perm: Vec<usize>,
    used: Vec<bool>,
    out: Vec<Vec<usize>>,
    steps: u64,
}

impl Search<'_> {
    /// False once more than [`MAX_SYMMETRIES`] are found, or after [`MAX_STEPS`].
    fn go(&mut self, depth: usize) -> bool {
        if depth == self.order.len() {
            let maps = self.lines.iter().all(|l| {
                let mut image: Vec<usize> = l.iter().map(|&c| self.perm[c]).collect();
                image.sort_unstable();
                self.set.contains(&image)
            });
            if maps {
                self.out.push(self.perm.clone());
            }
            return self.out.len() <= MAX_SYMMETRIES;
        }
        let c = self.order[depth];
        for t in 0..self.perm.len() {
            if self.used[t] || self.profile[t] != self.profile[c] {
                continue;
            }
            // A candidate alike costs a look at every cell placed before it.
            self.steps += 1 + depth as u64;
            if self.steps > MAX_STEPS {
                return false;
            }
            if !self.agrees(depth, c, t) {
                continue;
            }
            self.perm[c] = t;
            self.used[t] = true;
            let fine = self.go(depth + 1);
            self.used[t] = false;
            self.perm[c] = usize::MAX;
            if !fine {
                return false;
            }
        }
        true
    }

    /// Whether sending `c` to `t` keeps what `c` shares with every cell placed before it.
    fn agrees(&self, depth: usize, c: usize, t: usize) -> bool {
        self.order[..depth].iter().all(|&d| {
            let u = self.perm[d];
            self.together[c][d] == self.together[t][u]
                && self.distance.as_ref().is_none_or(|(dist, tol)| (dist[c][d] - dist[t][u]).abs() <= *tol)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(n: usize) -> (Vec<Vec<usize>>, Vec<(f64, f64)>) {
        let mut lines: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            lines.push((0..n).map(|j| i * n + j).collect());
            lines.push((0..n).map(|j| j * n + i).collect());
        }
        lines.push((0..n).map(|i| i * n + i).collect());
        let mut anti: Vec<usize> = (0..n).map(|i| i * n + n - 1 - i).collect();
        anti.sort_unstable();
        lines.push(anti);
        let points = (0..n * n).map(|c| ((c % n) as f64, (c / n) as f64)).collect();
        (lines, points)
    }

    #[test]
    fn a_square_has_eight_drawn_symmetries_and_more_of_its_lines() {
        let (lines, points) = square(4);
        assert_eq!(symmetries(16, &lines, Some(&points)).unwrap().len(), 8);
        assert_eq!(symmetries(16, &lines, None).unwrap().len(), 32);
        let (lines, points) = square(3);
        let drawn = symmetries(9, &lines, Some(&points)).unwrap();
        assert_eq!(drawn.len(), 8);
        assert_eq!(drawn[0], (0..9).collect::<Vec<_>>());
    }

    #[test]
    fn too_many_symmetries_are_refused() {
        // Ten cells on no common structure: every permutation maps the one line onto itself.
        let line: Vec<usize> = (0..10).collect();
        assert!(symmetries(10, &[line], None).unwrap_err().contains("more than"));
    }
}
