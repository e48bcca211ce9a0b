//! External propagators: a solving strategy that watches some variables while the embedded
//! solver searches and adds clauses the formula implies but the solver would not find
//! quickly (CaDiCaL's IPASIR-UP interface).
//!
//! Why here and not in an encoding: the clauses depend on what the search has assigned (a
//! pattern database's bound on the board at some step), so there are far too many to write
//! down in advance; the propagator adds each one only when the search walks into it. The
//! formula `emit` writes stays the plain CNF; a run that used a propagator says so, because
//! its clauses are implied by the puzzle, not derived from the formula by resolution (see
//! \[G\]'s proofs: `--certify` proves every claim without them).
//!
//! The interface speaks in the formula's literals and knows no puzzle: a propagator is told
//! which of its watched literals became true or false and when the solver opens or closes a
//! decision level, and it is asked for clauses. Each clause it gives must be a consequence
//! of the problem; the solver may forget it later and the propagator may give it again.

use puzzlec_ir::Lit;

/// A propagator as the embedded solver sees it. See the module documentation.
pub trait Propagator: Send {
    /// The variables to watch (positive, distinct). Watched variables are never eliminated.
    fn observed(&self) -> Vec<Lit>;
    /// Watched literals that were just assigned (a literal `l` means `l` became true).
    fn assigned(&mut self, lits: &[Lit]);
    /// The solver opened a decision level.
    fn new_level(&mut self);
    /// The solver went back to decision level `level`: assignments made above it are undone.
    fn backtrack(&mut self, level: usize);
    /// The next clause to add, over watched variables; asked again until `None`.
    fn clause(&mut self) -> Option<Vec<Lit>>;
    /// The solver's next decision: a literal of an unassigned watched variable, or 0 to let
    /// the solver choose (the default). A domain's branching order, when it has one.
    fn decide(&mut self) -> Lit {
        0
    }
    /// A complete model the solver found, as the values of the watched variables: true
    /// accepts it; false rejects it, and the next clause asked for must be one it falsifies.
    /// A search for the best model among many (each rejected once recorded, with a clause
    /// that asks for a better one) goes on from where it stands instead of starting over.
    fn model(&mut self, _values: &[Lit]) -> bool {
        true
    }
}

/// Adapts a [`Propagator`] to CaDiCaL's callbacks: clauses are handed over literal by
/// literal, forgettable (a lemma the solver drops can be given again).
pub(crate) struct Adapter {
    pub inner: Box<dyn Propagator>,
    pending: Vec<Lit>,
    next: usize,
}

impl Adapter {
    pub fn new(inner: Box<dyn Propagator>) -> Adapter {
        Adapter { inner, pending: Vec::new(), next: 0 }
    }
}

impl cadical_sys::ExternalPropagator for Adapter {
    fn notify_assignment(&mut self, lits: &[i32]) {
        self.inner.assigned(lits);
    }

    fn notify_new_decision_level(&mut self) {
        self.inner.new_level();
    }

    fn notify_backtrack(&mut self, new_level: usize) {
        self.inner.backtrack(new_level);
    }

    /// Complete models go to the propagator (which accepts them unless it looks for a better
    /// one); the driver replays every decoded answer anyway.
    fn cb_check_found_model(&mut self, model: &[i32]) -> bool {
        self.inner.model(model)
    }

    fn cb_decide(&mut self) -> i32 {
        self.inner.decide()
    }

    fn cb_has_external_clause(&mut self, is_forgettable: &mut bool) -> bool {
        match self.inner.clause() {
            Some(clause) => {
                self.pending = clause;
                self.next = 0;
                *is_forgettable = true;
                true
            }
            None => false,
        }
    }

    fn cb_add_external_clause_lit(&mut self) -> i32 {
        let lit = self.pending.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        lit
    }
}
