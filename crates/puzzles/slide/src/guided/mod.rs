//! The pattern-database-guided SAT engine for `compact` on the embedded CaDiCaL: a horizon
//! split into cubes (ranked first moves, or the tables' frontier), shared over threads, each
//! solver with a propagator that refutes hopeless boards and branches forward, and the check
//! that the refuted cubes cover every plan.

pub mod bound;
pub mod branching;
pub mod by_cubes;
pub mod cover;
pub mod cubes;
pub mod frontier;
pub mod parallel;
pub mod propagator;
pub mod strategy;
