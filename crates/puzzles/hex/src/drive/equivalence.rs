//! `prove encodings` for magic hexagons: the models are exactly the fillings found by plain
//! backtracking.

use std::collections::BTreeSet;

use crate::encodings::{MagicEncoding, MagicProblem};
use crate::rules::{brute, Hexagon};
use puzzlec_drive::DriveError;
use puzzlec_solve::Backend;

/// Checks that a hex encoding's models of order 1 and 3 (with 1..19, and the zero-sum
/// -9..9 whose 26 classes are published) are exactly the brute-force fillings:
/// with the symmetry-breaking facts, exactly the fillings that obey them (one per class);
/// without, on SAT backends (an SMT solver's last UNSAT of a plain enumeration took minutes),
/// every filling.
///
/// # Errors
/// The backend fails.
pub fn hex(encoding: &dyn MagicEncoding, backend: &Backend) -> Result<(usize, Option<String>), DriveError> {
    let mut queries = 0;
    for (order, shift) in [(1, 0), (3, 0), (3, -10)] {
        let geometry = Hexagon::new(order).expect("orders 1 and 3 exist");
        let values: Vec<i64> = geometry.natural_values().iter().map(|v| v + shift).collect();
        let magic = geometry.magic_sum(&values).expect("orders 1 and 3 have magic sums");
        let every = brute::all_fillings(&geometry.shape(), &values, magic);
        let order_pairs = geometry.breaking();
        for broken in [true, false] {
            if !broken && !encoding.writes(puzzlec_ir::Form::Dimacs) {
                continue;
            }
            let want: BTreeSet<Vec<i64>> =
                every.iter().filter(|f| !broken || order_pairs.iter().all(|&(a, b)| f[a] < f[b])).cloned().collect();
            let p = MagicProblem {
                break_symmetry: broken,
                ..MagicProblem::hexagon(&geometry, values.clone()).expect("orders 1 and 3 have magic sums")
            };
            let found = crate::drive::all_fillings(encoding, backend, &p, None, &mut |_| {})?;
            queries += found.solutions.len() + 1;
            let got: BTreeSet<Vec<i64>> = found.solutions.into_iter().collect();
            if !found.complete || got != want {
                let what = if broken { "one per class" } else { "all" };
                return Ok((
                    queries,
                    Some(format!(
                        "order {order}, values {}..{} ({what}): {} models, {} fillings",
                        values[0],
                        values[values.len() - 1],
                        got.len(),
                        want.len()
                    )),
                ));
            }
        }
    }
    Ok((queries, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cnf_encodings_are_equivalent_on_orders_1_and_3() {
        assert_eq!(hex(&crate::encodings::cnf::CnfEncoding, &Backend::embedded_sat()).unwrap().1, None);
        assert_eq!(hex(&crate::encodings::unary::Unary, &Backend::embedded_sat()).unwrap().1, None);
    }
}
