//! Certificates that keep the pattern-database lemmas: the trace of a live solve
//! ([`trace`]) and cluster jobs that carry the frontier's lemmas ([`jobs`]); the independent
//! checker is the `puzzlec-slide-check` crate.

pub(crate) mod jobs;
pub(crate) mod trace;
