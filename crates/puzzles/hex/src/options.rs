//! Magic hexagons on the command line: order and givens, symmetry classes, and the help of
//! each verb (a filling has no moves to verify and no horizons to split into jobs).

use clap::{Args, Command};
use puzzlec_engine::options::{NoFlags, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::HexInstance;

/// What a family is drawn from.
#[derive(Args, Debug)]
struct Drawn {
    /// Order of the hexagons (3: Hex38).
    #[arg(long, default_value_t = 3)]
    order: usize,
    /// Their values, LO..HI (default 1..cells).
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true)]
    values: Option<String>,
}

impl CommandLine for crate::Hex {
    fn args(&self, verb: Verb, cmd: Command) -> Command {
        puzzlec_engine::options::filling::<HexInstance, NoFlags, Drawn>(verb, cmd)
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        let drawn = |d: Drawn| Some(HexInstance { order: d.order, values: d.values, ..HexInstance::default() });
        puzzlec_engine::options::filling_fields(verb, m, |_: NoFlags| None, drawn)
    }
}
