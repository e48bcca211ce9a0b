//! The pattern databases' bound kept up to date step by step while the solver places tiles,
//! for the propagator ([`crate::guided::propagator`]).
//!
//! One [`Partition`] per way of reading the tables: the groups as built, and, when the goal
//! is its own transpose, the same tables read on the transposed board (Korf and Felner's
//! reflected lookup, as [`Tables::estimate`] does). The transposed reading groups the
//! tiles differently (a tile counts in the group of the tile that takes its part), so the
//! two partitions refute different placements; the larger of the two sums is still a lower
//! bound on the moves left, and each on its own too.

use crate::rules::Board;
use crate::tables::pdb::MAX_GROUP;
use crate::tables::Tables;

/// Marks a tile with no cell placed yet at a step.
pub const UNKNOWN: u8 = u8::MAX;

/// One reading of the tables over the tiles' placements at every step.
pub struct Partition {
    /// Whether the tables are read on the transposed board.
    pub mirrored: bool,
    /// Per tile index: its group.
    group_of: Vec<usize>,
    /// Per group: the tiles whose cells index its table, in the table's order.
    pub members: Vec<Vec<u8>>,
    /// Where a cell goes before the lookup (the transpose), or none.
    map: Option<[u8; crate::tables::MIRROR_CELLS]>,
    /// Per step and group (at `t * groups + g`): tiles placed, the Manhattan distances of
    /// those tiles, and the group's contribution; per step the contributions' sum.
    groups: usize,
    placed: Vec<usize>,
    partial: Vec<usize>,
    contribution: Vec<usize>,
    pub sum: Vec<usize>,
}

impl Partition {
    /// The direct reading, and the transposed one when the goal has that symmetry.
    pub fn all(pdb: &dyn Tables, steps: usize) -> Vec<Partition> {
        let tables = pdb.members();
        let mut all = vec![Partition::new(false, tables.clone(), None, steps)];
        if let Some(m) = pdb.mirror() {
            // Tile t plays the part of m.tile[t], on the transposed cell.
            let mut takes = [0u8; crate::tables::MIRROR_CELLS];
            for (t, &x) in m.tile.iter().enumerate() {
                takes[x as usize] = t as u8;
            }
            let members = tables.iter().map(|g| g.iter().map(|&x| takes[x as usize]).collect()).collect();
            all.push(Partition::new(true, members, Some(m.cell), steps));
        }
        all
    }

    fn new(
        mirrored: bool,
        members: Vec<Vec<u8>>,
        map: Option<[u8; crate::tables::MIRROR_CELLS]>,
        steps: usize,
    ) -> Partition {
        let tiles = members.iter().map(Vec::len).sum();
        let mut group_of = vec![0; tiles];
        for (g, tiles) in members.iter().enumerate() {
            for &tile in tiles {
                group_of[tile as usize - 1] = g;
            }
        }
        let groups = members.len();
        Partition {
            mirrored,
            group_of,
            members,
            map,
            groups,
            placed: vec![0; groups * steps],
            partial: vec![0; groups * steps],
            contribution: vec![0; groups * steps],
            sum: vec![0; steps],
        }
    }

    /// Each group's contribution at step t.
    pub fn contributions(&self, t: usize) -> &[usize] {
        &self.contribution[t * self.groups..(t + 1) * self.groups]
    }

    /// Takes note that tile index `ti` was placed on cell `c` at step t; `cell` is every
    /// tile's cell at that step ([`UNKNOWN`] where none), `c` among them. Its group's
    /// contribution becomes its table entry when all its tiles are placed, else the
    /// Manhattan distances of those placed (the transpose keeps distances, so a tile's own
    /// distance is its part's). Returns the group's contribution before, for [`Self::unplace`].
    pub fn place(&mut self, t: usize, ti: usize, c: u8, cell: &[u8], pdb: &dyn Tables, manhattan: &[Vec<u8>]) -> usize {
        let g = self.group_of[ti];
        let i = t * self.groups + g;
        self.placed[i] += 1;
        self.partial[i] += manhattan[ti][c as usize] as usize;
        let value = match self.placed[i] == self.members[g].len() {
            true => self.entry(g, cell, pdb),
            false => self.partial[i],
        };
        let before = self.contribution[i];
        self.sum[t] = self.sum[t] + value - before;
        self.contribution[i] = value;
        before
    }

