//! Backends: where an intermediate form meets a solver. Linked z3 (SMT-LIB2), embedded
//! CaDiCaL (CNF), and external binaries described in `solvers.toml`. Each call has a time
//! limit and returns `Sat(model) | Unsat | Unknown(reason)`; failures keep the solver's
//! own words (stderr, the first lines of its output).

pub mod backend;
pub mod embedded_cadical;
pub mod external;
pub mod incremental;
pub mod linked_z3;
pub mod proof;
pub mod propagator;
pub mod registry;
pub mod runner;
pub mod solver;
pub mod version;

pub use backend::{Backend, Outcome, Solve, SolveCnf, SolveError, SolveSmt};
pub use incremental::{free_in_background, refute_cubes, solve_by_cubes, FreedApart, Handed, Incremental, Refuted};
pub use registry::{Form, Registry, RegistryError, SolverSpec};
pub use solver::Solver;
