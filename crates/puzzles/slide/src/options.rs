//! Sliding tiles on the command line: where the board comes from, this puzzle's own solve
//! options and family options, and the help of each verb.

use std::path::PathBuf;

use clap::{Args, Command};
use puzzlec_engine::options::{fields, parsed, read_text, Verb};
use puzzlec_engine::{CommandLine, Error, Fields, Result};

use crate::request::{SlideInstance, SlideRequest};

/// Where a sliding-tile board comes from.
#[derive(Args, Debug)]
struct Input {
    /// Board file, or - for standard input.
    file: Option<PathBuf>,
    /// The board as text, e.g. "1 2 3 / 4 5 6 / 7 _ 8".
    #[arg(long, conflicts_with = "file")]
    board: Option<String>,
    /// Goal board (default: tiles in order, blank last).
    #[arg(long)]
    goal: Option<String>,
}

#[derive(Args, Debug)]
struct SolveOwn {
    /// With compact on the embedded solver: keep one solver across horizons (assume "goal at
    /// step H" through an activation literal) instead of encoding each horizon afresh.
    #[arg(long)]
    incremental: bool,
    /// Give up (exit 1, proved) when every plan needs more moves than this.
    #[arg(long)]
    max_moves: Option<usize>,
    /// A plan at once (any size), shorter ones until --timeout, the gap to optimal reported.
    #[arg(long)]
    anytime: bool,
}

/// The instance the board flags (or the board file) describe.
fn instance(m: &clap::ArgMatches) -> Result<SlideInstance> {
    let input: Input = parsed(m)?;
    let (board, origin) = match (&input.file, input.board) {
        (Some(path), None) => (read_text(path)?, format!("board in {}", path.display())),
        (None, Some(text)) => (text, "--board".to_owned()),
        _ => return Err(Error::bad_input("no board given: pass a FILE, - for standard input, or --board TEXT")),
    };
    Ok(SlideInstance { board, goal: input.goal, origin: Some(origin) })
}

impl CommandLine for crate::Slide {
    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        match verb {
            Verb::Family => family_fields(m),
            Verb::Solve => {
                let own: SolveOwn = parsed(m)?;
                let (max_moves, incremental, anytime) = (own.max_moves, own.incremental, own.anytime);
                Ok(fields(&SlideRequest { instance: instance(m)?, max_moves, incremental, anytime }))
            }
            _ => Ok(fields(&instance(m)?)),
        }
    }

    fn args(&self, verb: Verb, cmd: Command) -> Command {
        puzzlec_engine::options::usual::<Input, SolveOwn, FamilyOwn>(verb, cmd)
    }
}

/// The family's flags.
#[derive(Args, Debug)]
struct FamilyOwn {
    /// Board size ROWSxCOLS, sides 2 to 8.
    #[arg(long, default_value = "4x4")]
    size: String,
    /// Length of the random walk from the goal [default: 2 x cells].
    #[arg(long)]
    walk: Option<usize>,
}

/// The family's options from its flags.
///
/// # Errors
/// A size that does not parse or is out of range.
fn family_fields(m: &clap::ArgMatches) -> Result<puzzlec_engine::Fields> {
    let flags: FamilyOwn = puzzlec_engine::options::parsed(m)?;
    let (rows, cols) = puzzlec_engine::family::size(&flags.size)?;
    Ok(puzzlec_engine::options::fields(&crate::family::Options { rows, cols, walk: flags.walk }))
}
