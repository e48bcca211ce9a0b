//! A solver id resolved: the exact search of the reference model, or a backend. `search` is
//! registered here beside the built-in backends, so no caller compares ids as strings.

use crate::backend::{Backend, SolveError};
use crate::registry::Registry;

/// What `--solver ID` names.
pub enum Solver {
    /// The exact search of the reference model (BFS / IDA*): no encoding, no backend.
    Search,
    /// A SAT or SMT backend that reads an intermediate form.
    Backend(Backend),
}

impl Solver {
    /// The id of the exact search.
    pub const SEARCH_ID: &'static str = "search";

    /// Finds `id`: the search, a built-in backend, or a registry entry whose binary exists.
    ///
    /// # Errors
    /// As [`Backend::resolve`].
    pub fn resolve(id: &str, registry: &Registry) -> Result<Solver, SolveError> {
        if id == Solver::SEARCH_ID {
            return Ok(Solver::Search);
        }
        Backend::resolve(id, registry).map(Solver::Backend)
    }

    pub fn id(&self) -> &str {
        match self {
            Solver::Search => Solver::SEARCH_ID,
            Solver::Backend(b) => b.id(),
        }
    }

    /// The backend, unless this is the search.
    pub fn backend(&self) -> Option<&Backend> {
        match self {
            Solver::Search => None,
            Solver::Backend(b) => Some(b),
        }
    }
}
