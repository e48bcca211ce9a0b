//! Magic hexagons on the command line: order and givens, symmetry classes, and the help of
//! each verb (a filling has no moves to verify and no horizons to split into jobs).

use clap::{Args, Command};
use indoc::indoc;
use puzzlec_engine::options::{fields, parsed, Help, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::HexInstance;

/// The magic-hexagon instance options.
#[derive(Args, Debug)]
struct Input {
    /// Order (side length): 3 is Hex38 with 19 cells; order n has 3n(n-1)+1 cells.
    #[arg(long, default_value_t = 3)]
    order: usize,
    /// The values, each placed once: a range LO..HI holding as many values as there are
    /// cells (default 1..cells; e.g. 3..39 for order 4, -30..30 for a zero-sum order 5).
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true)]
    values: Option<String>,
    /// The magic sum you expect: checked against the one the values imply (their total over
    /// the number of rows), an error when they differ.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    sum: Option<i64>,
    /// Pre-filled cells, CELL=VALUE separated by commas, e.g. 1=3,10=5.
    #[arg(long, value_name = "CELL=VALUE,...")]
    givens: Option<String>,
}

/// What a family is drawn from.
#[derive(Args, Debug)]
struct Drawn {
    /// Order of the hexagons (3: Hex38).
    #[arg(long, default_value_t = 3)]
    order: usize,
    /// Their values, LO..HI (default 1..cells).
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true)]
    values: Option<String>,
}

#[derive(Args, Debug)]
struct Symmetry {
    /// One filling per class of rotations and reflections (emit: add the symmetry-breaking
    /// constraints).
    #[arg(long)]
    up_to_symmetry: bool,
}

impl CommandLine for crate::Hex {
    fn help(&self, verb: Verb) -> Option<Help> {
        Some(match verb {
            Verb::Solve => Help {
                about: "Magic hexagon: fill the cells with distinct values so every line has the same sum.",
                examples: &[
                    "puzzlec solve hex                         (Hex38: order 3, magic sum 38)",
                    "puzzlec solve hex --all --json            (all 12, proved complete)",
                    "puzzlec solve hex --all --up-to-symmetry  (1: the 12 are one solution turned and mirrored)",
                    "puzzlec solve hex --givens 1=3,10=5       (a half-solved wooden puzzle)",
                    "puzzlec solve hex --order 4 --values 3..39   (magic sum 111)",
                    "puzzlec solve hex --order 5 --values 15..75 --solver search   (local search, 2 cores)",
                    "puzzlec solve hex --order 5 --values -30..30 (zero-sum)",
                ],
                notes: indoc! {"
                    Cells are numbered row by row from the top (order 3: rows of 3, 4, 5, 4, 3). The magic
                    sum is the values' total divided by the number of rows (the rows share out every cell);
                    values whose total does not divide have no magic hexagon (exit 1 at once). The default
                    solver is the embedded cadical, with the encoding that suits the instance: cnf (a table of
                    value sets per line) while the tables are small, unary (order-encoded values, line sums by
                    totalizers) beyond; there, without --solver, one filling is raced between the SAT cubes
                    and a local search (simulated annealing) on one core, and the answer names the one that
                    found it (--solver cadical runs the cubes alone); past the CNF's size cap (order 8) the
                    default is the local search alone. --solver
                    search runs the local search alone on every core: it finds fillings (order 5 in seconds to
                    a minute) but proves nothing, so it answers a filling or \"unknown\", and refuses --all.
                    --all without givens enumerates one filling per symmetry class and expands each class by
                    the hexagon's 12 symmetries, checking every member."},
            },
            Verb::Emit => Help {
                about: "Emit a magic hexagon as SMT-LIB2 (--encoding lia) or DIMACS (--encoding cnf).",
                examples: &[
                    "puzzlec emit hex --encoding lia --format smt2 -o hex38.smt2",
                    "puzzlec emit hex --encoding cnf --format dimacs --givens 1=3 -o hex38.cnf",
                ],
                notes: "",
            },
            Verb::Decode => Help {
                about: "Decode a solver's answer to an emitted magic hexagon.",
                examples: &["z3 hex38.smt2 > answer.txt", "puzzlec decode hex --formula hex38.smt2 --model answer.txt"],
                notes: "Order, givens and symmetry breaking are read from the emitted file's first line.",
            },
            Verb::Family => Help {
                about: "Magic hexagons (Hex38 by default) with a few givens, on both sides of solvability.",
                examples: &[
                    "puzzlec family hex --count 10 --seed 3 --out hex38",
                    "puzzlec family hex --order 4 --values 3..39 --count 5 --out hex4",
                ],
                notes: indoc! {"
                    Order 3: every filling is enumerated and each label read from that enumeration. Larger
                    orders: one filling is found; a SAT instance keeps two or three of its values, an UNSAT one
                    changes one of them and is labelled by the embedded solver (30 s at most; instances it
                    cannot decide are drawn again)."},
            },
            Verb::Verify | Verb::Jobs => return None,
        })
    }

    fn args(&self, verb: Verb, cmd: Command) -> Command {
        match verb {
            Verb::Solve | Verb::Emit => Symmetry::augment_args(Input::augment_args(cmd)),
            Verb::Family => Drawn::augment_args(cmd),
            Verb::Decode | Verb::Verify | Verb::Jobs => cmd,
        }
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        match verb {
            Verb::Solve | Verb::Emit => {
                let (i, s): (Input, Symmetry) = (parsed(m)?, parsed(m)?);
                let instance = HexInstance {
                    order: i.order,
                    givens: i.givens,
                    values: i.values,
                    sum: i.sum,
                    up_to_symmetry: s.up_to_symmetry,
                };
                Ok(fields(&instance))
            }
            Verb::Family => {
                let d: Drawn = parsed(m)?;
                Ok(fields(&HexInstance { order: d.order, values: d.values, ..HexInstance::default() }))
            }
            _ => Ok(Fields::new()),
        }
    }
}
