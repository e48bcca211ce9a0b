//! Which ingredients `compact` (see [`super::compact`]) writes: each can be switched off, or
//! on, to measure what it buys (the ablation in `make bench`).

/// Which ingredients to use; switched off (or on) only to measure what each one buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ingredients {
    pub reachability: bool,
    pub away_count: bool,
    pub no_undo: bool,
    pub conflicts: bool,
    pub detours: bool,
    /// Pairwise "each tile on at most one cell" at every step (on), or only at the last step
    /// of a fixed horizon (off; incremental layers always have it, not knowing their last step).
    ///
    /// Why off is sound: the start is fixed by unit clauses and the transport and frame
    /// clauses force every tile's true cell at step t + 1 from its true cell at step t, so in
    /// every model each tile's true cell is set at every step; extra cells set true only add
    /// constraints (away indicators, conflicts), never remove them. At the last step the
    /// at-most-one makes the true cell the only one, so the goal clauses speak of the true
    /// board and a model's actions always form a plan (which the replay checks anyway).
    /// Why off pays: the pairwise clauses were more than half of the formula (35,000 of
    /// 66,000 on a 4x4 board at horizon 26); loading them cost more than the propagation
    /// they bring on boards of optimum up to 30, and the longest 4x4 boards measured level.
    pub every_step_amo: bool,
}

impl Ingredients {
    /// What `compact` uses unless told otherwise. Each choice is measured in `make bench`
    /// (ablation): per-step linear conflicts pay on the long plans; the global detour budget
    /// ([`super::compact_detours`]) stays available but off, as it slowed every 4x4 board
    /// measured (up to 3x on the satisfiable horizons).
    pub const DEFAULT: Ingredients = Ingredients {
        reachability: true,
        away_count: true,
        no_undo: true,
        conflicts: true,
        detours: false,
        every_step_amo: false,
    };
}

impl Ingredients {
    /// The default without the counting bounds (the away count and the linear conflicts):
    /// what the `lean` encoding writes, for a solver with the pattern databases inside.
    pub const LEAN: Ingredients = Ingredients { away_count: false, conflicts: false, ..Ingredients::DEFAULT };

    /// Whether these are the lean ingredients' counting bounds: none.
    pub fn is_lean(self) -> bool {
        !self.away_count && !self.conflicts
    }
}

impl Default for Ingredients {
    fn default() -> Ingredients {
        Ingredients::DEFAULT
    }
}
