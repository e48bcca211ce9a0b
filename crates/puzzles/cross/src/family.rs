//! A benchmark family of the cross slider: random cross, empty cell and target on a grid,
//! each solvable instance on both sides of its optimum (from the exact search).

use puzzlec_engine::family::{self, FamilyRequest, Labelled};
use puzzlec_engine::{Env, Error, Request, Result};

use crate::request::CrossInstance;

/// A family's own options.
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize)]
pub struct Options {
    pub rows: usize,
    pub cols: usize,
}

/// # Errors
/// Bad input for sizes; unknown when the search gives up.
pub fn labelled(req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
    let Options { rows, cols } = req.puzzle.read()?;
    family::size(&format!("{rows}x{cols}"))?;
    let mut rng = fastrand::Rng::with_seed(req.seed);
    let (mut out, mut tries) = (Vec::new(), 0);
    while out.len() < 2 * req.count {
        tries += 1;
        if tries > 50 * req.count {
            return Err(Error::unknown(format!(
                "found only {} solvable {rows}x{cols} instances in {tries} draws",
                out.len() / 2
            )));
        }
        let mut cell = || format!("{},{}", rng.usize(1..=rows), rng.usize(1..=cols));
        let (cross, empty, target) = (cell(), cell(), cell());
        if cross == empty || cross == target {
            continue;
        }
        let instance = CrossInstance {
            size: Some(format!("{rows}x{cols}")),
            cross: Some(cross.clone()),
            empty: Some(empty.clone()),
            target: Some(target.clone()),
            ..Default::default()
        };
        let request = Request::new(crate::NAME, &instance, family::by_search());
        let Some(opt) = family::optimum(&puzzlec_engine::plan::solve::<crate::Cross>(&request, env, &mut |_| {})?)?
        else {
            continue;
        };
        let instance = request.instance();
        if family::trivial(&crate::Cross, &instance, opt, 2)? {
            continue;
        }
        let i = out.len() / 2 + 1;
        let about = vec![
            format!(
                "instance {i} of {}: cross at {cross}, empty cell at {empty}, target {target} (rows,cols from 1,1)",
                req.count
            ),
            format!("optimum: {opt} moves (exact search of the cross slider)"),
        ];
        out.extend(family::pair(&format!("cross-{rows}x{cols}-s{}-{i:03}", req.seed), instance, opt, 2, &about));
    }
    Ok(out)
}
