//! Magic figures through an encoding and a backend: one filling, every filling (blocking
//! each), or every symmetry class followed by expanding each class through the figure's
//! symmetries. Every filling is checked by the reference model before it is returned. On
//! the embedded solver the enumeration is split into one cube per value of a cell, shared
//! out over the cores, each solver branching first-fail on cells ([`crate::drive::branching`]).

pub(crate) mod branching;
pub(crate) mod equivalence;
pub mod fill;
pub(crate) mod local;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::encodings::{MagicEncoding, MagicProblem};
use crate::rules::check_filling;
use puzzlec_ir::{Cnf, Lit, Model};
use puzzlec_solve::{Backend, Form, Outcome};

use puzzlec_drive::enumerate::{enumerate, Enumeration, Settings};
use puzzlec_drive::enumerate_parallel::{enumerate_parallel, Parallel};
use puzzlec_drive::{solve_form, AnyModel, DriveError, Formula};

/// The header line that lets `decode` rebuild the problem.
pub fn header(encoding: &dyn MagicEncoding, p: &MagicProblem) -> String {
    let givens: Vec<String> = p.givens.iter().map(|(c, v)| format!("{}={v}", c + 1)).collect();
    let givens = if givens.is_empty() { "none".to_owned() } else { givens.join(",") };
    // The classic values 1..cells go without saying (files written before other ranges).
    let values = match p.natural() {
        true => String::new(),
        false => format!(" values={}..{}", p.values[0], p.values[p.values.len() - 1]),
    };
    let magic = p.magic.map_or("equal".to_owned(), |m| m.to_string());
    format!(
        "puzzlec {} encoding={} {} magic={magic} symmetry={} givens={givens}{values}",
        p.puzzle,
        encoding.name(),
        p.id,
        if p.break_symmetry { "broken" } else { "kept" }
    )
}

/// Encodes the problem in the form `input`, if the encoding has that form.
pub fn encode(encoding: &dyn MagicEncoding, p: &MagicProblem, input: Form) -> Option<Formula> {
    if !encoding.writes(input) {
        return None;
    }
    Some(if encoding.writes(puzzlec_ir::Form::Dimacs) {
        let mut f = Cnf::new();
        f.comment(header(encoding, p));
        encoding.write_cnf(p, &mut f);
        Formula::Cnf(f)
    } else {
        let mut s = encoding.smt(p);
        s.comment(header(encoding, p));
        Formula::Smt(Box::new(s))
    })
}

/// Decodes a model and checks it: a magic filling that honours the givens.
///
/// # Errors
/// Undecodable models and fillings that break a rule, naming the solver.
pub fn decode_checked(
    encoding: &dyn MagicEncoding,
    solver: &str,
    p: &MagicProblem,
    model: &dyn Model,
) -> Result<Vec<i64>, DriveError> {
    let values =
        encoding.decode(model, p).map_err(|source| DriveError::Decode { solver: solver.to_owned(), source })?;
    check(solver, p, &values)?;
    Ok(values)
}

fn check(solver: &str, p: &MagicProblem, values: &[i64]) -> Result<(), DriveError> {
    let fail = |detail: String| DriveError::Replay { solver: solver.to_owned(), detail };
    check_filling(p.rules(), values).map_err(|e| fail(e.to_string()))?;
    for &(c, v) in &p.givens {
        if values[c] != v {
            return Err(fail(format!("cell {} holds {} but was given {v}", p.shape.names[c], values[c])));
        }
    }
    Ok(())
}

/// The formula for `backend`, abandoned at `deadline` ([`puzzlec_drive::build_by`]).
fn form_for(
    encoding: &dyn MagicEncoding,
    backend: &Backend,
    p: &MagicProblem,
    deadline: Option<Instant>,
) -> Result<Formula, DriveError> {
    puzzlec_drive::build_by(deadline, || encode(encoding, p, backend.form()))
        .ok_or_else(|| DriveError::Solve(backend.wrong_input(&encoding.forms_text())))
}

