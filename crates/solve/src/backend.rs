//! The backend capabilities (small traits, as rustsat splits them) and the backend a solver id
//! resolves to.

use std::time::Duration;

use puzzlec_ir::{Cnf, CnfModel, SmtModel, SmtScript};

use crate::embedded_cadical::EmbeddedCadical;
use crate::external::External;
use crate::linked_z3::LinkedZ3;
use crate::registry::{Form, Registry};

pub use puzzlec_ir::Outcome;

/// Why a solver could not be used or did not answer properly.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("solver {id:?} is not in the registry {registry} (known: {known})")]
    UnknownId { id: String, registry: String, known: String },
    #[error("solver {id:?} (registry {registry}) needs the binary {binary:?}, but {why}")]
    BinaryMissing { id: String, binary: String, registry: String, why: String },
    #[error("solver {id} reads {takes} but this encoding offers only {offers}")]
    WrongInput { id: String, takes: Form, offers: String },
    #[error("could not start solver {id} ({command}): {source}")]
    Spawn { id: String, command: String, source: std::io::Error },
    /// `said` names the stream it quotes: "its stderr begins:\n...", or its stdout's.
    #[error("solver {id} failed ({status}) without an answer; {said}")]
    Failed { id: String, status: String, said: String },
    #[error("solver {id} printed something that is not an answer ({reason}); its output begins:\n{head}")]
    Garbage { id: String, reason: String, head: String },
    #[error("solver {id}: {reason}")]
    Internal { id: String, reason: String },
    #[error("temporary files for solver {id}: {source}")]
    Io { id: String, source: std::io::Error },
}

/// Solves CNF.
pub trait SolveCnf {
    /// # Errors
    /// The solver could not run or answered with something that is not an answer.
    fn solve_cnf(&self, cnf: &Cnf, limit: Duration) -> Result<Outcome<CnfModel>, SolveError>;
}

/// Solves SMT-LIB2 scripts.
pub trait SolveSmt {
    /// # Errors
    /// The solver could not run or answered with something that is not an answer.
    fn solve_smt(&self, script: &SmtScript, limit: Duration) -> Result<Outcome<SmtModel>, SolveError>;
}

/// What every backend is: a solver with an id, reading one form, under a time limit. Its
/// capabilities are small traits it may offer: one-shot CNF or SMT-LIB2 solving
/// ([`SolveCnf`], [`SolveSmt`]), a live solver with assumptions ([`crate::Incremental`], to
/// which an external propagator may connect), being a program of its own whose command line
/// jobs and proofs use ([`External`]). Drivers ask for a capability, never for a solver by
/// name. A new built-in backend is one file implementing this trait and one line in
/// [`Backend::BUILT_IN`].
pub trait Solve: Send + Sync {
    fn id(&self) -> &str;
    /// The intermediate form it reads.
    fn form(&self) -> Form;
    /// What it says its version is.
    fn version(&self) -> Option<String>;
    /// One-shot CNF solving, when it reads CNF.
    fn cnf(&self) -> Option<&dyn SolveCnf> {
        None
    }
    /// One-shot SMT-LIB2 solving, when it reads SMT-LIB2.
    fn smt(&self) -> Option<&dyn SolveSmt> {
        None
    }
    /// A live solver loaded with `cnf` (`config`: the solver's presets and option settings,
    /// `sat,reduceint=2` for CaDiCaL, where it has them), when it offers one.
    fn session(&self, _cnf: &Cnf, _config: Option<&str>) -> Option<Box<dyn crate::Incremental>> {
        None
    }
    /// A live solver that writes a DRAT proof into `proof` while it solves
    /// ([`crate::proof`]), when this backend can.
    fn proving_session(&self, _proof: &std::path::Path) -> Option<std::io::Result<Box<dyn crate::Incremental>>> {
        None
    }
    /// The program behind it, when it is one (a registry entry).
    fn program(&self) -> Option<&External> {
        None
    }
}

/// How a built-in backend is made.
pub type Make = fn() -> Backend;

/// A backend, as drivers hold it.
pub struct Backend(Box<dyn Solve>);

impl<S: Solve + 'static> From<S> for Backend {
    fn from(solve: S) -> Backend {
        Backend(Box::new(solve))
    }
}

