//! Stage two of argument handling: flags become the facade's requests (files are read here,
//! so the facade sees text), the facade answers, and `render` prints.

use std::io::Read;
use std::path::Path;

use puzzlec_facade as facade;
use puzzlec_facade::{Env, Error, Event, Instance};

use crate::args::{self, Cli, Command, DecodeCommand, EmitCommand, Format, SolveCommand, VerifyCommand};
use crate::render::{self, Puzzle};

/// Runs one command; the exit code comes from the answer, or from the error's kind.
pub fn run(cli: Cli) -> Result<u8, Error> {
    let env = Env {
        registry: cli.solvers.clone(),
    };
    let (json, quiet) = (cli.json, cli.quiet);
    let mut progress = |e: Event| {
        if !quiet {
            eprintln!("{e}");
        }
    };
    match cli.command {
        Command::Solve(c) => {
            let (puzzle, request) = match c {
                SolveCommand::Slide(a) => (Puzzle::Slide, facade::Request::Slide(slide_request(a)?)),
                SolveCommand::Cross(a) => (Puzzle::Cross, facade::Request::Cross(cross_request(a)?)),
                SolveCommand::Hex(a) => (Puzzle::Hex, facade::Request::Hex(hex_request(a))),
            };
            let answer = facade::solve(&request, &env, &mut progress)?;
            Ok(render::answer(&answer, json, |a| render::solved(puzzle, a)))
        }
        Command::Emit(c) => {
            let (request, output) = emit_request(c)?;
            let text = facade::emit(&request)?;
            match output {
                Some(path) => std::fs::write(&path, text)
                    .map_err(|e| Error::bad_input(format!("writing {}: {e}", path.display())))?,
                None => render::write_stdout(&text),
            }
            Ok(0)
        }
        Command::Decode(c) => {
            let (puzzle, instance, encoding, model) = match c {
                DecodeCommand::Slide(a) => (
                    Puzzle::Slide,
                    Instance::Slide(slide_instance(a.input)?),
                    a.encoding,
                    a.model,
                ),
                DecodeCommand::Cross(a) => (
                    Puzzle::Cross,
                    Instance::Cross(cross_instance(a.instance)?),
                    a.encoding,
                    a.model,
                ),
                DecodeCommand::Hex(a) => (Puzzle::Hex, Instance::Hex(Default::default()), a.encoding, a.model),
            };
            let request = facade::DecodeRequest {
                instance,
                encoded: read_text(&encoding)?,
                encoded_origin: encoding.display().to_string(),
                answer: read_text(&model)?,
                answer_origin: model.display().to_string(),
            };
            let answer = facade::decode(&request)?;
            Ok(render::answer(&answer, json, |a| render::decoded(puzzle, a)))
        }
        Command::Verify(c) => {
            let (instance, plan) = match c {
                VerifyCommand::Slide(a) => (Instance::Slide(slide_instance(a.input)?), a.plan),
                VerifyCommand::Cross(a) => (Instance::Cross(cross_instance(a.instance)?), a.plan),
            };
            let moves = match (plan.moves, plan.moves_file) {
                (Some(m), _) => m,
                (None, Some(path)) => read_text(&path)?.split_whitespace().collect(),
                (None, None) => return Err(Error::bad_input("no plan given: pass --moves or --moves-file")),
            };
            let answer = facade::verify(&facade::VerifyRequest { instance, moves })?;
            Ok(render::answer(&answer, json, render::verified))
        }
        Command::Solvers(a) => {
            let list = facade::solvers::list(&env, a.check)?;
            if json {
                let v = serde_json::to_value(&list).map_err(Error::unknown)?;
                render::write_stdout(&format!("{v}\n"));
            } else {
                render::write_stdout(&render::solvers(&list));
            }
            Ok(0)
        }
    }
}

/// A file's text, or standard input for `-`.
fn read_text(path: &Path) -> Result<String, Error> {
    let mut text = String::new();
    let read = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text).map(|_| ()))
    };
    let shown = if path == Path::new("-") {
        "standard input".into()
    } else {
        path.display().to_string()
    };
    read.map_err(|e| Error::bad_input(format!("reading {shown}: {e}")))?;
    Ok(text)
}

fn slide_instance(i: args::SlideInput) -> Result<facade::SlideInstance, Error> {
    let (board, origin) = match (&i.file, i.board) {
        (Some(path), None) => (read_text(path)?, format!("board in {}", path.display())),
        (None, Some(text)) => (text, "--board".to_owned()),
        _ => {
            return Err(Error::bad_input(
                "no board given: pass a FILE, - for standard input, or --board TEXT",
            ))
        }
    };
    Ok(facade::SlideInstance {
        board,
        goal: i.goal,
        origin: Some(origin),
    })
}

fn cross_instance(i: args::CrossInstance) -> Result<facade::CrossInstance, Error> {
    let orientations = i.orientations.as_deref().map(read_text).transpose()?;
    Ok(facade::CrossInstance {
        size: i.size,
        cross: i.cross,
        empty: i.empty,
        target: i.target,
        orientations,
        orientations_origin: i.orientations.map(|p| p.display().to_string()),
    })
}

fn slide_request(a: args::SolveSlide) -> Result<facade::SlideRequest, Error> {
    Ok(facade::SlideRequest {
        instance: slide_instance(a.input)?,
        options: facade::SolveOptions {
            encoding: a.encoding,
            solver: a.solver,
            all: a.all,
            timeout: a.timeout,
        },
        max_moves: a.max_moves,
        incremental: a.incremental,
    })
}

fn cross_request(a: args::SolveCross) -> Result<facade::CrossRequest, Error> {
    Ok(facade::CrossRequest {
        instance: cross_instance(a.instance)?,
        options: facade::SolveOptions {
            encoding: a.encoding,
            solver: a.solver,
            all: a.all,
            timeout: a.timeout,
        },
        max_moves: a.max_moves,
    })
}

fn hex_request(a: args::SolveHex) -> facade::HexRequest {
    facade::HexRequest {
        instance: facade::HexInstance {
            order: a.instance.order,
            givens: a.instance.givens,
        },
        options: facade::SolveOptions {
            encoding: a.encoding,
            solver: a.solver,
            all: a.all,
            timeout: a.timeout,
        },
        up_to_symmetry: a.up_to_symmetry,
    }
}

fn emit_request(c: EmitCommand) -> Result<(facade::EmitRequest, Option<std::path::PathBuf>), Error> {
    let format = |f: Format| match f {
        Format::Smt2 => facade::Format::Smt2,
        Format::Dimacs => facade::Format::Dimacs,
    };
    Ok(match c {
        EmitCommand::Slide(a) => (
            facade::EmitRequest {
                instance: Instance::Slide(slide_instance(a.input)?),
                encoding: a.encoding,
                format: format(a.format),
                horizon: a.horizon,
                up_to_symmetry: false,
            },
            a.output,
        ),
        EmitCommand::Cross(a) => (
            facade::EmitRequest {
                instance: Instance::Cross(cross_instance(a.instance)?),
                encoding: a.encoding,
                format: format(a.format),
                horizon: a.horizon,
                up_to_symmetry: false,
            },
            a.output,
        ),
        EmitCommand::Hex(a) => (
            facade::EmitRequest {
                instance: Instance::Hex(facade::HexInstance {
                    order: a.instance.order,
                    givens: a.instance.givens,
                }),
                encoding: a.encoding,
                format: format(a.format),
                horizon: 0,
                up_to_symmetry: a.up_to_symmetry,
            },
            a.output,
        ),
    })
}
