//! `bv`: the circuit of seed 001 in SMT-LIB2 QF_BV. One bit-vector register per cell and step
//! (wide enough for 0..R*C-1, 0 being the blank), a 2-bit move input per step decoded into
//! one-hot directions, and a next-state function per cell: a chain of `ite`, one pair of arms
//! per direction, each taking over from "hold" only when that direction is chosen, the
//! neighbour exists and the blank is where the trade needs it. An illegal move selects no arm,
//! so every register holds; we assert each step's move is legal, which keeps horizons exact.

use crate::rules::Board;
use puzzlec_core::Move;
use puzzlec_ir::SExpr;
use puzzlec_ir::{Model, SmtScript, Sort};

use puzzlec_encode::DecodeError;

/// Name of the move input of step t (2 bits: 0 U, 1 D, 2 L, 3 R).
pub fn input_name(t: usize) -> String {
    format!("m_{t}")
}

fn register(cell: usize, t: usize) -> String {
    format!("r_{cell}_{t}")
}

/// Bits needed for the values 0..cells-1.
fn width(cells: usize) -> u32 {
    (usize::BITS - (cells - 1).leading_zeros()).max(1)
}

fn neighbour(board: &Board, c: usize, (dr, dc): (isize, isize)) -> Option<usize> {
    let r = (c / board.cols()) as isize + dr;
    let col = (c % board.cols()) as isize + dc;
    (r >= 0 && col >= 0 && r < board.rows() as isize && col < board.cols() as isize)
        .then(|| r as usize * board.cols() + col as usize)
}

pub fn encode(start: &Board, goal: &Board, horizon: usize) -> SmtScript {
    let n = start.len();
    let w = width(n);
    let mut s = SmtScript::new("QF_BV");
    let regs: Vec<Vec<_>> =
        (0..=horizon).map(|t| (0..n).map(|c| s.declare(&register(c, t), Sort::BitVec(w), false)).collect()).collect();
    let inputs: Vec<_> = (0..horizon).map(|t| s.declare(&input_name(t), Sort::BitVec(2), true)).collect();
    let value = |s: &SmtScript, v: usize| s.ctx().binary(w as usize, v as u64);
    for (board, t) in [(start, 0), (goal, horizon)] {
        for (c, &tile) in board.cells().iter().enumerate() {
            let eq = s.ctx().eq(regs[t][c], value(&s, tile as usize));
            s.assert(eq);
        }
    }
    for t in 0..horizon {
        let legal = step(&mut s, start, &regs[t], &regs[t + 1], inputs[t]);
        let any = s.any(legal);
        s.assert(any);
    }
    s
}

/// Asserts one step of the circuit: `next[c]` is the next-state mux of cell c over `now`
/// under the 2-bit move input. Returns the arms that make the move legal (one per cell and
/// direction where the blank can receive a tile); when none holds, every register keeps its
/// value.
pub fn step(s: &mut SmtScript, shape: &Board, now: &[SExpr], next: &[SExpr], input: SExpr) -> Vec<SExpr> {
    let w = width(shape.len());
    let value = |s: &SmtScript, v: usize| s.ctx().binary(w as usize, v as u64);
    let chosen: Vec<_> = (0..4).map(|d| s.ctx().eq(input, s.ctx().binary(2, d as u64))).collect();
    let is_blank = |s: &SmtScript, c: usize| s.ctx().eq(now[c], value(s, 0));
    let mut legal = Vec::new();
    for c in 0..shape.len() {
        let mut mux = now[c];
        for (d, &m) in Move::ALL.iter().enumerate() {
            let (dr, dc) = m.delta();
            // This cell holds the blank and receives the tile from behind it.
            if let Some(src) = neighbour(shape, c, (-dr, -dc)) {
                let arm = s.ctx().and(chosen[d], is_blank(s, c));
                legal.push(arm);
                mux = s.ctx().ite(arm, now[src], mux);
            }
            // This cell's tile slides into the blank ahead of it.
            if let Some(dst) = neighbour(shape, c, (dr, dc)) {
                let arm = s.ctx().and(chosen[d], is_blank(s, dst));
                mux = s.ctx().ite(arm, value(s, 0), mux);
            }
        }
        let eq = s.ctx().eq(next[c], mux);
        s.assert(eq);
    }
    legal
}

/// The registers of a state, free (no board fixed): for proofs about every state at once.
pub fn free_state(s: &mut SmtScript, cells: usize, t: usize) -> Vec<SExpr> {
    (0..cells).map(|c| s.declare(&register(c, t), Sort::BitVec(width(cells)), true)).collect()
}

/// The width of a register on a board of `cells` cells.
pub fn register_width(cells: usize) -> u32 {
    width(cells)
}

/// Reads the move inputs (the replay checks them against the rules).
///
/// # Errors
/// A missing input.
pub fn decode(model: &impl Model, horizon: usize) -> Result<Vec<Move>, DecodeError> {
    (0..horizon)
        .map(|t| {
            let name = input_name(t);
            let v = model.int(&name).ok_or(DecodeError::Missing(name))?;
            usize::try_from(v)
                .ok()
                .and_then(|i| Move::ALL.get(i).copied())
                .ok_or_else(|| DecodeError::Inconsistent(format!("move input {t} is {v}")))
        })
        .collect()
}

/// `bv` in the registry.
pub struct Bv;

puzzlec_encode::describe!(
    Bv,
    "bv",
    "seed 001's circuit: bit-vector registers and next-state muxes; SMT-LIB2 (QF_BV)",
    [Smt2]
);

impl super::SlideEncoding for Bv {
    fn write_cnf(
        &self,
        _: &Board,
        _: &Board,
        _: usize,
        _: &mut dyn puzzlec_ir::ClauseSink,
    ) -> Vec<Vec<puzzlec_ir::Lit>> {
        unreachable!("bv has no CNF form; callers check has_cnf")
    }

    fn smt(&self, start: &Board, goal: &Board, horizon: usize) -> Option<SmtScript> {
        Some(encode(start, goal, horizon))
    }

    fn decode(&self, model: &dyn Model, _shape: &Board, horizon: usize) -> Result<Vec<Move>, DecodeError> {
        decode(&model, horizon)
    }

    fn blocking(&self, _start: &Board, plan: &[Move]) -> Vec<(String, i64)> {
        plan.iter().enumerate().map(|(t, &m)| (input_name(t), m.index() as i64)).collect()
    }

    fn estimated_clauses(&self, cells: usize, horizon: usize) -> u64 {
        (horizon as u64 + 1) * 16 * cells as u64
    }
}
