//! The `puzzlec` binary: parse arguments, call the facade, render. Policy lives in the
//! facade (`crates/facade`); here are only flags, files, stdout and exit codes.

mod args;
mod args_many;
mod batch;
mod commands;
mod flags;
mod help;
mod interrupt;
mod manual;
mod render;

use std::process::ExitCode;

use puzzlec_facade::Error;

fn main() -> ExitCode {
    // Whether errors are JSON is known before the arguments parse: a bad flag is an error too.
    let json = std::env::args().skip(1).take_while(|a| a != "--").any(|a| a == "--json");
    let cli = match args::parse() {
        Ok(cli) => cli,
        Err(e) => return ExitCode::from(argument_error(&e, json)),
    };
    interrupt::install(json);
    // The environment's settings, read once here at the edge (`docs/tuning.md`).
    puzzlec_facade::tuning::install(puzzlec_facade::tuning::Tuning::from_env());
    let result = commands::run(cli);
    puzzlec_facade::sweep();
    if puzzlec_facade::interrupted() {
        // Whatever came back was cut short: the answer (if any) was printed; an error from
        // a solver that was stopped is the interrupt's, not the solver's.
        // A run cut short before it printed anything says so (one JSON object with --json).
        if result.is_err() || !render::written() {
            report(&Error::interrupted(), json);
        }
        return ExitCode::from(130);
    }
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => ExitCode::from(report(&e, json)),
    }
}

/// Prints an error (as JSON or on stderr) and returns its exit code.
fn report(e: &Error, json: bool) -> u8 {
    if json {
        render::write_stdout(&format!("{}\n", e.to_json()));
    } else {
        eprintln!("error: {e}");
    }
    e.kind().exit_code()
}

/// What clap found wrong with the arguments (or the help it was asked for), as the CLI
/// contract wants it: `--help` and `--version` on stdout (exit 0, or 2 when stdout cannot
/// be written), usage errors exit 2, as one JSON error object with `--json`.
fn argument_error(e: &clap::Error, json: bool) -> u8 {
    use clap::error::ErrorKind as K;
    use std::io::Write;
    let asked = matches!(e.kind(), K::DisplayHelp | K::DisplayVersion);
    if asked || !json {
        let printed = e.print().and_then(|()| std::io::stdout().flush()).and_then(|()| std::io::stderr().flush());
        if let Err(err) = printed {
            eprintln!("error: writing the help: {err}");
            return 2;
        }
        return if asked { 0 } else { 2 };
    }
    let text = e.render().to_string();
    let message = text.lines().next().unwrap_or("").trim_start_matches("error: ").to_owned();
    let full = text.trim_end().to_owned();
    let mut v = Error::bad_input(message).to_json();
    v["usage"] = serde_json::Value::String(full);
    render::write_stdout(&format!("{v}\n"));
    2
}
