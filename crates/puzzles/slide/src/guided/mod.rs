//! The pattern-database-guided SAT engine for `compact` on the embedded CaDiCaL: a horizon
//! split into cubes (ranked first moves, or the tables' frontier), shared over threads, each
//! solver with a propagator that refutes hopeless boards and branches forward, and the check
//! that the refuted cubes cover every plan.

pub(crate) mod bound;
pub(crate) mod branching;
pub(crate) mod by_cubes;
pub(crate) mod cover;
pub(crate) mod cubes;
pub(crate) mod frontier;
pub(crate) mod parallel;
pub(crate) mod propagator;
pub(crate) mod strategy;
