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

use puzzlec_core::hex::Hexagon;
use puzzlec_ir::Model;

use crate::DecodeError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexEncoding {
    /// SMT-LIB2 QF_LIA as in the seed: bounded Ints, distinct, one sum per line.
    Lia,
    /// CNF: one-hot values, each line one of the value sets that sum to the magic number.
    Cnf,
}

impl HexEncoding {
    pub const ALL: [HexEncoding; 2] = [HexEncoding::Lia, HexEncoding::Cnf];

    pub fn name(self) -> &'static str {
        match self {
            HexEncoding::Lia => "lia",
            HexEncoding::Cnf => "cnf",
        }
    }

    pub fn from_name(name: &str) -> Option<HexEncoding> {
        HexEncoding::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// What to encode: the order's geometry, its magic sum, pre-filled cells, symmetry breaking.
#[derive(Clone, Debug)]
pub struct HexProblem {
    pub hex: Hexagon,
    pub magic: usize,
    /// (0-based cell, value) pairs.
    pub givens: Vec<(usize, usize)>,
    pub break_symmetry: bool,
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

/// The values of every cell (0-based cell index), read from a model of `encoding`.
///
/// # Errors
/// A missing value, or a cell with no value or several (CNF).
pub fn decode(encoding: HexEncoding, model: &impl Model, hex: &Hexagon) -> Result<Vec<i64>, DecodeError> {
    (0..hex.cells())
        .map(|c| match encoding {
            HexEncoding::Lia => {
                let name = lia::cell_name(c);
                model.int(&name).ok_or(DecodeError::Missing(name))
            }
            HexEncoding::Cnf => {
                let mut held = Vec::new();
                for v in 1..=hex.cells() {
                    let name = cnf::var_name(c, v);
                    if model.bool(&name).ok_or(DecodeError::Missing(name))? {
                        held.push(v as i64);
                    }
                }
                match held.as_slice() {
                    [v] => Ok(*v),
                    _ => Err(DecodeError::Inconsistent(format!(
                        "cell {} holds {} values",
                        c + 1,
                        held.len()
                    ))),
                }
            }
        })
        .collect()
}
