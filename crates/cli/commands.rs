//! Stage two of argument handling: flags become the facade's requests (files are read here,
//! so the facade sees text), the facade answers, and `render` prints.

use std::io::Read;
use std::path::Path;

use puzzlec_facade as facade;
use puzzlec_facade::{Env, Error, Event, Instance};

use crate::args::{self, Cli, Command, DecodeCommand, EmitCommand, Format, SolveCommand, VerifyCommand};
use crate::render;

/// Runs one command; the exit code comes from the answer, or from the error's kind.
pub fn run(cli: Cli) -> Result<u8, Error> {
    let env = Env { registry: cli.solvers.clone() };
    let (json, quiet) = (cli.json, cli.quiet);
    let mut shown = crate::render::Progress::new(quiet);
    let mut progress = |e: Event| shown.event(&e);
    match cli.command {
        Command::Solve(c) => {
            let svg = match &c {
                SolveCommand::Slide(a) => a.flags.svg.clone(),
                SolveCommand::Cross(a) => a.flags.svg.clone(),
                SolveCommand::Hex(a) => a.flags.svg.clone(),
            };
            let request = request(c)?;
            let answer = facade::solve(&request, &env, &mut progress)?;
            draw(svg.as_deref(), &request.instance(), &answer)?;
            Ok(render::answer(&answer, json, facade::text::solved))
        }
        Command::Batch(b) => crate::batch::run(b, &env, quiet),
        Command::Jobs(c) => {
            let (instance, f) = match c {
                args::JobsCommand::Slide { input, split } => (Instance::Slide(slide_instance(input)?), split),
                args::JobsCommand::Cross { instance, split } => (Instance::Cross(cross_instance(instance)?), split),
            };
            let (horizons, cubes, out, certify) = (facade::jobs::horizons(&f.horizons)?, f.cubes, f.out, f.certify);
            let req = facade::jobs::JobsRequest {
                instance,
                encoding: f.encoding,
                solver: Some(f.solver),
                horizons,
                cubes,
                out,
                certify,
            };
            let m = facade::jobs::write(&req, &env)?;
            let (n, dir) = (m.jobs.len(), req.out.display());
            let text = format!("wrote {} to {dir} (see {dir}/README.txt)\nrun:  parallel -j 8 {dir}/run-one.sh ::: $(seq 0 {})\n  or: sbatch {dir}/slurm.sbatch\nthen: puzzlec collect {dir}\n", facade::answer::count(n, "job"), n - 1);
            Ok(render::report(&Shown(serde_json::to_value(&m).expect("a manifest serialises"), text), json, true))
        }
        Command::Family(f) => {
            use facade::family::{self, FamilyPuzzle};
            let size = |default: &str| family::size(f.size.as_deref().unwrap_or(default));
            let puzzle = match f.puzzle {
                args::FamilyKind::Slide => {
                    size("4x4").map(|(rows, cols)| FamilyPuzzle::Slide { rows, cols, walk: f.walk })?
                }
                args::FamilyKind::Cross => size("3x3").map(|(rows, cols)| FamilyPuzzle::Cross { rows, cols })?,
                args::FamilyKind::Hex => FamilyPuzzle::Hex,
            };
            let words: Vec<String> = std::env::args().skip(1).map(|a| shell_words::quote(&a).into_owned()).collect();
            let command = format!("puzzlec {}", words.join(" "));
            let req = family::FamilyRequest { puzzle, count: f.count, seed: f.seed, out: f.out, command };
            let rows = family::write(&req, &env, &mut |w| {
                if !quiet {
                    eprintln!("wrote {} ({})", w.file, w.status);
                }
            })?;
            let text = format!("wrote {} files and manifest.csv to {}\n", rows.len(), req.out.display());
            Ok(render::report(&Shown(serde_json::json!({ "files": rows, "out": req.out }), text), json, true))
        }
        Command::Completions { shell, dir } => crate::manual::completions(shell, dir.as_deref()),
        Command::Man { dir } => crate::manual::man(&dir),
        Command::Collect { dir } => {
            let a = facade::collect::collect(&dir)?;
            Ok(render::answer(&a, json, facade::text::solved))
        }
        Command::Emit(c) => {
            let (instance, encoding, horizon, up_to_symmetry, to) = match c {
                EmitCommand::Slide(a) => {
                    (Instance::Slide(slide_instance(a.input)?), a.encoding, a.horizon, false, a.to)
                }
                EmitCommand::Cross(a) => {
                    (Instance::Cross(cross_instance(a.instance)?), a.encoding, a.horizon, false, a.to)
                }
                EmitCommand::Hex(a) => (Instance::Hex(hex_instance(a.instance)), a.encoding, 0, a.up_to_symmetry, a.to),
            };
            let format = if to.format == Format::Smt2 { facade::InputKind::Smt2 } else { facade::InputKind::Dimacs };
            let text = facade::emit(&facade::EmitRequest { instance, encoding, format, horizon, up_to_symmetry })?;
            match to.output {
                Some(path) => std::fs::write(&path, text)
                    .map_err(|e| Error::bad_input(format!("writing {}: {e}", path.display())))?,
                None => render::write_stdout(&text),
            }
            Ok(0)
        }
        Command::Decode(c) => {
            let (instance, files) = match c {
                DecodeCommand::Slide(a) => (Instance::Slide(slide_instance(a.input)?), a.files),
                DecodeCommand::Cross(a) => (Instance::Cross(cross_instance(a.instance)?), a.files),
                // The hexagon's order and givens come from the emitted file's header.
                DecodeCommand::Hex(a) => (Instance::Hex(Default::default()), a.files),
            };
            let request = facade::DecodeRequest {
                instance,
                encoded: read_text(&files.encoding)?,
                encoded_origin: files.encoding.display().to_string(),
                answer: read_text(&files.model)?,
                answer_origin: files.model.display().to_string(),
            };
            let answer = facade::decode(&request)?;
            draw(files.svg.as_deref(), &request.instance, &answer)?;
            Ok(render::answer(&answer, json, facade::text::decoded))
        }
        Command::Verify(c) => {
            let (instance, plan, svg) = match c {
                VerifyCommand::Slide(a) => (Instance::Slide(slide_instance(a.input)?), a.plan, a.svg),
                VerifyCommand::Cross(a) => (Instance::Cross(cross_instance(a.instance)?), a.plan, a.svg),
            };
            let moves = match (plan.moves, plan.moves_file) {
                (Some(m), _) => m,
                (None, Some(path)) => read_text(&path)?.split_whitespace().collect(),
                (None, None) => return Err(Error::bad_input("no plan given: pass --moves or --moves-file")),
            };
            let request = facade::VerifyRequest { instance, moves };
            let answer = facade::verify(&request)?;
            draw(svg.as_deref(), &request.instance, &answer)?;
            Ok(render::answer(&answer, json, facade::text::verified))
        }
        Command::Prove(args::ProveCommand::Invariants { max_side }) => {
            if !(2..=8).contains(&max_side) {
                return Err(Error::bad_input(format!("--max-side {max_side}: boards from 2x2 to 8x8, so 2 to 8")));
            }
            let report = facade::prove::invariants(&env, 2..=max_side, &mut progress)?;
            Ok(render::report(&report, json, report.proved))
        }
        Command::Prove(args::ProveCommand::Encodings { quick }) => {
            let report = facade::prove::encodings(&env, quick, &mut progress)?;
            Ok(render::report(&report, json, report.proved))
        }
        Command::Solvers { check } => Ok(render::report(&facade::solvers::list(&env, check)?, json, true)),
    }
}

