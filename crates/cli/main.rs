//! The `puzzlec` binary: parse arguments, call the facade, render. Policy lives in the
//! facade (`crates/facade`); here are only flags, files, stdout and exit codes.

mod args;
mod args_many;
mod batch;
mod commands;
mod manual;
mod render;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    // Ctrl-C or SIGTERM: stop every solver process group and remove their temporary files.
    let _ = ctrlc::set_handler(|| {
        puzzlec_facade::interrupt();
        std::process::exit(130);
    });
    let json = cli.json;
    match commands::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) if json => {
            render::write_stdout(&format!("{}\n", e.to_json()));
            ExitCode::from(e.kind().exit_code())
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.kind().exit_code())
        }
    }
}
