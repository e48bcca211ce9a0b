//! A magic figure's `solve` through the filling pipeline ([`puzzlec_engine::fill`]), for
//! every puzzle built on line sums: the encoding that suits the instance, the size cap,
//! certification, and the enumeration. What is the puzzle's own (how fillings are shown,
//! what "none" means in its words) comes in through [`Look`].

use std::time::{Duration, Instant};

use crate::drive as magic;
use crate::encodings::{self, MagicEncoding, MagicProblem};
use puzzlec_drive::enumerate::Enumeration;
use puzzlec_drive::DriveError;
use puzzlec_engine::answer::Answer;
use puzzlec_engine::certify::Certification;
use puzzlec_engine::env::{self, Env};
use puzzlec_engine::error::{Error, ErrorKind, Result};
use puzzlec_engine::event::Event;
use puzzlec_engine::{fill, Request};
use puzzlec_ir::Cnf;
use puzzlec_solve::{Backend, Outcome};

/// What a puzzle adds to a filling run.
pub trait Look {
    /// Writes the (checked) fillings into the answer; every one when `complete` is given.
    fn show(&self, answer: &mut Answer, p: &MagicProblem, fillings: &[Vec<i64>], complete: Option<bool>);
    /// The reason and words of "none exists", without givens and with them.
    fn none(&self, givens: bool) -> (&'static str, &'static str);
}

/// The encoding named `name` among the line-sum encodings.
///
/// # Errors
/// Bad input naming the puzzle's encodings when there is none of that name.
pub fn encoding(puzzle: &str, name: &str) -> Result<&'static dyn MagicEncoding> {
    puzzlec_engine::choose::named(puzzle, &encodings::ALL, name)
}

/// The text of `p` emitted in `format` by the encoding named (or the one that suits the
/// instance in that form): what `emit` writes for every puzzle built on line sums.
///
/// # Errors
/// Bad input for names, forms and an encoding that cannot write the problem.
pub fn emit(puzzle: &str, p: &MagicProblem, named: Option<&str>, format: puzzlec_solve::Form) -> Result<String> {
    let default = match format {
        puzzlec_solve::Form::Dimacs => encodings::preferred(p),
        form => puzzlec_engine::choose::first_in(&encodings::ALL, form),
    };
    let encoding = puzzlec_engine::choose::writing(puzzle, &encodings::ALL, named, default, format)?;
    encodings::check_size(encoding, p).map_err(Error::bad_input)?;
    let formula = magic::encode(encoding, p, format);
    Ok(formula.ok_or_else(|| Error::bad_input("the encoding wrote nothing"))?.to_text())
}

