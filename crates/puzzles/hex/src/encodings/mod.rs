//! Magic-hexagon encodings (`--encoding lia|cnf`), the symmetry-breaking facts they share,
//! and the decoder.
//!
//! Symmetry breaking, derived from the geometry: the hexagon's 12 symmetries permute its six
//! corners as the dihedral group of a hexagon. Because every value is distinct, no filling is
//! fixed by a non-trivial symmetry, so each class has exactly 12 members, and exactly one of
//! them has its smallest corner value on the first corner (cell 1) with the corner after it
//! (turning one way) smaller than the corner before it. Rotations choose where the smallest
//! corner sits; the reflection through that corner orders its two neighbours.

pub mod cnf;
pub mod lia;
pub mod unary;

use crate::rules::Hexagon;
use puzzlec_ir::{ClauseSink, Model, SmtScript};

use puzzlec_encode::DecodeError;

/// One magic-hexagon encoding, in one form; and back from a model to a filling. Add one as
/// a file plus a line in [`ALL`].
pub trait HexEncoding: puzzlec_encode::Encoding {
    /// Writes the CNF (only called when it writes CNF; each hexagon encoding has one form).
    fn write_cnf(&self, p: &HexProblem, sink: &mut dyn ClauseSink);
    /// The SMT-LIB2 script (only called when it writes SMT-LIB2).
    fn smt(&self, p: &HexProblem) -> SmtScript;
    /// The value of every cell (0-based index), read from a model.
    ///
    /// # Errors
    /// A missing value, or a cell with no value or several.
    fn decode(&self, model: &dyn Model, p: &HexProblem) -> Result<Vec<i64>, DecodeError>;
    /// The assignment that identifies a filling, for blocking it during enumeration.
    fn blocking(&self, values: &[i64]) -> Vec<(String, i64)>;
}

/// Every magic-hexagon encoding.
pub static ALL: [&dyn HexEncoding; 3] = [&lia::Lia, &cnf::CnfEncoding, &unary::Unary];

/// Refuses an instance whose `unary` formula would pass [`unary::MAX_CLAUSES`], before any
/// clause is written.
///
/// # Errors
/// The size, the cap and the way out, in words.
pub fn check_size(encoding: &dyn HexEncoding, p: &HexProblem) -> Result<(), String> {
    if encoding.name() != puzzlec_encode::Encoding::name(&unary::Unary) {
        return Ok(());
    }
    let clauses = unary::estimated_clauses(p);
    match clauses > unary::MAX_CLAUSES {
        false => Ok(()),
        true => Err(format!(
            "order {} with {}..{}: the unary CNF would have about {} million clauses, over the cap of {} million (beyond it the formula and the solvers' copies outgrow memory); --encoding lia with an SMT solver has no such size",
            p.hex.order,
            p.values[0],
            p.values[p.values.len() - 1],
            clauses / 1_000_000,
            unary::MAX_CLAUSES / 1_000_000
        )),
    }
}

/// The CNF encoding for this instance: `cnf` while every line's table of value sets stays
/// small (order 3: at most 238 sets a line; there it is the fastest), else `unary`, whose
/// size grows only with cells x values (order 4 with 3..39 would need 10^5 sets a line).
pub fn preferred(p: &HexProblem) -> &'static str {
    match cnf::tables(p, cnf::TABLE_LIMIT) {
        Some(_) => "cnf",
        None => "unary",
    }
}

/// What to encode: the order's geometry, the values placed (sorted, one per cell), their
/// magic sum, pre-filled cells, symmetry breaking.
#[derive(Clone, Debug)]
pub struct HexProblem {
    pub hex: Hexagon,
    pub values: Vec<i64>,
    pub magic: i64,
    /// (0-based cell, value) pairs.
    pub givens: Vec<(usize, i64)>,
    pub break_symmetry: bool,
}

impl HexProblem {
    /// The problem of `hex` with its values and their magic sum, no givens, symmetry kept.
    ///
    /// # Errors
    /// Values whose total the rows cannot share equally.
    pub fn new(hex: Hexagon, values: Vec<i64>) -> Result<HexProblem, crate::rules::OrderError> {
        let magic = hex.magic_sum(&values)?;
        Ok(HexProblem { hex, values, magic, givens: Vec::new(), break_symmetry: false })
    }

    /// The values are 1..=cells (the classic hexagon).
    pub fn natural(&self) -> bool {
        self.values.iter().enumerate().all(|(i, &v)| v == i as i64 + 1)
    }

    /// The values are consecutive integers (any range LO..HI).
    pub fn consecutive(&self) -> bool {
        self.values.windows(2).all(|w| w[1] == w[0] + 1)
    }
}

/// Pairs (a, b) of cells with value(a) < value(b) that pick one filling per symmetry class;
/// empty for order 1 (one cell, nothing to break).
pub fn symmetry_order(hex: &Hexagon) -> Vec<(usize, usize)> {
    if hex.cells() < 2 {
        return Vec::new();
    }
    let rotate = &hex.symmetries()[1];
    let mut corners = vec![0usize];
    while corners.len() < 6 {
        corners.push(rotate[*corners.last().expect("non-empty")]);
    }
    let mut pairs: Vec<(usize, usize)> = corners[1..].iter().map(|&c| (corners[0], c)).collect();
    pairs.push((corners[1], corners[5]));
    pairs
}
