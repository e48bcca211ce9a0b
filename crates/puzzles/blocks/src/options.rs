//! Sliding blocks on the command line: the instance flags, this puzzle's own solve and
//! family options, and the help of each verb.

use std::path::PathBuf;

use clap::{Args, Command};
use puzzlec_engine::options::{parsed, read_text, Verb};
use puzzlec_engine::{CommandLine, Error, Fields, Result};

use crate::request::BlocksInstance;

/// The sliding-blocks instance options shared by every blocks subcommand.
#[derive(Args, Debug)]
struct Input {
    /// The board drawing in a file, as --board-file (- for standard input).
    #[arg(value_name = "FILE", conflicts_with_all = ["board", "board_file"])]
    file: Option<PathBuf>,
    /// The board drawn as text, rows split by / or newlines: . empty, # wall, any other
    /// character one piece (all its cells); or a Rush Hour line of 36 characters.
    #[arg(long, value_name = "DRAWING")]
    board: Option<String>,
    /// The board drawing in a file (- for standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "board")]
    board_file: Option<PathBuf>,
    /// Rush Hour rules on a drawing: o or . empty, x or # wall, vehicles of 2 or 3 cells on
    /// their own axes, the red car A must exit right (implied by a 36-character line). With it,
    /// a board of one row is read as a square line (side*side characters, e.g. 49 for 7x7).
    #[arg(long)]
    rush_hour: bool,
    /// Pieces kept to their row (letters, e.g. --horizontal BCD).
    #[arg(long, value_name = "LETTERS")]
    horizontal: Option<String>,
    /// Pieces kept to their column.
    #[arg(long, value_name = "LETTERS")]
    vertical: Option<String>,
    /// Where a piece must end: PIECE@ROW,COL, the top-left corner of its bounding box counted
    /// from 1,1 (repeat for several pieces).
    #[arg(long, value_name = "PIECE@ROW,COL")]
    goal: Vec<String>,
    /// A goal drawing of the board's size: each piece drawn must end where it is drawn.
    #[arg(long, value_name = "FILE", conflicts_with = "goal")]
    goal_board: Option<PathBuf>,
    /// What one move is: step (one piece, one cell), slide (one piece, any distance in one
    /// straight line: the Rush Hour count) or path (one piece along any path through free
    /// cells: the Klotski count) [default: slide].
    #[arg(long, value_name = "METRIC", value_parser = ["step", "slide", "path"])]
    metric: Option<String>,
}

#[derive(Args, Debug)]
struct SolveOwn {
    /// Longest plan to look for (exit 1, proved, when none is that short) [default: no limit
    /// for the exact search, 200 through a SAT/SMT solver].
    #[arg(long)]
    max_moves: Option<usize>,
}

/// The instance's fields from the parsed flags (files read here).
fn instance(m: &clap::ArgMatches) -> Result<BlocksInstance> {
    let i: Input = parsed(m)?;
    let (board, board_origin) = match (i.board, i.board_file.or(i.file)) {
        (Some(b), _) => (Some(b), None),
        (None, Some(path)) => (Some(read_text(&path)?), Some(path.display().to_string())),
        (None, None) => (None, None),
    };
    let goal_board = i.goal_board.as_deref().map(read_text).transpose()?;
    if i.goal.iter().any(|g| g.trim().is_empty()) {
        return Err(Error::bad_input("--goal: an empty goal (expected PIECE@ROW,COL, e.g. A@4,2)"));
    }
    let goal = (!i.goal.is_empty()).then(|| i.goal.join(" "));
    let (rush_hour, horizontal, vertical, metric) = (i.rush_hour, i.horizontal, i.vertical, i.metric);
    Ok(BlocksInstance { board, board_origin, rush_hour, horizontal, vertical, goal, goal_board, metric })
}

impl CommandLine for crate::Blocks {
    fn args(&self, verb: Verb, cmd: Command) -> Command {
        puzzlec_engine::options::usual::<Input, SolveOwn, FamilyOwn>(verb, cmd)
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        puzzlec_engine::options::usual_fields(verb, m, instance, family_fields)
    }
}

/// The family's flags.
#[derive(Args, Debug)]
struct FamilyOwn {
    /// rush (Rush Hour boards) or free (blocks of several shapes).
    #[arg(long, default_value = "rush", value_parser = ["rush", "free"])]
    kind: String,
    /// Board size ROWSxCOLS, sides 2 to 8 [default: 6x6 for rush, 4x4 for free].
    #[arg(long)]
    size: Option<String>,
    /// Pieces besides the goal piece, at most [default: 11 for rush, 6 for free].
    #[arg(long)]
    pieces: Option<usize>,
    /// The move metric: step, slide or path.
    #[arg(long, default_value = "slide", value_parser = ["step", "slide", "path"])]
    metric: String,
    /// Keep only instances whose optimum is at least this.
    #[arg(long, default_value_t = 6)]
    min_moves: usize,
}

/// The family's options from its flags.
///
/// # Errors
/// A size that does not parse or is out of range, or too many pieces.
fn family_fields(m: &clap::ArgMatches) -> Result<puzzlec_engine::Fields> {
    let f: FamilyOwn = puzzlec_engine::options::parsed(m)?;
    let rush = f.kind == "rush";
    let (rows, cols) = puzzlec_engine::family::size(f.size.as_deref().unwrap_or(if rush { "6x6" } else { "4x4" }))?;
    let pieces = f.pieces.unwrap_or(if rush { 11 } else { 6 });
    if pieces > 24 {
        return Err(Error::bad_input(format!("--pieces {pieces}: at most 24 (one letter each)")));
    }
    let (kind, metric, min_moves) = (f.kind, f.metric, f.min_moves);
    Ok(puzzlec_engine::options::fields(&crate::family::Options { kind, rows, cols, pieces, metric, min_moves }))
}
