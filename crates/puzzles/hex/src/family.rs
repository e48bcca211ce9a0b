//! A benchmark family of magic hexagons of any order and values (Hex38 by default): givens
//! copied from a filling (SAT) or changed so that no filling agrees (UNSAT). Where the value
//! sets are few (order 3) every filling is enumerated and each label read from that
//! enumeration; beyond, a SAT label rests on the filling the givens came from (checked by the
//! rules) and an UNSAT one on the embedded solver's answer to the instance (tried within a
//! time limit; an instance it cannot decide is drawn again).

use puzzlec_engine::fill::FillOptions;
use std::collections::{BTreeMap, HashSet};

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::{Env, Error, Instance, Request, Result, Solution, SolveOptions, Status};

use crate::request::HexInstance;

/// How long the solver may take to label one UNSAT instance of a large order.
const LABEL_LIMIT: f64 = 30.0;

/// Draws after which a family gives up finding an instance of one label.
const DRAWS: usize = 200;

/// # Errors
/// Bad input for an order without a magic sum; unknown when no filling is found, or when no
/// instance of a label can be drawn.
pub fn labelled(req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
    let base: HexInstance = req.puzzle.read()?;
    let base = HexInstance { sum: None, fill: Default::default(), ..base };
    let p =
        crate::verbs::problem(&base, false).map_err(|e| Error::bad_input(format!("family hex: {}", e.message())))?;
    let complete = crate::encodings::preferred(&p) == "cnf";
    let solve = |instance: &HexInstance, options: SolveOptions| {
        crate::verbs::solve(&Request::new(crate::NAME, instance, options), env, &mut |_| {})
    };
    let options = SolveOptions { all: complete, ..Default::default() };
    let found = solve(&base, options)?;
    let fillings: Vec<BTreeMap<String, i64>> = match (found.solutions, found.values) {
        (Some(all), _) => all
            .into_iter()
            .filter_map(|s| match s {
                Solution::Filling { values } => Some(values),
                _ => None,
            })
            .collect(),
        (None, Some(one)) => vec![one],
        _ => Vec::new(),
    };
    if fillings.is_empty() {
        return Err(Error::unknown(format!("family hex: no filling of {} found to draw givens from", p.label)));
    }
    let (cells, values) = (p.shape.cells(), &p.values);
    let what = match p.natural() {
        true => format!("order {}", base.order),
        false => format!("order {}, values {}..{}", base.order, values[0], values[values.len() - 1]),
    };
    let source = match complete {
        true => format!("label from the complete enumeration of the {} fillings", fillings.len()),
        false => "SAT: the filling the givens come from; UNSAT: the embedded solver's answer".to_owned(),
    };
    let mut rng = fastrand::Rng::with_seed(req.seed);
    let mut out = Vec::new();
    for i in 1..=req.count {
        for sat in [true, false] {
            let mut draws = 0;
            let givens = loop {
                draws += 1;
                if draws > DRAWS {
                    let label = if sat { "SAT" } else { "UNSAT" };
                    return Err(Error::unknown(format!("family hex: no {label} instance of {what} in {DRAWS} draws")));
                }
                let from = &fillings[rng.usize(..fillings.len())];
                let g = draw(&mut rng, cells, values, from, sat);
                let distinct = g.iter().map(|x| x.1).collect::<HashSet<_>>().len() == g.len();
                let agrees = fillings.iter().any(|f| g.iter().all(|(c, v)| f[&c.to_string()] == *v));
                if !distinct || agrees != sat {
                    continue;
                }
                if sat || complete {
                    break g;
                }
                // Beyond order 3 "no filling agrees with these" is the solver's to prove.
                let text: Vec<String> = g.iter().map(|(c, v)| format!("{c}={v}")).collect();
                let asked = HexInstance {
                    fill: FillOptions { givens: Some(text.join(",")), up_to_symmetry: false },
                    ..base.clone()
                };
                let limit = SolveOptions { timeout: Some(LABEL_LIMIT), ..Default::default() };
                if solve(&asked, limit).is_ok_and(|a| a.status == Status::NoSolution) {
                    break g;
                }
            };
            let text: Vec<String> = givens.iter().map(|(c, v)| format!("{c}={v}")).collect();
            let about =
                vec![format!("instance {i} of {}: {what} with givens {}", req.count, text.join(",")), source.clone()];
            let label = if sat { "sat" } else { "unsat" };
            let instance = HexInstance {
                fill: FillOptions { givens: Some(text.join(",")), up_to_symmetry: false },
                ..base.clone()
            };
            out.push(Labelled {
                name: format!("hex-o{}-s{}-{i:03}-{label}", base.order, req.seed),
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

/// Two or three cells (numbered from 1) with their values in `from`; for an UNSAT draw the
/// last value replaced by another one of the values.
fn draw(
    rng: &mut fastrand::Rng,
    cells: usize,
    values: &[i64],
    from: &BTreeMap<String, i64>,
    sat: bool,
) -> Vec<(usize, i64)> {
    let count = if cells >= 3 { rng.usize(2..=3) } else { cells };
    let mut chosen: Vec<usize> = Vec::new();
    while chosen.len() < count {
        let c = rng.usize(1..=cells);
        if !chosen.contains(&c) {
            chosen.push(c);
        }
    }
    let mut g: Vec<(usize, i64)> = chosen.iter().map(|c| (*c, from[&c.to_string()])).collect();
    if !sat {
        let last = g.len() - 1;
        g[last].1 = values[rng.usize(..values.len())];
    }
    g
}