/// Solves `problem` for `request` (its options) and writes the answer begun as `answer`;
/// a problem that is `Err` of kind no-solution (values without an integer sum) is
/// answered "none" with its message at once.
///
/// # Errors
/// Bad input (names, size); unknown when a solver fails or lies.
pub fn solve(
    problem: Result<MagicProblem>,
    up_to_symmetry: bool,
    request: &Request,
    env: &Env,
    look: &dyn Look,
    mut answer: Answer,
    on: &mut dyn FnMut(Event),
) -> Result<Answer> {
    let options = &request.options;
    let puzzle = request.puzzle.as_str();
    let started = Instant::now();
    let deadline = env::deadline(options.timeout)?;
    let solver = env.solver(options.solver.as_deref().unwrap_or("cadical"))?;
    let Some(backend) = solver.backend() else {
        let mut a = searched(problem, request, deadline, look, answer)?;
        a.time_ms = Some(started.elapsed().as_millis() as u64);
        return Ok(a);
    };
    // Without a name, the CNF encoding that suits this instance (its tables' size decides).
    let suits = match (&problem, backend.form()) {
        (Ok(p), puzzlec_solve::Form::Dimacs) => Some(encodings::preferred(p)),
        _ => None,
    };
    let requested = options.encoding.as_deref().or(suits);
    let encoding = puzzlec_engine::choose::for_backend(puzzle, &encodings::ALL, requested, backend)?;
    answer.encoding = Some(encoding.name().into());
    answer.solver = Some(backend.id().into());
    let finish = |mut a: Answer| {
        a.time_ms = Some(started.elapsed().as_millis() as u64);
        Ok(a)
    };
    let p = match problem {
        Ok(p) => p,
        Err(e) if e.kind() == ErrorKind::NoSolution => {
            return finish(answer.no_solution(Some("no-integer-magic-sum"), e.message()))
        }
        Err(e) => return Err(e),
    };
    if let Err(why) = encodings::check_size(encoding, &p) {
        // Past the size cap the default, for one filling, is the local search alone.
        let searchable = p.magic.is_some() && !options.all && !options.certify;
        if options.solver.is_none() && options.encoding.is_none() && searchable {
            return finish(searched(Ok(p), request, deadline, look, Answer { encoding: None, ..answer })?);
        }
        return Err(Error::bad_input(why));
    }
    // Known before any solver runs: said also when none is found, or in time.
    answer.set_own("magic_sum", p.magic);
    let cert = Certification::start(options, &solver, env, deadline)?;
    puzzlec_engine::certify::needs_cnf(
        cert.is_some(),
        encoding.name(),
        encoding.writes(puzzlec_ir::Form::Dimacs),
        Some(encodings::preferred(&p)),
    )?;
    // Unnamed, the solver is the default and may race the local search beside it.
    let race = options.solver.is_none();
    let fill = Fill { encoding, backend, p, look, race, by_search: std::cell::Cell::new(false) };
    let how = fill::Enumerate { all: options.all, up_to_symmetry, deadline, timeout: options.timeout };
    finish(fill::enumerate(&fill, &how, answer, cert, on)?)
}

/// `--solver search`: one filling by local search on every core, or "unknown" (it proves
/// nothing, so `--all`, `--certify` and an open sum are refused with the way out).
///
/// # Errors
/// Bad input for what the search cannot do; a filling that fails the check.
fn searched(
    problem: Result<MagicProblem>,
    request: &Request,
    deadline: Option<Instant>,
    look: &dyn Look,
    mut answer: Answer,
) -> Result<Answer> {
    let options = &request.options;
    let refuse = |what: &str| {
        Error::bad_input(format!(
            "--solver search is a local search: it finds one filling and proves nothing, so {what}; use a SAT or SMT solver (cadical, z3, or one of solvers.toml)"
        ))
    };
    if options.all {
        return Err(refuse("--all (which claims there are no more) needs a proof"));
    }
    if options.certify {
        return Err(refuse("--certify has no claim to certify"));
    }
    answer.solver = Some(magic::local::SOLVER.into());
    let p = match problem {
        Ok(p) => p,
        Err(e) if e.kind() == ErrorKind::NoSolution => {
            return Ok(answer.no_solution(Some("no-integer-magic-sum"), e.message()))
        }
        Err(e) => return Err(e),
    };
    answer.set_own("magic_sum", p.magic);
    if !magic::local::applies(&p) {
        return Err(refuse(
            "an open sum (sum = \"equal\" where the figure does not imply it) is left to the solvers that choose it",
        ));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    Ok(match magic::local::search(&p, deadline, threads).map_err(|e| Error::unknown(e.to_string()))? {
        Some(filling) => {
            look.show(&mut answer, &p, &[filling], None);
            answer
        }
        None => answer.unknown(env::limit_reason(options.timeout, deadline, "the local search found no filling")),
    })
}

/// One problem with its encoding and backend, as the enumeration sees it.
struct Fill<'a> {
    encoding: &'static dyn MagicEncoding,
    backend: &'a Backend,
    p: MagicProblem,
    look: &'a dyn Look,
    /// Whether one filling races the local search beside the SAT cubes (the default solver,
    /// not named: `--solver cadical` runs the cubes alone).
    race: bool,
    /// Whether the local search racing the SAT cubes found the filling shown.
    by_search: std::cell::Cell<bool>,
}

