//! Command-line flags as parsed (stage one). `commands.rs` turns them into the facade's requests,
//! which check everything before any work starts (stage two).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub use crate::args_many::{Batch, Family, FamilyKind, JobsCommand, SolveLine};

/// puzzlec compiles puzzles into SAT and SMT encodings, solves them with linked or external
/// solvers, and replays every answer through the puzzle's rules before printing it.
#[derive(Parser, Debug)]
#[command(name = "puzzlec", version, about, long_about = None, after_help = TOP_EXAMPLES)]
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

const TOP_EXAMPLES: &str = "\
Examples:
  puzzlec solve slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\"
  puzzlec emit slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --format dimacs --horizon 2 -o p.cnf
  puzzlec solvers --check
  puzzlec solve cross --size 3x3 --all
  puzzlec solve hex --all --certify --svg hex38.svg
  puzzlec solve slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --solver cadical,z3
  puzzlec batch boards.txt -j 2 -o answers.jsonl
  puzzlec jobs cross --horizons 29..31 --out jobs && parallel jobs/run-one.sh ::: $(seq 0 35)
  puzzlec family slide --size 4x4 --count 20 --seed 1 --out bench-4x4
  puzzlec prove invariants

Exit codes: 0 solved (or valid), 1 proved no solution (or invalid plan),
2 bad input or usage, 3 unknown (time limit or solver failure).";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find a shortest solution (and prove nothing shorter exists).
    #[command(
        subcommand,
        after_help = "\
Examples:
  puzzlec solve slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\"
  puzzlec solve cross --size 3x3 --all
  puzzlec solve hex --all --up-to-symmetry

Each puzzle's own --help lists its options and solvers."
    )]
    Solve(SolveCommand),
    /// Check a move string against a puzzle's rules.
    #[command(
        subcommand,
        after_help = "\
Examples:
  puzzlec verify slide --board \"1 2 3 / 4 5 6 / 7 _ 8\" --moves L
  puzzlec verify cross --moves-file plan.txt

Exit 0 when the plan reaches the goal, 1 when it does not (the first illegal move is named)."
    )]
    Verify(VerifyCommand),
    /// Write the encoding of one horizon to a file, for an external solver.
    #[command(
        subcommand,
        after_help = "\
Examples:
  puzzlec emit slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --format dimacs --horizon 2 -o p.cnf
  puzzlec emit cross --size 3x3 --horizon 8 --format dimacs -o cross.cnf
  puzzlec emit hex --encoding lia --format smt2 -o hex38.smt2

Then run any solver on the file and read its answer back with `puzzlec decode`."
    )]
    Emit(EmitCommand),
    /// Read a file written by `emit` and a solver's answer; print the replay-checked plan.
    #[command(
        subcommand,
        after_help = "\
Examples:
  cadical p.cnf > p.out
  puzzlec decode slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --encoding p.cnf --model p.out
  z3 hex38.smt2 > answer.txt
  puzzlec decode hex --encoding hex38.smt2 --model answer.txt"
    )]
    Decode(DecodeCommand),
    /// List the solvers: built in, and those of the registry, with their binaries.
    #[command(after_help = "\
Examples:
  puzzlec solvers
  puzzlec solvers --check            (runs each binary's --version)
  puzzlec --solvers my-solvers.toml solvers

Built in: z3 (linked, SMT-LIB2), cadical (embedded, CNF), search (exact search); the others
come from the registry (see --solvers).")]
    Solvers {
        /// Run each binary once (`--version`) and show what it says.
        #[arg(long)]
        check: bool,
    },
    /// Prove the encodings right: the circuit's invariants, bounded equivalence with the rules.
    #[command(subcommand)]
    Prove(ProveCommand),
    /// Solve many requests, one per line, on a pool of workers; answers as JSON Lines.
    #[command(after_help = "\
Examples:
  puzzlec batch boards.txt -j 2 -o answers.jsonl
  puzzlec batch boards.txt -o answers.jsonl --resume     (after Ctrl-C: skip what is done)

A line is the CLI's own words after `solve` (slide --board \"1 2 3 / 4 _ 6 / 7 5 8\"
--solver cadical) or one JSON object in the library's request form ({\"puzzle\": \"slide\",
\"board\": \"1 2 3 / 4 _ 6 / 7 5 8\", \"id\": \"b1\"}). Blank lines and # comments are
skipped. Each answer is the --json object of `solve` with the line's id (its \"id\", else
its line number), in input order. Exit code: the worst of the answers'.")]
    Batch(Batch),
    /// Split horizons into CNF jobs for GNU parallel or Slurm; `collect` reads the answers.
    #[command(
        subcommand,
        after_help = "\
Examples:
  puzzlec jobs slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --horizons 13..15 --cubes 8 --out seed-jobs
  parallel -j 8 seed-jobs/run-one.sh ::: $(seq 0 N-1)      (N: the number of jobs printed)
  sbatch seed-jobs/slurm.sbatch
  puzzlec collect seed-jobs