/// One filling, or `None` when the solver proved there is none.
///
/// # Errors
/// Solver failures and fillings that fail the check (an unknown answer is `Outcome::Unknown`).
pub fn solve_one(
    encoding: &dyn MagicEncoding,
    backend: &Backend,
    p: &MagicProblem,
    limit: Duration,
) -> Result<Outcome<Vec<i64>>, DriveError> {
    solve_with(encoding, backend, p, limit, cores())
}

/// One filling as [`solve_one`] finds it, but on the embedded solver for an instance past
/// `cnf`'s tables with the local search racing the SAT cubes on one core ([`local`]); true
/// beside the filling when the local search found it.
///
/// # Errors
/// As [`solve_one`].
pub fn solve_one_racing(
    encoding: &dyn MagicEncoding,
    backend: &Backend,
    p: &MagicProblem,
    limit: Duration,
) -> Result<(Outcome<Vec<i64>>, bool), DriveError> {
    let embedded = backend.id() == Backend::embedded_sat().id();
    if !embedded || !local::applies(p) || crate::encodings::preferred(p) != "unary" {
        return Ok((solve_one(encoding, backend, p, limit)?, false));
    }
    let deadline = Instant::now() + limit;
    let threads = cores().saturating_sub(1).max(1);
    let (sat, found) = local::race(p, Some(deadline), || solve_with(encoding, backend, p, limit, threads))?;
    match found {
        Some(filling) => Ok((Outcome::Sat(filling), true)),
        None => Ok((sat?, false)),
    }
}

/// The machine's cores.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn solve_with(
    encoding: &dyn MagicEncoding,
    backend: &Backend,
    p: &MagicProblem,
    limit: Duration,
    threads: usize,
) -> Result<Outcome<Vec<i64>>, DriveError> {
    let started = Instant::now();
    let form = form_for(encoding, backend, p, Some(started + limit))?;
    let Some(limit) = puzzlec_drive::left_after(started, limit).filter(|_| !form.abandoned()) else {
        return Ok(Outcome::Unknown(puzzlec_drive::ENCODING_TIMED_OUT.into()));
    };
    if let Formula::Cnf(cnf) = &form {
        if let Some(raced) = race(encoding, backend, p, cnf, Instant::now() + limit, threads) {
            return raced;
        }
    }
    Ok(match solve_form(backend, &form, limit)? {
        Outcome::Sat(m) => Outcome::Sat(decode_checked(encoding, backend.id(), p, &m as &dyn Model)?),
        Outcome::Unsat => Outcome::Unsat,
        Outcome::Unknown(r) => Outcome::Unknown(r),
    })
}

/// One filling on the embedded solver, the cubes (one per value of the first free cell,
/// smallest first) raced over the cores, each solver branching first-fail on cells: the
/// first model wins, "none" needs every cube UNSAT. Why: one CDCL run on a large order has
/// a long-tailed time, cubes cut it (on one core too, taken in turn), and the branching is
/// what finds large orders at all. `None` for other backends or formulas without cell names.
fn race(
    encoding: &dyn MagicEncoding,
    backend: &Backend,
    p: &MagicProblem,
    cnf: &Cnf,
    deadline: Instant,
    threads: usize,
) -> Option<Result<Outcome<Vec<i64>>, DriveError>> {
    if p.shape.cells() < 2 {
        return None;
    }
    let solver = backend.id().to_owned();
    let decode = |m: &AnyModel| decode_checked(encoding, &solver, p, m);
    let out = in_cubes(backend, p, cnf, Some(deadline), &decode, true, threads)?;
    Some(out.map(|e| match (e.solutions.into_iter().next(), e.complete) {
        (Some(filling), _) => Outcome::Sat(filling),
        (None, true) => Outcome::Unsat,
        (None, false) => Outcome::Unknown(e.stopped.unwrap_or_else(|| "stopped".into())),
    }))
}

