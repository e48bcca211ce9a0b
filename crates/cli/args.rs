//! Command-line flags as parsed (stage one); each subcommand's module turns them into a
//! validated instance before any work starts (stage two).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// puzzlec compiles puzzles into SAT and SMT encodings, solves them with linked or external
/// solvers, and replays every answer through the puzzle's rules before printing it.
#[derive(Parser, Debug)]
#[command(name = "puzzlec", version, about, long_about = None, after_help = TOP_EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

const TOP_EXAMPLES: &str = "\
Examples:
  puzzlec solve slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\"
  puzzlec verify slide --board \"1 2 3 / 4 5 6 / 7 _ 8\" --moves L
  puzzlec solve cross --size 3x3 --all

Exit codes: 0 solved (or valid), 1 proved no solution (or invalid plan),
2 bad input or usage, 3 unknown (time limit or solver failure).";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find a shortest solution (and prove nothing shorter exists).
    #[command(subcommand)]
    Solve(SolveCommand),
    /// Check a move string against a puzzle's rules.
    #[command(subcommand)]
    Verify(VerifyCommand),
}

#[derive(Subcommand, Debug)]
pub enum SolveCommand {
    /// Sliding tiles: reach the goal board in the fewest moves.
    #[command(after_help = "\
Examples:
  puzzlec solve slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\"
  puzzlec solve slide board.txt --json
  echo \"1 2 3 / 4 5 6 / _ 7 8\" | puzzlec solve slide -
  puzzlec solve slide --board \"2 1 3 / 4 5 6 / 7 8 _\"     (exit 1: parity)

Boards: rows top to bottom, split by '/' or newlines; the blank is _, . or 0.
The table form printed by puzzlec (|  5 |  1 |    |) is accepted too.
Moves name the direction the tile slides: U D L R.")]
    Slide(SolveSlide),
    /// Cross slider: choose orientations so the cross reaches the target.
    #[command(after_help = "\
Examples:
  puzzlec solve cross --size 3x3
  puzzlec solve cross --size 3x4 --cross 1,1 --empty 3,4 --target 3,4 --all
  puzzlec solve cross --orientations grid.txt --target 3,3

The grid printed with a solution shows each piece in its starting cell:
+ the cross, . the empty cell, - horizontal, | vertical, ? never moved (either way).")]
    Cross(SolveCross),
}

#[derive(Subcommand, Debug)]
pub enum VerifyCommand {
    /// Replay a plan on a sliding-tile board (strict: the first illegal move fails).
    #[command(after_help = "\
Examples:
  puzzlec verify slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --moves DDDLUUULDDDLUUU
  puzzlec verify slide board.txt --moves dddl")]
    Slide(VerifySlide),
    /// Replay a plan on the cross slider (orientations are fixed by each piece's first move).
    #[command(after_help = "\
Examples:
  puzzlec verify cross --moves drurdrdrddluruldluruldluruldlur
  puzzlec verify cross --size 3x3 --moves DRURDDLURD")]
    Cross(VerifyCross),
}

/// Where a sliding-tile board comes from.
#[derive(Args, Debug)]
pub struct SlideInput {
    /// Board file, or - for standard input.
    pub file: Option<PathBuf>,
    /// The board as text, e.g. "1 2 3 / 4 5 6 / 7 _ 8".
    #[arg(long, conflicts_with = "file")]
    pub board: Option<String>,
    /// Goal board (default: tiles in order, blank last).
    #[arg(long)]
    pub goal: Option<String>,
}

#[derive(Args, Debug)]
pub struct SolveSlide {
    #[command(flatten)]
    pub input: SlideInput,
    /// Solver: `search` (exact BFS/IDA* of the reference model).
    #[arg(long, default_value = "search")]
    pub solver: String,
    /// Give up (exit 1, proved) when every plan needs more moves than this.
    #[arg(long)]
    pub max_moves: Option<usize>,
    /// Time limit in seconds (exit 3 when reached).
    #[arg(long)]
    pub timeout: Option<f64>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct VerifySlide {
    #[command(flatten)]
    pub input: SlideInput,
    /// The plan: letters U D L R for the direction each tile slides.
    #[arg(long)]
    pub moves: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The cross-slider instance options shared by every cross subcommand.
#[derive(Args, Debug)]
pub struct CrossInstance {
    /// Board size as ROWSxCOLS.
    #[arg(long, default_value = "5x5")]
    pub size: String,
    /// Where the cross starts, ROW,COL from 1,1 (default top-left).
    #[arg(long)]
    pub cross: Option<String>,
    /// Where the empty cell starts (default bottom-right).
    #[arg(long)]
    pub empty: Option<String>,
    /// Where the cross must go (default bottom-right).
    #[arg(long)]
    pub target: Option<String>,
    /// Orientation grid fixed before play (+ . - | ?); it sets size, cross and empty cell.
    #[arg(long)]
    pub orientations: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct SolveCross {
    #[command(flatten)]
    pub instance: CrossInstance,
    /// Solver: `search` (exact IDA* guided by the relaxed puzzle).
    #[arg(long, default_value = "search")]
    pub solver: String,
    /// Longest plan to look for (exit 1, proved, when none is that short).
    #[arg(long, default_value_t = 60)]
    pub max_moves: usize,
    /// Print every shortest solution.
    #[arg(long)]
    pub all: bool,
    /// Time limit in seconds (exit 3 when reached).
    #[arg(long)]
    pub timeout: Option<f64>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct VerifyCross {
    #[command(flatten)]
    pub instance: CrossInstance,
    /// The plan: letters U D L R for the direction each moving piece slides.
    #[arg(long)]
    pub moves: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug, Clone, Copy)]
pub struct OutputArgs {
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// No progress lines on stderr.
    #[arg(short, long)]
    pub quiet: bool,
}
