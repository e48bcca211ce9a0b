//! The backend capabilities (small traits, as rustsat splits them) and the enum the CLI picks
//! from by solver id.

use std::time::Duration;

use puzzlec_ir::{Cnf, CnfModel, SmtModel, SmtScript};

use crate::embedded_cadical::EmbeddedCadical;
use crate::external::External;
use crate::linked_z3::LinkedZ3;
use crate::registry::{Form, Registry};

/// A solver's verdict on one problem.
#[derive(Debug)]
pub enum Outcome<M> {
    Sat(M),
    Unsat,
    /// Time limit, or the solver gave up; the reason says which.
    Unknown(String),
}

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

/// Every solver the CLI can name.
pub enum Backend {
    LinkedZ3(LinkedZ3),
    EmbeddedCadical(EmbeddedCadical),
    External(External),
}

impl Backend {
    /// Ids that need no registry entry.
    pub const BUILT_IN: [&'static str; 2] = ["z3", "cadical"];

    /// Finds `id`: a built-in backend, or a registry entry whose binary exists.
    ///
    /// # Errors
    /// The id is unknown (the message names the registry) or its binary is missing.
    pub fn resolve(id: &str, registry: &Registry) -> Result<Backend, SolveError> {
        match id {
            "z3" => Ok(Backend::LinkedZ3(LinkedZ3)),
            "cadical" => Ok(Backend::EmbeddedCadical(EmbeddedCadical)),
            _ => {
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
                Ok(Backend::External(External::new(spec.clone(), binary)))
            }
        }
    }

    /// The command line of an external solver reading `input` (and writing `output`, and a
    /// DRAT proof to `proof` when given), for scripts that run it outside puzzlec; `None` for
    /// the built-in solvers, which are not programs of their own.
    pub fn command_line(&self, input: &str, output: &str, proof: Option<&str>) -> Option<Vec<String>> {
        match self {
            Backend::External(e) => Some(e.command_line(input, output, proof)),
            _ => None,
        }
    }

    /// The embedded SAT solver, for cross-checks that must not depend on the registry.
    pub fn embedded_sat() -> Backend {
        Backend::EmbeddedCadical(EmbeddedCadical)
    }

    pub fn id(&self) -> &str {
        match self {
            Backend::LinkedZ3(_) => "z3",
            Backend::EmbeddedCadical(_) => "cadical",
            Backend::External(e) => &e.spec.id,
        }
    }

    /// What this backend says its version is (external binaries are asked).
    pub fn version(&self) -> Option<String> {
        match self {
            Backend::LinkedZ3(_) => Some(crate::version::linked_z3()),
            Backend::EmbeddedCadical(_) => Some(crate::version::embedded_cadical()),
            Backend::External(e) => crate::version::of_binary(&e.binary),
        }
    }

    /// Whether answers come from a separate program (a registry entry), whose word puzzlec
    /// can only take or check, rather than from a solver linked into puzzlec.
    pub fn is_external(&self) -> bool {
        matches!(self, Backend::External(_))
    }

    /// Whether this backend offers a live solver handle: clauses added over time, solving
    /// under assumptions, conflict budgets (cubes, enumeration, incremental horizons).
    pub fn is_incremental(&self) -> bool {
        matches!(self, Backend::EmbeddedCadical(_))
    }

    /// A live solver loaded with `cnf`, when this backend offers one; `config` names a
    /// preset where the solver has them.
    pub fn session(&self, cnf: &Cnf, config: Option<&str>) -> Option<Box<dyn crate::Incremental>> {
        match self {
            Backend::EmbeddedCadical(_) => {
                Some(Box::new(crate::embedded_cadical::CadicalSession::with_config(cnf, config)))
            }
            _ => None,
        }
    }

    /// The intermediate form this backend reads.
    pub fn input(&self) -> Form {
        match self {
            Backend::LinkedZ3(_) => Form::Smt2,
            Backend::EmbeddedCadical(_) => Form::Dimacs,
            Backend::External(e) => e.spec.input,
        }
    }

    /// # Errors
    /// As [`SolveCnf::solve_cnf`]; an SMT-only backend is [`SolveError::WrongInput`].
    pub fn solve_cnf(&self, cnf: &Cnf, limit: Duration) -> Result<Outcome<CnfModel>, SolveError> {
        match self {
            Backend::EmbeddedCadical(s) => s.solve_cnf(cnf, limit),
            Backend::External(s) => s.solve_cnf(cnf, limit),
            Backend::LinkedZ3(_) => Err(self.wrong_input("CNF")),
        }
    }

    /// # Errors
    /// As [`SolveSmt::solve_smt`]; a CNF-only backend is [`SolveError::WrongInput`].
    pub fn solve_smt(&self, script: &SmtScript, limit: Duration) -> Result<Outcome<SmtModel>, SolveError> {
        match self {
            Backend::LinkedZ3(s) => s.solve_smt(script, limit),
            Backend::External(s) => s.solve_smt(script, limit),
            Backend::EmbeddedCadical(_) => Err(self.wrong_input("SMT-LIB2")),
        }
    }

    /// The error for an encoding that has no form this backend reads.
    pub fn wrong_input(&self, offers: &str) -> SolveError {
        SolveError::WrongInput { id: self.id().to_owned(), takes: self.input(), offers: offers.to_owned() }
    }
}
