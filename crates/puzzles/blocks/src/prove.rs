//! `prove encodings` for sliding blocks: every encoding against the exact search on random
//! Rush Hour and free-block boards, in each metric the encoding takes; then each clause
//! family of the CNF encodings dropped in turn (a mutant the battery does not notice is
//! reported as redundant there).

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::prove::{self, Mutation, Proved};
use puzzlec_engine::{Bench, Env, Event, Result};

use crate::rules::board::parse_drawing;
use crate::rules::goal::parse_goals;
use crate::rules::random::{free_board, hardest_of, rush_hour_board};
use crate::rules::{BlocksPuzzle, Metric};

/// The boards drawn by hand, first in [`boards`].
const FIXED: usize = 2;

/// The boards checked: one where a slide could jump a piece, one where a path could go
/// through one, the hardest starts of random Rush Hour 4x4 and 5x5 clusters, free blocks on
/// 3x3 and 3x4 in each metric.
fn boards(quick: bool) -> Vec<BlocksPuzzle> {
    let mut rng = fastrand::Rng::with_seed(23);
    let per = if quick { 2 } else { 4 };
    let mut out = Vec::new();
    // One board where a slide that jumps over a piece would save a move (swept cells).
    let board = parse_drawing("XY./.Y./...", &['.'], &['#']).expect("a drawing");
    let goals = parse_goals(&board, "X@1,3").expect("a goal");
    let mut jump = BlocksPuzzle { board, goals, metric: Metric::Slide };
    jump.board.restrict("Y", crate::rules::Axis::Vertical, "--vertical").expect("a piece");
    // One where a path through a piece would save a move (the reach of the path metric).
    let board = parse_drawing("XY./#Y./...", &['.'], &['#']).expect("a drawing");
    let goals = parse_goals(&board, "X@1,3").expect("a goal");
    let mut through = BlocksPuzzle { board, goals, metric: Metric::Path };
    through.board.restrict("Y", crate::rules::Axis::Vertical, "--vertical").expect("a piece");
    // First: the mutants' sample keeps both.
    out.push(jump);
    out.push(through);
    for side in [4, 5] {
        let mut k = 0;
        while k < per {
            // The hardest start of the drawn board's cluster: plans long enough for every
            // horizon checked to matter.
            if let Some((p, _)) = rush_hour_board(&mut rng, side, side, side + 1).and_then(|p| hardest_of(&p, 50_000)) {
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
        let puzzles = boards(quick);
        let max_k = if quick { 6 } else { 8 };
        let results = prove::each_encoding(crate::NAME, &crate::encodings::ALL, env, on, |e, b| {
            let metrics: Vec<&str> = e.metrics().iter().map(|m| m.name()).collect();
            let covered = format!(
                "{} Rush Hour (4x4, 5x5) and free-block (3x3, 3x4) boards, ones where a slide could jump or a path pass through, metrics {}; k = 0..{max_k}",
                puzzles.iter().filter(|p| e.metrics().contains(&p.metric)).count(),
                metrics.join(" and ")
            );
            Ok((covered, crate::drive::equivalence::blocks(e, b, &puzzles, max_k, None)?))
        })?;
        let (cnf, _) = prove::backends(env)?;
        // Mutants: each clause family of the CNF encodings dropped in turn, on the boards of
        // the metrics it encodes and a shorter range of horizons.
        let mut mutations = Vec::new();
        let few: Vec<BlocksPuzzle> =
            puzzles.iter().take(FIXED).chain(puzzles.iter().skip(FIXED).step_by(2)).cloned().collect();
        for e in crate::encodings::ALL.iter().filter(|e| e.writes(puzzlec_ir::Form::Dimacs)) {
            // One sample per metric: a family written only in one metric (the path's reach)
            // gets its mutant too.
            let mut named: Vec<&'static str> = Vec::new();
            for sample in e.metrics().iter().filter_map(|m| few.iter().find(|p| p.metric == *m)) {
                for family in crate::drive::equivalence::families(*e, sample) {
                    if !named.contains(&family) {
                        named.push(family);
                    }
                }
            }
            for family in named {
                let (_, miss) = crate::drive::equivalence::blocks(*e, &cnf, &few, max_k, Some(family))?;
                mutations.push(Mutation { encoding: e.name().into(), family, caught: miss.is_some(), detail: miss });
            }
        }
        Ok((results, mutations))
    }
}
