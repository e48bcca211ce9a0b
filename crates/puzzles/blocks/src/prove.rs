//! `prove encodings` for sliding blocks: every encoding against the exact search on random
//! Rush Hour and free-block boards, in each metric the encoding takes.

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::prove::{self, Proved};
use puzzlec_engine::{Bench, Env, Event, Result};

use crate::rules::random::{free_board, rush_hour_board};
use crate::rules::{BlocksPuzzle, Metric};

/// The boards checked: Rush Hour 4x4 and 5x5, free blocks on 3x3 and 3x4 in each metric.
fn boards(quick: bool) -> Vec<BlocksPuzzle> {
    let mut rng = fastrand::Rng::with_seed(23);
    let per = if quick { 2 } else { 4 };
    let mut out = Vec::new();
    for side in [4, 5] {
        let mut k = 0;
        while k < per {
            if let Some(p) = rush_hour_board(&mut rng, side, side, side + 1) {
                out.push(p);
                k += 1;
            }
        }
    }
    for metric in Metric::ALL {
        for (rows, cols) in [(3, 3), (3, 4)] {
            let mut k = 0;
            while k < per / 2 {
                if let Some(p) = free_board(&mut rng, rows, cols, 4, metric) {
                    out.push(p);
                    k += 1;
                }
            }
        }
    }
    out
}

impl Bench for crate::Blocks {
    fn family(&self, req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
        crate::family::labelled(req, env)
    }

    /// # Errors
    /// A backend fails.
    fn prove_encodings(&self, env: &Env, quick: bool, on: &mut dyn FnMut(Event)) -> Result<Proved> {
        let (cnf, smt) = prove::backends(env)?;
        let puzzles = boards(quick);
        let max_k = if quick { 6 } else { 8 };
        let mut results = Vec::new();
        for e in crate::encodings::ALL {
            let b = if e.writes(puzzlec_ir::Form::Dimacs) { &cnf } else { &smt };
            let found = crate::drive::equivalence::blocks(e, b, &puzzles, max_k)?;
            let metrics: Vec<&str> = e.metrics().iter().map(|m| m.name()).collect();
            let covered = format!(
                "{} Rush Hour (4x4, 5x5) and free-block (3x3, 3x4) boards, metrics {}; k = 0..{max_k}",
                puzzles.iter().filter(|p| e.metrics().contains(&p.metric)).count(),
                metrics.join(" and ")
            );
            results.push(prove::record(crate::NAME, e.name(), b.id(), covered, found, on));
        }
        Ok((results, Vec::new()))
    }
}
