//! How `compact` searches one horizon on the embedded solver: cubes (ranked first moves or
//! the pattern-database frontier, [`crate::guided::cubes`]), the pattern-database propagator
//! inside the solver ([`crate::guided::propagator`]) and its forward branching
//! ([`crate::guided::branching`]), each switchable for the ablation in `make bench-korf`; the
//! search itself is [`crate::guided::by_cubes`].

use crate::encodings::SlideEncoding;
use crate::rules::Board;
use puzzlec_solve::Backend;

/// How `compact` on the embedded solver splits a horizon (see [`crate::guided::cubes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cubes {
    /// One solver call on the whole horizon.
    Off,
    /// The first moves, every legal sequence, ranked by Manhattan + linear conflict.
    Ranked,
    /// From horizon [`frontier_from`] on boards of up to 25 cells: an IDA* frontier pruned
    /// by the pattern database (with lemmas for the pruned prefixes); else as `Ranked`.
    Frontier,
}

/// How `compact` on the embedded solver searches a horizon: the cubes, whether the
/// pattern-database propagator ([`crate::guided::propagator`]) runs inside the solver, and
/// whether it also makes the decisions ([`crate::guided::branching`]; only with it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strategy {
    pub cubes: Cubes,
    pub propagator: bool,
    pub branching: bool,
}

impl Strategy {
    /// What [`super::probe`] uses.
    pub const DEFAULT: Strategy = Strategy { cubes: Cubes::Frontier, propagator: true, branching: true };
    /// No cubes, no propagator: the formula alone on the live solver.
    pub const PLAIN: Strategy = Strategy { cubes: Cubes::Off, propagator: false, branching: false };

    /// The settings of every embedded solver a horizon loads: [`PROPAGATOR_SETTINGS`] where
    /// the propagator works in it, else the defaults.
    pub fn settings(&self) -> Option<&'static str> {
        self.propagator.then_some(PROPAGATOR_SETTINGS)
    }

    /// How many moves the propagator looks ahead from a complete board on the way to
    /// `goal`: none without its decisions, else [`MOVES_AHEAD`], or [`DENSE_MOVES_AHEAD`] on
    /// boards with dense tables (a certificate's checker searches as deep to justify each
    /// lemma). Measurement knobs: `PUZZLEC_NO_LOOKAHEAD` (none) and `PUZZLEC_AHEAD` (that
    /// many).
    pub fn moves_ahead(&self, goal: &Board) -> usize {
        let tuning = puzzlec_core::tuning::get();
        let default = match crate::tables::dense::DenseDb::fits(goal) {
            true => DENSE_MOVES_AHEAD,
            false => MOVES_AHEAD,
        };
        match (self.propagator && self.branching, tuning.no_lookahead) {
            (false, _) | (_, true) => 0,
            (true, false) => tuning.moves_ahead.unwrap_or(default),
        }
    }

    /// Prefixes wanted on a horizon's frontier: fewer where the propagator looks further
    /// ahead than one move, each cube's search then being cheaper than its solve call.
    pub(crate) fn frontier_target(&self, goal: &Board) -> usize {
        let target = if self.moves_ahead(goal) > 1 { LOOKAHEAD_FRONTIER_TARGET } else { FRONTIER_TARGET };
        puzzlec_core::tuning::get().frontier_target.unwrap_or(target)
    }
}

/// How many moves the propagator looks ahead by default ([`Strategy::moves_ahead`],
/// [`crate::guided::propagator::PdbPropagator::with_moves_ahead`]): the tables' estimate
/// then counts as the least over the boards up to six moves away (the move plus that
/// estimate), a stronger bound that only the boards' own search pays for. Measured on
/// Korf's 100 (`make bench-korf`): two moves 79 s in all and a worst
/// SAT / search ratio of 63; four, 48 s and 29; six, 34 s and 24; eight gave 25 with the
/// frontier of 20,000.
pub const MOVES_AHEAD: usize = 6;

/// [`MOVES_AHEAD`] on boards with dense tables (the 24-puzzle): there a complete board costs
/// the solver about as much as on 4x4 while the trees below it are far larger, so the
/// boards' own search on the tables pays much further (each capped at
/// [`crate::search::dense::LOOKAHEAD_NODES`], past which it rules nothing out). Measured on
/// two 5x5 boards of optimum 76 and 74 (whole runs, SAT): 6 moves 19.3 s and 33.8 s, 20
/// moves 4.6 s and 4.4 s, 30 moves 2.5 s and 2.6 s (2.7 s and 2.9 s with the cap).
pub const DENSE_MOVES_AHEAD: usize = 30;

