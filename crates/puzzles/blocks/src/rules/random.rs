//! Random instances, for families, tests and `prove encodings`: Rush Hour boards (the red car
//! on the middle row, vehicles of 2 and 3 cells kept to their axes) and free-block boards
//! (dominoes, squares and single cells, one piece with a goal elsewhere).

use super::board::{from_grid, rush_hour};
use super::goal::rush_hour_goal;
use super::{Axis, BlocksPuzzle, Metric};

/// Tries to put a `h`x`w` block named `name` somewhere free.
fn place(
    grid: &mut [Vec<char>],
    rng: &mut fastrand::Rng,
    name: char,
    (h, w): (usize, usize),
    row: Option<usize>,
) -> bool {
    let (rows, cols) = (grid.len(), grid[0].len());
    if h > rows || w > cols {
        return false;
    }
    for _ in 0..40 {
        let r = row.unwrap_or_else(|| rng.usize(0..=rows - h));
        let c = rng.usize(0..=cols - w);
        if (r..r + h).all(|y| (c..c + w).all(|x| grid[y][x] == '.')) {
            for line in grid.iter_mut().skip(r).take(h) {
                for cell in line.iter_mut().skip(c).take(w) {
                    *cell = name;
                }
            }
            return true;
        }
    }
    false
}

/// A Rush Hour board of `rows`x`cols` with the red car and up to `vehicles` others.
pub fn rush_hour_board(rng: &mut fastrand::Rng, rows: usize, cols: usize, vehicles: usize) -> Option<BlocksPuzzle> {
    let mut grid = vec![vec!['.'; cols]; rows];
    let row = (rows - 1) / 2;
    if !place(&mut grid, rng, 'A', (1, 2), Some(row)) {
        return None;
    }
    let names = ('B'..='Z').filter(|&c| c != 'A');
    for name in names.take(vehicles) {
        let len = if rng.usize(0..4) == 0 { 3 } else { 2 };
        let shape = if rng.bool() { (1, len) } else { (len, 1) };
        // No other horizontal vehicle on the red car's row: it could never leave.
        let _ = place(&mut grid, rng, name, shape, None) && {
            if shape.0 == 1 && grid[row].contains(&name) {
                grid.iter_mut().flatten().filter(|c| **c == name).for_each(|c| *c = '.');
            }
            true
        };
    }
    let mut board = from_grid(&grid, &['.'], &['#'], &|r, c| format!("row {}, column {}", r + 1, c + 1)).ok()?;
    rush_hour(&mut board, &|r, c| format!("row {}, column {}", r + 1, c + 1)).ok()?;
    let goals = rush_hour_goal(&board);
    let p = BlocksPuzzle { board, goals, metric: Metric::Slide };
    (!p.solved(&p.start())).then_some(p)
}

/// The hardest start of `p`'s cluster (see [`super::search::hardest`]) as a new instance,
/// with its optimum; `None` when the cluster has no goal or is too large to explore.
pub fn hardest_of(p: &BlocksPuzzle, cap: usize) -> Option<(BlocksPuzzle, usize)> {
    let (anchors, optimum) = super::search::hardest(p, cap)?;
    let mut q = p.clone();
    for (piece, a) in q.board.pieces.iter_mut().zip(anchors) {
        piece.start = a;
    }
    Some((q, optimum))
}

/// A free-block board of `rows`x`cols` with up to `pieces` pieces; the first must reach the
/// opposite corner.
pub fn free_board(
    rng: &mut fastrand::Rng,
    rows: usize,
    cols: usize,
    pieces: usize,
    metric: Metric,
) -> Option<BlocksPuzzle> {
    let mut grid = vec![vec!['.'; cols]; rows];
    for (k, name) in ('A'..='Z').take(pieces).enumerate() {
        let shape = match if k == 0 { 3 } else { rng.usize(0..4) } {
            0 => (1, 1),
            1 => (1, 2),
            2 => (2, 1),
            _ => (2, 2),
        };
        place(&mut grid, rng, name, shape, None);
    }
    let board = from_grid(&grid, &['.'], &['#'], &|r, c| format!("row {}, column {}", r + 1, c + 1)).ok()?;
    let a = board.piece('A')?;
    let piece = &board.pieces[a];
    let corner = (rows - piece.height) * cols + cols - piece.width;
    let goal = if piece.start == corner { 0 } else { corner };
    let mut p = BlocksPuzzle { board, goals: vec![(a, goal)], metric };
    for (i, q) in p.board.pieces.iter_mut().enumerate() {
        if i > 0 && q.cells.len() == 2 {
            q.axis = if q.height == 1 { Axis::Horizontal } else { Axis::Vertical };
        }
    }
    Some(p)
}
