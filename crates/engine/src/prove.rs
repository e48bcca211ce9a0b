//! What `prove` reports: properties of a puzzle's circuits proved on every size, and every
//! encoding checked against its puzzle's rules (bounded equivalence), with mutants.

use serde::Serialize;

/// What became of one property on one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Proof {
    Proved,
    Fails,
    Unknown,
}

/// What one encoding's check against its puzzle's rules found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Equivalence {
    Equivalent,
    Differs,
}

impl Proof {
    pub fn word(self) -> &'static str {
        match self {
            Proof::Proved => "proved",
            Proof::Fails => "fails",
            Proof::Unknown => "unknown",
        }
    }
}

impl Equivalence {
    pub fn word(self) -> &'static str {
        match self {
            Equivalence::Equivalent => "equivalent",
            Equivalence::Differs => "differs",
        }
    }
}

/// One property on one size.
#[derive(Clone, Debug, Serialize)]
pub struct PropertyResult {
    pub property: &'static str,
    pub size: String,
    /// `proved`, `fails` or `unknown`.
    pub result: Proof,
    pub seconds: f64,
    /// The counterexample (boards before and after) or why it is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// Every property on every size asked for.
#[derive(Clone, Debug, Serialize)]
pub struct InvariantsReport {
    pub solver: String,
    pub results: Vec<PropertyResult>,
    /// True when every property was proved on every size.
    pub proved: bool,
}

/// One line when everything is proved; else every failure with its counterexample.
impl std::fmt::Display for InvariantsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sizes = match (self.results.first(), self.results.last()) {
            (Some(a), Some(b)) => format!("{} to {}", a.size, b.size),
            _ => "no size".into(),
        };
        if self.proved {
            return writeln!(f, "proved: (a), (b) and (c) on every size from {sizes} ({})", self.solver);
        }
        writeln!(f, "not proved ({sizes}):")?;
        for r in self.results.iter().filter(|r| r.result != Proof::Proved) {
            writeln!(f, "{} {}: {} {}", r.size, r.property, r.result.word(), r.detail.as_deref().unwrap_or(""))?;
        }
        Ok(())
    }
}

/// One encoding on one backend against the reference model.
#[derive(Clone, Debug, Serialize)]
pub struct EncodingResult {
    pub puzzle: &'static str,
    pub encoding: String,
    pub solver: String,
    /// What was covered, e.g. "every 2x2, 2x3, 3x2 start; 20 3x3, 5 3x4; k = 1..3".
    pub covered: String,
    pub queries: usize,
    /// `equivalent` or `differs`.
    pub result: Equivalence,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// One clause family dropped from one CNF encoding.
#[derive(Clone, Debug, Serialize)]
pub struct Mutation {
    pub encoding: String,
    pub family: &'static str,
    /// True when the checks noticed; false means the family is redundant on what was checked.
    pub caught: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// The whole `prove encodings` run.
#[derive(Clone, Debug, Serialize)]
pub struct EncodingsReport {
    pub results: Vec<EncodingResult>,
    pub mutations: Vec<Mutation>,
    /// True when every registered encoding is equivalent on every backend checked.
    pub proved: bool,
}

impl std::fmt::Display for EncodingsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in &self.results {
            writeln!(
                f,
                "{:<6} {:<8} {:<8} {:<11} {:>6} queries  {}",
                r.puzzle,
                r.encoding,
                r.solver,
                r.result.word(),
                r.queries,
                r.covered
            )?;
            if let Some(d) = &r.detail {
                writeln!(f, "       {d}")?;
            }
        }
        writeln!(f, "mutations (one clause family dropped):")?;
        for m in &self.mutations {
            let what = if m.caught { "caught" } else { "redundant here (no check noticed)" };
            writeln!(f, "  {:<8} without {:<14} {what}", m.encoding, m.family)?;
        }
        let verdict =
            if self.proved { "every registered encoding is equivalent on what was checked" } else { "NOT equivalent" };
        writeln!(f, "{verdict}")
    }
}

/// What a puzzle's `prove encodings` found: each encoding's check, and the mutants.
pub type Proved = (Vec<EncodingResult>, Vec<Mutation>);

/// The built-in backends `prove encodings` checks on: the embedded CaDiCaL for CNF and the
/// linked z3 for SMT-LIB2.
///
/// # Errors
/// A built-in solver that is not a backend (never).
pub fn backends(env: &crate::Env) -> crate::Result<(puzzlec_solve::Backend, puzzlec_solve::Backend)> {
    let backend = |id: &str| match env.solver(id)? {
        puzzlec_solve::Solver::Backend(b) => Ok(b),
        puzzlec_solve::Solver::Search => Err(crate::Error::unknown("the built-in backends are backends")),
    };
    Ok((backend("cadical")?, backend("z3")?))
}

/// Every encoding of `all` checked on the built-in backend that reads it (the embedded
/// CaDiCaL for CNF, the linked z3 for SMT-LIB2): `check` says what it covered and what it
/// found (queries, and the first difference), and each result is told as an event.
///
/// # Errors
/// A backend that cannot be made, or a check that fails.
pub fn each_encoding<E: puzzlec_encode::Encoding + ?Sized>(
    puzzle: &'static str,
    all: &[&'static E],
    env: &crate::Env,
    on: &mut dyn FnMut(crate::Event),
    mut check: impl FnMut(&'static E, &puzzlec_solve::Backend) -> crate::Result<(String, (usize, Option<String>))>,
) -> crate::Result<Vec<EncodingResult>> {
    let (cnf, smt) = backends(env)?;
    let mut results = Vec::new();
    for &e in all {
        let backend = if e.writes(puzzlec_ir::Form::Dimacs) { &cnf } else { &smt };
        let (covered, found) = check(e, backend)?;
        results.push(record(puzzle, e.name(), backend.id(), covered, found, on));
    }
    Ok(results)
}

/// One encoding's check as a result, told as an event too.
pub fn record(
    puzzle: &'static str,
    encoding: &str,
    solver: &str,
    covered: String,
    (queries, miss): (usize, Option<String>),
    on: &mut dyn FnMut(crate::Event),
) -> EncodingResult {
    let result = if miss.is_none() { Equivalence::Equivalent } else { Equivalence::Differs };
    let word = result.word();
    on(crate::Event::Proved { property: "bounded equivalence", size: encoding.to_owned(), result: word, seconds: 0.0 });
    EncodingResult { puzzle, encoding: encoding.into(), solver: solver.into(), covered, queries, result, detail: miss }
}