/// Whether [`super::probe`] at `horizon` uses the pattern databases (frontier lemmas,
/// propagator), whose clauses the answer must then name as trusted (they follow from an
/// admissible bound, not from the formula by resolution); a certificate carries them for
/// its checker.
pub fn uses_pattern_databases(
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    (start, goal, horizon): (&Board, &Board, usize),
) -> bool {
    encoding.layered().is_some_and(|l| l.budget(start, goal, horizon).is_some())
        && backend.offers_sessions()
        && (crate::tables::dense::DenseDb::fits(goal) || goal.len() <= crate::tables::pdb::MAX_CELLS)
        && horizon >= frontier_from(goal)
}

/// Horizons from which the pattern-database frontier pays for the tables (reading them from
/// the cache, or building them once, about six seconds on the 15-puzzle; measured: below it
/// the ranked cubes finish first). The same on boards with dense tables, whose build takes
/// seconds on 3x6 and minutes on 5x5: without them, a 3x6 board's horizon 38 took the
/// formula alone 220 s, where the tables settle it in a fraction of a second.
pub const FRONTIER_FROM: usize = 30;
/// Horizons from which the frontier pays when the tables cost only reading them back
/// (measured on 4x4 boards of optimum 24-34, `make bench-korf ARGS="--short 20"`: from 20,
/// 22 and 24 alike within the noise, mean 0.19-0.24 s a board; from 30, 0.42 s).
pub const FRONTIER_FROM_CACHED: usize = 20;

/// The first horizon that uses the pattern databases for `goal`: [`FRONTIER_FROM_CACHED`]
/// when the tables are cached, [`FRONTIER_FROM`] when they would have to be built. Decided
/// once per goal and process, so every horizon of a run (and the answer's `trusted` note)
/// agrees even after a build fills the cache midway.
pub fn frontier_from(goal: &Board) -> usize {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static DECIDED: OnceLock<Mutex<HashMap<Vec<u8>, usize>>> = OnceLock::new();
    let mut decided = DECIDED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    *decided.entry(goal.cells().to_vec()).or_insert_with(|| match crate::tables::cached(goal) {
        true => FRONTIER_FROM_CACHED,
        false => FRONTIER_FROM,
    })
}

/// Prefixes wanted on the frontier, which stops at half the horizon in any case: deeper, the
/// pattern-database search would do the solver's work (measured: with no depth cap the
/// pruned search reached the full horizon and the solver only confirmed complete plans).
/// On Korf 16 (optimum 42): 200 prefixes, no answer in 60 s; 2,000, 49 s; 20,000, 15 s.
pub(crate) const FRONTIER_TARGET: usize = 20_000;

/// [`FRONTIER_TARGET`] where the propagator looks several moves ahead: its cubes fall fast,
/// and a solve call per cube costs more than the search it saves. Measured on five of
/// Korf's hardest with six moves ahead: 20,000 prefixes 11.3 s in all, 10,000 9.9-10.3 s,
/// 5,000 9.3 s, 2,500 9.4 s.
pub(crate) const LOOKAHEAD_FRONTIER_TARGET: usize = 5_000;

/// The embedded solver's settings where the propagator works.
///
/// Its clause database is swept every few conflicts (about twice the logarithm of the
/// conflicts so far, where CaDiCaL's default waits 25 times their square root) and compacted
/// in place: the propagator gives a lemma for about every second board the search builds,
/// dozens per conflict, and the solver keeps each one (their glue is low) until a sweep
/// finds it unused. By default hundreds of thousands piled up in every solver (Korf 82's
/// horizon 60: 289,000 clauses beside the formula's 47,000), and unit propagation went
/// through their watches at every step. Measured on ten of Korf's hardest boards: 71.2 s in
/// all against 40.4 s, Korf 82 24.2 s against 10.8 s.
///
/// And no work on conflicts that only CaDiCaL's own choices would use: the propagator
/// makes the decisions ([`crate::guided::branching`]), so the variables' scores are not
/// bumped, and learned clauses, swept soon like the lemmas, are neither shrunk, minimized
/// nor checked for subsuming others. Measured on seven of the hardest boards: 25.0-26.1 s
/// against 29.9-31.8 s.
pub const PROPAGATOR_SETTINGS: &str = "reduceint=2,reduceopt=2,arena=0,bump=0,shrink=0,minimize=0,eagersubsume=0";

/// Horizons from which the cubes are shared out over the cores (measured: below it a
/// horizon takes well under a second, less than a second solver's encoding is worth).
pub const PARALLEL_FROM: usize = 44;
