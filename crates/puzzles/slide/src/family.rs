//! A benchmark family of sliding tiles: boards from random walks of the goal, each on both
//! sides of its optimum (from the exact search).

use puzzlec_engine::family::{self, FamilyRequest, Labelled};
use puzzlec_engine::{Env, Error, Request, Result};

use crate::request::SlideInstance;
use crate::rules::{benchset::random_walk, to_compact};

/// The longest random walk (`walk`): far past mixing on any board puzzlec takes.
pub const MAX_WALK: usize = 1_000_000;

/// A family's own options.
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize)]
pub struct Options {
    pub rows: usize,
    pub cols: usize,
    /// Moves of the random walk from the goal; `None` is twice the cells.
    #[serde(default)]
    pub walk: Option<usize>,
}

/// # Errors
/// Bad input for sizes and walks; unknown when the search gives up.
pub fn labelled(req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
    let Options { rows, cols, walk } = req.puzzle.read()?;
    family::size(&format!("{rows}x{cols}"))?;
    let walk = walk.unwrap_or(2 * rows * cols);
    if walk > MAX_WALK {
        return Err(Error::bad_input(format!("--walk {walk}: at most {MAX_WALK} moves")));
    }
    let mut out = Vec::new();
    let (mut i, mut draws) = (0, 0u64);
    while i < req.count {
        let seed = req.seed.wrapping_mul(1_000_003).wrapping_add(draws);
        draws += 1;
        if draws > 50 * req.count as u64 {
            return Err(Error::unknown(format!(
                "found only {i} {rows}x{cols} boards with a nontrivial UNSAT side in {draws} draws"
            )));
        }
        let board = to_compact(&random_walk(rows, cols, walk, seed));
        let instance = SlideInstance { board: board.clone(), goal: None, origin: None };
        let request = Request::new(crate::NAME, &instance, family::by_search());
        let answer = crate::solve::solve(&request, env, &mut |_| {})?;
        let opt = family::optimum(&answer)?.ok_or_else(|| Error::unknown("a random walk gave an unsolvable board"))?;
        let instance = request.instance();
        if family::trivial(&crate::Slide, &instance, opt, 2)? {
            continue;
        }
        let about = vec![
            format!(
                "instance {} of {}: a random walk of {walk} moves from the goal (walk seed {seed})",
                i + 1,
                req.count
            ),
            format!("board: {board} (goal: tiles in order, blank last)"),
            format!("optimum: {opt} moves (exact search: IDA* with Manhattan distance and linear conflicts)"),
        ];
        out.extend(family::pair(&format!("slide-{rows}x{cols}-s{}-{:03}", req.seed, i + 1), instance, opt, 2, &about));
        i += 1;
    }
    Ok(out)
}
