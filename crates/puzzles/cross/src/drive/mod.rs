//! The cross slider through an encoding and a backend: one encoding of one instance as the
//! horizon driver reads it ([`Lowered`]), and the encodings' proofs ([`equivalence`]).

pub(crate) mod equivalence;

/// One encoding of one instance, as the horizon driver reads it.
pub(crate) type Lowered<'a> = puzzlec_engine::plan::Encoded<'a, crate::Cross>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encodings::CrossEncoding;
    use crate::rules::{relaxed_distances, shortest_solutions, CrossPuzzle, CrossSearch};
    use puzzlec_core::Move;
    use puzzlec_drive::horizon::{shortest, Horizons, Shortest};
    use puzzlec_drive::lowering::{every_plan, probe};
    use puzzlec_solve::Backend;

    /// Optimum and every shortest plan through an encoding and backend.
    fn via(encoding: &'static dyn CrossEncoding, backend: &Backend, p: &CrossPuzzle) -> (usize, Vec<Vec<Move>>) {
        let n = p.cells();
        let lb = relaxed_distances(p)[p.index(p.cross) * n + p.index(p.empty)] as usize;
        let h = Horizons { lower_bound: lb, step: 2, max: 40, deadline: None };
        let Shortest::Found { horizon, optimal: true, .. } =
            shortest(h, |k, limit| probe(&Lowered::new(encoding, p), backend, k, limit), |_| {}).unwrap()
        else {
            panic!("{p:?}: no optimum")
        };
        let all =
            every_plan(&Lowered::new(encoding, p), backend, horizon, None, Default::default(), &mut |_| {}).unwrap();
        assert!(all.complete);
        let mut plans = all.solutions;
        plans.sort();
        (horizon, plans)
    }

    fn oracle(p: &CrossPuzzle) -> (usize, Vec<Vec<Move>>) {
        let CrossSearch::Found { length, mut solutions, complete: true } = shortest_solutions(p, 40, usize::MAX, None)
        else {
            panic!("{p:?}: oracle found nothing")
        };
        solutions.sort();
        (length, solutions)
    }

    fn instances() -> Vec<CrossPuzzle> {
        let mut out = Vec::new();
        for (rows, cols) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
            let last = (rows - 1, cols - 1);
            let choices = [
                ((0, 0), last, last),
                ((0, 0), (0, cols - 1), last),
                ((rows - 1, 0), (0, 0), (0, cols - 1)),
                ((1, 1), last, (0, 0)),
                ((0, 1), (1, 1), (rows - 1, 1)),
            ];
            for (cross, empty, target) in choices {
                out.push(CrossPuzzle::new(rows, cols, cross, empty, target).unwrap());
            }
        }
        out
    }

    #[test]
    fn sat_optimum_and_every_shortest_plan_match_the_oracle() {
        let cadical = Backend::embedded_sat();
        for p in instances() {
            assert_eq!(via(&crate::encodings::sat::Sat, &cadical, &p), oracle(&p), "{p:?}");
        }
    }

    #[test]
    fn smt_through_linked_z3_matches_the_oracle_on_3x3() {
        let z3 = Backend::from(puzzlec_solve::linked_z3::LinkedZ3);
        for p in instances().into_iter().filter(|p| p.rows == 3 && p.cols == 3) {
            assert_eq!(via(&crate::encodings::smt::Smt, &z3, &p), oracle(&p), "{p:?}");
        }
    }

    #[test]
    fn fixed_orientations_are_respected() {
        // Fix the piece the seed's first move uses horizontal: the optimum must avoid it.
        let mut p = CrossPuzzle::new(3, 3, (0, 0), (2, 2), (2, 2)).unwrap();
        let i = p.index((1, 2));
        p.fixed[i] = crate::rules::Orientation::Horizontal;
        let cadical = Backend::embedded_sat();
        assert_eq!(via(&crate::encodings::sat::Sat, &cadical, &p), oracle(&p));
    }
}
