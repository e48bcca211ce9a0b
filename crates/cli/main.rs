//! The `puzzlec` binary: parse arguments, call the library, print. Nothing else lives here.

mod args;
mod cross;
mod exit;
mod input;
mod slide;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match run(cli) {
        Ok(code) => code.into(),
        Err(failure) => {
            eprintln!("error: {:#}", failure.error);
            failure.code.into()
        }
    }
}

fn run(cli: args::Cli) -> Result<exit::Code, exit::Failure> {
    use args::{Command, SolveCommand, VerifyCommand};
    match cli.command {
        Command::Solve(SolveCommand::Slide(a)) => slide::solve(a),
        Command::Solve(SolveCommand::Cross(a)) => cross::solve(a),
        Command::Verify(VerifyCommand::Slide(a)) => slide::verify(a),
        Command::Verify(VerifyCommand::Cross(a)) => cross::verify(a),
    }
}
