//! One horizon of `compact` on the embedded solver through cubes: the pattern databases'
//! frontier splits it (or the ranked first moves do), the propagator works inside each
//! solver, and from [`PARALLEL_FROM`] the cubes are shared out over one solver per core.

use std::time::Duration;

use crate::certify::trace::Covered;
use crate::drive::conclude;
use crate::encodings::layered::{Ingredients, Layered};
use crate::encodings::SlideEncoding;
use crate::guided::frontier::Frontier;
use crate::guided::parallel::Closing;
use crate::guided::strategy::{frontier_from, Cubes, Strategy, PARALLEL_FROM};
use crate::rules::{Board, Move};
use puzzlec_drive::horizon::Outcome;
use puzzlec_drive::DriveError;
use puzzlec_solve::{Backend, Incremental};

/// `compact` on the embedded solver through cubes ([`crate::guided::cubes`]): the clauses go
/// straight into the live solver (no intermediate formula to build and copy), and the action
/// variables come back from the encoder to make the cubes. From [`PARALLEL_FROM`], the
/// cubes are shared out over one solver per core ([`crate::guided::parallel`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn by_cubes(
    encoding: &dyn SlideEncoding,
    layered: &dyn Layered,
    backend: &Backend,
    mut session: Box<dyn Incremental>,
    (start, goal, horizon): (&Board, &Board, usize),
    limit: Duration,
    ing: Ingredients,
    how: Strategy,
    trace: Option<&crate::certify::trace::Trace>,
) -> Result<Outcome<Vec<Move>>, DriveError> {
    let started = std::time::Instant::now();
    let tables = (how.cubes == Cubes::Frontier || how.propagator) && horizon >= frontier_from(goal);
    let pdb = match tables {
        true => puzzlec_core::stop::building_until(started + limit, || crate::tables::shared(goal)),
        false => None,
    };
    let ing = leaner(ing, pdb.is_some() && how.propagator);
    // The tables alone rule the horizon out: no formula to build (a certified run still
    // builds it, for the claim's files: its lemma is then the empty clause).
    if pdb.as_ref().is_some_and(|db| trace.is_none() && how.cubes == Cubes::Frontier && db.estimate(start) > horizon) {
        return Ok(Outcome::Unsat);
    }
    // A certificate is kept only where the answer rests on lemmas (else `--certify`
    // proves the plain formula again).
    let io = |source: std::io::Error| {
        DriveError::Solve(puzzlec_solve::SolveError::Io { id: backend.id().to_owned(), source })
    };
    if let (Some(t), Some(db), Cubes::Frontier) = (trace, &pdb, how.cubes) {
        if let Some(settled) = settled_by_the_start(t, db, layered, (start, goal, horizon), ing) {
            return settled.map_err(io);
        }
    }
    let recorder = match (trace, pdb.clone()) {
        (Some(t), Some(db)) => Some(t.begin(horizon, db.kind()).map_err(io)?),
        _ => None,
    };
    let stats = puzzlec_core::tuning::get().frontier_stats;
    // The frontier comes first: it needs no formula, and when it leaves no cube and covers
    // every plan, the tables alone have ruled the horizon out.
    // The coverage check walks move sequences without undos: it speaks for the formula only
    // when that forbids them too.
    let target = how.frontier_target(goal);
    let split = match (&pdb, how.cubes) {
        (Some(db), Cubes::Frontier) => Some(Split::new(db.as_ref(), start, goal, horizon, ing.no_undo, target)),
        _ => None,
    };
    if let (true, Some(split)) = (stats, &split) {
        split.report(horizon);
    }
    if let Some(split) = split.as_ref().filter(|s| s.covered && s.frontier.cube_count() == 0) {
        return match (trace, recorder) {
            (Some(t), Some(r)) => settled_by_the_frontier(t, r, layered, split, (start, goal, horizon), ing),
            _ => Ok(Outcome::Unsat),
        };
    }
    let mut recorded = recorder.as_ref().map(|_| puzzlec_ir::Cnf::new());
    if let Some(r) = &recorder {
        session = r.session(backend).ok_or_else(|| io(std::io::Error::other("the solver writes no proof")))?;
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
    let orders = lanes(split.as_ref());
    let (cubes, frontier_lemmas) = match (&split, how.cubes) {
        (_, Cubes::Off) => (Vec::new(), Vec::new()),
        (Some(split), _) => split.cubes_and_lemmas(&actions, recorder.as_ref()),
        _ => (crate::guided::cubes::cubes(&actions, start, goal, horizon / 2), Vec::new()),
    };
    let covered = split.as_ref().is_some_and(|s| s.covered);
    // A certificate's proof must derive the empty clause itself: for a covered horizon it
    // is derived from the refuted cubes with the certificate, off the search's path (a last
    // solve over the lemmas, which the cubes' blocking clauses make short, if that fails).
    let later = covered && recorder.is_some();
    let closing = match (covered, later) {
        (true, false) => Closing::Covered,
        (true, true) => Closing::Later,
        (false, _) => Closing::Solve(&frontier_lemmas),
    };
    let Some(left) = puzzlec_drive::left_after(started, limit) else {
        return Ok(Outcome::Unknown("time limit reached while building the cubes".into()));
    };
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let outcome = match cubes.is_empty() && how.cubes == Cubes::Off {
        true => session.solve(&[], left),
        false if threads > 1 && horizon >= PARALLEL_FROM && cubes.len() > 1 => {
            let spawn = || setup.another(backend, recorder.as_ref(), &actions);
            crate::guided::parallel::solve(session.as_mut(), &cubes, orders, closing, threads, left, &spawn)
        }
        false => crate::guided::parallel::solve(session.as_mut(), &cubes, orders, closing, 1, left, &|| None),
    };
    if stats && how.propagator {
        eprintln!("propagator: horizon {horizon}, {} lemmas", lemmas.load(std::sync::atomic::Ordering::Relaxed));
    }
    if let (Some(t), Some(r), Some(cnf), Some(_), puzzlec_solve::Outcome::Unsat) =
        (trace, recorder, recorded, pdb, &outcome)
    {
        // The solver's trace is complete once it is dropped (or has made the last solve).
        let session = puzzlec_solve::Handed::new(session);
        let last = match later {
            true => {
                let pruned = frontier_lemmas.iter().map(|c| c.iter().map(|l| -l).collect());
                let leaves = cubes.into_iter().chain(pruned).collect();
                Some(Covered { leaves, session: Some(session), lemmas: frontier_lemmas, deadline: started + limit })
            }
            false => {
                drop(session);
                None
            }
        };
        keep_certificate(t, r, cnf, (start, goal, horizon), ing, last);
    }
    conclude(encoding, backend.id(), outcome, start, goal, horizon)
}

/// A certified horizon the start's estimate alone puts out of reach: its claim is the
/// formula with one lemma, the empty clause (`f E`: no plan begins at all), and a proof of
/// one step, so no solver is loaded (on short boards, a certified run had spent a fifth of
/// its time loading and solving such horizons). `None` when the start is within reach, or
/// the formula's own bound settles the horizon (then the ordinary way goes on).
fn settled_by_the_start(
    trace: &crate::certify::trace::Trace,
    db: &std::sync::Arc<dyn crate::tables::Tables>,
    layered: &dyn Layered,
    (start, goal, horizon): (&Board, &Board, usize),
    ing: Ingredients,
) -> Option<std::io::Result<Outcome<Vec<Move>>>> {
    let estimate = db.estimate(start).max(crate::rules::Heuristic::new(goal).manhattan_linear_conflict(start));
    if estimate <= horizon {
        return None;
    }
    let mut cnf = puzzlec_ir::Cnf::new();
    layered.layers(start, goal, horizon, ing, &mut cnf)?;
    let recorder = match trace.begin(horizon, db.clone().kind()) {
        Ok(r) => r,
        Err(e) => return Some(Err(e)),
    };
    recorder.lemma(format!("f {estimate} : 0"));
    keep_certificate(trace, recorder, cnf, (start, goal, horizon), ing, None);
    Some(Ok(Outcome::Unsat))
}

/// A certified horizon the frontier alone settles (no cube left, and the pruned prefixes
/// leave no plan out): its claim is the formula, the frontier's lemmas and the empty clause
/// derived from them ([`puzzlec_solve::proof::cover`]), so no solver is loaded (Korf 68's
/// horizons 43 and 45 took 0.02 s each with one, nothing without).
fn settled_by_the_frontier(
    trace: &crate::certify::trace::Trace,
    recorder: crate::certify::trace::Recorder,
    layered: &dyn Layered,
    split: &Split,
    (start, goal, horizon): (&Board, &Board, usize),
    ing: Ingredients,
) -> Result<Outcome<Vec<Move>>, DriveError> {
    let mut cnf = puzzlec_ir::Cnf::new();
    // No layers: the formula is one empty clause (as a loaded solver would have said).
    let Some(layers) = layered.layers(start, goal, horizon, ing, &mut cnf) else { return Ok(Outcome::Unsat) };
    let (_, lemmas) = split.cubes_and_lemmas(&layers.act, Some(&recorder));
    let leaves = lemmas.iter().map(|c| c.iter().map(|l| -l).collect()).collect();
    let deadline = std::time::Instant::now();
    let covered = Covered { leaves, session: None, lemmas: Vec::new(), deadline };
    keep_certificate(trace, recorder, cnf, (start, goal, horizon), ing, Some(covered));
    Ok(Outcome::Unsat)
}

/// The formula's own counting bounds left out where the tables work inside the solver
/// (`inside`): the `lean` encoding ([`crate::encodings::lean`]). They (the away count and the
/// linear conflicts, IDA*'s Manhattan rule as clauses) only repeat a weaker form of what the
/// propagator enforces, and each move assigns their counters' auxiliary variables at every
/// later step: left out, the cubes fall 1.3-1.8x sooner (measured on nine of Korf's boards,
/// 97.7 s against 64.5 s in all), and a certified horizon about 1.6x sooner (Korf 39).
fn leaner(ing: Ingredients, inside: bool) -> Ingredients {
    match inside {
        true => Ingredients { away_count: false, conflicts: false, ..ing },
        false => ing,
    }
}

/// The files of a certified UNSAT horizon, kept (and checked) by its trace.
fn keep_certificate(
    trace: &crate::certify::trace::Trace,
    recorder: crate::certify::trace::Recorder,
    cnf: puzzlec_ir::Cnf,
    (start, goal, horizon): (&Board, &Board, usize),
    ing: Ingredients,
    last: Option<Covered>,
) {
    // The claim's formula is exactly what `emit` writes in the encoding of these ingredients.
    let name = match ing.is_lean() {
        true => puzzlec_encode::Encoding::name(&crate::encodings::lean::Lean),
        false => puzzlec_encode::Encoding::name(&crate::encodings::compact::Compact),
    };
    trace.keep(horizon, &crate::drive::header(name, start, goal, horizon), recorder, cnf, last);
}

/// A horizon split by the pattern-database frontier ([`crate::guided::frontier`]).
struct Split {
    frontier: Frontier,
    /// The cubes and the pruned prefixes leave no plan out ([`crate::guided::cover`]), so
    /// the cubes' refutations settle the horizon without a last solve (a certificate's
    /// proof still makes one: it must derive the empty clause itself).
    covered: bool,
}

impl Split {
    /// The frontier's cubes as assumptions over `actions`, and its lemmas. Every cube
    /// satisfies the lemmas (a cube extends no pruned prefix), so they go in only for a last
    /// solve, which must see the whole horizon (measured level with giving them before the
    /// cubes; this keeps the cube solves' clause lists short). A covered horizon makes none,
    /// and needs them only for its certificate.
    fn cubes_and_lemmas(
        &self,
        actions: &[Vec<puzzlec_ir::Lit>],
        recorder: Option<&crate::certify::trace::Recorder>,
    ) -> (Vec<Vec<puzzlec_ir::Lit>>, Vec<Vec<puzzlec_ir::Lit>>) {
        let mut lemmas = Vec::new();
        if !self.covered || recorder.is_some() {
            for p in self.frontier.pruned() {
                let clause = p.clause(actions);
                if let Some(r) = recorder {
                    let text: Vec<String> = clause.iter().map(|l| l.to_string()).collect();
                    let moves = puzzlec_core::moves_to_string(&p.moves);
                    r.lemma(format!("f {moves} {} : {} 0", p.h, text.join(" ")));
                }
                lemmas.push(clause);
            }
        }
        (self.frontier.cubes().map(|c| crate::guided::cubes::literals(actions, &c)).collect(), lemmas)
    }

    /// `no_undo`: the formula forbids undos. The estimate is the tables' and the Manhattan
    /// distance with linear conflicts, whichever is larger (a certificate's checker
    /// computes both).
    fn new(
        db: &dyn crate::tables::Tables,
        start: &Board,
        goal: &Board,
        horizon: usize,
        no_undo: bool,
        target: usize,
    ) -> Split {
        let lc = crate::rules::Heuristic::new(goal);
        let h = |b: &Board| db.estimate(b).max(lc.manhattan_linear_conflict(b));
        let frontier = Frontier::new(start, horizon, &h, target, horizon / 2);
        let covered = no_undo && frontier.covers(start);
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

/// What loading one horizon into a solver takes: the layers, and the propagator when asked.
struct Setup<'a> {
    layered: &'a dyn Layered,
    start: &'a Board,
    goal: &'a Board,
    horizon: usize,
    ing: Ingredients,
    how: Strategy,
    pdb: Option<std::sync::Arc<dyn crate::tables::Tables>>,
    lemmas: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// Where the propagators write their lemmas with justifications, for a certificate.
    record: Option<std::sync::Arc<std::sync::Mutex<Vec<String>>>>,
}

impl Setup<'_> {
    /// Another solver loaded with the same horizon (a proving one when the run keeps a
    /// certificate), for a second thread. The same encoder on an empty solver numbers the
    /// variables the same way, so the cubes mean the same there; checked, not assumed.
    fn another(
        &self,
        backend: &Backend,
        recorder: Option<&crate::certify::trace::Recorder>,
        actions: &[Vec<puzzlec_ir::Lit>],
    ) -> Option<Box<dyn Incremental>> {
        let mut other = match recorder {
            Some(r) => r.session(backend)?,
            None => backend.session(&puzzlec_ir::Cnf::new(), self.how.settings())?,
        };
        (self.load(other.as_mut(), None)? == actions).then_some(())?;
        Some(other)
    }

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
            let mut p = crate::guided::propagator::PdbPropagator::new(
                &layers.p,
                self.goal,
                self.horizon,
                db.clone(),
                self.lemmas.clone(),
            );
            if self.how.branching {
                p = p.with_forward_branching(self.start, &layers.act);
                let moves = self.how.moves_ahead(self.goal);
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

/// Two lanes of the frontier's cubes: nearest the goal first, and in move order (a
/// measurement knob, `PUZZLEC_ONE_LANE`, keeps the first alone). See
/// `Frontier::in_move_order`.
fn lanes(split: Option<&Split>) -> Vec<Vec<u32>> {
    match split {
        Some(split) if !puzzlec_core::tuning::get().one_lane => {
            vec![(0..split.frontier.cube_count() as u32).collect(), split.frontier.in_move_order()]
        }
        _ => Vec::new(),
    }
}
