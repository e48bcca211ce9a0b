//! How `compact` searches one horizon on the embedded solver: cubes (ranked first moves or
//! the pattern-database frontier, [`crate::drive::cubes`]), the pattern-database propagator
//! inside the solver ([`crate::drive::propagator`]) and its forward branching
//! ([`crate::drive::branching`]), each switchable for the ablation in `make bench-korf`.

use std::time::Duration;

use crate::encodings::layered::{Ingredients, Layered};
use crate::encodings::SlideEncoding;
use crate::rules::{Board, Move};
use puzzlec_solve::{Backend, Incremental};

use crate::drive::conclude;
use crate::drive::frontier::Frontier;
use crate::drive::parallel::Closing;
use puzzlec_drive::horizon::Outcome;
use puzzlec_drive::DriveError;

/// How `compact` on the embedded solver splits a horizon (see [`crate::drive::cubes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cubes {
    /// One solver call on the whole horizon.
    Off,
    /// The first moves, every legal sequence, ranked by Manhattan + linear conflict.
    Ranked,
    /// From horizon [`frontier_from`] on boards of up to 16 cells: an IDA* frontier pruned
    /// by the pattern database (with lemmas for the pruned prefixes); else as `Ranked`.
    Frontier,
}

/// How `compact` on the embedded solver searches a horizon: the cubes, whether the
/// pattern-database propagator ([`crate::drive::propagator`]) runs inside the solver, and
/// whether it also makes the decisions ([`crate::drive::branching`]; only with it).
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

    /// How many moves the propagator looks ahead from a complete board: none without its
    /// decisions, one under a certificate (its checker knows those lemmas only), else
    /// [`MOVES_AHEAD`]. Measurement knobs: `PUZZLEC_NO_LOOKAHEAD` (none) and
    /// `PUZZLEC_AHEAD` (that many).
    pub fn moves_ahead(&self, certified: bool) -> usize {
        let tuning = puzzlec_core::tuning::get();
        match (self.propagator && self.branching, tuning.no_lookahead, certified) {
            (false, _, _) | (_, true, _) => 0,
            (true, false, true) => 1,
            (true, false, false) => tuning.moves_ahead.unwrap_or(MOVES_AHEAD),
        }
    }

    /// Prefixes wanted on a horizon's frontier: fewer where the propagator looks further
    /// ahead than one move, each cube's search then being cheaper than its solve call.
    fn frontier_target(&self, certified: bool) -> usize {
        let target = if self.moves_ahead(certified) > 1 { LOOKAHEAD_FRONTIER_TARGET } else { FRONTIER_TARGET };
        puzzlec_core::tuning::get().frontier_target.unwrap_or(target)
    }
}

/// How many moves the propagator looks ahead by default ([`Strategy::moves_ahead`],
/// [`crate::drive::propagator::PdbPropagator::with_moves_ahead`]): the tables' estimate
/// then counts as the least over the boards up to six moves away (the move plus that
/// estimate), a stronger bound that only the boards' own search pays for. Measured on
/// Korf's 100 (`make bench-korf`): two moves 79 s in all and a worst
/// SAT / search ratio of 63; four, 48 s and 29; six, 34 s and 24; eight gave 25 with the
/// frontier of 20,000.
pub const MOVES_AHEAD: usize = 6;

/// Whether [`super::probe`] at `horizon` uses the pattern databases (frontier lemmas,
/// propagator), whose clauses the answer must then name as trusted (they follow from an
/// admissible bound, not from the formula by resolution).
pub fn uses_pattern_databases(
    encoding: &dyn SlideEncoding,
    backend: &Backend,
    start: &Board,
    goal: &Board,
    horizon: usize,
) -> bool {
    encoding.layered().is_some_and(|l| l.budget(start, goal, horizon).is_some())
        && backend.offers_sessions()
        && start.len() <= crate::rules::pdb::MAX_CELLS
        && horizon >= frontier_from(goal)
}