/// Every filling of the problem as encoded (classes only, when symmetry is broken).
///
/// # Errors
/// As [`solve_one`].
pub fn all_fillings(
    encoding: &dyn MagicEncoding,
    backend: &Backend,
    p: &MagicProblem,
    deadline: Option<Instant>,
    found: &mut dyn FnMut(usize),
) -> Result<Enumeration<Vec<i64>>, DriveError> {
    let form = form_for(encoding, backend, p, deadline)?;
    if form.abandoned() {
        return Ok(puzzlec_drive::encoding_timed_out());
    }
    let solver = backend.id().to_owned();
    let decode = |m: &AnyModel| decode_checked(encoding, &solver, p, m);
    if let Formula::Cnf(cnf) = &form {
        if let Some(out) = all_fillings_parallel(backend, p, cnf, deadline, &decode) {
            let out = out?;
            found(out.solutions.len());
            return Ok(out);
        }
    }
    enumerate(
        backend,
        form,
        deadline,
        Settings { cadical_config: Some(PRESET), ..Settings::default() },
        decode,
        |values| encoding.blocking(values),
        found,
    )
}

/// CaDiCaL's "sat" preset: `solve hex --all` in 70 ms instead of 100 ms (make bench, CaDiCaL
/// 1.9; with CaDiCaL 3 and the branching below, presets change the time within noise). One
/// filling of order 4 with 3..39 (unary, two cores): 13.7 s plain, 10.7 s with the preset,
/// 2.1 s with the branching, 0.9 s with both.
const PRESET: &str = "sat";

/// `all_fillings` on the embedded solver: one cube per value of the first cell not given,
/// shared out over the machine's cores ([`puzzlec_drive::enumerate_parallel`]), each solver branching
/// first-fail on cells ([`crate::drive::branching`]). `None` for other backends or encodings
/// without cell variables.
fn all_fillings_parallel(
    backend: &Backend,
    p: &MagicProblem,
    cnf: &Cnf,
    deadline: Option<Instant>,
    decode: &(dyn Fn(&AnyModel) -> Result<Vec<i64>, DriveError> + Sync),
) -> Option<Result<Enumeration<Vec<i64>>, DriveError>> {
    let out = in_cubes(backend, p, cnf, deadline, decode, false, cores())?;
    // Threads finish in any order: the classes come back sorted.
    Some(out.map(|mut e| {
        e.solutions.sort();
        e
    }))
}

/// The cubes (one per value of the first cell not given, smallest first) over the cores,
/// every model of each, or only the first model of all when `first`.
fn in_cubes(
    backend: &Backend,
    p: &MagicProblem,
    cnf: &Cnf,
    deadline: Option<Instant>,
    decode: &(dyn Fn(&AnyModel) -> Result<Vec<i64>, DriveError> + Sync),
    first: bool,
    threads: usize,
) -> Option<Result<Enumeration<Vec<i64>>, DriveError>> {
    use crate::encodings::cnf::var_name;
    crate::drive::branching::CellFirstFail::new(cnf, p.shape.cells(), &p.values, false)?;
    let index: HashMap<&str, Lit> = cnf.names().iter().map(|(v, n)| (n.as_str(), *v as Lit)).collect();
    let n = p.shape.cells();
    let cell = (0..n).find(|c| p.givens.iter().all(|(g, _)| g != c)).unwrap_or(0);
    let cubes: Vec<Vec<Lit>> =
        p.values.iter().map(|&v| index.get(var_name(cell, v).as_str()).map(|&l| vec![l])).collect::<Option<_>>()?;
    let block = |values: &Vec<i64>| -> Vec<Lit> {
        values.iter().enumerate().filter_map(|(c, &v)| index.get(var_name(c, v).as_str()).map(|&l| -l)).collect()
    };
    // Racing for one filling, the threads branch largest value first and smallest first in
    // turn (each order is far faster on some instances); enumerating, smallest first.
    let made = std::sync::atomic::AtomicUsize::new(0);
    let make = |cnf: &Cnf| {
        let descending = first && made.fetch_add(1, std::sync::atomic::Ordering::SeqCst).is_multiple_of(2);
        crate::drive::branching::CellFirstFail::new(cnf, p.shape.cells(), &p.values, descending)
            .map(|b| Box::new(b) as Box<dyn puzzlec_solve::propagator::Propagator>)
    };
    let how = Parallel { threads, cadical_config: Some(PRESET), propagator: Some(&make), first };
    enumerate_parallel(backend, cnf, &cubes, deadline, &how, decode, &block)
}

