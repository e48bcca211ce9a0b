//! Flags of the verbs that run many things: `batch`, `jobs` (and `collect`), `family`.

use indoc::indoc;
use std::path::PathBuf;

use clap::{Args, Parser};

use crate::args::Puzzle;

/// `batch`'s options.
#[derive(Args, Debug)]
#[command(after_help = indoc! {"
    Examples:
      puzzlec batch requests.txt -j 2 -o answers.jsonl
      puzzlec batch requests.txt -o answers.jsonl --resume     (after Ctrl-C: skip what is done)

    A line is the CLI's own words after `solve` (PUZZLE and its options) or one JSON object in the
    library's request form ({\"puzzle\": NAME, ..., \"id\": \"b1\"}: the puzzle's fields and the
    shared options). Blank lines and # comments are skipped. Each answer is the --json object of
    `solve` with the line's id (its \"id\", else its line number), in input order. Exit code: the
    worst of the answers'."})]
pub struct Batch {
    /// The requests, one per line (- for standard input).
    pub file: PathBuf,
    /// Worker threads [default: the number of cores].
    #[arg(short = 'j', long = "threads", visible_alias = "jobs", value_name = "N")]
    pub threads: Option<usize>,
    /// Seconds per request, for lines that set no timeout of their own.
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Write the answers here (each as soon as it is found; sorted into input order at the end).
    #[arg(short = 'o', long = "out", visible_alias = "output", value_name = "OUT.jsonl")]
    pub out: Option<PathBuf>,
    /// Keep the answers already in OUT and solve only the lines without one.
    #[arg(long, requires = "out")]
    pub resume: bool,
}

/// A batch line in the CLI's words: what follows `puzzlec solve`.
#[derive(Parser, Debug)]
#[command(name = "solve", no_binary_name = true)]
pub struct SolveLine {
    #[command(subcommand)]
    pub command: Puzzle<0>,
}
