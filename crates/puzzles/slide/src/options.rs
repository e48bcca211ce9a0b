//! Sliding tiles on the command line: where the board comes from, this puzzle's own solve
//! options and family options, and the help of each verb.

use indoc::indoc;
use std::path::PathBuf;

use clap::{Args, Command};
use puzzlec_engine::options::{fields, parsed, read_text, Help, Verb};
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

    fn help(&self, verb: Verb) -> Option<Help> {
        Some(match verb {
        Verb::Solve => Help {
            about: "Sliding tiles: reach the goal board in the fewest moves.",
            examples: &[
                "puzzlec solve slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\"",
                "echo \"1 2 3 / 4 5 6 / _ 7 8\" | puzzlec solve slide -",
                "puzzlec solve slide --board \"2 1 3 / 4 5 6 / 7 8 _\"     (exit 1: parity)",
                "puzzlec solve slide --board \"4 1 3 / 7 2 6 / _ 5 8\" --all --json",
                "puzzlec solve slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --encoding bv --solver cvc5 -q",
            ],
            notes: indoc! {"
                Boards: rows top to bottom, split by '/' or newlines; the blank is _, . or 0.
                The table form printed by puzzlec (|  5 |  1 |    |) is accepted too.
                Moves name the direction the tile slides: U D L R.

                The default solver is search (exact BFS/IDA*); with --encoding, --all, --incremental or
                --certify it is the embedded cadical. With a SAT/SMT solver the horizon grows from a lower
                bound by 2; optimal is claimed only when the solver proved the horizon 2 below
                unsatisfiable. On the embedded cadical, compact horizons on boards of up to 16 cells use
                pattern databases (from horizon 20 once the tables are cached in ~/.cache/puzzlec, from 30
                while they must be built): the first moves as cubes (shared over the cores from horizon
                44), and a propagator inside the solver that refutes hopeless boards, rules out moves that
                lead too far or into dead ends (two moves ahead) and decides step by step forward; once every cube is refuted, a check that
                the cubes and the blocked prefixes leave no move sequence out settles the horizon. The
                answer names those clauses and that check as trusted; --certify makes one last solve over
                all cubes instead and checks each clause against the tables along with the solver's own
                LRAT proof. Progress lines go to stderr (-q silences them)."},
        },
        Verb::Emit => Help {
            about: "Emit a sliding-tile horizon as SMT-LIB2 or DIMACS.",
            examples: &[
                "puzzlec emit slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --format dimacs --horizon 15 -o seed.cnf",
                "cadical seed.cnf > seed.out",
                "puzzlec decode slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --formula seed.cnf --model seed.out",
            ],
            notes: indoc! {"
                The file is satisfiable iff a plan of exactly HORIZON moves exists. DIMACS files name the
                variables decoding needs in `c var N NAME` lines; .smt2 files end in check-sat and get-value.
                Without --encoding: bright (the seed's encoding, in either form)."},
        },
        Verb::Decode => Help {
            about: "Decode a solver's answer to an emitted sliding-tile encoding.",
            examples: &[
                "puzzlec decode slide --board \"1 2 3 / 4 _ 6 / 7 5 8\" --formula p.cnf --model p.out",
                "puzzlec decode slide board.txt --formula p.smt2 --model z3-answer.txt --json",
            ],
            notes: "",
        },
        Verb::Verify => Help {
            about: "Replay a plan on a sliding-tile board (strict: the first illegal move fails).",
            examples: &[
                "puzzlec verify slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --moves DDDLUUULDDDLUUU",
                "puzzlec verify slide board.txt --moves dddl",
            ],
            notes: "",
        },
        Verb::Jobs => Help {
            about: "Jobs for a sliding-tile board.",
            examples: &[
                "puzzlec jobs slide --board \"5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12\" --horizons 13..15 --split 8 --out seed-jobs",
            ],
            notes: "Without --encoding: compact, the first encoding that names its actions.",
        },
        Verb::Family => Help {
            about: "Sliding-tile boards from random walks of the goal.",
            examples: &["puzzlec family slide --size 4x4 --count 20 --seed 1 --out slide-4x4"],
            notes: "",
        },
    })
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
