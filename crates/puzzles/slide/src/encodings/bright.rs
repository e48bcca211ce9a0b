//! `bright`: the encoding of seed 000 (Curtis Bright's 15-puzzle worksheet), for any R x C.
//!
//! One Boolean S(i,j,n,t) per square (i,j), tile n and step t; the blank is tile R*C, as in
//! the seed. Constraints, for every step:
//! - each square holds exactly one tile (the seed states "at most one"; "at least one" is
//!   implied by the rest, and stating it lets unit propagation see it);
//! - static transitions: no blank on or next to a square, so it keeps its tile;
//! - slide transitions: a square holding the blank swaps with exactly one neighbour; that
//!   neighbour's tile arrives here, the blank arrives there, the other neighbours keep theirs;
//! - the start board at t = 0 and the goal at t = H.
//!
//! **Exact horizons.** The seed accepts the goal anywhere in a window of steps. Here the goal
//! holds at exactly t = H and every step is exactly one move, so horizon H is satisfiable iff
//! a plan of exactly H moves exists. A plan's length has a fixed parity (each move moves the
//! blank one square on a chequerboard) and two moves can always be undone in place, so H is
//! satisfiable iff H >= optimum with the same parity: the driver steps H by 2 and proves
//! optimality with one UNSAT answer at H - 2, and the decoded plan is the whole model, with no
//! "solved early, then ignore the rest" step.
//!
//! In CNF the slide disjunction gets one auxiliary variable per (square, neighbour, step)
//! (a Tseitin choice: "the blank here swaps with that neighbour"); in SMT-LIB2 it is written as
//! the seed wrote it, a disjunction of conjunctions of Boolean equalities.

use crate::rules::{Board, Move, BLANK};
use puzzlec_ir::{ClauseSink, Lit, Model, SmtScript, Sort};

use super::timeline::{board_at_step, plan_from_boards};
use puzzlec_encode::DecodeError;

/// The name decoders look up: 1-based square, tile (the blank is rows*cols), step.
pub fn var_name(board: &Board, cell: usize, tile: usize, step: usize) -> String {
    format!("S({},{},{},{})", cell / board.cols() + 1, cell % board.cols() + 1, tile, step)
}

/// Tile numbering of the encoding: 1..N-1 as on the board, the blank as N.
fn tile_id(board: &Board, t: u8) -> usize {
    if t == BLANK {
        board.len()
    } else {
        t as usize
    }
}

/// Neighbours of a square, in row-major order.
fn neighbours(board: &Board, cell: usize) -> Vec<usize> {
    let (r, c, rows, cols) = (cell / board.cols(), cell % board.cols(), board.rows(), board.cols());
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - cols);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < cols {
        out.push(cell + 1);
    }
    if r + 1 < rows {
        out.push(cell + cols);
    }
    out
}

