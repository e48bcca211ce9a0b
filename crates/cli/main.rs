//! The `puzzlec` binary: parse arguments, call the library, print. Nothing else lives here.

mod answer;
mod args;
mod cross;
mod emit;
mod exit;
mod hex;
mod input;
mod report;
mod slide;
mod solvers;

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
    use args::{Command, DecodeCommand, EmitCommand, SolveCommand, VerifyCommand};
    let registry = cli.solvers.as_deref();
    match cli.command {
        Command::Solve(SolveCommand::Slide(a)) => slide::solve(a, registry),
        Command::Emit(EmitCommand::Slide(a)) => emit::emit_slide(a),
        Command::Decode(DecodeCommand::Slide(a)) => emit::decode_slide(a),
        Command::Solvers(a) => solvers::list(a, registry),
        Command::Solve(SolveCommand::Cross(a)) => cross::solve(a, registry),
        Command::Emit(EmitCommand::Cross(a)) => cross::emit(a),
        Command::Solve(SolveCommand::Hex(a)) => hex::solve(a, registry),
        Command::Emit(EmitCommand::Hex(a)) => hex::emit(a),
        Command::Decode(DecodeCommand::Hex(a)) => hex::decode(a),
        Command::Decode(DecodeCommand::Cross(a)) => cross::decode(a),
        Command::Verify(VerifyCommand::Slide(a)) => slide::verify(a),
        Command::Verify(VerifyCommand::Cross(a)) => cross::verify(a),
    }
}
