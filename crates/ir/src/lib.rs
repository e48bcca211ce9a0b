//! The intermediate forms between encodings and solvers, and reading solver answers back.
//!
//! - [`Form`]: which of the two a file, an encoding or a solver is in.
//! - [`Cnf`]: clauses over numbered variables, with names for the variables decoding needs;
//!   printed as DIMACS with `c var N NAME` lines so an emitted file decodes on its own.
//! - [`SmtScript`]: SMT-LIB2 built from easy-smt S-expressions without a solver process.
//! - [`SatAnswer`] / [`SmtAnswer`]: what a solver said, parsed from its output.
//! - [`Model`]: the one view decoders read, whichever form produced it.

pub mod cnf;
pub mod form;
pub mod model;
pub mod sat_answer;
pub mod sexp;
pub mod smt;

pub use cnf::{ClauseSink, Cnf, DimacsError, Lit, Without};
/// The term type of `SmtScript` (easy-smt's S-expressions).
pub use easy_smt::SExpr;
pub use form::Form;
pub use model::{CnfModel, Model, SmtModel};
pub use sat_answer::{parse_minisat_result, parse_sat_output, Assignment, SatAnswer, SatOutputError};
pub use sexp::{parse_smt_answer, SmtAnswer, SmtOutputError, SmtValue};
pub use smt::{SmtScript, Sort};
