//! What every line-sum encoding, search and check sees of a magic figure, whatever its
//! drawing: the cells (by name), the lines as cell indices, the symmetries (permutations of
//! the cells that map lines onto lines) and the order facts that break them.
//!
//! The hexagon builds its shape from coordinates ([`super::Hexagon::shape`]); a figure read
//! from a file computes its symmetries by search. Both reach the encodings only as a shape.

/// See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// The name of each cell as the user sees it (the hexagon: its number from 1).
    pub names: Vec<String>,
    /// Each line as cell indices, in increasing order.
    pub lines: Vec<Vec<usize>>,
    /// Permutations of the cells that map lines onto lines, identity first: `perm[i]` is
    /// where cell i goes.
    pub symmetries: Vec<Vec<usize>>,
    /// Pairs (a, b) meaning value(a) < value(b) that keep exactly one filling of each
    /// symmetry class when the values are distinct.
    pub breaking: Vec<(usize, usize)>,
}

impl Shape {
    pub fn cells(&self) -> usize {
        self.names.len()
    }

    /// The images of a filling under the symmetries, distinct and sorted.
    pub fn orbit(&self, values: &[i64]) -> Vec<Vec<i64>> {
        let mut out: Vec<Vec<i64>> = self
            .symmetries
            .iter()
            .map(|perm| {
                let mut image = vec![0; values.len()];
                for (i, &to) in perm.iter().enumerate() {
                    image[to] = values[i];
                }
                image
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The lines grouped into directions: sets of pairwise disjoint lines that together
    /// cover every cell (the hexagon's rows, and its two diagonals; a square's rows and
    /// columns). Each value lies on exactly one line of a direction, which the CNF uses.
    pub fn directions(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (l, line) in self.lines.iter().enumerate() {
            let disjoint = |g: &Vec<usize>| g.iter().all(|&o| self.lines[o].iter().all(|c| !line.contains(c)));
            match groups.iter_mut().find(|g| disjoint(g)) {
                Some(g) => g.push(l),
                None => groups.push(vec![l]),
            }
        }
        groups.retain(|g| g.iter().map(|&l| self.lines[l].len()).sum::<usize>() == self.cells());
        groups
    }

    /// The sum every line must have, when the figure and the values imply one: a
    /// direction shares out the total (so the sum is the total over its lines), or every
    /// cell lies on the same number k of lines (the sum is k times the total over the
    /// lines). `Ok(None)` when neither holds (the sum is then open); distinct values only.
    ///
    /// # Errors
    /// (total, lines sharing it) when the share is not an integer: no filling exists.
    pub fn implied_sum(&self, values: &[i64]) -> Result<Option<i64>, (i64, i64)> {
        let total: i64 = values.iter().sum();
        let share = |times: i64, lines: i64| match (total * times) % lines {
            0 => Ok(Some(total * times / lines)),
            _ => Err((total * times, lines)),
        };
        if let Some(direction) = self.directions().first() {
            return share(1, direction.len() as i64);
        }
        let on = |c: usize| self.lines.iter().filter(|l| l.contains(&c)).count();
        let k = on(0);
        match (0..self.cells()).all(|c| on(c) == k) && k > 0 {
            true => share(k as i64, self.lines.len() as i64),
            false => Ok(None),
        }
    }
}

/// Order facts that keep exactly one filling per class when values are distinct, from a
/// stabiliser chain: take the cell moved by the most symmetries (its orbit the largest,
/// ties to the lowest index), ask it to hold the smallest value of its orbit (one member
/// per coset of its stabiliser survives), then do the same within the stabiliser, until
/// only the identity is left. Each level keeps exactly one of the cosets, so one filling of
/// each class survives in all.
pub fn breaking_pairs(cells: usize, symmetries: &[Vec<usize>]) -> Vec<(usize, usize)> {
    let mut group: Vec<&Vec<usize>> = symmetries.iter().collect();
    let mut pairs = Vec::new();
    while group.len() > 1 {
        let orbit = |c: usize| {
            let mut o: Vec<usize> = group.iter().map(|g| g[c]).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        let Some(base) = (0..cells).max_by_key(|&c| (orbit(c).len(), std::cmp::Reverse(c))) else { break };
        let images = orbit(base);
        if images.len() < 2 {
            break;
        }
        pairs.extend(images.into_iter().filter(|&o| o != base).map(|o| (base, o)));
        group.retain(|g| g[base] == base);
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every filling of a symmetric shape has exactly one image that obeys the pairs.
    #[test]
    fn the_chain_keeps_one_member_of_each_class() {
        let hex = super::super::Hexagon::new(3).unwrap();
        let shape = hex.shape();
        let pairs = breaking_pairs(shape.cells(), &shape.symmetries);
        let filling: Vec<i64> = (0..19).map(|i| (i * 7 % 19) as i64).collect();
        let orbit = shape.orbit(&filling);
        assert_eq!(orbit.len(), 12);
        let kept = orbit.iter().filter(|f| pairs.iter().all(|&(a, b)| f[a] < f[b])).count();
        assert_eq!(kept, 1);
        assert_eq!(shape.implied_sum(&hex.natural_values()), Ok(Some(38)));
        assert_eq!(shape.directions().len(), 3);
    }
}
