//! The puzzle as the generic layers see it. A puzzle crate implements [`Puzzle`] and the
//! small traits it is made of, each beside the code it describes: [`Verbs`] (writing and
//! reading formulas, replaying plans, jobs; a plan puzzle gets them from its facts,
//! `crate::plan::PlanPuzzle`), `CommandLine` (its command-line flags and help, with the `cli`
//! feature) in `options.rs`, [`Show`] (its text and drawing) in
//! `text.rs`, [`Bench`] (families and proofs) in `prove.rs`. The facade's registry lists one
//! value per puzzle and finds it by name, as a compiler finds a target. A method a puzzle
//! has no use for keeps its default, which says so in words (a filling puzzle has no moves
//! to verify).

use std::collections::BTreeMap;

use puzzlec_core::Move;
use puzzlec_solve::Form;

use crate::answer::Answer;
use crate::env::Env;
use crate::error::{Error, Result};
use crate::event::Event;
use crate::family::{FamilyRequest, Labelled};
#[cfg(feature = "cli")]
use crate::options::{Help, Verb};
use crate::prove::{InvariantsReport, Proved};
#[cfg(feature = "cli")]
use crate::request::Fields;
use crate::request::{DecodeRequest, EmitRequest, Instance, Request, VerifyRequest};

/// What kind of answer a puzzle has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A shortest move sequence, searched over horizons.
    Plan,
    /// An assignment of values, enumerated.
    Filling,
}

/// One encoding as help texts and errors list it.
pub use puzzlec_encode::Info as EncodingInfo;

/// What a puzzle says of itself.
#[derive(Debug)]
pub struct About {
    /// The puzzle's name in requests (`"puzzle": NAME`) and on the command line.
    pub name: &'static str,
    /// One line for help lists.
    pub line: &'static str,
    /// Its help on the command line, a table per verb it takes part in (`about`,
    /// `examples`, `notes`): the text of its `help.toml` (see `options::help`).
    pub help: &'static str,
    pub kind: Kind,
    /// Its own keys in a JSON `solve` request (instance and options), beyond the options
    /// every puzzle shares.
    pub keys: &'static [&'static str],
    /// Its encodings, in the order defaults are chosen (see [`infos`]).
    pub encodings: fn() -> Vec<&'static EncodingInfo>,
    /// How it solves one request (see `puzzlec_facade::solve`).
    pub solve: SolveFn,
}

/// A puzzle's `solve`: a request, where it runs, and where its progress goes.
pub type SolveFn = fn(&Request, &Env, &mut dyn FnMut(Event)) -> Result<Answer>;

