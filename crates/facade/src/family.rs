//! Benchmark families for solver developers: instances on both sides of the SAT/UNSAT
//! boundary with labels known from the exact search (sliding tiles, cross slider) or from
//! the complete enumeration (hexagons), in the form the SAT competition asks for.
//!
//! Each DIMACS file opens with comment lines that hold the generator command, its
//! parameters, the instance and its label, then the exact `p cnf` header `emit` writes.
//! Each SMT-LIB2 file carries `(set-info :source |...|)` and `(set-info :status ...)` and
//! ends at `(check-sat)` (no model requests, as SMT-COMP wants). `manifest.csv` lists every
//! file with its expected status; each CNF is solved once by the embedded CaDiCaL and a
//! label it contradicts is an error, never written.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use puzzlec_slide::rules::{benchset::random_walk, to_compact};

/// The most instances one family holds.
pub const MAX_COUNT: usize = 10_000;
/// The longest random walk (`--walk`): far past mixing on any board puzzlec takes.
pub const MAX_WALK: usize = 1_000_000;
use puzzlec_ir::Cnf;
use puzzlec_solve::{Backend, Outcome};

use crate::request::{
    CrossInstance, CrossRequest, EmitRequest, HexInstance, Instance, Request, SlideInstance, SlideRequest, SolveOptions,
};
use crate::{Env, Error, InputKind, Result, Status};

/// Which puzzle, and its size.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "puzzle", rename_all = "lowercase")]
pub enum FamilyPuzzle {
    Slide { rows: usize, cols: usize, walk: Option<usize> },
    Cross { rows: usize, cols: usize },
    Hex,
}

/// `family`: what to write (JSON too: `{"puzzle": "slide", "rows": 4, "cols": 4, "count": 10,
/// "seed": 1, "out": "dir"}`).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct FamilyRequest {
    #[serde(flatten)]
    pub puzzle: FamilyPuzzle,
    /// Instances per family: each gives a SAT and an UNSAT file (hexagons: one file each).
    pub count: usize,
    pub seed: u64,
    pub out: PathBuf,
    /// The command line that made it, written into every file.
    #[serde(default)]
    pub command: String,
}

/// One written instance, a row of manifest.csv.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Written {
    pub file: String,
    pub status: &'static str,
    pub optimum: Option<usize>,
    pub horizon: Option<usize>,
    pub variables: Option<u32>,
    pub clauses: Option<usize>,
    pub cadical_seconds: Option<f64>,
}

/// A labelled instance before it is written: the instance, the horizon, the label and the
/// lines that describe it.
struct Labelled {
    name: String,
    instance: Instance,
    horizon: usize,
    sat: bool,
    optimum: Option<usize>,
    about: Vec<String>,
}

/// Parses `ROWSxCOLS` (2 to 8 each).
///
/// # Errors
/// Anything else (bad input).
pub fn size(text: &str) -> Result<(usize, usize)> {
    let (r, c) = crate::files::size(text)?;
    if !(2..=8).contains(&r) || !(2..=8).contains(&c) {
        return Err(Error::bad_input(format!("--size {text}: sides from 2 to 8, e.g. 4x4")));
    }
    Ok((r, c))
}

/// Writes the family and its manifest.
///
/// # Errors
/// Bad input for sizes, counts and folders; unknown when an exact search runs out or the
/// embedded solver contradicts a label.
pub fn write(req: &FamilyRequest, env: &Env, on: &mut dyn FnMut(&Written)) -> Result<Vec<Written>> {
    if req.count == 0 {
        return Err(Error::bad_input("--count 0: nothing to write"));
    }
    if req.count > MAX_COUNT {
        return Err(Error::bad_input(format!("--count {}: at most {MAX_COUNT} instances per family", req.count)));
    }
    if let FamilyPuzzle::Slide { walk: Some(w), .. } = &req.puzzle {
        if *w > MAX_WALK {
            return Err(Error::bad_input(format!("--walk {w}: at most {MAX_WALK} moves")));
        }
    }
    // A folder with files in it would mix old instances with new ones that the manifest
    // does not list: refuse, as `jobs` does.
    if std::fs::read_dir(&req.out).is_ok_and(|mut d| d.next().is_some()) {
        return Err(Error::bad_input(format!("{} is not empty; pick a new --out", req.out.display())));
    }
    let io = |e: std::io::Error, p: &Path| Error::bad_input(format!("writing {}: {e}", p.display()));
    std::fs::create_dir_all(&req.out).map_err(|e| io(e, &req.out))?;
    let labelled = match &req.puzzle {
        FamilyPuzzle::Slide { rows, cols, walk } => slide(*rows, *cols, walk.unwrap_or(2 * rows * cols), req, env)?,
        FamilyPuzzle::Cross { rows, cols } => cross(*rows, *cols, req, env)?,
        FamilyPuzzle::Hex => hex(req, env)?,
    };
    let mut rows = Vec::new();
    for l in &labelled {
        for kind in [InputKind::Dimacs, InputKind::Smt2] {
            let row = write_one(req, l, kind)?;
            on(&row);
            rows.push(row);
        }
    }
    let mut csv = String::from("file,status,optimum,horizon,variables,clauses,cadical_seconds\n");
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &rows {
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{},{}",
            r.file,
            r.status,
            opt(r.optimum.map(|o| o.to_string())),
            opt(r.horizon.map(|o| o.to_string())),
            opt(r.variables.map(|o| o.to_string())),
            opt(r.clauses.map(|o| o.to_string())),
            opt(r.cadical_seconds.map(|s| format!("{s:.3}"))),
        );
    }
    let manifest = req.out.join("manifest.csv");
    std::fs::write(&manifest, csv).map_err(|e| io(e, &manifest))?;
    Ok(rows)
}

