//! Estimates and searches the checker makes itself: the tables' estimate of a whole board
//! (direct, and transposed where the goal is its own transpose), the Manhattan distance
//! with linear conflicts, and the bounded search that justifies a lemma several moves
//! ahead (`k`). Written here apart from the solving side, as the rest of this crate.

use std::collections::HashMap;

use crate::justify::Justify;
use crate::lemmas::sorted;

/// The most boards one `k` lemma's search may visit: a justification that needs more is
/// refused (a hostile lemma file cannot keep the checker busy for long).
const BOARDS_PER_LEMMA: usize = 1 << 20;

/// The deepest search a `k` lemma may ask for (the 24-puzzle's lookahead goes thirty moves
/// deep; [`BOARDS_PER_LEMMA`] bounds the work whatever the depth).
const MAX_DEPTH: usize = 48;

impl Justify<'_> {
    /// The tables' estimate of a whole board (cells row by row, 0 the blank): the larger of
    /// the direct and the transposed reading.
    pub fn estimate(&self, cells: &[u8]) -> usize {
        // On the stack: asked for every board of a lemma's search (boards have at most 25
        // cells, the dense tables' largest).
        let n = self.shape.cells();
        let (mut where_is, mut mirrored) = ([0usize; 32], [0usize; 32]);
        for (c, &t) in cells.iter().enumerate() {
            where_is[t as usize] = c;
        }
        let mut estimate = self.tables.sum(&where_is[..n]);
        if let Some((cell, tile)) = &self.mirror {
            for t in 0..n {
                mirrored[tile[t] as usize] = cell[where_is[t]];
            }
            estimate = estimate.max(self.tables.sum(&mirrored[..n]));
        }
        estimate
    }

    /// Manhattan distance plus linear conflicts: in a row, the tiles whose goal is in that
    /// row must end in their goal order, and each tile that has to leave the row to let the
    /// others pass costs two moves more (at least: the tiles that stay form an increasing
    /// run, so those that leave are at least the row's length less its longest increasing
    /// run); the same for columns.
    pub fn manhattan_conflicts(&self, cells: &[u8]) -> usize {
        let shape = self.shape;
        let mut h = 0;
        for (c, &t) in cells.iter().enumerate() {
            if t != 0 {
                h += shape.distance(c, self.home[t as usize]);
            }
        }
        for r in 0..shape.rows {
            let keys: Vec<usize> = (0..shape.cols)
                .map(|k| cells[r * shape.cols + k] as usize)
                .filter(|&t| t != 0 && self.home[t] / shape.cols == r)
                .map(|t| self.home[t] % shape.cols)
                .collect();
            h += 2 * leaving(&keys);
        }
        for k in 0..shape.cols {
            let keys: Vec<usize> = (0..shape.rows)
                .map(|r| cells[r * shape.cols + k] as usize)
                .filter(|&t| t != 0 && self.home[t] % shape.cols == k)
                .map(|t| self.home[t] / shape.cols)
                .collect();
            h += 2 * leaving(&keys);
        }
        h
    }

    /// `k STEP DEPTH LEFT @ TILE:CELL ...`: every tile listed, so the board after STEP moves
    /// is known; the clause is "not this board, or one of the moves LEFT" (`-` for none).
    /// Each other legal move leads to a board from which a search of DEPTH - 1 moves shows
    /// no path reaching the goal in the H - STEP - 1 moves left (none that does not start by
    /// undoing the move, where the formula forbids undoing moves).
    pub fn ahead(&self, step: &str, depth: &str, left: &str, rest: &[&str], clause: &[i32]) -> Result<(), String> {
        let (shape, h, formula) = (self.shape, self.h, self.formula);
        let step: usize = step.parse().map_err(|_| "a bad step".to_string())?;
        let depth: usize = depth.parse().map_err(|_| "a bad depth".to_string())?;
        if step + 1 >= h || depth == 0 || depth > MAX_DEPTH {
            return Err(format!("step {step} or depth {depth} out of range (horizon {h}, depth 1..{MAX_DEPTH})"));
        }
        let left: Vec<char> = if left == "-" { Vec::new() } else { left.chars().collect() };
        let listed = match rest.split_first() {
            Some((&"@", listed)) => listed,
            _ => return Err("no @ before the placements".into()),
        };
        let n = shape.cells();
        let mut cells = vec![u8::MAX; n];
        let mut expected = Vec::new();
        for p in listed {
            let (tile, cell) = p.split_once(':').ok_or_else(|| format!("not TILE:CELL: {p}"))?;
            let (tile, cell): (u8, usize) =
                (tile.parse().map_err(|_| "a bad tile")?, cell.parse().map_err(|_| "a bad cell")?);
            if tile == 0 || tile as usize >= n || cell >= n || cells[cell] != u8::MAX {
                return Err(format!("tile {tile} on cell {cell}: no such tile or cell, or the cell twice"));
            }
            cells[cell] = tile;
            let v = formula.positions.get(&(tile, cell, step));
            expected.push(-*v.ok_or_else(|| format!("no variable for tile {tile} on cell {cell} after {step} moves"))?);
        }
        if listed.len() != n - 1 {
            return Err(format!("{} tiles listed, not all {}", listed.len(), n - 1));
        }
        let blank = cells.iter().position(|&t| t == u8::MAX).ok_or("no cell left for the blank")?;
        cells[blank] = 0;
        for &letter in &left {
            let a = formula.actions.get(&(step, letter));
            expected.push(*a.ok_or_else(|| format!("no variable for move {letter} of step {step}"))?);
        }
        if sorted(clause) != sorted(&expected) || clause.len() != expected.len() {
            return Err("the clause is not the board's negation with the moves left".into());
        }
        let room = h - step - 1;
        for letter in ['U', 'D', 'L', 'R'] {
            let mut child = cells.clone();
            if left.contains(&letter) || !shape.apply(&mut child, letter) {
                continue;
            }
            let mut budget = BOARDS_PER_LEMMA;
            // Where the formula forbids undoing a move, the plan's path from the child does
            // not start by undoing `letter` (see `beyond`); else that path is searched too.
            let last = formula.forbids_undo.then_some(letter);
            if !self.beyond(&mut child, room, depth - 1, last, &mut budget) {
                return Err(format!(
                    "after move {letter}, a search of {} moves does not rule out {room} moves",
                    depth - 1
                ));
            }
        }
        Ok(())
    }

    /// Whether every path from `cells` to the goal is longer than `room`, as a search of
    /// `depth` moves shows on the tables' estimate. The move undoing `last` is not tried:
    /// a shortest path never undoes its own move, so if any path of at most `room` moves
    /// exists, one without such a pair does. Precisely (by induction on the search): true
    /// means no path of at most `room` moves without a move undoing the one before, and not
    /// starting by undoing `last`; with `last` none, no path of at most `room` moves at all.
    fn beyond(&self, cells: &mut [u8], room: usize, depth: usize, last: Option<char>, budget: &mut usize) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if self.estimate(cells) > room {
            return true;
        }
        if depth == 0 || room == 0 || cells == self.tables.goal.as_slice() {
            return false;
        }
        for letter in ['U', 'D', 'L', 'R'] {
            if last.map(opposite) == Some(letter) || !self.shape.apply(cells, letter) {
                continue;
            }
            let far = self.beyond(cells, room - 1, depth - 1, Some(letter), budget);
            self.shape.apply(cells, opposite(letter));
            if !far {
                return false;
            }
        }
        true
    }
}

