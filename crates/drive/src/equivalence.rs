//! `prove encodings`: bounded equivalence of every registered encoding with the reference
//! model. Sliding tiles: from each start board and for k = 1..3, the boards an encoding
//! reaches in exactly k moves (those whose k-move formula is satisfiable, among every board
//! within k + 2 moves) are exactly the boards the rules reach (distance at most k, same
//! parity: two moves can always be undone). Cross slider: the encoding is satisfiable at k
//! exactly when some k-move plan reaches the target (every move string of length k replayed).
//! Hexagons: the models are exactly the fillings found by plain backtracking.
//!
//! A mutant (one clause family dropped through [`puzzlec_ir::Without`]) is run through the
//! same checks: a mutation that changes nothing here is reported as redundant.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use puzzlec_core::cross::{CrossPuzzle, CrossState};
use puzzlec_core::hex::{brute, Hexagon};
use puzzlec_core::slide::Board;
use puzzlec_core::Move;
use puzzlec_encode::cross::CrossEncoding;
use puzzlec_encode::hex::{HexEncoding, HexProblem};
use puzzlec_encode::slide::SlideEncoding;
use puzzlec_ir::{Cnf, Without};
use puzzlec_solve::{Backend, InputKind, Outcome};

use crate::{solve_form, DriveError, Form};

/// How long one query may take.
const QUERY: Duration = Duration::from_secs(30);

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

/// Whether the form is satisfiable (a model is not needed: the question is which boards).
fn satisfiable(backend: &Backend, form: &Form) -> Result<bool, DriveError> {
    // A live solver answers without building a model by name (most of a small query's time).
    if let Form::Cnf(cnf) = form {
        if let Some(mut session) = backend.session(cnf, None) {
            return session.run(&[], QUERY, None).ok_or_else(|| DriveError::Replay {
                solver: backend.id().into(),
                detail: "no answer within the query's limit".into(),
            });
        }
    }
    match solve_form(backend, form, QUERY)? {
        Outcome::Sat(_) => Ok(true),
        Outcome::Unsat => Ok(false),
        Outcome::Unknown(r) => {
            Err(DriveError::Replay { solver: backend.id().into(), detail: format!("no answer: {r}") })
        }
    }
}

/// The CNF of `write`, with the clauses of family `dropped` left out when given, and the
/// families the encoder named.
fn cnf_of(
    write: impl FnOnce(&mut dyn puzzlec_ir::ClauseSink),
    dropped: Option<&'static str>,
) -> (Cnf, Vec<&'static str>) {
    let mut cnf = Cnf::new();
    // No family is called "": nothing is dropped then.
    let mut sink = Without::new(&mut cnf, dropped.unwrap_or(""));
    write(&mut sink);
    let seen = sink.seen;
    (cnf, seen)
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
                let form = match backend.input() {
                    InputKind::Dimacs => Form::Cnf(cnf_of(|s| drop(encoding.write_cnf(start, end, k, s)), dropped).0),
                    InputKind::Smt2 => match encoding.smt(start, end, k) {
                        Some(script) => Form::Smt(Box::new(script)),
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

/// Whether some plan of exactly `k` moves brings the cross to the target, every move
/// sequence played by the reference model (orientations are fixed by first moves).
fn cross_reachable(p: &CrossPuzzle, k: usize, undo: bool) -> bool {
    fn go(p: &CrossPuzzle, state: &CrossState, last: Option<Move>, left: usize, undo: bool) -> bool {
        if left == 0 {
            return p.solved(state);
        }
        Move::ALL.iter().any(|&m| {
            let mut next = state.clone();
            (undo || last != Some(m.opposite())) && next.apply(p, m, 0).is_ok() && go(p, &next, Some(m), left - 1, undo)
        })
    }
    go(p, &p.start(), None, k, undo)
}

/// Checks a cross encoding on `puzzles` for k = 1..=max_k.
///
/// # Errors
/// The backend fails or gives no answer.
pub fn cross(
    encoding: &dyn CrossEncoding,
    backend: &Backend,
    puzzles: &[CrossPuzzle],
    max_k: usize,
) -> Result<(usize, Option<String>), DriveError> {
    let mut queries = 0;
    for p in puzzles {
        for k in 1..=max_k {
            let Some(form) = crate::cross::encode(encoding, p, k, backend.input()) else { continue };
            queries += 1;
            let (got, want) = (satisfiable(backend, &form)?, cross_reachable(p, k, encoding.allows_undo()));
            if got != want {
                let how = if want { "misses" } else { "admits" };
                return Ok((queries, Some(format!("{how} a {k}-move plan on {p:?}"))));
            }
        }
    }
    Ok((queries, None))
}

/// Checks that a hex encoding's models of order 1 and 3 are exactly the brute-force fillings:
/// with the symmetry-breaking facts, exactly the fillings that obey them (one per class);
/// without, on SAT backends (an SMT solver's last UNSAT of a plain enumeration took minutes),
/// every filling.
///
/// # Errors
/// The backend fails.
pub fn hex(encoding: &dyn HexEncoding, backend: &Backend) -> Result<(usize, Option<String>), DriveError> {
    let mut queries = 0;
    for order in [1, 3] {
        let geometry = Hexagon::new(order).expect("orders 1 and 3 exist");
        let magic = geometry.magic_sum().expect("orders 1 and 3 have magic sums");
        let every = brute::all_fillings(&geometry, magic);
        let order_pairs = puzzlec_encode::hex::symmetry_order(&geometry);
        for broken in [true, false] {
            if !broken && !encoding.is_cnf() {
                continue;
            }
            let want: BTreeSet<Vec<i64>> =
                every.iter().filter(|f| !broken || order_pairs.iter().all(|&(a, b)| f[a] < f[b])).cloned().collect();
            let p = HexProblem { hex: geometry.clone(), magic, givens: Vec::new(), break_symmetry: broken };
            let found = crate::hex::all_fillings(encoding, backend, &p, None, &mut |_| {})?;
            queries += found.solutions.len() + 1;
            let got: BTreeSet<Vec<i64>> = found.solutions.into_iter().collect();
            if !found.complete || got != want {
                let what = if broken { "one per class" } else { "all" };
                return Ok((
                    queries,
                    Some(format!("order {order} ({what}): {} models, {} fillings", got.len(), want.len())),
                ));
            }
        }
    }
    Ok((queries, None))
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
    use puzzlec_core::slide::benchset::random_walk;
    use puzzlec_encode::slide::{bright::Bright, compact::Compact};

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
        let p = CrossPuzzle::new(3, 3, (1, 1), (0, 0), (0, 2)).unwrap();
        assert_eq!(cross(&puzzlec_encode::cross::sat::Sat, &cadical(), &[p], 5).unwrap().1, None);
        assert_eq!(hex(&puzzlec_encode::hex::cnf::CnfEncoding, &cadical()).unwrap().1, None);
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