impl Backend {
    /// The built-in backends (no registry entry needed), by id.
    pub const BUILT_IN: &'static [(&'static str, Make)] =
        &[("z3", || Backend::from(LinkedZ3)), ("cadical", || Backend::from(EmbeddedCadical))];

    /// The ids of the built-in backends.
    pub fn built_in() -> impl Iterator<Item = &'static str> {
        Backend::BUILT_IN.iter().map(|(id, _)| *id)
    }

    /// Finds `id`: a built-in backend, or a registry entry whose binary exists.
    ///
    /// # Errors
    /// The id is unknown (the message names the registry) or its binary is missing.
    pub fn resolve(id: &str, registry: &Registry) -> Result<Backend, SolveError> {
        if let Some((_, make)) = Backend::BUILT_IN.iter().find(|(b, _)| *b == id) {
            return Ok(make());
        }
        let spec = registry.get(id).ok_or_else(|| SolveError::UnknownId {
            id: id.to_owned(),
            registry: registry.origin().to_owned(),
            known: registry.all_ids().join(", "),
        })?;
        let binary = registry.locate(spec).ok_or_else(|| SolveError::BinaryMissing {
            id: id.to_owned(),
            binary: spec.command[0].clone(),
            registry: registry.origin().to_owned(),
            why: registry.why_missing(spec),
        })?;
        Ok(Backend::from(External::new(spec.clone(), binary)))
    }

    /// The command line of an external solver reading `input` (and writing `output`, and a
    /// DRAT proof to `proof` when given), for scripts that run it outside puzzlec; `None` for
    /// the built-in solvers, which are not programs of their own.
    pub fn command_line(&self, input: &str, output: &str, proof: Option<&str>) -> Option<Vec<String>> {
        self.program().map(|e| e.command_line(input, output, proof))
    }

    /// The embedded SAT solver, for cross-checks that must not depend on the registry.
    pub fn embedded_sat() -> Backend {
        Backend::from(EmbeddedCadical)
    }

    pub fn id(&self) -> &str {
        self.0.id()
    }

    /// What this backend says its version is (external binaries are asked).
    pub fn version(&self) -> Option<String> {
        self.0.version()
    }

    /// Whether answers come from a separate program (a registry entry), whose word puzzlec
    /// can only take or check, rather than from a solver linked into puzzlec.
    pub fn is_external(&self) -> bool {
        self.0.program().is_some()
    }

    /// The program behind this backend, when it is one.
    pub fn program(&self) -> Option<&External> {
        self.0.program()
    }

    /// A live solver loaded with `cnf`, when this backend offers one; `config` holds the
    /// solver's presets and option settings (`sat,reduceint=2` for CaDiCaL) where it has them.
    pub fn session(&self, cnf: &Cnf, config: Option<&str>) -> Option<Box<dyn crate::Incremental>> {
        self.0.session(cnf, config)
    }

    /// A live solver tracing a DRAT proof into `proof`, when this backend offers one.
    pub fn proving_session(&self, proof: &std::path::Path) -> Option<std::io::Result<Box<dyn crate::Incremental>>> {
        self.0.proving_session(proof)
    }

    /// Whether this backend offers live solvers (asked of it with an empty formula).
    pub fn offers_sessions(&self) -> bool {
        self.0.session(&Cnf::new(), None).is_some()
    }

    /// The intermediate form this backend reads.
    pub fn form(&self) -> Form {
        self.0.form()
    }

    /// # Errors
    /// As [`SolveCnf::solve_cnf`]; a backend without CNF is [`SolveError::WrongInput`].
    pub fn solve_cnf(&self, cnf: &Cnf, limit: Duration) -> Result<Outcome<CnfModel>, SolveError> {
        self.0.cnf().ok_or_else(|| self.wrong_input("CNF"))?.solve_cnf(cnf, limit)
    }

    /// # Errors
    /// As [`SolveSmt::solve_smt`]; a backend without SMT-LIB2 is [`SolveError::WrongInput`].
    pub fn solve_smt(&self, script: &SmtScript, limit: Duration) -> Result<Outcome<SmtModel>, SolveError> {
        self.0.smt().ok_or_else(|| self.wrong_input("SMT-LIB2"))?.solve_smt(script, limit)
    }

    /// The error for an encoding that has no form this backend reads.
    pub fn wrong_input(&self, offers: &str) -> SolveError {
        SolveError::WrongInput { id: self.id().to_owned(), takes: self.form(), offers: offers.to_owned() }
    }
}