Each job is a complete DIMACS file (the horizon's CNF plus unit clauses fixing the plan's first
moves); a horizon's jobs together cover every plan of that length. The folder holds
manifest.json, run-one.sh K (runs job K with the solver, answer in out/K.txt), slurm.sbatch
(an array over the same script) and a README."
    )]
    Jobs(JobsCommand),
    /// Read a job directory's answers: replay a plan, prove horizons UNSAT, list what is missing.
    #[command(after_help = "\
Examples:
  puzzlec collect seed-jobs
  puzzlec collect seed-jobs --json

A horizon is UNSAT only when every one of its jobs answered UNSAT (with a checked proof when
the jobs were written with --certify). Exit 0 with a plan, 1 when every horizon is UNSAT,
3 while jobs are missing or failed.")]
    Collect {
        /// The folder `puzzlec jobs` wrote.
        dir: PathBuf,
    },
    /// Write a benchmark family: labelled SAT/UNSAT instances (.cnf, .smt2) and manifest.csv.
    #[command(after_help = "\
Examples:
  puzzlec family slide --size 4x4 --count 20 --seed 1 --out slide-4x4
  puzzlec family cross --size 4x4 --count 10 --seed 2 --out cross-4x4
  puzzlec family hex --count 10 --seed 3 --out hex38

Each instance gives two files per form: the horizon of its optimum (SAT) and two below (UNSAT),
optima from the exact search. DIMACS files open with comment lines holding this command, the
instance and its status, then an exact `p cnf` header; SMT-LIB2 files carry set-info :source
and :status and end at check-sat. manifest.csv lists file, status, optimum, horizon,
variables, clauses and the embedded CaDiCaL's time (which confirmed every CNF label).
Boards whose UNSAT side the encoding refutes by its own bound (an empty clause) are drawn
again: they are no benchmark.")]
    Family(Family),
    /// Print (or write into --dir) the shell completion script for bash, zsh or fish.
    #[command(after_help = "\
