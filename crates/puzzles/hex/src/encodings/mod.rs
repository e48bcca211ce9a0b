//! The line-sum encodings (`--encoding cnf|unary|lia`) of any magic figure (the hexagon of
//! any order, or a figure read from a file), the problem they encode, and the choice among
//! them. They see the figure only as a [`Shape`]: cells, lines, symmetry-breaking pairs.

pub mod cnf;
pub(crate) mod lia;
pub(crate) mod sums;
pub mod unary;

use crate::rules::{Hexagon, Rules, Shape};
use puzzlec_ir::{ClauseSink, Model, SmtScript};

use puzzlec_encode::DecodeError;

/// One line-sum encoding, in one form; and back from a model to a filling. Add one as
/// a file plus a line in [`ALL`].
pub trait MagicEncoding: puzzlec_encode::Encoding {
    /// Writes the CNF (only called when it writes CNF; each hexagon encoding has one form).
    fn write_cnf(&self, p: &MagicProblem, sink: &mut dyn ClauseSink);
    /// The SMT-LIB2 script (only called when it writes SMT-LIB2).
    fn smt(&self, p: &MagicProblem) -> SmtScript;
    /// The value of every cell (0-based index), read from a model.
    ///
    /// # Errors
    /// A missing value, or a cell with no value or several.
    fn decode(&self, model: &dyn Model, p: &MagicProblem) -> Result<Vec<i64>, DecodeError>;
    /// The assignment that identifies a filling, for blocking it during enumeration.
    fn blocking(&self, values: &[i64]) -> Vec<(String, i64)>;
}

/// Every line-sum encoding.
pub static ALL: [&dyn MagicEncoding; 3] = [&lia::Lia, &cnf::CnfEncoding, &unary::Unary];

/// Refuses what an encoding cannot write: `cnf` with values that repeat (it tables sets) or
/// whose tables would pass [`cnf::MAX_CLAUSES`], a CNF of an open sum with too many sums to list ([`sums::SUM_LIMIT`]), and an instance
/// whose `unary` formula would pass [`unary::MAX_CLAUSES`], before any clause is written.
///
/// # Errors
/// The size, the cap and the way out, in words.
pub fn check_size(encoding: &dyn MagicEncoding, p: &MagicProblem) -> Result<(), String> {
    if encoding.name() == puzzlec_encode::Encoding::name(&cnf::CnfEncoding) && !p.distinct {
        return Err("--encoding cnf tables sets of distinct values; with values that repeat use unary or lia".into());
    }
    if encoding.name() == puzzlec_encode::Encoding::name(&lia::Lia) {
        return Ok(());
    }
    if p.sums().is_none() {
        return Err(format!(
            "{}: the sum is open, and a line could have more than {} sums (a CNF needs one selector per sum); give the sum in the figure (sum = N), or let an SMT solver take it as one more unknown (--solver z3, --encoding lia)",
            p.label,
            sums::SUM_LIMIT
        ));
    }
    if encoding.name() == puzzlec_encode::Encoding::name(&cnf::CnfEncoding) && cnf::estimated_clauses(p).is_none() {
        return Err(format!(
            "{} with {}..{}: the cnf tables (every set of values a line may hold) would have more than {} million clauses, puzzlec's cap for them; --encoding unary (the default here) grows only with cells x values",
            p.label,
            p.values[0],
            p.values[p.values.len() - 1],
            cnf::MAX_CLAUSES / 1_000_000
        ));
    }
    if encoding.name() != puzzlec_encode::Encoding::name(&unary::Unary) {
        return Ok(());
    }
    let clauses = unary::estimated_clauses(p);
    match clauses > unary::MAX_CLAUSES {
        false => Ok(()),
        true => Err(format!(
            "{} with {}..{}: the unary CNF would have about {} million clauses, over the cap of {} million (beyond it the formula and the solvers' copies outgrow memory); --solver search (a local search, one filling) or --encoding lia with an SMT solver have no such size",
            p.label,
            p.values[0],
            p.values[p.values.len() - 1],
            clauses / 1_000_000,
            unary::MAX_CLAUSES / 1_000_000
        )),
    }
}