/// Writes `bright` for `start` -> `goal` in exactly `horizon` moves into a clause sink.
pub fn encode_cnf(start: &Board, goal: &Board, horizon: usize, sink: &mut impl ClauseSink) {
    let n = start.len();
    let blank = n;
    let mut vars: Vec<Lit> = Vec::with_capacity((horizon + 1) * n * n);
    for t in 0..=horizon {
        if sink.abandoned() {
            return;
        }
        for cell in 0..n {
            for tile in 1..=n {
                vars.push(sink.new_var(Some(var_name(start, cell, tile, t))));
            }
        }
    }
    let s = |cell: usize, tile: usize, t: usize| vars[(t * n + cell) * n + tile - 1];
    for t in 0..=horizon {
        if sink.abandoned() {
            return;
        }
        for cell in 0..n {
            let all: Vec<Lit> = (1..=n).map(|tile| s(cell, tile, t)).collect();
            sink.family("at-least-one");
            sink.add_clause(&all);
            sink.family("at-most-one");
            for a in 1..=n {
                for b in a + 1..=n {
                    sink.add_clause(&[-s(cell, a, t), -s(cell, b, t)]);
                }
            }
        }
    }
    for t in 0..horizon {
        if sink.abandoned() {
            return;
        }
        for cell in 0..n {
            let adj = neighbours(start, cell);
            // Static: blank here or next door, or the tile stays.
            sink.family("frame");
            let mut guard: Vec<Lit> = vec![s(cell, blank, t)];
            guard.extend(adj.iter().map(|&a| s(a, blank, t)));
            for tile in 1..=n {
                let mut keep = guard.clone();
                keep.extend([-s(cell, tile, t), s(cell, tile, t + 1)]);
                sink.add_clause(&keep);
                let mut keep = guard.clone();
                keep.extend([s(cell, tile, t), -s(cell, tile, t + 1)]);
                sink.add_clause(&keep);
            }
            // Slide: the blank here swaps with exactly one neighbour.
            sink.family("transport");
            let swaps: Vec<Lit> = adj.iter().map(|_| sink.new_var(None)).collect();
            let mut some = vec![-s(cell, blank, t)];
            some.extend(&swaps);
            sink.add_clause(&some);
            for (i, (&x, &m)) in adj.iter().zip(&swaps).enumerate() {
                sink.add_clause(&[-m, s(cell, blank, t)]);
                sink.add_clause(&[-m, s(x, blank, t + 1)]);
                for tile in 1..=n {
                    sink.add_clause(&[-m, -s(x, tile, t), s(cell, tile, t + 1)]);
                    sink.add_clause(&[-m, s(x, tile, t), -s(cell, tile, t + 1)]);
                }
                for &y in adj.iter().filter(|&&y| y != x) {
                    for tile in 1..=n {
                        sink.add_clause(&[-m, -s(y, tile, t), s(y, tile, t + 1)]);
                        sink.add_clause(&[-m, s(y, tile, t), -s(y, tile, t + 1)]);
                    }
                }
                for &other in &swaps[i + 1..] {
                    sink.add_clause(&[-m, -other]);
                }
            }
        }
    }
    for cell in 0..n {
        sink.family("start");
        sink.add_clause(&[s(cell, tile_id(start, start.cells()[cell]), 0)]);
        sink.family("goal");
        sink.add_clause(&[s(cell, tile_id(goal, goal.cells()[cell]), horizon)]);
    }
}

/// Writes `bright` as an SMT-LIB2 script over Booleans (logic QF_UF).
pub fn encode_smt(start: &Board, goal: &Board, horizon: usize) -> SmtScript {
    let n = start.len();
    let blank = n;
    let mut script = SmtScript::new("QF_UF");
    for t in 0..=horizon {
        if script.abandoned() {
            return script;
        }
        for cell in 0..n {
            for tile in 1..=n {
                script.declare(&var_name(start, cell, tile, t), Sort::Bool, true);
            }
        }
    }
    let s = |script: &SmtScript, cell: usize, tile: usize, t: usize| script.constant(&var_name(start, cell, tile, t));
    for t in 0..=horizon {
        if script.abandoned() {
            return script;
        }
        for cell in 0..n {
            let all: Vec<_> = (1..=n).map(|tile| s(&script, cell, tile, t)).collect();
            let mut parts = vec![script.any(all)];
            for a in 1..=n {
                for b in a + 1..=n {
                    let both = script.ctx().and(s(&script, cell, a, t), s(&script, cell, b, t));
                    parts.push(script.ctx().not(both));
                }
            }
            let one = script.all(parts);
            script.assert(one);
        }
    }
    // "Square x's content moves to square y" and "square y keeps its tile", as conjunctions.
    let moves_to = |script: &SmtScript, x: usize, y: usize, t: usize| {
        let eqs = (1..=n).map(|tile| script.ctx().eq(s(script, x, tile, t), s(script, y, tile, t + 1))).collect();
        script.all(eqs)
    };
    for t in 0..horizon {
        if script.abandoned() {
            return script;
        }
        for cell in 0..n {
            let adj = neighbours(start, cell);
            let mut near: Vec<_> = vec![s(&script, cell, blank, t)];
            near.extend(adj.iter().map(|&a| s(&script, a, blank, t)));
            let near = script.any(near);
            let quiet = script.ctx().not(near);
            let stays = moves_to(&script, cell, cell, t);
            let static_rule = script.ctx().imp(quiet, stays);
            script.assert(static_rule);
            let options: Vec<_> = adj
                .iter()
                .map(|&x| {
                    let mut parts = vec![moves_to(&script, x, cell, t), s(&script, x, blank, t + 1)];
                    parts.extend(adj.iter().filter(|&&y| y != x).map(|&y| moves_to(&script, y, y, t)));
                    script.all(parts)
                })
                .collect();
            let one_swap = script.any(options);
            let slide_rule = script.ctx().imp(s(&script, cell, blank, t), one_swap);
            script.assert(slide_rule);
        }
    }
    for cell in 0..n {
        let first = s(&script, cell, tile_id(start, start.cells()[cell]), 0);
        script.assert(first);
        let last = s(&script, cell, tile_id(goal, goal.cells()[cell]), horizon);
        script.assert(last);
    }
    script
}

