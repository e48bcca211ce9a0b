//! Stage two of argument handling: flags become the facade's requests (the puzzle reads its
//! own flags and files, so the facade sees text), the facade answers, and `render` prints.

use std::path::Path;

use puzzlec_facade as facade;
use puzzlec_facade::options::Verb;
use puzzlec_facade::options::{check_writable, parsed};
pub use puzzlec_facade::options::{read_answer, read_text};
use puzzlec_facade::{registry, Env, Error, Event, Instance};

use crate::args::{self, Cli, Command};
use crate::render;

/// Runs one command; the exit code comes from the answer, or from the error's kind.
pub fn run(cli: Cli) -> Result<u8, Error> {
    let env = Env { registry: cli.solvers.clone() };
    let (json, quiet) = (cli.json, cli.quiet);
    let mut shown = crate::render::Progress::new(quiet);
    let mut progress = |e: Event| shown.event(&e);
    match cli.command {
        Command::Solve(c) => {
            let (request, svg) = request(&c)?;
            check_writable("--svg", svg.as_deref())?;
            let answer = facade::solve(&request, &env, &mut progress)?;
            // The answer may have taken hours: it is printed even when the drawing fails.
            let drawn = draw(svg.as_deref(), &request.instance(), &answer);
            let code = render::answer(&answer, json, facade::text::solved);
            drawn.map(|()| code).or_else(|e| {
                eprintln!("error: {e}");
                Ok(e.kind().exit_code())
            })
        }
        Command::Batch(b) => crate::batch::run(b, &env, quiet, json),
        Command::Jobs(c) => {
            let req = parsed::<args::JobsFlags>(&c.matches)?.request(instance(&c, Verb::Jobs)?)?;
            let manifest = facade::jobs::write(&req, &env)?;
            Ok(render::report(&facade::jobs::Written { manifest, out: req.out }, json, true))
        }
        Command::Family(c) => {
            let (puzzle, f): (_, args::FamilyFlags) = (instance(&c, Verb::Family)?, parsed(&c.matches)?);
            let words: Vec<String> = std::env::args().skip(1).map(|a| shell_words::quote(&a).into_owned()).collect();
            let command = format!("puzzlec {}", words.join(" "));
            let req = facade::family::FamilyRequest { puzzle, count: f.count, seed: f.seed, out: f.out, command };
            let files = facade::family::write(&req, &env, &mut |w| {
                if !quiet {
                    eprintln!("wrote {} ({})", w.file, w.status);
                }
            })?;
            Ok(render::report(&facade::family::Report { files, out: req.out }, json, true))
        }
        Command::Completions { shell, dir } => crate::manual::completions(shell, dir.as_deref()),
        Command::Man { dir } => crate::manual::man(&dir),
        Command::Collect { dir } => {
            let a = facade::collect::collect(&dir)?;
            Ok(render::answer(&a, json, facade::text::solved))
        }
        Command::Emit(c) => emit(&c, json),
        Command::Decode(c) => decode(&c, json),
        Command::Verify(c) => verify(&c, json),
        Command::Prove(args::ProveCommand::Invariants { max_side }) => {
            let report = facade::prove::invariants(&env, facade::prove::sides(max_side)?, &mut progress)?;
            Ok(render::report(&report, json, report.proved))
        }
        Command::Prove(args::ProveCommand::Encodings { quick }) => {
            let report = facade::prove::encodings(&env, quick, &mut progress)?;
            Ok(render::report(&report, json, report.proved))
        }
        Command::Solvers { check } => Ok(render::report(&facade::solvers::list(&env, check)?, json, true)),
    }
}

/// `emit`: the formula to `-o` or stdout (with `--json`, one object naming it).
fn emit(c: &args::Puzzle<1>, json: bool) -> Result<u8, Error> {
    let (instance, f): (_, args::EmitFlags) = (instance(c, Verb::Emit)?, parsed(&c.matches)?);
    // Plans take --horizon; fillings have none.
    let horizon = c.matches.try_get_one::<usize>("horizon").ok().flatten().copied().unwrap_or(0);
    let format = f.form()?;
    let request = facade::EmitRequest { instance, encoding: f.encoding, format, horizon };
    let text = facade::emit_to(&request, f.out.as_deref())?;
    if json {
        render::write_stdout(&format!("{}\n", facade::emitted(&request, &text, f.out.as_deref())));
    } else if f.out.is_none() {
        render::write_stdout(&text);
    }
    Ok(0)
}

/// `decode`: a solver's answer to an emitted file, read back and replayed.
fn decode(c: &args::Puzzle<2>, json: bool) -> Result<u8, Error> {
    let (instance, f): (_, args::DecodeFlags) = (instance(c, Verb::Decode)?, parsed(&c.matches)?);
    check_writable("--svg", f.svg.as_deref())?;
    let request = facade::DecodeRequest {
        instance,
        encoded: read_text(&f.formula)?,
        encoded_origin: f.formula.display().to_string(),
        answer: read_answer(&f.model)?,
        answer_origin: f.model.display().to_string(),
        answers: None,
    };
    let answer = facade::decode(&request)?;
    draw(f.svg.as_deref(), &request.instance, &answer)?;
    Ok(render::answer(&answer, json, facade::text::decoded))
}

/// `verify`: a plan replayed through the rules.
fn verify(c: &args::Puzzle<3>, json: bool) -> Result<u8, Error> {
    let (instance, f): (_, args::VerifyFlags) = (instance(c, Verb::Verify)?, parsed(&c.matches)?);
    check_writable("--svg", f.svg.as_deref())?;
    let moves = match (f.moves, f.moves_file) {
        (Some(m), _) => m,
        (None, Some(path)) => read_text(&path)?.split_whitespace().collect::<String>(),
        (None, None) => return Err(Error::bad_input("no plan given: pass --moves or --moves-file")),
    };
    let request = facade::VerifyRequest { instance, moves };
    let answer = facade::verify(&request)?;
    draw(f.svg.as_deref(), &request.instance, &answer)?;
    Ok(render::answer(&answer, json, facade::text::verified))
}

/// The instance a verb's puzzle subcommand describes (the puzzle reads its own flags).
fn instance<const V: u8>(c: &args::Puzzle<V>, verb: Verb) -> Result<Instance, Error> {
    let fields = registry::lookup(&c.name)?.fields(verb, &c.matches)?;
    Ok(Instance { puzzle: c.name.clone(), fields })
}

/// `--svg FILE`: draws a solved or valid answer; says on stderr why nothing was drawn else.
fn draw(path: Option<&Path>, instance: &Instance, answer: &facade::Answer) -> Result<(), Error> {
    if path.map(|p| facade::draw_to(p, instance, answer)).transpose()? == Some(false) {
        eprintln!("no SVG written: the answer has no plan or filling to draw");
    }
    Ok(())
}

/// The facade's request for a `solve` command, and where to draw its answer.
pub fn request(c: &args::Puzzle<0>) -> Result<(facade::Request, Option<std::path::PathBuf>), Error> {
    let (options, svg) = parsed::<args::SolveFlags>(&c.matches)?.into_options();
    let Instance { puzzle, fields } = instance(c, Verb::Solve)?;
    Ok((facade::Request { puzzle, options, fields }, svg))
}
