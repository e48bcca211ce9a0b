//! Magic figures on the command line: the file, givens, symmetry classes, and the help of
//! each verb (a filling has no moves to verify and no horizons to split into jobs).

use clap::{Args, Command};
use puzzlec_engine::options::{NoFlags, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::FigureInstance;

#[derive(Args, Debug)]
struct Decoding {
    /// The figure file, when it is not where the emitted file's header says.
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
}

impl CommandLine for crate::Figure {
    fn args(&self, verb: Verb, cmd: Command) -> Command {
        puzzlec_engine::options::filling::<FigureInstance, Decoding, NoFlags>(verb, cmd)
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        let decoded =
            |d: Decoding| Some(FigureInstance { file: d.file.unwrap_or_default(), ..FigureInstance::default() });
        puzzlec_engine::options::filling_fields(verb, m, decoded, |_: NoFlags| None)
    }
}
