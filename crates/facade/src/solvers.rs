//! `solvers [--check]`: every solver a request may name, built in and registered, and
//! whether its binary is there (and, with a check, what version it says it is).

use puzzlec_solve::{Backend, Form, Solver};
use serde::Serialize;

use crate::env::Env;
use crate::error::Result;

/// One row of the listing.
#[derive(Clone, Debug, Serialize)]
pub struct SolverRow {
    pub id: String,
    /// `smt2`, `dimacs`, or `-` for the search.
    pub input: &'static str,
    pub found: bool,
    /// `(linked)`, `(embedded)`, `(built in)` or the binary's path.
    pub binary: Option<String>,
    pub version: Option<String>,
}

/// The listing and where the registry came from.
#[derive(Clone, Debug, Serialize)]
pub struct SolverList {
    pub registry: String,
    pub solvers: Vec<SolverRow>,
}

fn input_word(kind: Form) -> &'static str {
    match kind {
        Form::Smt2 => "smt2",
        Form::Dimacs => "dimacs",
    }
}

/// Lists the solvers; `check` runs each external binary once to read its version.
///
/// # Errors
/// A registry file that cannot be read or does not parse.
pub fn list(env: &Env, check: bool) -> Result<SolverList> {
    let registry = env.registry()?;
    let mut rows = Vec::new();
    for id in Backend::built_in() {
        let backend = Backend::resolve(id, &registry)?;
        rows.push(SolverRow {
            id: id.to_owned(),
            input: input_word(backend.form()),
            found: true,
            binary: Some(if backend.form() == Form::Smt2 { "(linked)" } else { "(embedded)" }.into()),
            version: backend.version(),
        });
    }
    rows.push(SolverRow {
        id: Solver::SEARCH_ID.into(),
        input: "-",
        found: true,
        binary: Some("(built in)".into()),
        version: Some("exact BFS / IDA*".into()),
    });
    for spec in registry.solvers() {
        let binary = registry.locate(spec);
        let version = match &binary {
            Some(b) if check => {
                Some(puzzlec_solve::version::of_binary(b).unwrap_or_else(|| "(no version answer)".into()))
            }
            Some(_) => None,
            None => Some(format!("not usable: {}", registry.why_missing(spec))),
        };
        rows.push(SolverRow {
            id: spec.id.clone(),
            input: input_word(spec.input),
            found: binary.is_some(),
            binary: binary.map(|b| b.display().to_string()),
            version,
        });
    }
    Ok(SolverList { registry: registry.origin().to_owned(), solvers: rows })
}

/// The listing as a table, as `puzzlec solvers` prints it.
impl std::fmt::Display for SolverList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "registry: {}\n{:<12} {:<7} {:<28} version", self.registry, "id", "input", "binary")?;
        for r in &self.solvers {
            let binary = r.binary.as_deref().unwrap_or("-");
            writeln!(f, "{:<12} {:<7} {binary:<28} {}", r.id, r.input, r.version.as_deref().unwrap_or(""))?;
        }
        Ok(())
    }
}

/// Every solver id a request may name: built in, then the registry's (./solvers.toml, else
/// the built-in registry; a file that does not parse lists the built-in ones only).
pub fn ids() -> Vec<String> {
    match puzzlec_solve::Registry::load(None) {
        Ok(r) => r.all_ids(),
        Err(_) => Backend::built_in().map(str::to_owned).chain([Solver::SEARCH_ID.to_owned()]).collect(),
    }
}