    /// Undoes the [`Self::place`] of tile index `ti` on cell `c` at step t, which returned
    /// `before` (undone in the reverse order of placing: nothing is computed again).
    pub fn unplace(&mut self, t: usize, ti: usize, c: u8, before: usize, manhattan: &[Vec<u8>]) {
        let i = t * self.groups + self.group_of[ti];
        self.placed[i] -= 1;
        self.partial[i] -= manhattan[ti][c as usize] as usize;
        self.sum[t] = self.sum[t] + before - self.contribution[i];
        self.contribution[i] = before;
    }

    /// Each group's table entry with every tile on `cell` (per tile index; none unknown).
    pub fn values_on(&self, cell: &[u8], pdb: &dyn Tables) -> Vec<usize> {
        (0..self.members.len()).map(|g| self.entry(g, cell, pdb)).collect()
    }

    /// Group `g`'s table entry with its tiles on `cell` (per tile index), read this way.
    fn entry(&self, g: usize, cell: &[u8], pdb: &dyn Tables) -> usize {
        let members = &self.members[g];
        let mut cells = [0usize; MAX_GROUP];
        for (k, &tile) in members.iter().enumerate() {
            let c = cell[tile as usize - 1];
            cells[k] = self.map.map_or(c, |m| m[c as usize]) as usize;
        }
        pdb.group_estimate(g, &cells[..members.len()])
    }
}

/// Per tile index: Manhattan distance from each cell to its goal cell.
pub fn manhattan(goal: &Board) -> Vec<Vec<u8>> {
    let h = crate::rules::Heuristic::new(goal);
    (1..goal.len() as u8).map(|tile| (0..goal.len()).map(|c| h.tile_distance(tile, c) as u8).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::benchset::random_walk;
    use crate::tables::pdb::PatternDb;

    /// With every tile placed, the partitions' sums are the two lookups the search uses, and
    /// the larger is the tables' estimate; taking the tiles off again leaves nothing.
    #[test]
    fn full_placements_give_the_tables_estimate() {
        let goal = Board::goal(4, 4);
        let pdb = PatternDb::shared(&goal).expect("4x4 tables");
        let md = manhattan(&goal);
        for seed in 1..20 {
            let board = random_walk(4, 4, 60, seed);
            let mut parts = Partition::all(pdb.as_ref(), 2);
            assert_eq!(parts.len(), 2, "the 15-puzzle's goal is its own transpose");
            let mut cell = vec![UNKNOWN; 15];
            let mut undo = Vec::new();
            for tile in 1..16u8 {
                let c = board.position_of(tile) as u8;
                cell[tile as usize - 1] = c;
                let before: Vec<usize> =
                    parts.iter_mut().map(|p| p.place(1, tile as usize - 1, c, &cell, pdb.as_ref(), &md)).collect();
                undo.push((tile, c, before));
            }
            let best = parts.iter().map(|p| p.sum[1]).max().unwrap();
            assert_eq!(best, pdb.estimate(&board), "seed {seed}");
            for p in &parts {
                assert_eq!(p.contributions(1).iter().sum::<usize>(), p.sum[1]);
            }
            while let Some((tile, c, before)) = undo.pop() {
                cell[tile as usize - 1] = UNKNOWN;
                for (p, b) in parts.iter_mut().zip(before) {
                    p.unplace(1, tile as usize - 1, c, b, &md);
                }
            }
            assert!(parts.iter().all(|p| p.sum[1] == 0 && p.contributions(1).iter().all(|&v| v == 0)));
        }
    }
}
