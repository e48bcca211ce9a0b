//! Magic hexagons on the command line: order and givens, symmetry classes, and the help of
//! each verb (a filling has no moves to verify and no horizons to split into jobs).

use clap::{Args, Command};
use puzzlec_engine::options::{fields, parsed, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::HexInstance;

/// The magic-hexagon instance options.
#[derive(Args, Debug)]
struct Input {
    /// Order (side length): 3 is Hex38 with 19 cells; order n has 3n(n-1)+1 cells.
    #[arg(long, default_value_t = 3)]
    order: usize,
    /// The values, each placed once: a range LO..HI holding as many values as there are
    /// cells (default 1..cells; e.g. 3..39 for order 4, -30..30 for a zero-sum order 5).
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true)]
    values: Option<String>,
    /// The magic sum you expect: checked against the one the values imply (their total over
    /// the number of rows), an error when they differ.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    sum: Option<i64>,
    /// Pre-filled cells, CELL=VALUE separated by commas, e.g. 1=3,10=5.
    #[arg(long, value_name = "CELL=VALUE,...")]
    givens: Option<String>,
}

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

#[derive(Args, Debug)]
struct Symmetry {
    /// One filling per class of rotations and reflections (emit: add the symmetry-breaking
    /// constraints).
    #[arg(long)]
    up_to_symmetry: bool,
}

impl CommandLine for crate::Hex {
    fn args(&self, verb: Verb, cmd: Command) -> Command {
        match verb {
            Verb::Solve | Verb::Emit => Symmetry::augment_args(Input::augment_args(cmd)),
            Verb::Family => Drawn::augment_args(cmd),
            Verb::Decode | Verb::Verify | Verb::Jobs => cmd,
        }
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        match verb {
            Verb::Solve | Verb::Emit => {
                let (i, s): (Input, Symmetry) = (parsed(m)?, parsed(m)?);
                let instance = HexInstance {
                    order: i.order,
                    givens: i.givens,
                    values: i.values,
                    sum: i.sum,
                    up_to_symmetry: s.up_to_symmetry,
                };
                Ok(fields(&instance))
            }
            Verb::Family => {
                let d: Drawn = parsed(m)?;
                Ok(fields(&HexInstance { order: d.order, values: d.values, ..HexInstance::default() }))
            }
            _ => Ok(Fields::new()),
        }
    }
}
