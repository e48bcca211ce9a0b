//! PuzzleScript on the command line: the game file and level, this puzzle's own solve
//! option, and the help of each verb.

use clap::{Args, Command};
use indoc::indoc;
use puzzlec_engine::options::{fields, parsed, Help, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::{PuzzleScriptInstance, PuzzleScriptRequest};

#[derive(Args, Debug)]
struct Input {
    /// The game's source file (PuzzleScript).
    #[arg(value_name = "GAME")]
    file: String,
    /// The level, as a player counts them from 1 (messages between levels are not levels);
    /// without it, every level in turn.
    #[arg(long, value_name = "N")]
    level: Option<usize>,
}

#[derive(Args, Debug)]
struct Decoding {
    /// The game file, when it is not where the emitted file's header says.
    #[arg(long, value_name = "GAME")]
    file: Option<String>,
}

#[derive(Args, Debug)]
struct SolveOwn {
    /// The most states the breadth-first search stores (about 100 bytes each on a small
    /// level) [default: 50000000].
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
}

const LEVELS: &str = indoc! {"
    Levels are counted as a player counts them, from 1; the messages between levels are not
    levels. The reference engine's level index counts messages too: level N here is the N-th
    entry of LEVELS that is not a message.

    A plan is a string of inputs: u up, l left, d down, r right, x action. Each input is a
    turn: the rules, the movements, the late rules, the commands, and the `again` turns that
    follow, exactly as the reference engine plays them; a plan is replayed through that
    interpreter before it is shown.

    Games whose turns depend on chance (`random`, `randomdir`) or on the clock
    (`realtime_interval`) are refused, with the feature named."};

impl CommandLine for crate::PuzzleScript {
    fn help(&self, verb: Verb) -> Option<Help> {
        Some(match verb {
            Verb::Solve => Help {
                about: "PuzzleScript game: the shortest sequence of inputs that wins a level.",
                examples: &[
                    "puzzlec solve puzzlescript microban.txt --level 3",
                    "puzzlec solve puzzlescript microban.txt                   (every level, a line each)",
                    "puzzlec solve puzzlescript game.txt --level 2 --timeout 60 --json",
                ],
                notes: indoc! {"
                    The default solver is the breadth-first search over the interpreter's states (--solver
                    search): the first plan it finds is a shortest one, and a search that runs out of states
                    proves that the level cannot be won. --solver cadical solves horizon after horizon through
                    SAT (the turns encoding): optimal when the horizon below was proved unsatisfiable.
                    --timeout and --max-states bound them (without --level: each level); the answer then says
                    how long every plan must be at least.

                    Levels are counted as a player counts them, from 1; the messages between levels are not
                    levels (the reference engine's level index counts them). A plan is a string of inputs:
                    u up, l left, d down, r right, x action. Games whose turns depend on chance (random,
                    randomdir) or on the clock (realtime_interval) are refused, with the feature named."},
            },
            Verb::Verify => Help {
                about: "Replay a plan on a PuzzleScript level through the interpreter.",
                examples: &[
                    "puzzlec verify puzzlescript microban.txt --level 1 --moves dlurrrdlullddruluruuldrddrruldluu",
                ],
                notes: LEVELS,
            },
            Verb::Emit => Help {
                about: "Emit a horizon of a PuzzleScript level as DIMACS (the turns encoding).",
                examples: &["puzzlec emit puzzlescript game.txt --level 2 --horizon 12 --format dimacs -o level2.cnf"],
                notes: indoc! {"
                    The file is satisfiable when some plan of at most HORIZON inputs wins the level, or when a
                    loop of the game (a rule group's repetitions, the movement passes, again turns) runs past
                    the bound the file unrolls; decode says which. Variable stepT_X is input X at step T."},
            },
            Verb::Decode => Help {
                about: "Decode a solver's answer to an emitted PuzzleScript horizon and replay the plan.",
                examples: &["cadical level2.cnf > answer.txt", "puzzlec decode puzzlescript --formula level2.cnf --model answer.txt"],
                notes: "The game file and level are read from the emitted file's first line; --file names the game when it has moved.",
            },
            Verb::Jobs | Verb::Family => return None,
        })
    }

    fn args(&self, verb: Verb, cmd: Command) -> Command {
        match verb {
            Verb::Solve => SolveOwn::augment_args(Input::augment_args(cmd)),
            Verb::Verify | Verb::Emit => Input::augment_args(cmd),
            Verb::Decode => Decoding::augment_args(cmd),
            Verb::Jobs | Verb::Family => cmd,
        }
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        match verb {
            Verb::Solve => {
                let (i, own): (Input, SolveOwn) = (parsed(m)?, parsed(m)?);
                let instance = PuzzleScriptInstance { file: i.file, level: i.level };
                Ok(fields(&PuzzleScriptRequest { instance, max_states: own.max_states }))
            }
            Verb::Verify | Verb::Emit => {
                let i: Input = parsed(m)?;
                Ok(fields(&PuzzleScriptInstance { file: i.file, level: i.level }))
            }
            Verb::Decode => {
                let d: Decoding = parsed(m)?;
                Ok(fields(&PuzzleScriptInstance { file: d.file.unwrap_or_default(), level: None }))
            }
            Verb::Jobs | Verb::Family => Ok(Fields::new()),
        }
    }
}
