//! Magic figures on the command line: the file, givens, symmetry classes, and the help of
//! each verb (a filling has no moves to verify and no horizons to split into jobs).

use clap::{Args, Command};
use indoc::indoc;
use puzzlec_engine::options::{fields, parsed, Help, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::FigureInstance;

#[derive(Args, Debug)]
struct Input {
    /// The figure file (TOML): cells, lines, values, sum; see `examples/figures/`.
    #[arg(value_name = "FILE")]
    file: String,
    /// Pre-filled cells by name, CELL=VALUE separated by commas, e.g. a=8,e=5.
    #[arg(long, value_name = "CELL=VALUE,...")]
    givens: Option<String>,
    /// One filling per class of symmetries (emit: add the symmetry-breaking constraints).
    #[arg(long)]
    up_to_symmetry: bool,
}

#[derive(Args, Debug)]
struct Decoding {
    /// The figure file, when it is not where the emitted file's header says.
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
}

const FILE: &str = indoc! {"
    A figure file is TOML:
      name = \"3x3 magic square\"
      values = \"1..9\"          a range, or a list [1, 2, 3, 4, 5, 6, 8, 9, 10, 12];
                               except = [7, 11] drops some from a range
      sum = 15                 or \"equal\" (the default): every line the same sum; the figure
                               implies it when some lines share out every cell, or every cell is
                               on as many lines (else each sum the lines can reach is tried)
      distinct = true          the default: each value once (as many values as cells); false
                               lets any value fill any number of cells
      cells = [{ name = \"a\", x = 0, y = 0 }, ...]   or names only: [\"a\", \"b\", ...]
      lines = [[\"a\", \"b\", \"c\"], ...]
      symmetry = \"drawing\"     the default with x and y: the permutations of cells that map
                               lines onto lines and keep every distance (a square's 8); \"lines\"
                               (the default without): every one that maps lines onto lines;
                               \"none\"
    x grows to the right, y downwards. Mistakes are reported as FILE:LINE:COLUMN."};

impl CommandLine for crate::Figure {
    fn help(&self, verb: Verb) -> Option<Help> {
        Some(match verb {
            Verb::Solve => Help {
                about: "Magic figure from a file: fill the cells so every line has the same sum.",
                examples: &[
                    "puzzlec solve figure examples/figures/square3.toml --all            (8, proved complete)",
                    "puzzlec solve figure examples/figures/square4.toml --all --up-to-symmetry   (880)",
                    "puzzlec solve figure examples/figures/hexagram.toml --all           (960)",
                    "puzzlec solve figure examples/figures/pentagram.toml                (none: proved)",
                    "puzzlec solve figure examples/figures/square3.toml --givens a=2 --svg sq.svg",
                ],
                notes: FILE,
            },
            Verb::Emit => Help {
                about: "Emit a magic figure as SMT-LIB2 (--encoding lia) or DIMACS (--encoding cnf or unary).",
                examples: &[
                    "puzzlec emit figure examples/figures/square4.toml --format dimacs -o square4.cnf",
                    "puzzlec emit figure examples/figures/hexagram.toml --encoding lia --format smt2 -o star.smt2",
                ],
                notes: FILE,
            },
            Verb::Decode => Help {
                about: "Decode a solver's answer to an emitted magic figure.",
                examples: &[
                    "cadical square4.cnf > answer.txt",
                    "puzzlec decode figure --formula square4.cnf --model answer.txt",
                ],
                notes: "The figure file, givens and symmetry breaking are read from the emitted file's first \
line (the file's path as it was given to emit); --file names the figure file when it has moved.",
            },
            Verb::Family | Verb::Verify | Verb::Jobs => return None,
        })
    }

    fn args(&self, verb: Verb, cmd: Command) -> Command {
        match verb {
            Verb::Solve | Verb::Emit => Input::augment_args(cmd),
            Verb::Decode => Decoding::augment_args(cmd),
            Verb::Family | Verb::Verify | Verb::Jobs => cmd,
        }
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        match verb {
            Verb::Solve | Verb::Emit => {
                let i: Input = parsed(m)?;
                Ok(fields(&FigureInstance { file: i.file, givens: i.givens, up_to_symmetry: i.up_to_symmetry }))
            }
            Verb::Decode => {
                let d: Decoding = parsed(m)?;
                Ok(fields(&FigureInstance { file: d.file.unwrap_or_default(), ..FigureInstance::default() }))
            }
            Verb::Family | Verb::Verify | Verb::Jobs => Ok(Fields::new()),
        }
    }
}
