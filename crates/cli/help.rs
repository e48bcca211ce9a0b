//! Each verb's puzzle subcommands, built from the registry: the puzzle's own arguments and
//! help, the verb's shared flags, and lists of encodings and solvers read from the
//! registries (so they cannot go stale).

use clap::{Args, Command};
use puzzlec_facade::options::Verb;
use puzzlec_facade::{registry, Form, Kind, Puzzle};

use crate::args::{DecodeFlags, EmitFlags, FamilyFlags, Horizon, JobsFlags, SolveFlags, VerifyFlags};

/// The verb's own help after its subcommands: an example of each puzzle's, and notes.
fn verb_help(verb: Verb) -> String {
    let mut s = String::from("Examples:\n");
    for p in registry::PUZZLES {
        if let Some(e) = p.help(verb).and_then(|h| h.examples.first().cloned()) {
            s += &format!("  {e}\n");
        }
    }
    s += "\n";
    s += match verb {
        Verb::Solve => "Each puzzle's own --help lists its options, encodings and solvers.",
        Verb::Verify => "Exit 0 when the plan reaches the goal, 1 when it does not (the first illegal move is named).",
        Verb::Emit => "Then run any solver on the file and read its answer back with `puzzlec decode`.",
        Verb::Decode => "Models: SAT-competition output (s/v lines) or minisat's result file for DIMACS; the\nsat + get-value (or get-model) answer of z3 or cvc5 for SMT-LIB2.",
        Verb::Jobs => puzzlec_facade::jobs::WHAT_IS_WRITTEN,
        Verb::Family => puzzlec_facade::family::WHAT_IS_WRITTEN,
    };
    s
}

/// "Encodings: a (CNF): ...; b (SMT-LIB2): ..." from the puzzle's list.
fn encodings(p: &dyn Puzzle) -> String {
    let form = |k: &Form| if *k == Form::Dimacs { "CNF" } else { "SMT-LIB2" };
    let lines: Vec<String> = p
        .encodings()
        .iter()
        .map(|e| {
            let forms: Vec<&str> = e.forms.iter().map(form).collect();
            format!("  {} ({}): {}", e.name, forms.join(", "), e.about)
        })
        .collect();
    format!("Encodings:\n{}", lines.join("\n"))
}

/// "Solvers: ..." from the solver registry (./solvers.toml, else the built-in one).
fn solvers() -> String {
    format!("Solvers: {} (see `puzzlec solvers`); a comma list races them.", puzzlec_facade::solvers::ids().join(", "))
}

/// The verb's subcommands, one per puzzle that takes part in it.
pub fn verb(verb: Verb, cmd: Command) -> Command {
    let mut cmd = cmd.after_help(verb_help(verb));
    for p in registry::PUZZLES {
        let Some(help) = p.help(verb) else { continue };
        let mut after = help.after();
        if matches!(verb, Verb::Solve | Verb::Emit | Verb::Jobs) {
            after += &format!("\n\n{}", encodings(*p));
        }
        if verb == Verb::Solve {
            after += &format!("\n{}", solvers());
        }
        let sub = p.args(verb, Command::new(p.name()));
        let sub = match verb {
            Verb::Solve => SolveFlags::augment_args(sub),
            Verb::Emit if p.kind() == Kind::Plan => Horizon::augment_args(EmitFlags::augment_args(sub)),
            Verb::Emit => EmitFlags::augment_args(sub),
            Verb::Decode => DecodeFlags::augment_args(sub),
            Verb::Verify => VerifyFlags::augment_args(sub),
            Verb::Jobs => JobsFlags::augment_args(sub),
            Verb::Family => FamilyFlags::augment_args(sub),
        };
        // Last: the flag structs' own doc comments would otherwise be the subcommand's about.
        cmd = cmd.subcommand(sub.about(help.about).long_about(None).after_help(after));
    }
    cmd
}