impl Fill<'_> {
    /// The problem, with the symmetry-breaking facts when `classes`.
    fn of(&self, classes: bool) -> MagicProblem {
        MagicProblem { break_symmetry: classes, ..self.p.clone() }
    }
}

impl fill::Fillings for Fill<'_> {
    /// Classes need the whole symmetry (no givens) and distinct values (then every class
    /// has one member per symmetry, and the breaking pairs keep exactly one).
    fn symmetric(&self) -> bool {
        self.p.givens.is_empty() && self.p.distinct
    }

    fn one(&self, classes: bool, limit: Duration) -> std::result::Result<Outcome<Vec<i64>>, DriveError> {
        let p = self.of(classes);
        if !self.race {
            return magic::solve_one(self.encoding, self.backend, &p, limit);
        }
        let (outcome, by_search) = magic::solve_one_racing(self.encoding, self.backend, &p, limit)?;
        self.by_search.set(by_search);
        Ok(outcome)
    }

    fn classes(
        &self,
        deadline: Option<Instant>,
        found: &mut dyn FnMut(usize),
    ) -> std::result::Result<fill::Classes, DriveError> {
        let magic::Classes { all, classes } =
            magic::all_by_classes(self.encoding, self.backend, &self.p, deadline, found)?;
        Ok(fill::Classes { members: all, representatives: classes })
    }

    fn every(
        &self,
        deadline: Option<Instant>,
        found: &mut dyn FnMut(usize),
    ) -> std::result::Result<Enumeration<Vec<i64>>, DriveError> {
        magic::all_fillings(self.encoding, self.backend, &self.p, deadline, found)
    }

    fn canonical(&self, filling: &[i64]) -> Vec<i64> {
        self.p.shape.orbit(filling).swap_remove(0)
    }

    fn cnf(&self, classes: bool) -> Option<Cnf> {
        match magic::encode(self.encoding, &self.of(classes), puzzlec_solve::Form::Dimacs) {
            Some(puzzlec_drive::Formula::Cnf(cnf)) => Some(cnf),
            _ => None,
        }
    }

    fn blocking(&self, filling: &[i64]) -> Vec<(String, i64)> {
        self.encoding.blocking(filling)
    }

    fn refute(&self) -> Result<()> {
        refute_lie(self.backend, &self.p)
    }

    fn none(&self) -> (&'static str, &'static str) {
        self.look.none(!self.p.givens.is_empty())
    }

    fn show(&self, answer: &mut Answer, fillings: &[Vec<i64>], complete: Option<bool>) {
        self.look.show(answer, &self.p, fillings, complete);
        if self.by_search.get() {
            answer.solver = Some(magic::local::SOLVER.into());
            answer.encoding = None;
        }
    }

    fn expansion(&self) -> String {
        format!("each class is expanded by the {} symmetries, every member checked", self.p.shape.symmetries.len())
    }
}

/// Before "none exists" is printed on another solver's word, the embedded SAT solver looks
/// for a filling (a few milliseconds): one that checks means the UNSAT was a lie. `--certify`'s
/// proofs make the claim checkable; this only keeps a wrong one from being printed.
fn refute_lie(backend: &Backend, p: &MagicProblem) -> Result<()> {
    let embedded = Backend::embedded_sat();
    if backend.id() == embedded.id() {
        return Ok(());
    }
    let preferred = encoding(p.puzzle, encodings::preferred(p))?;
    if encodings::check_size(preferred, p).is_err() {
        // No CNF of this problem can be written (an open sum with too many sums to list).
        return Ok(());
    }
    if let Ok(Outcome::Sat(values)) = magic::solve_one(preferred, &embedded, p, Duration::from_secs(5)) {
        let shown: Vec<String> = values.iter().map(i64::to_string).collect();
        return Err(Error::unknown(format!(
            "solver {} answered UNSAT, but the embedded SAT solver finds a filling that checks ({}): the solver is wrong",
            backend.id(),
            shown.join(" ")
        )));
    }
    Ok(())
}