/// The CNF encoding for this instance: `cnf` while every line's table of value sets stays
/// small (order 3: at most 238 sets a line; there it is the fastest), else `unary`, whose
/// size grows only with cells x values (order 4 with 3..39 would need 10^5 sets a line) and
/// which alone takes values that repeat.
pub fn preferred(p: &MagicProblem) -> &'static str {
    match cnf::tables(p, cnf::TABLE_LIMIT) {
        Some(_) => "cnf",
        None => "unary",
    }
}

/// What to encode: the figure, the values (sorted; when distinct, one per cell), the sum of
/// every line, pre-filled cells, symmetry breaking; and what the file header says of it.
#[derive(Clone, Debug)]
pub struct MagicProblem {
    pub shape: Shape,
    pub values: Vec<i64>,
    /// The sum of every line; `None`: any sum, the same on every line (one of [`Self::sums`]).
    pub magic: Option<i64>,
    /// Each value placed exactly once (else any value on any number of cells).
    pub distinct: bool,
    /// (0-based cell, value) pairs.
    pub givens: Vec<(usize, i64)>,
    pub break_symmetry: bool,
    /// The puzzle named in the header of an emitted file.
    pub puzzle: &'static str,
    /// What identifies the instance in that header, as `key=value` words (`order=3`).
    pub id: String,
    /// The instance in words, for messages ("order 4").
    pub label: String,
}

impl MagicProblem {
    /// The order-n hexagon with its values and their magic sum, no givens, symmetry kept.
    ///
    /// # Errors
    /// Values whose total the rows cannot share equally.
    pub fn hexagon(hex: &Hexagon, values: Vec<i64>) -> Result<MagicProblem, crate::rules::OrderError> {
        let magic = hex.magic_sum(&values)?;
        Ok(MagicProblem {
            shape: hex.shape(),
            values,
            magic: Some(magic),
            distinct: true,
            givens: Vec::new(),
            break_symmetry: false,
            puzzle: crate::NAME,
            id: format!("order={}", hex.order),
            label: format!("order {}", hex.order),
        })
    }

    /// The values are 1..=cells (the classic hexagon).
    pub fn natural(&self) -> bool {
        self.values.iter().enumerate().all(|(i, &v)| v == i as i64 + 1)
    }

    /// The values are consecutive integers (any range LO..HI).
    pub fn consecutive(&self) -> bool {
        self.values.windows(2).all(|w| w[1] == w[0] + 1)
    }

    /// The sums a line may have: the magic sum, or when it is open every sum each line can
    /// reach, increasing; `None` when an open sum leaves more than [`sums::SUM_LIMIT`].
    pub fn sums(&self) -> Option<Vec<i64>> {
        match self.magic {
            Some(s) => Some(vec![s]),
            None => sums::open(self),
        }
    }

    /// The smallest and largest sums of `k` cells.
    pub fn reach(&self, k: usize) -> (i64, i64) {
        let (first, last) = (self.values[0], self.values[self.values.len() - 1]);
        match self.distinct {
            true => (self.values[..k].iter().sum(), self.values[self.values.len() - k..].iter().sum()),
            false => (k as i64 * first, k as i64 * last),
        }
    }

    /// The rules every decoded filling is checked against.
    pub fn rules(&self) -> Rules<'_> {
        Rules { shape: &self.shape, values: &self.values, distinct: self.distinct, sum: self.magic }
    }

    /// The symmetry-breaking pairs to encode (value(a) < value(b)): only for distinct values,
    /// where they keep exactly one filling per class.
    pub fn breaking(&self) -> &[(usize, usize)] {
        match self.break_symmetry && self.distinct {
            true => &self.shape.breaking,
            false => &[],
        }
    }
}