/// Every filling, and the class representatives it was expanded from.
pub struct Classes {
    pub all: Vec<Vec<i64>>,
    pub classes: Enumeration<Vec<i64>>,
}

/// Every filling: enumerate one per symmetry class (symmetry broken in the encoding), then
/// expand each class by the shape's symmetries, checking every member. Only valid without
/// givens (givens are not symmetric) and with distinct values (each class has as many
/// members as symmetries).
///
/// # Errors
/// As [`solve_one`], and a member of a class that fails the check.
pub fn all_by_classes(
    encoding: &dyn MagicEncoding,
    backend: &Backend,
    p: &MagicProblem,
    deadline: Option<Instant>,
    found: &mut dyn FnMut(usize),
) -> Result<Classes, DriveError> {
    assert!(p.givens.is_empty(), "classes expand only without givens");
    let broken = MagicProblem { break_symmetry: true, ..p.clone() };
    let classes = all_fillings(encoding, backend, &broken, deadline, found)?;
    let mut all = Vec::new();
    for rep in &classes.solutions {
        for member in p.shape.orbit(rep) {
            check(backend.id(), p, &member)?;
            all.push(member);
        }
    }
    all.sort();
    all.dedup();
    Ok(Classes { all, classes })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::Hexagon;

    fn problem(order: usize, symmetry: bool) -> MagicProblem {
        let hex = Hexagon::new(order).unwrap();
        MagicProblem { break_symmetry: symmetry, ..MagicProblem::hexagon(&hex, hex.natural_values()).unwrap() }
    }

    #[test]
    fn plain_enumeration_finds_12_and_classes_agree() {
        let cadical = Backend::embedded_sat();
        let plain =
            all_fillings(&crate::encodings::cnf::CnfEncoding, &cadical, &problem(3, false), None, &mut |_| {}).unwrap();
        assert!(plain.complete);
        let mut plain = plain.solutions;
        plain.sort();
        assert_eq!(plain.len(), 12);
        let by_classes =
            all_by_classes(&crate::encodings::cnf::CnfEncoding, &cadical, &problem(3, false), None, &mut |_| {})
                .unwrap();
        assert_eq!(by_classes.classes.solutions.len(), 1);
        assert_eq!(by_classes.all, plain);
        let z3 = Backend::from(puzzlec_solve::linked_z3::LinkedZ3);
        let by_lia = all_by_classes(&crate::encodings::lia::Lia, &z3, &problem(3, false), None, &mut |_| {}).unwrap();
        assert_eq!(by_lia.all, plain);
    }

    /// The cubes are shared out over threads: a run out of time is never called complete,
    /// and with givens (cubes on the first free cell) the count matches the oracle's.
    #[test]
    fn shared_cubes_stop_in_time_and_honour_givens() {
        let cadical = Backend::embedded_sat();
        let cnf = crate::encodings::cnf::CnfEncoding;
        let past = Some(Instant::now());
        let late = all_fillings(&cnf, &cadical, &problem(3, false), past, &mut |_| {}).unwrap();
        assert!(!late.complete && late.stopped.is_some());
        let hex = Hexagon::new(3).unwrap();
        let every = crate::rules::brute::all_fillings(&hex.shape(), &hex.natural_values(), 38);
        let given = MagicProblem { givens: vec![(0, every[0][0])], ..problem(3, false) };
        let found = all_fillings(&cnf, &cadical, &given, None, &mut |_| {}).unwrap();
        let expected = every.iter().filter(|f| f[0] == every[0][0]).count();
        assert!(found.complete);
        assert_eq!(found.solutions.len(), expected);
    }

    #[test]
    fn order_one_has_one_filling() {
        let cadical = Backend::embedded_sat();
        let all =
            all_fillings(&crate::encodings::cnf::CnfEncoding, &cadical, &problem(1, false), None, &mut |_| {}).unwrap();
        assert_eq!(all.solutions, vec![vec![1]]);
        assert!(all.complete);
    }
}
