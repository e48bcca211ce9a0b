//! Flags of the verbs that run many things: `batch`, `jobs` (and `collect`), `family`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::args::{CrossInstance, SlideInput, SolveCommand};

/// `batch`'s options.
#[derive(Args, Debug)]
pub struct Batch {
    /// The requests, one per line (- for standard input).
    pub file: PathBuf,
    /// Worker threads [default: the number of cores].
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Seconds per request, for lines that set no timeout of their own.
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Write the answers here (each as soon as it is found; sorted into input order at the end).
    #[arg(short, long, value_name = "OUT.jsonl")]
    pub output: Option<PathBuf>,
    /// Keep the answers already in OUT and solve only the lines without one.
    #[arg(long, requires = "output")]
    pub resume: bool,
}

/// A batch line in the CLI's words: what follows `puzzlec solve`.
#[derive(Parser, Debug)]
#[command(name = "solve", no_binary_name = true)]
pub struct SolveLine {
    #[command(subcommand)]
    pub command: SolveCommand,
}

#[derive(Subcommand, Debug)]
pub enum JobsCommand {
    /// Jobs for a sliding-tile board.
    Slide {
        #[command(flatten)]
        input: SlideInput,
        #[command(flatten)]
        split: JobsFlags,
    },
    /// Jobs for the cross slider.
    Cross {
        #[command(flatten)]
        instance: CrossInstance,
        #[command(flatten)]
        split: JobsFlags,
    },
}

/// How `jobs` splits and where it writes.
#[derive(Args, Debug)]
pub struct JobsFlags {
    /// Horizons A..B (both included) or one number; a plan is sought at each.
    #[arg(long, value_name = "A..B")]
    pub horizons: String,
    /// At least this many jobs per horizon (split on the first moves).
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub cubes: usize,
    /// The folder to write (must not hold jobs already).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// CNF encoding that names its actions [default: compact for slide, sat for cross].
    #[arg(long)]
    pub encoding: Option<String>,
    /// A DIMACS solver binary of the registry (cadical-bin, kissat, minisat).
    #[arg(long, default_value = "cadical-bin")]
    pub solver: String,
    /// Each job writes a DRAT proof; `collect` checks every UNSAT job's proof with rate.
    #[arg(long)]
    pub certify: bool,
}

/// `family`'s options.
#[derive(Args, Debug)]
pub struct Family {
    /// The puzzle.
    #[arg(value_enum)]
    pub puzzle: FamilyKind,
    /// Board size ROWSxCOLS (slide, cross) [default: 4x4 for slide, 3x3 for cross].
    #[arg(long)]
    pub size: Option<String>,
    /// Instances (each gives a SAT and an UNSAT file per form).
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// Seed of the random draws: the same seed gives the same files.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Slide: length of the random walk from the goal [default: 2 x cells].
    #[arg(long)]
    pub walk: Option<usize>,
    /// The folder to write.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// The puzzles benchmark families are written for.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum FamilyKind {
    Slide,
    Cross,
    Hex,
}
