//! Command-line flags as parsed (stage one). The verbs and their shared flags are here; each
//! puzzle's subcommand (its instance flags, its own options, its help and examples) comes
//! from the registry, so this file names no puzzle. `commands.rs` turns the flags into the
//! facade's requests, which check everything before any work starts (stage two).

use indoc::indoc;
use std::path::PathBuf;

use clap::{ArgMatches, FromArgMatches, Parser, Subcommand};
use puzzlec_facade::options::Verb;
use puzzlec_facade::registry;

pub use crate::args_many::{Batch, SolveLine};
pub use crate::flags::{DecodeFlags, EmitFlags, FamilyFlags, Horizon, JobsFlags, SolveFlags, VerifyFlags};

/// puzzlec compiles puzzles into SAT and SMT encodings, solves them with linked or external
/// solvers, and replays every answer through the puzzle's rules before printing it.
#[derive(Parser, Debug)]
#[command(name = "puzzlec", version, about, long_about = None)]
pub struct Cli {
    /// Solver registry (default: ./solvers.toml here, else the built-in one); it must parse.
    #[arg(long, global = true, value_name = "FILE")]
    pub solvers: Option<PathBuf>,
    /// Print one JSON object on stdout instead of text (errors too: status "error").
    #[arg(long, global = true)]
    pub json: bool,
    /// No progress lines on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

/// The whole command line, with help texts built from the registry.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut examples = String::from("Examples:\n");
    for p in registry::PUZZLES {
        let first = p.help(Verb::Solve).and_then(|h| h.examples.first().cloned());
        examples += &first.map(|e| format!("  {e}\n")).unwrap_or_default();
    }
    examples += "  puzzlec solvers --check\n  puzzlec batch requests.txt -j 2 -o answers.jsonl\n  puzzlec prove encodings --quick\n\n\
Exit codes: 0 solved (or valid), 1 proved no solution (or invalid plan),\n2 bad input or usage, 3 unknown (time limit or solver failure), 130 interrupted.";
    Cli::command().after_help(examples)
}

/// Parses the process's arguments.
///
/// # Errors
/// Clap's error (usage, or the help and version it was asked for).
pub fn parse() -> Result<Cli, clap::Error> {
    Cli::from_arg_matches(&command().try_get_matches()?)
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find a shortest solution (and prove nothing shorter exists), or every solution.
    #[command(subcommand)]
    Solve(Puzzle<0>),
    /// Check a move string against a puzzle's rules.
    #[command(subcommand)]
    Verify(Puzzle<3>),
    /// Write the encoding of one horizon to a file, for an external solver.
    #[command(subcommand)]
    Emit(Puzzle<1>),
    /// Read a file written by `emit` and a solver's answer; print the replay-checked solution.
    #[command(subcommand)]
    Decode(Puzzle<2>),
    /// List the solvers: built in, and those of the registry, with their binaries.
    #[command(after_help = indoc! {"
        Examples:
          puzzlec solvers
          puzzlec solvers --check            (runs each binary's --version)
          puzzlec --solvers my-solvers.toml solvers

        Built in: z3 (linked, SMT-LIB2), cadical (embedded, CNF), search (exact search); the others
        come from the registry (see --solvers)."})]
    Solvers {
        /// Run each binary once (`--version`) and show what it says.
        #[arg(long)]
        check: bool,
    },
    /// Prove the encodings right: stated invariants, bounded equivalence with the rules.
    #[command(subcommand)]
    Prove(ProveCommand),
    /// Solve many requests, one per line, on a pool of workers; answers as JSON Lines.
    Batch(Batch),
    /// Split horizons into CNF jobs for GNU parallel or Slurm; `collect` reads the answers.
    #[command(subcommand)]
    Jobs(Puzzle<4>),
    /// Read a job directory's answers: replay a plan, prove horizons UNSAT, list what is missing.
    #[command(after_help = indoc! {"
        Examples:
          puzzlec collect seed-jobs
          puzzlec collect seed-jobs --json

        A horizon is UNSAT only when every one of its jobs answered UNSAT (with a checked proof when
        the jobs were written with --certify). Exit 0 with a plan, 1 when every horizon is UNSAT,
        3 while jobs are missing or failed."})]
    Collect {
        /// The folder `puzzlec jobs` wrote.
        dir: PathBuf,
    },
    /// Write a benchmark family: labelled SAT/UNSAT instances (.cnf, .smt2) and manifest.csv.
    #[command(subcommand)]
    Family(Puzzle<5>),
    /// Print (or write into --dir) the shell completion script for bash, zsh or fish.
    #[command(after_help = indoc! {"
        Examples:
          puzzlec completions bash > ~/.local/share/bash-completion/completions/puzzlec
          puzzlec completions zsh --dir ~/.zfunc
          puzzlec completions fish > ~/.config/fish/completions/puzzlec.fish"})]
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
        /// Write the script into this folder instead of standard output.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Write the man pages (puzzlec.1 and one per subcommand) into DIR (`make man`).
    #[command(hide = true)]
    Man {
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
pub enum ProveCommand {
    /// Each puzzle's stated invariants (the bv circuit's) on every size, with linked z3.
    #[command(
        after_help = "Examples:\n  puzzlec prove invariants\n  puzzlec prove invariants --max-side 4 --json\n\n\
Exit 0 when every property is proved on every size, 1 when one fails (its counterexample is printed)."
    )]
    Invariants {
        /// Largest board side: sizes 2x2 up to NxN (2 to 8).
        #[arg(long, default_value_t = 8, value_name = "N")]
        max_side: usize,
    },
    /// Every registered encoding against its puzzle's rules on small instances, then mutants.
    Encodings {
        /// Fewer start boards (seconds instead of minutes).
        #[arg(long)]
        quick: bool,
    },
}

/// The verb a [`Puzzle`] subcommand belongs to, by its const parameter.
pub fn verb(v: u8) -> Verb {
    Verb::ALL[v as usize]
}

/// A verb's puzzle subcommand: which puzzle, and its parsed arguments (the puzzle's own and
/// the verb's shared flags), read back by `commands.rs`.
#[derive(Clone, Debug)]
pub struct Puzzle<const V: u8> {
    pub name: String,
    pub matches: ArgMatches,
}

impl<const V: u8> FromArgMatches for Puzzle<V> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = m.subcommand().ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        Ok(Puzzle { name: name.to_owned(), matches: sub.clone() })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl<const V: u8> Subcommand for Puzzle<V> {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        crate::help::verb(verb(V), cmd)
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        registry::lookup(name).is_ok_and(|p| p.help(verb(V)).is_some())
    }
}