/// Horizons from which the pattern-database frontier pays for the tables (reading them from
/// the cache, or building them once, about six seconds on the 15-puzzle; measured: below it
/// the ranked cubes finish first).
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
    *decided.entry(goal.cells().to_vec()).or_insert_with(|| match crate::rules::pdb::PatternDb::cached(goal) {
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

/// `compact` on the embedded solver through cubes ([`crate::drive::cubes`]): the clauses go
/// straight into the live solver (no intermediate formula to build and copy), and the action
/// variables come back from the encoder to make the cubes. From [`PARALLEL_FROM`], the
/// cubes are shared out over one solver per core ([`crate::drive::parallel`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn by_cubes(
    encoding: &dyn SlideEncoding,
    layered: &dyn Layered,
    backend: &Backend,
    mut session: Box<dyn Incremental>,
    start: &Board,
    goal: &Board,
    horizon: usize,
    limit: Duration,
    ing: Ingredients,
    how: Strategy,
    trace: Option<&crate::drive::trace::Trace>,
) -> Result<Outcome<Vec<Move>>, DriveError> {
    let started = std::time::Instant::now();
    let pdb = match (how.cubes == Cubes::Frontier || how.propagator) && horizon >= frontier_from(goal) {
        true => puzzlec_core::stop::building_until(started + limit, || crate::rules::pdb::PatternDb::shared(goal)),
        false => None,
    };
    // With the tables inside the solver, the formula's own counting bounds (the away count
    // and the linear conflicts, IDA*'s Manhattan rule as clauses) only repeat a weaker form of
    // what the propagator enforces, and each move assigns their counters' auxiliary variables
    // at every later step: left out, the cubes fall 1.3-1.8x sooner (measured on nine of
    // Korf's boards, 97.7 s against 64.5 s in all). A certified run keeps them: its
    // certificate's formula is exactly what `emit` writes, for anyone to compare.
    let ing = match (&pdb, how.propagator, trace) {
        (Some(_), true, None) => Ingredients { away_count: false, conflicts: false, ..ing },
        _ => ing,
    };
    // The tables alone rule the horizon out: no formula to build (a certified run still
    // builds it, for the claim's files: its lemma is then the empty clause).
    if let (Some(db), None, Cubes::Frontier) = (&pdb, trace, how.cubes) {
        if db.estimate(start) > horizon {
            return Ok(Outcome::Unsat);
        }
    }
    // A certificate is kept only where the answer rests on lemmas (else `--certify`
    // proves the plain formula again).
    let io = |source: std::io::Error| {
        DriveError::Solve(puzzlec_solve::SolveError::Io { id: backend.id().to_owned(), source })
    };
    let recorder = match (trace, &pdb) {
        (Some(t), Some(db)) => Some(t.begin(horizon, db).map_err(io)?),
        _ => None,
    };
    let mut recorded = recorder.as_ref().map(|_| puzzlec_ir::Cnf::new());
    if let Some(r) = &recorder {
        session = r.session(backend).ok_or_else(|| io(std::io::Error::other("the solver writes no proof")))?;
    }
    let stats = puzzlec_core::tuning::get().frontier_stats;
    // The frontier comes first: it needs no formula, and when it leaves no cube and covers
    // every plan, the tables alone have ruled the horizon out.
    let split = match (&pdb, how.cubes) {
        // The coverage check walks move sequences without undos: it speaks for the formula
        // only when that forbids them too.
        (Some(db), Cubes::Frontier) => {
            let target = how.frontier_target(recorder.is_some());
            Some(Split::new(db, start, goal, horizon, recorder.is_none(), ing.no_undo, target))
        }
        _ => None,
    };
    if stats {
        if let Some(split) = &split {
            split.report(horizon);
        }
    }
    if split.as_ref().is_some_and(|s| s.covered && s.frontier.cube_count() == 0) {
        return Ok(Outcome::Unsat);
    }
    let lemmas = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let record = recorder.as_ref().map(|r| r.lemmas.clone());
    let setup = Setup { layered, start, goal, horizon, ing, how, pdb: pdb.clone(), lemmas: lemmas.clone(), record };
    let Some(actions) = setup.load(session.as_mut(), recorded.as_mut()) else {
        return Ok(Outcome::Unsat);
    };
    if puzzlec_drive::left_after(started, limit).is_none() {
        return Ok(Outcome::Unknown("time limit reached while loading the clauses".into()));
    }
    // Two lanes of cubes: nearest the goal first, and in move order (a measurement knob,
    // `PUZZLEC_ONE_LANE`, keeps the first alone). See `Frontier::in_move_order`.
    let orders = match &split {
        Some(split) if !puzzlec_core::tuning::get().one_lane => {
            vec![(0..split.frontier.cube_count() as u32).collect(), split.frontier.in_move_order()]
        }
        _ => Vec::new(),
    };
    let (cubes, frontier_lemmas) = match (&split, how.cubes) {
        (_, Cubes::Off) => (Vec::new(), Vec::new()),
        (Some(split), _) => {
            // Every cube satisfies these (a cube extends no pruned prefix), so they go in
            // only for a last solve, which must see the whole horizon (measured level with
            // giving them before the cubes; this keeps the cube solves' clause lists short).
            // A covered horizon makes none, and needs them only for its certificate.
            let mut lemmas = Vec::new();
            if !split.covered || recorder.is_some() {
                for p in split.frontier.pruned() {
                    let clause = p.clause(&actions);
                    if let Some(r) = &recorder {
                        let text: Vec<String> = clause.iter().map(|l| l.to_string()).collect();
                        let moves = puzzlec_core::moves_to_string(&p.moves);
                        r.lemma(format!("f {moves} {} : {} 0", p.h, text.join(" ")));
                    }
                    lemmas.push(clause);
                }
            }
            (split.frontier.cubes().map(|c| crate::drive::cubes::literals(&actions, &c)).collect(), lemmas)
        }
        _ => (crate::drive::cubes::cubes(&actions, start, goal, horizon / 2), Vec::new()),
    };
    let closing = match split.as_ref().is_some_and(|s| s.covered) {
        true => Closing::Covered,
        false => Closing::Solve(&frontier_lemmas),
    };
    let Some(left) = puzzlec_drive::left_after(started, limit) else {
        return Ok(Outcome::Unknown("time limit reached while building the cubes".into()));
    };
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let outcome = match cubes.is_empty() && how.cubes == Cubes::Off {
        true => session.solve(&[], left),
        false if threads > 1 && horizon >= PARALLEL_FROM && cubes.len() > 1 => {
            let spawn = || {
                let mut other = match &recorder {
                    Some(r) => r.session(backend)?,
                    None => backend.session(&puzzlec_ir::Cnf::new(), how.settings())?,
                };
                // The same encoder on an empty solver numbers the variables the same way,
                // so the cubes mean the same there; checked, not assumed.
                (setup.load(other.as_mut(), None)? == actions).then_some(())?;
                Some(other)
            };
            crate::drive::parallel::solve(session.as_mut(), &cubes, orders, closing, threads, left, &spawn)
        }
        false => crate::drive::parallel::solve(session.as_mut(), &cubes, orders, closing, 1, left, &|| None),
    };
    if stats && how.propagator {
        eprintln!("propagator: horizon {horizon}, {} lemmas", lemmas.load(std::sync::atomic::Ordering::Relaxed));
    }
    if let (Some(t), Some(r), Some(cnf), Some(_), puzzlec_solve::Outcome::Unsat) =
        (trace, recorder, &recorded, pdb, &outcome)
    {
        drop(session);
        let kept = std::time::Instant::now();
        let header = crate::drive::header(
            puzzlec_encode::Encoding::name(&crate::encodings::compact::Compact),
            start,
            goal,
            horizon,
        );
        t.keep(horizon, &header, r, cnf).map_err(io)?;
        if stats {
            eprintln!("certificate: horizon {horizon}, files kept in {:.2} s", kept.elapsed().as_secs_f64());
        }
    }
    conclude(encoding, backend.id(), outcome, start, goal, horizon)
}

/// A horizon split by the pattern-database frontier ([`crate::drive::frontier`]).
struct Split {
    frontier: Frontier,
    /// The cubes and the pruned prefixes leave no plan out ([`crate::drive::cover`]), so
    /// the cubes' refutations settle the horizon without a last solve. Only asked for
    /// without a certificate, whose proof must derive the empty clause itself.
    covered: bool,
}

impl Split {
    /// `uncertified`: no certificate records the run; `no_undo`: the formula forbids undos.
    fn new(
        db: &crate::rules::pdb::PatternDb,
        start: &Board,
        goal: &Board,
        horizon: usize,
        uncertified: bool,
        no_undo: bool,
        target: usize,
    ) -> Split {
        let lc = crate::rules::Heuristic::new(goal);
        // A certificate's lemmas cite the tables alone (its checker knows no linear
        // conflicts).
        let h = |b: &Board| match uncertified {
            false => db.estimate(b),
            true => db.estimate(b).max(lc.manhattan_linear_conflict(b)),
        };
        let frontier = Frontier::new(start, horizon, &h, target, horizon / 2);
        let covered = uncertified && no_undo && frontier.covers(start);
        Split { frontier, covered }
    }

    /// A measurement knob's line: how much of the horizon the frontier took from the solver.
    fn report(&self, horizon: usize) {
        let lengths = self.frontier.cubes().map(|c| c.len());
        let (low, high) = lengths.fold((usize::MAX, 0), |(low, high), n| (low.min(n), high.max(n)));
        let depth = format!("{}-{}", low.min(high), high);
        let (cubes, lemmas) = (self.frontier.cube_count(), self.frontier.pruned_count());
        let closing = if self.covered { "covered" } else { "last solve" };
        eprintln!("frontier: horizon {horizon}, depth {depth}, {cubes} cubes, {lemmas} lemmas, {closing}");
    }
}

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
/// makes the decisions ([`crate::drive::branching`]), so the variables' scores are not
/// bumped, and learned clauses, swept soon like the lemmas, are neither shrunk, minimized
/// nor checked for subsuming others. Measured on seven of the hardest boards: 25.0-26.1 s
/// against 29.9-31.8 s.
pub const PROPAGATOR_SETTINGS: &str = "reduceint=2,reduceopt=2,arena=0,bump=0,shrink=0,minimize=0,eagersubsume=0";

/// Horizons from which the cubes are shared out over the cores (measured: below it a
/// horizon takes well under a second, less than a second solver's encoding is worth).
pub const PARALLEL_FROM: usize = 44;

/// What loading one horizon into a solver takes: the layers, and the propagator when asked.
struct Setup<'a> {
    layered: &'a dyn Layered,
    start: &'a Board,
    goal: &'a Board,
    horizon: usize,
    ing: Ingredients,
    how: Strategy,
    pdb: Option<std::sync::Arc<crate::rules::pdb::PatternDb>>,
    lemmas: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// Where the propagators write their lemmas with justifications, for a certificate.
    record: Option<std::sync::Arc<std::sync::Mutex<Vec<String>>>>,
}

