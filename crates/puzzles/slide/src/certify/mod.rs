//! Certificates that keep the pattern-database lemmas: the trace of a live solve
//! ([`trace`]), each UNSAT horizon's files made and checked while the search goes on
//! ([`kept`]), the tables they cite, checked once per machine ([`tables`]), and cluster
//! jobs that carry the frontier's lemmas ([`jobs`]); the independent
//! checker is the `puzzlec-slide-check` crate.

mod closing;
pub(crate) mod jobs;
mod kept;
mod tables;
pub(crate) mod trace;