Examples:
  puzzlec completions bash > ~/.local/share/bash-completion/completions/puzzlec
  puzzlec completions zsh --dir ~/.zfunc
  puzzlec completions fish > ~/.config/fish/completions/puzzlec.fish")]
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
    /// The bv circuit (seed 001) for every state, with linked z3: permutation, moves, parity.
    #[command(
        after_help = "Examples:\n  puzzlec prove invariants\n  puzzlec prove invariants --max-side 4 --json\n\n\
Exit 0 when every property is proved on every size, 1 when one fails (its counterexample is printed)."
    )]
    Invariants {
        /// Largest board side: sizes 2x2 up to NxN.
        #[arg(long, default_value_t = 8, value_name = "N")]
        max_side: usize,
    },
    /// Every registered encoding against the reference model on small boards, then mutants.
    Encodings {
        /// Fewer start boards (seconds instead of minutes).
        #[arg(long)]
        quick: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum EmitCommand {
    /// Emit a sliding-tile horizon as SMT-LIB2 or DIMACS.
    #[command(after_help = "\
Examples:
  puzzlec emit slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --format dimacs --horizon 15 -o seed.cnf
  cadical seed.cnf > seed.out
  puzzlec decode slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --encoding seed.cnf --model seed.out

The file is satisfiable iff a plan of exactly HORIZON moves exists. DIMACS files name the
variables decoding needs in `c var N NAME` lines; .smt2 files end in check-sat and get-value.")]
    Slide(EmitSlide),
    /// Emit a cross-slider horizon as DIMACS (--encoding sat) or SMT-LIB2 (--encoding smt).
    #[command(after_help = "\
Examples:
  puzzlec emit cross --size 3x3 --horizon 8 --format dimacs -o cross.cnf
  puzzlec emit cross --encoding smt --format smt2 --horizon 31 -o cross.smt2

The file is satisfiable iff the cross can stand on the target after exactly HORIZON moves.")]
    Cross(EmitCross),
    /// Emit a magic hexagon as SMT-LIB2 (--encoding lia) or DIMACS (--encoding cnf).
    #[command(after_help = "\
Examples:
  puzzlec emit hex --encoding lia --format smt2 -o hex38.smt2
  puzzlec emit hex --encoding cnf --format dimacs --givens 1=3 -o hex38.cnf")]
    Hex(EmitHex),
}

#[derive(Subcommand, Debug)]
pub enum DecodeCommand {
    /// Decode a solver's answer to an emitted sliding-tile encoding.
    #[command(after_help = "\
Examples:
  puzzlec decode slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --encoding p.cnf --model p.out
  puzzlec decode slide board.txt --encoding p.smt2 --model z3-answer.txt --json

Models: SAT-competition output (s/v lines) or minisat's result file for DIMACS; the
sat + get-value (or get-model) answer of z3 or cvc5 for SMT-LIB2.")]
    Slide(DecodeSlide),
    /// Decode a solver's answer to an emitted cross-slider encoding.
    #[command(after_help = "\
Examples:
  puzzlec decode cross --size 3x3 --encoding cross.cnf --model answer.txt

Give the same instance options as to `emit`; the plan is replayed and its grid printed.")]
    Cross(DecodeCross),
    /// Decode a solver's answer to an emitted magic hexagon.
    #[command(after_help = "\
Examples:
  z3 hex38.smt2 > answer.txt
  puzzlec decode hex --encoding hex38.smt2 --model answer.txt

Order, givens and symmetry breaking are read from the emitted file's first line.")]
    Hex(DecodeHex),
}

/// The magic-hexagon instance options.
#[derive(Args, Debug)]
pub struct HexInstance {
    /// Order (side length): 3 is Hex38 with 19 cells.
    #[arg(long, default_value_t = 3)]
    pub order: usize,
    /// Pre-filled cells, CELL=VALUE separated by commas, e.g. 1=3,10=5.
    #[arg(long, value_name = "CELL=VALUE,...")]
    pub givens: Option<String>,
}

#[derive(Args, Debug)]
pub struct SolveHex {
    #[command(flatten)]
    pub instance: HexInstance,
    #[command(flatten)]
    pub flags: SolveFlags,
    /// One representative per class of rotations and reflections.
    #[arg(long)]
    pub up_to_symmetry: bool,
}

#[derive(Args, Debug)]
pub struct EmitHex {
    #[command(flatten)]
    pub instance: HexInstance,
    /// Encoding to emit: lia (SMT-LIB2) or cnf (DIMACS).
    #[arg(long, default_value = "cnf")]
    pub encoding: String,
    #[command(flatten)]
    pub to: EmitTo,
    /// Add the symmetry-breaking constraints (one filling per class).
    #[arg(long)]
    pub up_to_symmetry: bool,
}

#[derive(Args, Debug)]
pub struct DecodeHex {
    #[command(flatten)]
    pub files: AnswerFiles,
}

#[derive(Args, Debug)]
pub struct EmitCross {
    #[command(flatten)]
    pub instance: CrossInstance,
    /// Encoding to emit: sat (DIMACS) or smt (SMT-LIB2).
    #[arg(long, default_value = "sat")]
    pub encoding: String,
    #[command(flatten)]
    pub to: EmitTo,
    /// Number of moves after which the cross must stand on the target.
    #[arg(long)]
    pub horizon: usize,
}

#[derive(Args, Debug)]
pub struct DecodeCross {
    #[command(flatten)]
    pub instance: CrossInstance,
    #[command(flatten)]
    pub files: AnswerFiles,
}

/// The options every `solve` shares.
#[derive(Args, Debug)]
pub struct SolveFlags {
    /// Encoding for SAT/SMT solvers (the puzzle's encodings are listed below) [default: the
    /// fast CNF one, or the SMT one for an SMT solver].
    #[arg(long)]
    pub encoding: Option<String>,
    /// Solver id: built in (search, z3, cadical) or one of solvers.toml (see `puzzlec solvers`);
    /// a comma list (cadical,z3,cvc5) races them and the first answer wins.
    #[arg(long, value_name = "ID[,ID...]")]
    pub solver: Option<String>,
    /// Every (shortest) solution, with a proof that there are no more.
    #[arg(long)]
    pub all: bool,
    /// Time limit in seconds for the whole run, encoding included (exit 3 when reached).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Prove every UNSAT the answer rests on with a DRAT proof checked by `rate` (else exit 3).
    #[arg(long)]
    pub certify: bool,
    /// With --certify: keep each claim's CNF and proof in DIR (with a README).
    #[arg(long, value_name = "DIR")]
    pub proof_dir: Option<PathBuf>,
    /// Draw the answer as an animated SVG (plans) or a still one (hexagons) in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Where `emit` writes, and in which form.
#[derive(Args, Debug)]
pub struct EmitTo {
    /// Output form: dimacs (CNF) or smt2 (SMT-LIB2); the encoding must offer it.
    #[arg(long, value_enum)]
    pub format: Format,
    /// Write here instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The two files `decode` reads.
#[derive(Args, Debug)]
pub struct AnswerFiles {
    /// The file `emit` wrote (.cnf or .smt2).
    #[arg(long, value_name = "FILE")]
    pub encoding: PathBuf,
    /// The solver's answer to it (s/v lines, minisat's result file, or sat + get-value).
    #[arg(long, value_name = "FILE")]
    pub model: PathBuf,
    /// Draw the answer as an animated SVG (plans) or a still one (hexagons) in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Where a plan to verify comes from.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub struct PlanInput {
    /// The plan: letters U D L R for the direction each moving piece slides.
    #[arg(long)]
    pub moves: Option<String>,
    /// Read the plan from a file (- for standard input); whitespace is ignored.
    #[arg(long, value_name = "FILE")]
    pub moves_file: Option<PathBuf>,
}

/// The output formats of `emit`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SMT-LIB2 text for z3, cvc5 and other SMT solvers.
    Smt2,
    /// DIMACS CNF with `c var N NAME` lines, for SAT solvers.
    Dimacs,
}

#[derive(Args, Debug)]
pub struct EmitSlide {
    #[command(flatten)]
    pub input: SlideInput,
    /// Encoding to emit: bright (seed 000; CNF or SMT-LIB2), compact (CNF, the fast one),
    /// bv (seed 001's bit-vector circuit; SMT-LIB2 only).
    #[arg(long, default_value = "bright")]
    pub encoding: String,
    #[command(flatten)]
    pub to: EmitTo,
    /// Number of moves: the file is satisfiable iff a plan of exactly this length exists.
    #[arg(long)]
    pub horizon: usize,
}

#[derive(Args, Debug)]
pub struct DecodeSlide {
    #[command(flatten)]
    pub input: SlideInput,
    #[command(flatten)]
    pub files: AnswerFiles,
}

#[derive(Subcommand, Debug)]
pub enum SolveCommand {
    /// Sliding tiles: reach the goal board in the fewest moves.
    #[command(after_help = "\
Examples:
  puzzlec solve slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\"
  echo \"1 2 3 / 4 5 6 / _ 7 8\" | puzzlec solve slide -
  puzzlec solve slide --board \"2 1 3 / 4 5 6 / 7 8 _\"     (exit 1: parity)

  puzzlec solve slide --board \"4 1 3 / 7 2 6 / _ 5 8\" --all --json
  puzzlec solve slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --encoding bv --solver cvc5 -q

Boards: rows top to bottom, split by '/' or newlines; the blank is _, . or 0.
The table form printed by puzzlec (|  5 |  1 |    |) is accepted too.
Moves name the direction the tile slides: U D L R.

Solvers: search (exact BFS/IDA*, the default), z3 (linked), cadical (embedded), and the
ids of solvers.toml (z3-bin, cvc5, cadical-bin, minisat, kissat). Encodings: compact (CNF,
built for speed), bright (seed 000; CNF or SMT-LIB2), bv (seed 001's circuit; QF_BV).
With a SAT/SMT solver the horizon grows from a lower bound by 2; optimal is claimed only
when the solver proved the horizon 2 below unsatisfiable. On the embedded cadical, compact
horizons of 30 or more use pattern databases: the first moves as cubes, and a propagator
inside the solver that refutes hopeless boards and decides step by step forward; the
answer names those clauses as trusted, and --certify proves without them. Progress lines
go to stderr (-q silences them).")]
    Slide(SolveSlide),
    /// Cross slider: choose orientations so the cross reaches the target.
    #[command(after_help = "\
Examples:
  puzzlec solve cross --size 3x3
  puzzlec solve cross --size 3x4 --cross 1,1 --empty 3,4 --target 3,4 --all
  puzzlec solve cross --orientations grid.txt --target 3,3
  puzzlec solve cross --solver search --all

Solvers: cadical (embedded, the default, with --encoding sat), z3 (linked, --encoding smt),
search (exact IDA* guided by the relaxed puzzle), and the ids of solvers.toml. The horizon
grows from the relaxed-puzzle lower bound by 2 (the empty cell's colour fixes a plan's
parity); optimal is claimed only when the horizon 2 below was proved unsatisfiable.

The grid printed with a solution shows each piece in its starting cell:
+ the cross, . the empty cell, - horizontal, | vertical, ? never moved (either way).")]
    Cross(SolveCross),
    /// Magic hexagon: fill cells 1..N so every line has the same sum.
    #[command(after_help = "\
Examples:
  puzzlec solve hex                         (Hex38: order 3, magic sum 38)
  puzzlec solve hex --all --json            (all 12, proved complete)
  puzzlec solve hex --all --up-to-symmetry  (1: the 12 are one solution turned and mirrored)
  puzzlec solve hex --givens 1=3,10=5       (a half-solved wooden puzzle)

Cells are numbered row by row from the top (order 3: rows of 3, 4, 5, 4, 3). The magic
sum is (1 + 2 + ... + N) divided by the number of rows; an order where that is not an
integer has no magic hexagon (exit 1 at once). Encodings: cnf (default; each line one of the
value sets that add up to the magic sum) and lia (the seed's linear-arithmetic script).
--all without givens enumerates one filling per symmetry class and expands each class by
the hexagon's 12 symmetries, checking every member.")]
    Hex(SolveHex),
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
  puzzlec verify cross --size 3x3 --moves RDLDRRULDLURULD")]
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
    #[command(flatten)]
    pub flags: SolveFlags,
    /// With compact on the embedded solver: keep one solver across horizons (assume "goal at
    /// step H" through an activation literal) instead of encoding each horizon afresh.
    #[arg(long)]
    pub incremental: bool,
    /// Give up (exit 1, proved) when every plan needs more moves than this.
    #[arg(long)]
    pub max_moves: Option<usize>,
    /// A plan at once (any size), shorter ones until --timeout, the gap to optimal reported.
    #[arg(long)]
    pub anytime: bool,
}

#[derive(Args, Debug)]
pub struct VerifySlide {
    #[command(flatten)]
    pub input: SlideInput,
    #[command(flatten)]
    pub plan: PlanInput,
    /// Draw the answer as an animated SVG (plans) or a still one (hexagons) in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// The cross-slider instance options shared by every cross subcommand.
#[derive(Args, Debug)]
pub struct CrossInstance {
    /// Board size as ROWSxCOLS [default: 5x5, or the orientation grid's size].
    #[arg(long)]
    pub size: Option<String>,
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
    #[command(flatten)]
    pub flags: SolveFlags,
    /// Longest plan to look for (exit 1, proved, when none is that short) [default: 60].
    #[arg(long)]
    pub max_moves: Option<usize>,
}

#[derive(Args, Debug)]
pub struct VerifyCross {
    #[command(flatten)]
    pub instance: CrossInstance,
    #[command(flatten)]
    pub plan: PlanInput,
    /// Draw the answer as an animated SVG (plans) or a still one (hexagons) in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}
