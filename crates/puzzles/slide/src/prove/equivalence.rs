//! `prove encodings` for sliding tiles: from each start board and for k = 1..3, the boards an
//! encoding reaches in exactly k moves (those whose k-move formula is satisfiable, among every
//! board within k + 2 moves) are exactly the boards the rules reach (distance at most k, same
//! parity: two moves can always be undone).

use std::collections::HashMap;

use crate::encodings::SlideEncoding;
use crate::rules::Board;
use puzzlec_core::Move;
use puzzlec_drive::equivalence::{cnf_of, satisfiable};
use puzzlec_drive::{DriveError, Formula};
use puzzlec_solve::{Backend, Form};

/// Distances from `start` up to `radius`, by BFS.
fn ball(start: &Board, radius: usize) -> HashMap<Board, usize> {
    let mut dist = HashMap::from([(*start, 0)]);
    let mut frontier = vec![*start];
    for d in 1..=radius {
        let mut next = Vec::new();
        for b in frontier {
            for m in Move::ALL {
                let mut c = b;
                if c.apply(m) && !dist.contains_key(&c) {
                    dist.insert(c, d);
                    next.push(c);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// The families a slide encoding names in its CNF.
pub fn slide_families(encoding: &dyn SlideEncoding) -> Vec<&'static str> {
    let start = Board::from_cells(2, 3, &[1, 2, 3, 4, 0, 5]).expect("a board");
    cnf_of(|sink| drop(encoding.write_cnf(&start, &Board::goal(2, 3), 3, sink)), None).1
}

/// Checks a slide encoding from every start in `starts` for k = 1..3. Returns the number of
/// queries and the first disagreement.
///
/// # Errors
/// The backend fails or gives no answer.
pub fn slide(
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    starts: &[Board],
    dropped: Option<&'static str>,
) -> Result<(usize, Option<String>), DriveError> {
    let mut queries = 0;
    for start in starts {
        let near = ball(start, 5);
        for k in 1..=3 {
            let ends = walk_ends(start, k, encoding.allows_undo());
            for (end, &d) in near.iter().filter(|(_, &d)| d <= k + 2) {
                let expected = ends.contains(end);
                let form = match backend.form() {
                    Form::Dimacs => Formula::Cnf(cnf_of(|s| drop(encoding.write_cnf(start, end, k, s)), dropped).0),
                    Form::Smt2 => match encoding.smt(start, end, k) {
                        Some(script) => Formula::Smt(Box::new(script)),
                        None => continue,
                    },
                };
                queries += 1;
                if satisfiable(backend, &form)? != expected {
                    let how = if expected { "misses" } else { "admits" };
                    return Ok((
                        queries,
                        Some(format!("{how} a {k}-move path from {start:?} to {end:?} (distance {d})")),
                    ));
                }
            }
        }
    }
    Ok((queries, None))
}

/// The boards at the end of every walk of exactly `k` legal moves (without a move that
/// undoes the one before, unless `undo`).
fn walk_ends(start: &Board, k: usize, undo: bool) -> std::collections::HashSet<Board> {
    let mut level: Vec<(Board, Option<Move>)> = vec![(*start, None)];
    for _ in 0..k {
        let mut next = Vec::new();
        for (b, last) in level {
            for m in Move::ALL {
                let mut c = b;
                if (undo || last != Some(m.opposite())) && c.apply(m) {
                    next.push((c, Some(m)));
                }
            }
        }
        level = next;
    }
    level.into_iter().map(|(b, _)| b).collect()
}

/// Every start board of a size (all permutations), for the exhaustive sizes.
pub fn all_boards(rows: usize, cols: usize) -> Vec<Board> {
    let n = rows * cols;
    let mut cells: Vec<u8> = (0..n as u8).collect();
    let mut out = Vec::new();
    permute(&mut cells, 0, &mut |c| out.push(Board::from_cells(rows, cols, c).expect("a permutation")));
    out
}

fn permute(cells: &mut Vec<u8>, i: usize, out: &mut dyn FnMut(&[u8])) {
    if i == cells.len() {
        out(cells);
        return;
    }
    for j in i..cells.len() {
        cells.swap(i, j);
        permute(cells, i + 1, out);
        cells.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encodings::{bright::Bright, compact::Compact};
    use crate::rules::benchset::random_walk;

    fn cadical() -> Backend {
        Backend::embedded_sat()
    }

    fn starts() -> Vec<Board> {
        (0..6).map(|s| random_walk(2, 3, 30 + s as usize, s)).collect()
    }

    #[test]
    fn the_cnf_encodings_are_equivalent_on_small_boards() {
        for e in [&Bright as &dyn SlideEncoding, &Compact] {
            let (queries, miss) = slide(e, &cadical(), &starts(), None).unwrap();
            assert!(queries > 100 && miss.is_none(), "{}: {miss:?}", e.name());
        }
    }

    /// Dropping a family that carries the rules is noticed; the reference never lets a
    /// mutant pass where it should not.
    #[test]
    fn mutations_that_change_behaviour_are_caught() {
        for (e, family) in [
            (&Bright as &dyn SlideEncoding, "frame"),
            (&Bright, "transport"),
            (&Compact, "frame"),
            (&Compact, "no-undo"),
        ] {
            assert!(slide_families(e).contains(&family), "{} names {family}", e.name());
            let (_, miss) = slide(e, &cadical(), &starts(), Some(family)).unwrap();
            assert!(miss.is_some(), "{} without {family} went unnoticed", e.name());
        }
    }
}
