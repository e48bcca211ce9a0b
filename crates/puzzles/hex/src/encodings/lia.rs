//! `lia`: the seed's SMT-LIB2 script (004), generalised to any order and values: one Int per
//! cell named by its number (`V1` ... `V19`), bounds LO..HI, `distinct`, and one sum per
//! line; givens and the symmetry-breaking order as extra assertions.

use puzzlec_ir::{SmtScript, Sort};

use super::{symmetry_order, HexProblem};

/// The readable name of a cell (0-based index in, number from 1 out), as in the seed.
pub fn cell_name(cell: usize) -> String {
    format!("V{}", cell + 1)
}

/// An Int constant in SMT-LIB2 form: a numeral, or `(- k)` (there are no negative numerals).
fn int(s: &SmtScript, v: i64) -> puzzlec_ir::SExpr {
    match v {
        0.. => s.ctx().numeral(v),
        _ => s.ctx().list(vec![s.ctx().atom("-"), s.ctx().numeral(v.unsigned_abs())]),
    }
}

pub fn encode(p: &HexProblem) -> SmtScript {
    let n = p.hex.cells();
    let mut s = SmtScript::new("QF_LIA");
    let cells: Vec<_> = (0..n).map(|c| s.declare(&cell_name(c), Sort::Int, true)).collect();
    let (first, last) = (p.values[0], p.values[n - 1]);
    for &v in &cells {
        let (lo, hi) = (int(&s, first), int(&s, last));
        let bounds = s.ctx().and(s.ctx().gte(v, lo), s.ctx().lte(v, hi));
        s.assert(bounds);
    }
    if n > 1 {
        let all = s.ctx().distinct_many(cells.clone());
        s.assert(all);
    }
    for line in &p.hex.lines {
        let terms: Vec<_> = line.iter().map(|&c| cells[c]).collect();
        let sum = if terms.len() == 1 { terms[0] } else { s.ctx().plus_many(terms) };
        let eq = s.ctx().eq(sum, int(&s, p.magic));
        s.assert(eq);
    }
    for &(c, v) in &p.givens {
        let eq = s.ctx().eq(cells[c], int(&s, v));
        s.assert(eq);
    }
    if p.break_symmetry {
        for (a, b) in symmetry_order(&p.hex) {
            let lt = s.ctx().lt(cells[a], cells[b]);
            s.assert(lt);
        }
    }
    s
}

/// `lia` in the registry.
pub struct Lia;

puzzlec_encode::describe!(
    Lia,
    "lia",
    "SMT-LIB2 (QF_LIA) as in seed 004: bounded Ints, distinct, one sum per line",
    [Smt2]
);

impl super::HexEncoding for Lia {
    fn write_cnf(&self, _: &HexProblem, _: &mut dyn puzzlec_ir::ClauseSink) {
        unreachable!("lia is SMT-LIB2 only; callers check is_cnf")
    }

    fn smt(&self, p: &HexProblem) -> SmtScript {
        encode(p)
    }

    fn decode(&self, model: &dyn puzzlec_ir::Model, p: &HexProblem) -> Result<Vec<i64>, puzzlec_encode::DecodeError> {
        (0..p.hex.cells())
            .map(|c| {
                let name = cell_name(c);
                model.int(&name).ok_or(puzzlec_encode::DecodeError::Missing(name))
            })
            .collect()
    }

    fn blocking(&self, values: &[i64]) -> Vec<(String, i64)> {
        values.iter().enumerate().map(|(c, &v)| (cell_name(c), v)).collect()
    }
}