/// The descriptions of a puzzle's list of encodings, for [`About::encodings`].
pub fn infos<E: puzzlec_encode::Encoding + ?Sized>(all: &[&'static E]) -> Vec<&'static EncodingInfo> {
    all.iter().map(|e| e.info()).collect()
}

/// The moves step t may play after the moves already fixed (their labels), each as (label,
/// the name of the variable "step t plays it"); see [`JobFacts::choices`].
pub type Choices = Box<dyn Fn(usize, &[String]) -> Vec<(String, String)>>;

/// What cluster jobs need of an instance.
pub struct JobFacts {
    pub encoding: &'static str,
    /// Every plan has at least this many moves (and the parity of any plan's length).
    pub lower_bound: usize,
    /// The puzzle's horizon step (2 where plan lengths have one parity, 1 where a horizon
    /// says "at most H moves"): which horizons below a plan must be UNSAT for it to be optimal.
    pub step: usize,
    /// What a job may fix at step t after the labels fixed before it: one-character labels
    /// (a job's first moves are their concatenation) whose variables cover every model of the
    /// horizon; empty when the encoding names no such variables.
    pub choices: Choices,
}

impl JobFacts {
    /// The choices of the grid puzzles: the four moves (each letter), the undo of the last
    /// one left out when the encoding forbids it.
    pub fn grid_moves(allows_undo: bool, action: impl Fn(usize, Move) -> Option<String> + 'static) -> Choices {
        Box::new(move |t, before: &[String]| {
            let last = before.last().and_then(|l| Move::ALL.into_iter().find(|m| l.starts_with(m.letter())));
            Move::ALL
                .into_iter()
                .filter(|&m| allows_undo || last != Some(m.opposite()))
                .filter_map(|m| Some((m.letter().to_string(), action(t, m)?)))
                .collect()
        })
    }
}

/// Lemmas a horizon's jobs carry beside the formula: the puzzle's own bounds (for sliding
/// tiles, the pattern-database frontier), each with its justification, so that an external
/// solver gets the pruning the embedded one has and `collect` can have each lemma checked.
pub struct JobLemmas {
    pub lemmas: Vec<JobLemma>,
    /// Files the puzzle's checker needs (name, bytes), written once into a job directory
    /// made with `--certify`.
    pub files: Vec<(String, Vec<u8>)>,
}

/// One lemma of [`JobLemmas`].
pub struct JobLemma {
    /// The first moves it forbids, as job labels (a job whose own first moves disagree
    /// with them does not need it).
    pub moves: String,
    /// The line the puzzle's checker reads: the justification, ` : `, the clause, `0`.
    pub line: String,
    pub clause: Vec<i64>,
}

/// Checks the certificates of UNSAT jobs that carried lemmas (made once per directory, so
/// what every job shares, such as tables, is checked once).
pub trait JobChecker {
    /// The job's formula (`emit`'s CNF with the job's unit clauses), its lemmas and its
    /// solver's DRAT proof of formula plus lemmas; `rate` checks a CNF against a DRAT proof.
    ///
    /// # Errors
    /// The first part that does not hold, in words.
    fn check(
        &self,
        formula: &std::path::Path,
        lemmas: &std::path::Path,
        proof: &std::path::Path,
        rate: &dyn Fn(&std::path::Path, &std::path::Path) -> std::result::Result<(), String>,
    ) -> std::result::Result<(), String>;
}

/// A puzzle: what it is, its encodings, and how it solves a request; the rest comes from the
/// traits it extends.
pub trait Puzzle: Verbs + Cli + Show + Bench + Sync {
    fn about(&self) -> &'static About;

    /// The puzzle's name in requests and on the command line.
    fn name(&self) -> &'static str {
        self.about().name
    }

    fn kind(&self) -> Kind {
        self.about().kind
    }

    /// The help of its subcommand of `verb` (from its `help.toml`); `None` when it takes no
    /// part in it.
    #[cfg(feature = "cli")]
    fn help(&self, verb: Verb) -> Option<Help> {
        crate::options::help(self.about(), verb)
    }

    /// Its own keys in a JSON `solve` request.
    fn keys(&self) -> &'static [&'static str] {
        self.about().keys
    }

    /// Its encodings, in the order defaults are chosen.
    fn encodings(&self) -> Vec<&'static EncodingInfo> {
        (self.about().encodings)()
    }

    /// The encoding written in `form` when none is named (`emit`, `family`, `jobs`).
    fn default_encoding(&self, form: Form) -> Option<&'static str> {
        self.encodings().into_iter().find(|e| e.forms.contains(&form)).map(|e| e.name)
    }

    /// Solves one request of this puzzle (see `puzzlec_facade::solve`).
    ///
    /// # Errors
    /// Bad input for requests that are wrong; unknown when a solver fails or lies.
    fn solve(&self, req: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
        (self.about().solve)(req, env, on)
    }
}

/// The verbs besides `solve`: formulas written and read back, plans replayed, jobs split.
pub trait Verbs {
    /// The text of one horizon (or of the whole filling problem) in one form.
    ///
    /// # Errors
    /// Bad input for instances, names, horizons above the cap, or forms an encoding lacks.
    fn emit(&self, req: &EmitRequest) -> Result<String>;

    /// Decodes a solver's answer to an emitted file and replays it.
    ///
    /// # Errors
    /// Bad input for files that do not match the instance; unknown for answers that do not
    /// decode or fail the replay.
    fn decode(&self, req: &DecodeRequest) -> Result<Answer>;

    /// Replays a plan strictly through the rules.
    ///
    /// # Errors
    /// Bad input for instances or moves that do not parse, or a puzzle without moves.
    fn verify(&self, _req: &VerifyRequest) -> Result<Answer> {
        Err(Error::bad_input("this puzzle's answers are fillings: it has no moves to verify"))
    }

    /// Checks a filling given by cell number against the instance (batch `--resume`
    /// re-checks what a previous run wrote).
    ///
    /// # Errors
    /// The first rule broken, in words.
    fn check_filling(&self, _instance: &Instance, _values: &BTreeMap<String, i64>) -> std::result::Result<(), String> {
        Err("a filling for a puzzle that has none".into())
    }