/// Whether, for every step t and move l whose variables exist, the clauses hold
/// (-A(t,l) -A(t+1,l')) with l' the move that undoes l.
pub(crate) fn forbids_undo(clauses: &[Vec<i32>], actions: &HashMap<(usize, char), i32>, horizon: usize) -> bool {
    let pairs: std::collections::HashSet<(i32, i32)> = clauses
        .iter()
        .filter_map(|c| match c.as_slice() {
            &[a, b] => Some((a.min(b), a.max(b))),
            _ => None,
        })
        .collect();
    (0..horizon.saturating_sub(1)).all(|t| {
        [('U', 'D'), ('D', 'U'), ('L', 'R'), ('R', 'L')].iter().all(|&(l, undo)| {
            match (actions.get(&(t, l)), actions.get(&(t + 1, undo))) {
                (Some(&a), Some(&b)) => pairs.contains(&((-a).min(-b), (-a).max(-b))),
                _ => true,
            }
        })
    })
}

/// The move that undoes a move.
fn opposite(letter: char) -> char {
    match letter {
        'U' => 'D',
        'D' => 'U',
        'L' => 'R',
        _ => 'L',
    }
}

/// How many of `keys` must leave the line so that those left are in increasing order: the
/// line's length less its longest increasing run (keys are distinct goal places).
fn leaving(keys: &[usize]) -> usize {
    let mut longest = vec![1; keys.len()];
    for i in 0..keys.len() {
        for j in 0..i {
            if keys[j] < keys[i] {
                longest[i] = longest[i].max(longest[j] + 1);
            }
        }
    }
    keys.len() - longest.iter().copied().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{forbids_undo, leaving};
    use std::collections::HashMap;

    #[test]
    fn tiles_leaving_a_line_are_its_length_less_its_longest_increasing_run() {
        assert_eq!(leaving(&[]), 0);
        assert_eq!(leaving(&[0, 1, 2, 3]), 0);
        assert_eq!(leaving(&[1, 0]), 1);
        assert_eq!(leaving(&[3, 2, 1, 0]), 3);
        assert_eq!(leaving(&[2, 0, 3, 1]), 2);
    }

    /// Every (step, move) pair with its undo at the next step must be a binary clause of
    /// the formula, in either order; one missing and the search may not rely on it.
    #[test]
    fn undoing_is_forbidden_only_when_every_pair_is_a_clause() {
        let letters = ['U', 'D', 'L', 'R'];
        let mut actions = HashMap::new();
        for t in 0..3 {
            for (i, &l) in letters.iter().enumerate() {
                actions.insert((t, l), (1 + 4 * t + i) as i32);
            }
        }
        let undo = |l: char| match l {
            'U' => 'D',
            'D' => 'U',
            'L' => 'R',
            _ => 'L',
        };
        let mut clauses: Vec<Vec<i32>> = vec![vec![1, 2, 3, 4]];
        for t in 0..2 {
            for &l in &letters {
                let (a, b) = (actions[&(t, l)], actions[&(t + 1, undo(l))]);
                clauses.push(if t == 0 { vec![-a, -b] } else { vec![-b, -a] });
            }
        }
        assert!(forbids_undo(&clauses, &actions, 3));
        clauses.remove(3);
        assert!(!forbids_undo(&clauses, &actions, 3));
        // The pair whose clause is missing (L at step 0, R at step 1) needs none once the
        // variable of R at step 1 does not exist.
        let mut fewer = actions.clone();
        fewer.remove(&(1, 'R'));
        assert!(forbids_undo(&clauses, &fewer, 3));
    }
}
