//! The one sat/unsat/unknown type: what a solver's output says, what a backend answers, what
//! one horizon or one filling problem came to.

/// A verdict on one problem; `M` is what a satisfiable answer carries (an assignment, a
/// model, a plan, a filling).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<M> {
    Sat(M),
    Unsat,
    /// Time limit, or the solver gave up; the reason says which.
    Unknown(String),
}

impl<M> Outcome<M> {
    /// The same verdict with the satisfiable answer mapped.
    pub fn map<N>(self, f: impl FnOnce(M) -> N) -> Outcome<N> {
        match self {
            Outcome::Sat(m) => Outcome::Sat(f(m)),
            Outcome::Unsat => Outcome::Unsat,
            Outcome::Unknown(r) => Outcome::Unknown(r),
        }
    }

    /// `sat`, `unsat` or `unknown`, as progress lines and JSON say it.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Sat(_) => "sat",
            Outcome::Unsat => "unsat",
            Outcome::Unknown(_) => "unknown",
        }
    }
}
