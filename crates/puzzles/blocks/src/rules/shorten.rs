//! Shorter plans from longer ones by the rules alone: a stretch that comes back to a
//! position it left is cut, and then each move in turn is dropped where the rest still
//! plays (a piece's later move then starts where the dropped one began, so two moves of one
//! piece become one wherever the metric allows) and still reaches the goal. The plan search
//! shortens each plan a solver returns at a horizon above the optimum, so its next horizon
//! starts lower.

use std::collections::HashMap;

use super::moves::positions;
use super::search::way;
use super::{BlockMove, BlocksPuzzle, State};

/// A plan as (piece, the anchor it moves to), each move's path left to be worked out.
type Targets = Vec<(usize, usize)>;

/// Sweeps of single-move deletions at most (each sweep tries every move once).
const SWEEPS: usize = 8;

/// `plan` with its cycles cut and every move dropped that the rest of the plan can do
/// without. The result is legal and reaches the goal whenever `plan` does.
pub fn shorten(p: &BlocksPuzzle, plan: Vec<BlockMove>) -> Vec<BlockMove> {
    let plan = cut_cycles(p, plan);
    let ends = positions(p, &plan);
    // The plan as (piece, where it ends up): a move's path is worked out again from where
    // the piece stands when the moves before it change.
    let mut targets: Targets = plan.iter().enumerate().map(|(k, m)| (m.piece, ends[k + 1].anchors[m.piece])).collect();
    let mut best = plan;
    for _ in 0..SWEEPS {
        let before = targets.len();
        let mut k = 0;
        while k < targets.len() {
            let mut fewer = targets.clone();
            fewer.remove(k);
            match realize(p, &fewer) {
                Some((moves, kept)) => {
                    best = moves;
                    targets = kept;
                }
                None => k += 1,
            }
        }
        if targets.len() == before {
            break;
        }
    }
    best
}

/// The moves that take each piece to its target in turn (a target where the piece already
/// stands is dropped), if each is one move of the metric and the goal is reached; with the
/// targets kept.
fn realize(p: &BlocksPuzzle, targets: &[(usize, usize)]) -> Option<(Vec<BlockMove>, Targets)> {
    let mut state = p.start();
    let (mut moves, mut kept) = (Vec::with_capacity(targets.len()), Vec::with_capacity(targets.len()));
    for &(piece, to) in targets {
        let from = state.anchors[piece];
        if from == to {
            continue;
        }
        let path = way(p, &state.occupancy(p), piece, from, to)?;
        moves.push(BlockMove { piece, path });
        kept.push((piece, to));
        state.anchors[piece] = to;
    }
    p.solved(&state).then_some((moves, kept))
}

