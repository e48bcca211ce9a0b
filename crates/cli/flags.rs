//! The flags every puzzle's subcommand of a verb shares: the command-line contract of
//! `solve`, `emit`, `decode`, `verify`, `jobs` and `family`, beside each puzzle's own flags
//! (`CommandLine::args`). Defaults that are policy (solvers, encodings) are not here: a flag left out
//! is `None`, and the verb picks the puzzle's default.

use std::path::PathBuf;

use clap::Args;

/// The options every `solve` shares.
#[derive(Args, Debug)]
pub struct SolveFlags {
    /// Encoding for SAT/SMT solvers (listed below) [default: the puzzle's, for the solver's
    /// input form].
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
    /// Prove every UNSAT the answer rests on with a checked proof (else exit 3): the plain
    /// formula proved again with a DRAT proof checked by `rate`, or, where the answer rests
    /// on lemmas (15-puzzle pattern databases), the solver's own LRAT proof, with each lemma
    /// and the proof checked by the puzzle's independent checker.
    #[arg(long)]
    pub certify: bool,
    /// With --certify: keep each claim's CNF and proof in DIR (with a README).
    #[arg(long, value_name = "DIR")]
    pub proof_dir: Option<PathBuf>,
    /// Draw the answer as an animated SVG (plans) or a still one (fillings) in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

impl SolveFlags {
    /// The request's shared options, and where to draw its answer.
    pub fn into_options(self) -> (puzzlec_facade::request::SolveOptions, Option<PathBuf>) {
        let options = puzzlec_facade::request::SolveOptions {
            encoding: self.encoding,
            solver: self.solver,
            all: self.all,
            timeout: self.timeout,
            certify: self.certify,
            proof_dir: self.proof_dir,
        };
        (options, self.svg)
    }
}

/// What `emit` writes, in which form, and where.
#[derive(Args, Debug)]
pub struct EmitFlags {
    /// Encoding to emit (listed below) [default: the puzzle's, for the format].
    #[arg(long)]
    pub encoding: Option<String>,
    /// Output form: dimacs (CNF) or smt2 (SMT-LIB2); the encoding must offer it [default:
    /// from the --out file's name, .cnf or .smt2].
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Write here instead of standard output.
    #[arg(short = 'o', long = "out", visible_alias = "output", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

impl EmitFlags {
    /// The form asked for: `--format`, else the `--out` file's name (`.cnf` or `.dimacs`
    /// DIMACS, `.smt2` or `.smt` SMT-LIB2).
    ///
    /// # Errors
    /// Neither says.
    pub fn form(&self) -> puzzlec_facade::Result<puzzlec_facade::Form> {
        let named = || match self.out.as_deref()?.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "cnf" | "dimacs" => Some(Format::Dimacs),
            "smt2" | "smt" => Some(Format::Smt2),
            _ => None,
        };
        match self.format.or_else(named) {
            Some(Format::Smt2) => Ok(puzzlec_facade::Form::Smt2),
            Some(Format::Dimacs) => Ok(puzzlec_facade::Form::Dimacs),
            None => Err(puzzlec_facade::Error::bad_input(
                "give --format dimacs or --format smt2 (or an --out file ending in .cnf or .smt2)",
            )),
        }
    }
}

/// The horizon of a plan puzzle's `emit`.
#[derive(Args, Debug)]
pub struct Horizon {
    /// Number of moves: the file is satisfiable iff a plan of exactly this length exists.
    #[arg(long)]
    pub horizon: usize,
}

/// The two files `decode` reads.
#[derive(Args, Debug)]
pub struct DecodeFlags {
    /// The file `emit` wrote (.cnf or .smt2).
    #[arg(long, value_name = "FILE")]
    pub formula: PathBuf,
    /// The solver's answer to it (s/v lines, minisat's result file, or sat + get-value).
    #[arg(long, value_name = "FILE")]
    pub model: PathBuf,
    /// Draw the answer as an animated SVG (plans) or a still one (fillings) in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Where a plan to verify comes from.
#[derive(Args, Debug)]
pub struct VerifyFlags {
    /// The plan: letters U D L R for the direction each moving piece slides.
    #[arg(long, required_unless_present = "moves_file", conflicts_with = "moves_file")]
    pub moves: Option<String>,
    /// Read the plan from a file (- for standard input); whitespace is ignored.
    #[arg(long, value_name = "FILE")]
    pub moves_file: Option<PathBuf>,
    /// Draw the answer as an animated SVG in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// The output formats of `emit`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SMT-LIB2 text for z3, cvc5 and other SMT solvers.
    Smt2,
    /// DIMACS CNF with `c var N NAME` lines, for SAT solvers.
    Dimacs,
}

/// How `jobs` splits and where it writes.
#[derive(Args, Debug)]
pub struct JobsFlags {
    /// Horizons A..B (both included) or one number; a plan is sought at each.
    #[arg(long, value_name = "A..B")]
    pub horizons: String,
    /// At least this many jobs per horizon (each fixes the plan's first moves).
    #[arg(long, visible_alias = "cubes", default_value_t = 8, value_name = "N")]
    pub split: usize,
    /// The folder to write (must not hold jobs already).
    #[arg(short = 'o', long, value_name = "DIR")]
    pub out: PathBuf,
    /// CNF encoding that names its actions [default: the puzzle's first that does].
    #[arg(long)]
    pub encoding: Option<String>,
    /// A DIMACS solver binary of the registry (e.g. kissat, minisat) [default: the
    /// registry's CaDiCaL binary].
    #[arg(long)]
    pub solver: Option<String>,
    /// Each job writes a DRAT proof; `collect` checks every UNSAT job's proof with rate
    /// (and a job's lemmas, with the tables kept in the folder, by the puzzle's checker).
    #[arg(long)]
    pub certify: bool,
}

impl JobsFlags {
    /// The request `puzzlec jobs` makes of its flags.
    ///
    /// # Errors
    /// Bad input for horizons that are not `A..B` or one number.
    pub fn request(
        self,
        instance: puzzlec_facade::Instance,
    ) -> puzzlec_facade::Result<puzzlec_facade::jobs::JobsRequest> {
        let horizons = puzzlec_facade::jobs::horizons(&self.horizons)?;
        let (encoding, solver, split, out, certify) = (self.encoding, self.solver, self.split, self.out, self.certify);
        Ok(puzzlec_facade::jobs::JobsRequest { instance, encoding, solver, horizons, split, out, certify })
    }
}

/// `family`'s options every puzzle shares.
#[derive(Args, Debug)]
pub struct FamilyFlags {
    /// Instances (each gives a SAT and an UNSAT file per form).
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// Seed of the random draws: the same seed gives the same files.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The folder to write.
    #[arg(short = 'o', long, value_name = "DIR")]
    pub out: PathBuf,
}