/// Reads the boards of steps 0..=horizon out of a model and returns the plan between them.
///
/// # Errors
/// A missing value, a square with no tile or two, or consecutive boards not one slide apart.
pub fn decode(model: &impl Model, shape: &Board, horizon: usize) -> Result<Vec<Move>, DecodeError> {
    let n = shape.len();
    let mut boards = Vec::with_capacity(horizon + 1);
    for t in 0..=horizon {
        let mut tiles = Vec::with_capacity(n);
        for cell in 0..n {
            let tile = puzzlec_encode::exactly_one(
                model,
                1..=n,
                |tile| var_name(shape, cell, tile, t),
                |k| {
                    format!(
                        "square ({},{}) holds {k} tiles at step {t}",
                        cell / shape.cols() + 1,
                        cell % shape.cols() + 1
                    )
                },
            )?;
            tiles.push(if tile == n { BLANK } else { tile as u8 });
        }
        boards.push(board_at_step(shape.rows(), shape.cols(), &tiles, t)?);
    }
    plan_from_boards(&boards)
}

/// `bright` in the registry.
pub struct Bright;

puzzlec_encode::describe!(
    Bright,
    "bright",
    "seed 000: S(i,j,n,t) for every square, tile and step; CNF or SMT-LIB2 (QF_UF)",
    [Dimacs, Smt2]
);

impl super::SlideEncoding for Bright {
    fn write_cnf(&self, start: &Board, goal: &Board, horizon: usize, mut sink: &mut dyn ClauseSink) -> Vec<Vec<Lit>> {
        encode_cnf(start, goal, horizon, &mut sink);
        Vec::new()
    }

    fn smt(&self, start: &Board, goal: &Board, horizon: usize) -> Option<SmtScript> {
        Some(encode_smt(start, goal, horizon))
    }

    fn decode(&self, model: &dyn Model, shape: &Board, horizon: usize) -> Result<Vec<Move>, DecodeError> {
        decode(&model, shape, horizon)
    }

    /// The blank's cell at every step: the boards (and so the moves) follow from it.
    fn blocking(&self, start: &Board, plan: &[Move]) -> Vec<(String, i64)> {
        let mut board = *start;
        let mut out = Vec::with_capacity(plan.len());
        for (t, &m) in plan.iter().enumerate() {
            board.apply(m);
            out.push((var_name(start, board.blank(), start.len(), t + 1), 1));
        }
        out
    }

    /// Pairwise "one tile per square", frame and swap clauses for every tile and step.
    fn estimated_clauses(&self, cells: usize, horizon: usize) -> u64 {
        let (n, steps) = (cells as u64, horizon as u64 + 1);
        steps * (n * n * (n - 1) / 2 + 10 * n * n + 16 * n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_board;
    use puzzlec_ir::Cnf;

    #[test]
    fn sizes_grow_as_expected() {
        let b = parse_board("1 2 / 3 _").unwrap();
        let mut cnf = Cnf::new();
        encode_cnf(&b, &b, 2, &mut cnf);
        // 4 squares x 4 tiles x 3 steps named, plus one swap choice per (square, neighbour, step).
        assert_eq!(cnf.names().len(), 48);
        assert_eq!(cnf.num_vars(), 48 + 4 * 2 * 2);
        let smt = encode_smt(&b, &b, 2);
        assert_eq!(smt.declarations().len(), 48);
    }
}
