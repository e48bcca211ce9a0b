//! Magic figures on the command line: the file, givens, symmetry classes, and the help of
//! each verb (a filling has no moves to verify and no horizons to split into jobs).

use clap::{Args, Command};
use puzzlec_engine::options::{fields, parsed, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::FigureInstance;

#[derive(Args, Debug)]
struct Input {
    /// The figure file (TOML): cells, lines, values, sum; see `examples/figures/`.
    #[arg(value_name = "FILE")]
    file: String,
    /// Pre-filled cells by name, CELL=VALUE separated by commas, e.g. a=8,e=5.
    #[arg(long, value_name = "CELL=VALUE,...")]
    givens: Option<String>,
    /// One filling per class of symmetries (emit: add the symmetry-breaking constraints).
    #[arg(long)]
    up_to_symmetry: bool,
}

#[derive(Args, Debug)]
struct Decoding {
    /// The figure file, when it is not where the emitted file's header says.
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
}

impl CommandLine for crate::Figure {
    fn args(&self, verb: Verb, cmd: Command) -> Command {
        match verb {
            Verb::Solve | Verb::Emit => Input::augment_args(cmd),
            Verb::Decode => Decoding::augment_args(cmd),
            Verb::Family | Verb::Verify | Verb::Jobs => cmd,
        }
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        match verb {
            Verb::Solve | Verb::Emit => {
                let i: Input = parsed(m)?;
                Ok(fields(&FigureInstance { file: i.file, givens: i.givens, up_to_symmetry: i.up_to_symmetry }))
            }
            Verb::Decode => {
                let d: Decoding = parsed(m)?;
                Ok(fields(&FigureInstance { file: d.file.unwrap_or_default(), ..FigureInstance::default() }))
            }
            Verb::Family | Verb::Verify | Verb::Jobs => Ok(Fields::new()),
        }
    }
}
