//! PuzzleScript on the command line: the game file and level, this puzzle's own solve
//! option, and the help of each verb.

use clap::{Args, Command};
use puzzlec_engine::options::{fields, parsed, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::PuzzleScriptInstance;

#[derive(Args, Debug)]
struct Input {
    /// The game's source file (PuzzleScript).
    #[arg(value_name = "GAME")]
    file: String,
    /// The level, as a player counts them from 1 (messages between levels are not levels);
    /// without it, every level in turn.
    #[arg(long, value_name = "N")]
    level: Option<usize>,
}

#[derive(Args, Debug)]
struct Decoding {
    /// The game file, when it is not where the emitted file's header says.
    #[arg(long, value_name = "GAME")]
    file: Option<String>,
}

#[derive(Args, Debug)]
struct SolveOwn {
    /// The most states the breadth-first search stores (about 100 bytes each on a small
    /// level) [default: 50000000].
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// The most inputs a plan may have: the search and the horizons stop there (exit 1,
    /// proved, when no plan is that short; the search has no default bound) [default: 400].
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
}

impl CommandLine for crate::PuzzleScript {
    fn args(&self, verb: Verb, cmd: Command) -> Command {
        match verb {
            Verb::Solve => SolveOwn::augment_args(Input::augment_args(cmd)),
            Verb::Verify | Verb::Emit | Verb::Jobs => Input::augment_args(cmd),
            Verb::Decode => Decoding::augment_args(cmd),
            Verb::Family => cmd,
        }
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        match verb {
            Verb::Solve => {
                let (i, own): (Input, SolveOwn) = (parsed(m)?, parsed(m)?);
                let instance = PuzzleScriptInstance { file: i.file, level: i.level, max_states: own.max_states };
                Ok(fields(&puzzlec_engine::plan::PlanRequest { instance, max_moves: own.max_moves }))
            }
            Verb::Verify | Verb::Emit | Verb::Jobs => {
                let i: Input = parsed(m)?;
                Ok(fields(&PuzzleScriptInstance { file: i.file, level: i.level, max_states: None }))
            }
            Verb::Decode => {
                let d: Decoding = parsed(m)?;
                Ok(fields(&PuzzleScriptInstance { file: d.file.unwrap_or_default(), level: None, max_states: None }))
            }
            Verb::Family => Ok(Fields::new()),
        }
    }
}