    /// What `jobs` needs to split this instance's horizons.
    ///
    /// # Errors
    /// Bad input when the puzzle has no horizons to split, or the encoding no actions.
    fn jobs(&self, _instance: &Instance, _encoding: Option<&str>) -> Result<JobFacts> {
        Err(Error::bad_input(
            "jobs split the horizons of plan puzzles; a filling puzzle is solved whole (`solve --all`)",
        ))
    }

    /// The lemmas `horizon`'s jobs carry in `encoding` (`emit`'s CNF of it is `cnf`), when
    /// the puzzle has any there.
    ///
    /// # Errors
    /// Bad input for the instance; unknown when the lemmas cannot be made.
    fn job_lemmas(
        &self,
        _instance: &Instance,
        _encoding: &str,
        _horizon: usize,
        _cnf: &str,
    ) -> Result<Option<JobLemmas>> {
        Ok(None)
    }

    /// The checker of jobs that carried lemmas, over the files in `dir` (see
    /// [`JobLemmas::files`]).
    ///
    /// # Errors
    /// In words, when the shared files do not hold (or the puzzle has no such jobs).
    fn job_checker(&self, _dir: &std::path::Path) -> std::result::Result<Box<dyn JobChecker>, String> {
        Err("this puzzle's jobs carry no lemmas".into())
    }
}

/// [`CommandLine`] where the `cli` feature is on (every puzzle then has one), nothing
/// where it is off: the command line is a part of a puzzle only the CLI links.
#[cfg(feature = "cli")]
pub trait Cli: CommandLine {}
#[cfg(feature = "cli")]
impl<T: CommandLine> Cli for T {}
/// See the `cli` feature's [`Cli`].
#[cfg(not(feature = "cli"))]
pub trait Cli {}
#[cfg(not(feature = "cli"))]
impl<T> Cli for T {}

/// The puzzle on the command line (with the `cli` feature).
#[cfg(feature = "cli")]
pub trait CommandLine {
    /// Adds the puzzle's own arguments of `verb` (its instance flags and options) to `cmd`.
    fn args(&self, verb: Verb, cmd: clap::Command) -> clap::Command;

    /// The request's fields from the arguments [`CommandLine::args`] added, files read.
    ///
    /// # Errors
    /// Bad input for files that cannot be read or flags that do not go together.
    fn fields(&self, verb: Verb, matches: &clap::ArgMatches) -> Result<Fields>;
}

/// How the puzzle's answers read and look.
pub trait Show {
    /// The figures and summary lines of a solved (or enumerated) answer; by default those
    /// of a plan ([`crate::text::plans`]).
    fn text(&self, answer: &Answer) -> String {
        crate::text::plans(answer)
    }

    /// The text of a `decode` answer that decoded.
    fn decoded_text(&self, answer: &Answer) -> String {
        crate::text::decoded_plan(answer)
    }

    /// The answer drawn as one SVG; a puzzle that draws nothing keeps the default, which
    /// says so.
    ///
    /// # Errors
    /// Bad input when the answer has nothing to draw.
    fn draw(&self, _instance: &Instance, _answer: &Answer) -> Result<String> {
        Err(Error::bad_input("this puzzle has no drawing (--svg)"))
    }
}

/// What benchmark writers and encoding provers need.
pub trait Bench {
    /// The labelled instances of a benchmark family; a puzzle without one keeps the
    /// default, which says so.
    ///
    /// # Errors
    /// Bad input for the family's options; unknown when an exact search gives up.
    fn family(&self, _req: &FamilyRequest, _env: &Env) -> Result<Vec<Labelled>> {
        Err(Error::bad_input("this puzzle has no benchmark family"))
    }

    /// `prove encodings`: every encoding against the rules on small instances, and the
    /// mutants of its clause families; a puzzle that proves none keeps the default, an
    /// empty report.
    ///
    /// # Errors
    /// A backend fails.
    fn prove_encodings(&self, _env: &Env, _quick: bool, _on: &mut dyn FnMut(Event)) -> Result<Proved> {
        Ok((Vec::new(), Vec::new()))
    }

    /// `prove invariants`: properties of the puzzle's circuits proved on every square size
    /// with a side in `sides`; `None` for a puzzle that states none.
    fn invariants(
        &self,
        _env: &Env,
        _sides: std::ops::RangeInclusive<usize>,
        _on: &mut dyn FnMut(Event),
    ) -> Option<Result<InvariantsReport>> {
        None
    }
}