fn write_one(req: &FamilyRequest, l: &Labelled, kind: InputKind) -> Result<Written> {
    let status = if l.sat { "sat" } else { "unsat" };
    let emit = EmitRequest {
        instance: l.instance.clone(),
        encoding: default_encoding(&l.instance, kind).to_owned(),
        format: kind,
        horizon: l.horizon,
        up_to_symmetry: false,
    };
    let text = crate::emit(&emit)?;
    let mut about = vec![format!("generator: {}", req.command), format!("encoding: {}", emit.encoding)];
    about.extend(l.about.iter().cloned());
    about.push(format!("status: {}", status.to_uppercase()));
    let (file, body, mut row) = match kind {
        InputKind::Dimacs => {
            let cnf =
                Cnf::parse_dimacs(&text).map_err(|e| Error::unknown(format!("emitted CNF does not parse: {e}")))?;
            let started = Instant::now();
            let outcome = Backend::embedded_sat().solve_cnf(&cnf, Duration::from_secs(600))?;
            let seconds = started.elapsed().as_secs_f64();
            let found = match outcome {
                Outcome::Sat(_) => true,
                Outcome::Unsat => false,
                Outcome::Unknown(why) => {
                    return Err(Error::unknown(format!("{}: the embedded solver gave up: {why}", l.name)))
                }
            };
            if found != l.sat {
                return Err(Error::unknown(format!(
                    "{}: labelled {status} but the embedded solver says otherwise",
                    l.name
                )));
            }
            let head: String = about.iter().map(|a| format!("c {a}\n")).collect();
            let row = Written {
                file: String::new(),
                status,
                optimum: l.optimum,
                horizon: None,
                variables: Some(cnf.num_vars()),
                clauses: Some(cnf.num_clauses()),
                cadical_seconds: Some(seconds),
            };
            (format!("{}.cnf", l.name), head + &text, row)
        }
        InputKind::Smt2 => {
            let source = about.join("; ").replace('|', "/");
            let info = format!(
                "(set-info :smt-lib-version 2.6)\n(set-info :source |{source}|)\n(set-info :category \"crafted\")\n(set-info :status {status})\n"
            );
            let mut body = String::new();
            for line in text.lines() {
                if line.starts_with("(set-option :produce-models") {
                    continue;
                }
                if line.starts_with("(set-logic") {
                    body.push_str(&info);
                }
                body.push_str(line);
                body.push('\n');
                if line.starts_with("(check-sat") {
                    body.push_str("(exit)\n");
                    break;
                }
            }
            let row = Written {
                file: String::new(),
                status,
                optimum: l.optimum,
                horizon: None,
                variables: None,
                clauses: None,
                cadical_seconds: None,
            };
            (format!("{}.smt2", l.name), body, row)
        }
    };
    let path = req.out.join(&file);
    std::fs::write(&path, body).map_err(|e| Error::bad_input(format!("writing {}: {e}", path.display())))?;
    row.file = file;
    row.horizon = (!matches!(l.instance, Instance::Hex(_))).then_some(l.horizon);
    Ok(row)
}

fn default_encoding(instance: &Instance, kind: InputKind) -> &'static str {
    match instance {
        Instance::Slide(_) => crate::slide::default_encoding(kind),
        Instance::Cross(_) => crate::cross::default_encoding(kind),
        Instance::Hex(_) => crate::hex::default_encoding(kind),
    }
}

