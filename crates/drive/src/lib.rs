//! Drivers: the puzzle-level algorithms on top of encodings and backends. A horizon search
//! grows the plan length from a lower bound and proves optimality with an UNSAT answer; every
//! decoded plan is replayed through the reference model before it leaves this crate.

pub mod at_most;
pub mod enumerate;
pub mod enumerate_parallel;
pub mod equivalence;
pub mod horizon;
pub mod lowering;

use std::time::Duration;

use puzzlec_encode::DecodeError;
use puzzlec_ir::{Cnf, CnfModel, Model, SmtModel, SmtScript};
use puzzlec_solve::{Backend, Outcome, SolveError};

/// One problem in whichever intermediate form the backend reads.
pub enum Formula {
    Cnf(Cnf),
    Smt(Box<SmtScript>),
}

impl Formula {
    /// True when the formula was dropped for running past its deadline.
    pub fn abandoned(&self) -> bool {
        match self {
            Formula::Cnf(c) => puzzlec_ir::ClauseSink::abandoned(c),
            Formula::Smt(s) => s.abandoned(),
        }
    }

    /// True when building stopped at the clause cap ([`build_capped`]).
    pub fn too_large(&self) -> bool {
        matches!(self, Formula::Cnf(c) if c.too_large())
    }

    /// The file text: DIMACS or SMT-LIB2.
    pub fn to_text(&self) -> String {
        match self {
            Formula::Cnf(c) => c.to_dimacs(),
            Formula::Smt(s) => s.to_smt2(),
        }
    }
}

/// A model from either kind of backend.
pub enum AnyModel {
    Cnf(CnfModel),
    Smt(SmtModel),
}

impl Model for AnyModel {
    fn bool(&self, name: &str) -> Option<bool> {
        match self {
            AnyModel::Cnf(m) => m.bool(name),
            AnyModel::Smt(m) => m.bool(name),
        }
    }

    fn int(&self, name: &str) -> Option<i64> {
        match self {
            AnyModel::Cnf(m) => m.int(name),
            AnyModel::Smt(m) => m.int(name),
        }
    }
}

/// What is left of `limit` once the encoding that started at `started` is built; `None` when
/// building it used everything (the time limit covers encoding, not only solving).
pub fn left_after(started: std::time::Instant, limit: Duration) -> Option<Duration> {
    limit.checked_sub(started.elapsed()).filter(|l| !l.is_zero())
}

/// The reason given when encoding alone reached the time limit.
pub const ENCODING_TIMED_OUT: &str = "time limit reached while encoding";

/// Builds a formula with `build`, abandoned at `deadline` (when there is one): past it the
/// formula holds nothing and further clauses are dropped (see
/// `puzzlec_core::stop::building_until`), so an encoding nobody has time to solve costs
/// neither memory nor the rest of its building. The caller asks [`Formula::abandoned`].
pub fn build_by<F>(deadline: Option<std::time::Instant>, build: impl FnOnce() -> F) -> F {
    match deadline {
        Some(d) => puzzlec_core::stop::building_until(d, build),
        None => build(),
    }
}

/// The most clauses a formula built by [`build_capped`] may hold: about 400 MB of formula,
/// before any solver's copy of it. Encodings whose size no estimate bounds beforehand (a
/// sliding-block board's moves grow with its pieces, anchors and metric) stop there.
pub const MAX_CLAUSES: usize = 20_000_000;

/// What is said of a formula stopped at [`MAX_CLAUSES`].
pub fn too_large_words(encoding: &str, horizon: usize) -> String {
    format!(
        "encoding {encoding} at horizon {horizon} passes puzzlec's cap of {} million clauses (building stopped as soon as that was clear): a shorter horizon (--max-moves), a smaller board, or the exact search (--solver search)",
        MAX_CLAUSES / 1_000_000
    )
}

/// [`build_by`], and stopped at [`MAX_CLAUSES`] too (see [`Formula::too_large`]).
pub fn build_capped<F>(deadline: Option<std::time::Instant>, build: impl FnOnce() -> F) -> F {
    puzzlec_core::stop::building_within(MAX_CLAUSES, || build_by(deadline, build))
}

