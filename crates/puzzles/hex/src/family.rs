//! A benchmark family of magic hexagons: Hex38 with a few givens copied from one of its 12
//! fillings (SAT) or chosen so that no filling agrees (UNSAT), labelled against the complete
//! enumeration.

use std::collections::{BTreeMap, HashSet};

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::{Env, Instance, Request, Result, Solution, SolveOptions};

use crate::request::HexInstance;

/// # Errors
/// Unknown when the enumeration fails.
pub fn labelled(req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
    let all = SolveOptions { all: true, ..Default::default() };
    let all = crate::verbs::solve(&Request::new(crate::NAME, &HexInstance::default(), all), env, &mut |_| {})?;
    let fillings: Vec<BTreeMap<String, i64>> = all
        .solutions
        .unwrap_or_default()
        .into_iter()
        .filter_map(|s| match s {
            Solution::Filling { values } => Some(values),
            _ => None,
        })
        .collect();
    let mut rng = fastrand::Rng::with_seed(req.seed);
    let mut out = Vec::new();
    for i in 1..=req.count {
        for sat in [true, false] {
            let givens = loop {
                let cells = rng.usize(2..=3);
                let mut chosen: Vec<usize> = Vec::new();
                while chosen.len() < cells {
                    let c = rng.usize(1..=19);
                    if !chosen.contains(&c) {
                        chosen.push(c);
                    }
                }
                let from = &fillings[rng.usize(..fillings.len())];
                let mut g: Vec<(usize, i64)> = chosen.iter().map(|c| (*c, from[&c.to_string()])).collect();
                if !sat {
                    let last = g.len() - 1;
                    g[last].1 = rng.i64(1..=19);
                }
                let distinct = g.iter().map(|x| x.1).collect::<HashSet<_>>().len() == g.len();
                let agrees = fillings.iter().any(|f| g.iter().all(|(c, v)| f[&c.to_string()] == *v));
                if distinct && agrees == sat {
                    break g;
                }
            };
            let text: Vec<String> = givens.iter().map(|(c, v)| format!("{c}={v}")).collect();
            let about = vec![
                format!("instance {i} of {}: Hex38 (order 3) with givens {}", req.count, text.join(",")),
                "label from the complete enumeration of the 12 fillings".to_owned(),
            ];
            let label = if sat { "sat" } else { "unsat" };
            let instance = HexInstance { order: 3, givens: Some(text.join(",")), ..HexInstance::default() };
            out.push(Labelled {
                name: format!("hex-o3-s{}-{i:03}-{label}", req.seed),
                instance: Instance::new(crate::NAME, &instance),
                horizon: None,
                sat,
                optimum: None,
                about,
            });
        }
    }
    Ok(out)
}