impl Setup<'_> {
    /// Writes the horizon into `session` and connects its propagator; the action variables
    /// per step, or `None` when the bound refutes the horizon.
    /// With `record`, the clauses go there first (the certificate's formula), then into the
    /// solver.
    fn load(
        &self,
        session: &mut dyn Incremental,
        record: Option<&mut puzzlec_ir::Cnf>,
    ) -> Option<Vec<Vec<puzzlec_ir::Lit>>> {
        let mut sink = session;
        let layers = match record {
            Some(cnf) => {
                let layers = self.layered.layers(self.start, self.goal, self.horizon, self.ing, cnf);
                let names: std::collections::HashMap<u32, &String> = cnf.names().iter().map(|(v, n)| (*v, n)).collect();
                for v in 1..=cnf.num_vars() {
                    sink.new_var(names.get(&v).map(|n| (*n).clone()));
                }
                for clause in cnf.clauses() {
                    sink.add_clause(clause);
                }
                layers?
            }
            None => self.layered.layers(self.start, self.goal, self.horizon, self.ing, &mut sink)?,
        };
        if let (Some(db), true) = (&self.pdb, self.how.propagator) {
            let mut p = crate::drive::propagator::PdbPropagator::new(
                &layers.p,
                self.goal,
                self.horizon,
                db.clone(),
                self.lemmas.clone(),
            );
            if self.how.branching {
                p = p.with_forward_branching(self.start, &layers.act);
                let moves = self.how.moves_ahead(self.record.is_some());
                if moves > 0 {
                    p = p.with_lookahead(&layers.b, &layers.act).with_moves_ahead(moves);
                }
            }
            if let Some(record) = &self.record {
                p = p.with_record(record.clone());
            }
            sink.connect(Box::new(p));
        }
        Some(layers.act)
    }
}