/// `--svg FILE`: draws a solved or valid answer; says on stderr why nothing was drawn else.
fn draw(path: Option<&Path>, instance: &Instance, answer: &facade::Answer) -> Result<(), Error> {
    let Some(path) = path else { return Ok(()) };
    if answer.exit_code() != 0 {
        eprintln!("no SVG written: the answer has no plan or filling to draw");
        return Ok(());
    }
    let svg = facade::svg::render(instance, answer)?;
    std::fs::write(path, svg).map_err(|e| Error::bad_input(format!("writing {}: {e}", path.display())))
}

/// A JSON value with its text rendering, for `render::report`.
struct Shown(serde_json::Value, String);

impl serde::Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.1)
    }
}

/// The facade's request for a `solve` command.
pub fn request(c: SolveCommand) -> Result<facade::Request, Error> {
    Ok(match c {
        SolveCommand::Slide(a) => facade::Request::Slide(slide_request(a)?),
        SolveCommand::Cross(a) => facade::Request::Cross(cross_request(a)?),
        SolveCommand::Hex(a) => facade::Request::Hex(hex_request(a)),
    })
}

/// A file's text, or standard input for `-`.
pub fn read_text(path: &Path) -> Result<String, Error> {
    let mut text = String::new();
    let (read, shown) = match path == Path::new("-") {
        true => (std::io::stdin().read_to_string(&mut text), "standard input".into()),
        false => (std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text)), path.display().to_string()),
    };
    read.map_err(|e| Error::bad_input(format!("reading {shown}: {e}")))?;
    Ok(text)
}

fn slide_instance(i: args::SlideInput) -> Result<facade::SlideInstance, Error> {
    let (board, origin) = match (&i.file, i.board) {
        (Some(path), None) => (read_text(path)?, format!("board in {}", path.display())),
        (None, Some(text)) => (text, "--board".to_owned()),
        _ => return Err(Error::bad_input("no board given: pass a FILE, - for standard input, or --board TEXT")),
    };
    Ok(facade::SlideInstance { board, goal: i.goal, origin: Some(origin) })
}

fn cross_instance(i: args::CrossInstance) -> Result<facade::CrossInstance, Error> {
    let orientations = i.orientations.as_deref().map(read_text).transpose()?;
    let orientations_origin = i.orientations.map(|p| p.display().to_string());
    let (size, cross, empty, target) = (i.size, i.cross, i.empty, i.target);
    Ok(facade::CrossInstance { size, cross, empty, target, orientations, orientations_origin })
}

fn hex_instance(i: args::HexInstance) -> facade::HexInstance {
    facade::HexInstance { order: i.order, givens: i.givens }
}

fn options(f: args::SolveFlags) -> facade::SolveOptions {
    let (certify, proof_dir) = (f.certify, f.proof_dir);
    facade::SolveOptions { encoding: f.encoding, solver: f.solver, all: f.all, timeout: f.timeout, certify, proof_dir }
}

fn slide_request(a: args::SolveSlide) -> Result<facade::SlideRequest, Error> {
    let (instance, options) = (slide_instance(a.input)?, options(a.flags));
    let (max_moves, incremental, anytime) = (a.max_moves, a.incremental, a.anytime);
    Ok(facade::SlideRequest { instance, options, max_moves, incremental, anytime })
}

fn cross_request(a: args::SolveCross) -> Result<facade::CrossRequest, Error> {
    let (instance, options) = (cross_instance(a.instance)?, options(a.flags));
    Ok(facade::CrossRequest { instance, options, max_moves: a.max_moves })
}

fn hex_request(a: args::SolveHex) -> facade::HexRequest {
    let (instance, options) = (hex_instance(a.instance), options(a.flags));
    facade::HexRequest { instance, options, up_to_symmetry: a.up_to_symmetry }
}