/// Drops every stretch of moves between two visits of one position.
fn cut_cycles(p: &BlocksPuzzle, plan: Vec<BlockMove>) -> Vec<BlockMove> {
    let states = positions(p, &plan);
    // Where each position kept so far stands in the kept plan.
    let mut at: HashMap<&State, usize> = HashMap::from([(&states[0], 0)]);
    let mut kept: Vec<(BlockMove, &State)> = Vec::new();
    for (m, state) in plan.into_iter().zip(&states[1..]) {
        if let Some(&k) = at.get(state) {
            for (_, gone) in kept.drain(k..) {
                at.remove(gone);
            }
        } else {
            kept.push((m, state));
            at.insert(state, kept.len());
        }
    }
    kept.into_iter().map(|(m, _)| m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::parse_drawing;
    use crate::rules::goal::parse_goals;
    use crate::rules::moves::{parse, write};
    use crate::rules::replay;
    use crate::rules::tests::klotski;
    use crate::rules::Metric;

    fn shortened(drawing: &str, goal: &str, metric: Metric, moves: &str) -> String {
        let board = parse_drawing(drawing, &['.'], &['#']).unwrap();
        let goals = parse_goals(&board, goal).unwrap();
        let p = BlocksPuzzle { board, goals, metric };
        let plan = parse(&p, moves).unwrap();
        replay(&p, &plan).unwrap();
        let short = shorten(&p, plan);
        replay(&p, &short).unwrap();
        write(&p, &short)
    }

    #[test]
    fn a_move_and_its_return_are_cut() {
        assert_eq!(shortened("AA../....", "A@2,3", Metric::Slide, "Ad Au Arr Ad"), "Arr Ad");
        assert_eq!(shortened("AAB/...", "A@2,2", Metric::Slide, "Bd Bu Ad Ar"), "Ad Ar");
    }

    #[test]
    fn moves_of_one_piece_become_one_where_the_metric_allows() {
        assert_eq!(shortened("AA../....", "A@2,3", Metric::Step, "Ar Ar Ad"), "Ar Ar Ad");
        assert_eq!(shortened("AA../....", "A@2,3", Metric::Slide, "Ar Ar Ad"), "Arr Ad");
        assert_eq!(shortened("AA../....", "A@2,3", Metric::Path, "Ar Ar Ad").len(), "Arrd".len());
    }

    /// A legal move of a random piece from `state`, if the piece drawn can move.
    fn random_move(p: &BlocksPuzzle, rng: &mut fastrand::Rng, state: &State) -> Option<BlockMove> {
        let piece = rng.usize(0..p.board.pieces.len());
        let grid = state.occupancy(p);
        let to = crate::rules::search::reach(p, &grid, piece, state.anchors[piece]);
        let dest = *to.get(rng.usize(0..to.len().max(1)))?;
        Some(BlockMove { piece, path: way(p, &grid, piece, state.anchors[piece], dest)? })
    }

    #[test]
    fn random_detours_in_shortest_plans_are_cut_back_to_the_optimum() {
        let mut rng = fastrand::Rng::with_seed(21);
        let mut tried = 0;
        for _ in 0..200 {
            let metric = [Metric::Step, Metric::Slide, Metric::Path][rng.usize(0..3)];
            let Some(p) = crate::rules::random::free_board(&mut rng, 4, 4, 5, metric) else { continue };
            let crate::rules::search::Found::Plan { plan, .. } = crate::rules::search::shortest(&p, 40, None) else {
                continue;
            };
            tried += 1;
            // Detours of one or two pieces out and back, at random places of the plan.
            let mut long = plan.clone();
            for _ in 0..rng.usize(1..4) {
                let k = rng.usize(0..=long.len());
                let here = positions(&p, &long[..k]).pop().unwrap();
                let Some(first) = random_move(&p, &mut rng, &here) else { continue };
                let mut out = vec![first.clone()];
                let there = positions(&p, &[&long[..k], &out[..]].concat()).pop().unwrap();
                if let Some(second) = random_move(&p, &mut rng, &there).filter(|_| rng.bool()) {
                    out.push(second);
                }
                let back: Vec<BlockMove> = out
                    .iter()
                    .rev()
                    .map(|m| BlockMove { piece: m.piece, path: m.path.iter().rev().map(|&(r, c)| (-r, -c)).collect() })
                    .collect();
                out.extend(back);
                long.splice(k..k, out);
            }
            replay(&p, &long).expect("detours out and back are legal");
            let short = shorten(&p, long.clone());
            replay(&p, &short).unwrap_or_else(|e| panic!("{e}: {} from {}", write(&p, &short), write(&p, &long)));
            assert_eq!(short.len(), plan.len(), "{} from {}", write(&p, &short), write(&p, &long));
        }
        assert!(tried >= 50, "{tried} boards with a plan: widen the sample");
    }

    #[test]
    fn a_klotski_plan_with_detours_stays_legal_and_reaches_the_goal() {
        let p = klotski(Metric::Slide);
        let crate::rules::search::Found::Plan { plan, .. } = crate::rules::search::shortest(&p, usize::MAX, None)
        else {
            panic!("Klotski has a plan")
        };
        // A detour in the middle: one piece out and back, then on.
        let mut long = plan.clone();
        let there = BlockMove { piece: plan[10].piece, path: plan[10].path.clone() };
        let back = BlockMove { piece: there.piece, path: there.path.iter().rev().map(|&(r, c)| (-r, -c)).collect() };
        long.splice(11..11, [back, there]);
        replay(&p, &long).unwrap();
        let short = shorten(&p, long);
        replay(&p, &short).unwrap();
        assert_eq!(short.len(), plan.len());
    }
}
