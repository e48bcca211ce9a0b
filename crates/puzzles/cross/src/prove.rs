//! `prove encodings` for the cross slider: every encoding on a few instances per size, half
//! of them with fixed orientations.

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::prove::{self, Proved};
use puzzlec_engine::{Bench, Env, Event, Result};

use crate::rules::{CrossPuzzle, Orientation};

impl Bench for crate::Cross {
    fn family(&self, req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
        crate::family::labelled(req, env)
    }

    /// # Errors
    /// A backend fails.
    fn prove_encodings(&self, env: &Env, quick: bool, on: &mut dyn FnMut(Event)) -> Result<Proved> {
        let mut puzzles = Vec::new();
        for (i, (rows, cols)) in [(3, 3), (3, 4), (3, 3), (3, 4)].into_iter().enumerate() {
            for (cross, empty, target) in
                [((0, 0), (rows - 1, cols - 1), (rows - 1, cols - 1)), ((1, 1), (0, 0), (0, cols - 1))]
            {
                let mut p = CrossPuzzle::new(rows, cols, cross, empty, target).expect("valid cells");
                if i >= 2 {
                    // Fix every other piece's orientation.
                    let (skip_a, skip_b) = (p.index(cross), p.index(empty));
                    for c in (0..p.cells()).step_by(2).filter(|&c| c != skip_a && c != skip_b) {
                        p.fixed[c] = if c % 4 == 0 { Orientation::Horizontal } else { Orientation::Vertical };
                    }
                }
                puzzles.push(p);
            }
        }
        let max_k = if quick { 6 } else { 8 };
        let results = prove::each_encoding(crate::NAME, &crate::encodings::ALL, env, on, |e, b| {
            let covered =
                format!("{} 3x3 and 3x4 instances (half with fixed orientations); k = 1..{max_k}", puzzles.len());
            Ok((covered, crate::drive::equivalence::cross(e, b, &puzzles, max_k)?))
        })?;
        Ok((results, Vec::new()))
    }
}