/// The exact search's answer to a request (the optimum), or `None` when it has none.
fn optimum(request: Request, env: &Env) -> Result<Option<usize>> {
    let a = crate::solve(&request, env, &mut |_| {})?;
    match a.status {
        Status::Solved if a.optimal == Some(true) => Ok(a.length),
        Status::Unknown => Err(Error::unknown(format!("the exact search gave up: {}", a.detail.unwrap_or_default()))),
        _ => Ok(None),
    }
}

/// Whether the UNSAT side (two below the optimum) is refuted by the CNF encoding's own
/// bound before any search (an empty clause): no benchmark for a solver, so not written.
fn trivial(instance: &Instance, opt: usize) -> Result<bool> {
    if opt < 2 {
        return Ok(true);
    }
    let emit = EmitRequest {
        instance: instance.clone(),
        encoding: default_encoding(instance, InputKind::Dimacs).to_owned(),
        format: InputKind::Dimacs,
        horizon: opt - 2,
        up_to_symmetry: false,
    };
    Ok(crate::emit(&emit)?.lines().any(|l| l.trim() == "p cnf 0 1"))
}

fn search() -> SolveOptions {
    SolveOptions { solver: Some(puzzlec_solve::Solver::SEARCH_ID.to_owned()), ..SolveOptions::default() }
}

/// Both sides of the boundary: the optimum (SAT) and two below it (UNSAT: plans of one
/// instance all have the same parity, so optimum - 1 would be refuted by parity alone).
fn pair(name: &str, instance: Instance, opt: usize, about: &[String]) -> Vec<Labelled> {
    let mut out = vec![Labelled {
        name: format!("{name}-h{opt}-sat"),
        instance: instance.clone(),
        horizon: opt,
        sat: true,
        optimum: Some(opt),
        about: about.to_vec(),
    }];
    if opt >= 2 {
        out.push(Labelled {
            name: format!("{name}-h{}-unsat", opt - 2),
            instance,
            horizon: opt - 2,
            sat: false,
            optimum: Some(opt),
            about: about.to_vec(),
        });
    }
    out
}

fn slide(rows: usize, cols: usize, walk: usize, req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
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
        let request =
            Request::Slide(SlideRequest { instance: instance.clone(), options: search(), ..SlideRequest::default() });
        let opt = optimum(request, env)?.ok_or_else(|| Error::unknown("a random walk gave an unsolvable board"))?;
        if trivial(&Instance::Slide(instance.clone()), opt)? {
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
        out.extend(pair(
            &format!("slide-{rows}x{cols}-s{}-{:03}", req.seed, i + 1),
            Instance::Slide(instance),
            opt,
            &about,
        ));
        i += 1;
    }
    Ok(out)
}

fn cross(rows: usize, cols: usize, req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
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
        let request = Request::Cross(CrossRequest { instance: instance.clone(), options: search(), max_moves: None });
        let Some(opt) = optimum(request, env)? else { continue };
        if trivial(&Instance::Cross(instance.clone()), opt)? {
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
        out.extend(pair(&format!("cross-{rows}x{cols}-s{}-{i:03}", req.seed), Instance::Cross(instance), opt, &about));
    }
    Ok(out)
}

/// Hexagons: Hex38 with a few givens copied from one of its 12 fillings (SAT) or chosen so
/// that no filling agrees (UNSAT), labelled against the complete enumeration.
fn hex(req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
    let all = crate::solve(
        &Request::Hex(crate::request::HexRequest {
            options: SolveOptions { all: true, ..Default::default() },
            ..Default::default()
        }),
        env,
        &mut |_| {},
    )?;
    let fillings: Vec<std::collections::BTreeMap<String, i64>> = all
        .solutions
        .unwrap_or_default()
        .into_iter()
        .filter_map(|s| match s {
            crate::Solution::Filling { values } => Some(values),
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
                let distinct = g.iter().map(|x| x.1).collect::<std::collections::HashSet<_>>().len() == g.len();
                let agrees = fillings.iter().any(|f| g.iter().all(|(c, v)| f[&c.to_string()] == *v));
                if distinct && agrees == sat {
                    break g;
                }
            };
            let text: Vec<String> = givens.iter().map(|(c, v)| format!("{c}={v}")).collect();
            let about = vec![
                format!("instance {i} of {}: Hex38 (order 3) with givens {}", req.count, text.join(",")),
                format!("label from the complete enumeration of the 12 fillings"),
            ];
            let label = if sat { "sat" } else { "unsat" };
            let instance = Instance::Hex(HexInstance { order: 3, givens: Some(text.join(",")) });
            out.push(Labelled {
                name: format!("hex-o3-s{}-{i:03}-{label}", req.seed),
                instance,
                horizon: 0,
                sat,
                optimum: None,
                about,
            });
        }
    }
    Ok(out)
}
