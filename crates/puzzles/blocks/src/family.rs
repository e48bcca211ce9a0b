//! A benchmark family of sliding blocks: random Rush Hour boards (the red car on the middle
//! row) or free-block boards (dominoes on their axes, squares and single cells; the first
//! block must reach the far corner). Each drawn board is replaced by the hardest start of its
//! cluster (the reachable position farthest from the goal), and written on both sides of its
//! optimum (from the exact search).

use puzzlec_engine::family::{self, FamilyRequest, Labelled};
use puzzlec_engine::{Env, Error, Request, Result};

use crate::request::BlocksInstance;
use crate::rules::random::{free_board, hardest_of, rush_hour_board};

/// Positions a drawn board's cluster may hold for its hardest start to be looked for.
const CLUSTER_CAP: usize = 200_000;
use crate::rules::{Axis, BlocksPuzzle, Metric};

/// A family's own options.
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize)]
pub struct Options {
    /// `rush` or `free`.
    pub kind: String,
    pub rows: usize,
    pub cols: usize,
    pub pieces: usize,
    pub metric: String,
    pub min_moves: usize,
}

/// The instance's fields for a board.
fn instance_of(p: &BlocksPuzzle, rush: bool) -> BlocksInstance {
    let letters = |axis: Axis| -> Option<String> {
        let s: String = p.board.pieces.iter().filter(|q| q.axis == axis).map(|q| q.name).collect();
        (!rush && !s.is_empty()).then_some(s)
    };
    BlocksInstance {
        board: Some(p.board.drawing(&p.start().anchors).join("/")),
        rush_hour: rush,
        horizontal: letters(Axis::Horizontal),
        vertical: letters(Axis::Vertical),
        goal: (!rush).then(|| p.goals_text()),
        metric: Some(p.metric.name().into()),
        ..BlocksInstance::default()
    }
}

/// # Errors
/// Bad input for sizes; unknown when too few draws are solvable.
pub fn labelled(req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
    let o: Options = req.puzzle.read()?;
    family::size(&format!("{}x{}", o.rows, o.cols))?;
    let metric = Metric::parse(&o.metric).map_err(Error::bad_input)?;
    let rush = o.kind == "rush";
    let mut rng = fastrand::Rng::with_seed(req.seed);
    let (mut out, mut draws) = (Vec::new(), 0);
    while out.len() < 2 * req.count {
        draws += 1;
        if draws > 500 * req.count.max(1) {
            return Err(Error::unknown(format!(
                "found only {} boards with an optimum of at least {} in {draws} draws (try --min-moves lower)",
                out.len() / 2,
                o.min_moves
            )));
        }
        let drawn = if rush {
            rush_hour_board(&mut rng, o.rows, o.cols, o.pieces).map(|p| BlocksPuzzle { metric, ..p })
        } else {
            free_board(&mut rng, o.rows, o.cols, o.pieces + 1, metric)
        };
        let Some((p, _)) = drawn.and_then(|p| hardest_of(&p, CLUSTER_CAP)) else { continue };
        let fields = instance_of(&p, rush);
        let request = Request::new(crate::NAME, &fields, family::by_search());
        let Some(opt) = family::optimum(&puzzlec_engine::plan::solve::<crate::Blocks>(&request, env, &mut |_| {})?)?
        else {
            continue;
        };
        let instance = request.instance();
        if opt < o.min_moves.max(1) || family::trivial(&crate::Blocks, &instance, opt, 1)? {
            continue;
        }
        let i = out.len() / 2 + 1;
        let about = vec![
            format!(
                "instance {i} of {}: {} (goal {})",
                req.count,
                fields.board.clone().unwrap_or_default(),
                p.goals_text()
            ),
            format!("optimum: {opt} moves, {} metric (exact search of the positions)", metric.name()),
        ];
        let name = format!("blocks-{}-{}x{}-s{}-{i:03}", o.kind, o.rows, o.cols, req.seed);
        out.extend(family::pair(&name, instance, opt, 1, &about));
    }
    Ok(out)
}