/// [`build_capped`] for a formula that grows with its horizon, built by `build(h)`: refused
/// at once when `horizon` steps cannot fit, as a formula [`Formula::too_large`] (of a
/// shorter horizon). Why: building twenty million clauses to learn that they pass the cap
/// takes seconds and the memory of the cap; the clauses of horizon 0 and of the one step
/// horizon 1 adds, built under the cap that step may use, say it at a fraction of that.
/// This holds for encodings whose every step at horizon H has at least the clauses of the
/// only step at horizon 1 (domains pruned from both ends only grow with the horizon).
pub fn build_by_horizon(
    deadline: Option<std::time::Instant>,
    horizon: usize,
    build: impl Fn(usize) -> Option<Formula>,
) -> Option<Formula> {
    if horizon >= 2 {
        // SMT-LIB scripts have no clause cap: they are built whole.
        if let Some(Formula::Cnf(zero)) = build_capped(deadline, || build(0)) {
            if zero.too_large() || puzzlec_ir::ClauseSink::abandoned(&zero) {
                return Some(Formula::Cnf(zero));
            }
            let fixed = zero.num_clauses();
            let per_step = MAX_CLAUSES.saturating_sub(fixed) / horizon;
            let one = puzzlec_core::stop::building_within(fixed + per_step, || build_by(deadline, || build(1)));
            if one.as_ref().is_some_and(|f| f.too_large() || f.abandoned()) {
                return one;
            }
        }
    }
    build_capped(deadline, || build(horizon))
}

/// An enumeration cut short while its formula was built: nothing found, nothing proved.
pub fn encoding_timed_out<P>() -> enumerate::Enumeration<P> {
    enumerate::Enumeration { solutions: Vec::new(), complete: false, stopped: Some(ENCODING_TIMED_OUT.into()) }
}

/// The enumeration of a formula that was not built whole (stopped at the clause cap or the
/// deadline, see [`build_capped`]): nothing found, nothing proved, and why; `None` when the
/// formula is whole.
pub fn cut_short<P>(form: &Formula, encoding: &str, horizon: usize) -> Option<enumerate::Enumeration<P>> {
    if form.too_large() {
        let stopped = Some(too_large_words(encoding, horizon));
        return Some(enumerate::Enumeration { solutions: Vec::new(), complete: false, stopped });
    }
    form.abandoned().then(encoding_timed_out)
}

/// Solves a form with a backend that reads it.
///
/// # Errors
/// As the backend's `solve_cnf` / `solve_smt`.
pub fn solve_form(backend: &Backend, form: &Formula, limit: Duration) -> Result<Outcome<AnyModel>, SolveError> {
    Ok(match form {
        Formula::Cnf(cnf) => match backend.solve_cnf(cnf, limit)? {
            Outcome::Sat(m) => Outcome::Sat(AnyModel::Cnf(m)),
            Outcome::Unsat => Outcome::Unsat,
            Outcome::Unknown(r) => Outcome::Unknown(r),
        },
        Formula::Smt(script) => match backend.solve_smt(script, limit)? {
            Outcome::Sat(m) => Outcome::Sat(AnyModel::Smt(m)),
            Outcome::Unsat => Outcome::Unsat,
            Outcome::Unknown(r) => Outcome::Unknown(r),
        },
    })
}

/// One horizon probed: the formula (built since `started`) solved within what is left of
/// `limit`, a model decoded (and replayed) by `decode`. The probe of every plan puzzle that
/// solves each horizon afresh.
///
/// # Errors
/// The backend fails, or `decode` refuses the model.
pub fn probe<P>(
    backend: &Backend,
    form: &Formula,
    (started, limit): (std::time::Instant, Duration),
    decode: impl FnOnce(&AnyModel) -> Result<P, DriveError>,
) -> Result<Outcome<P>, DriveError> {
    let Some(limit) = left_after(started, limit).filter(|_| !form.abandoned()) else {
        return Ok(Outcome::Unknown(ENCODING_TIMED_OUT.into()));
    };
    Ok(match solve_form(backend, form, limit)? {
        Outcome::Sat(m) => Outcome::Sat(decode(&m)?),
        Outcome::Unsat => Outcome::Unsat,
        Outcome::Unknown(r) => Outcome::Unknown(r),
    })
}

/// Why a drive did not produce an answer. Every variant names the solver.
#[derive(Debug, thiserror::Error)]
pub enum DriveError {
    #[error(transparent)]
    Solve(#[from] SolveError),
    #[error("solver {solver} returned a model that does not decode ({source})")]
    Decode { solver: String, source: DecodeError },
    #[error("solver {solver} returned a plan that fails replay: {detail}")]
    Replay { solver: String, detail: String },
}
