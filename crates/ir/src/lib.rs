//! The intermediate forms between encodings and solvers, and reading solver answers back.
//!
//! - [`Form`]: which of the two a file, an encoding or a solver is in.
//! - [`Cnf`]: clauses over numbered variables, with names for the variables decoding needs;
//!   printed as DIMACS with `c var N NAME` lines so an emitted file decodes on its own.
//! - [`SmtScript`]: SMT-LIB2 built from easy-smt S-expressions without a solver process.
//! - [`Outcome`]: sat (with what it carries), unsat or unknown: what a solver said, parsed
//!   from its output, and what every backend and driver answers.
//! - [`Model`]: the one view decoders read, whichever form produced it.

pub mod cnf;
pub mod form;
pub mod model;
pub mod outcome;
pub mod sat_answer;
pub mod sexp;
pub mod smt;

pub use cnf::{ClauseSink, Cnf, DimacsError, Lit, Without};
/// The term type of `SmtScript` (easy-smt's S-expressions).
pub use easy_smt::SExpr;
pub use form::{Answers, Form};
pub use model::{CnfModel, Model, SmtModel};
pub use outcome::Outcome;
pub use sat_answer::{parse_minisat_result, parse_sat_output, Assignment, SatOutputError};
pub use sexp::{parse_smt_answer, SmtOutputError, SmtValue};
pub use smt::{SmtScript, Sort};
