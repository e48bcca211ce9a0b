//! The embedded SAT solver: CaDiCaL 3 compiled into the binary (the `cadical-sys` crate
//! builds it from source with the C++ compiler through `cxx`, no other system library).
//! Why cadical-sys and not the smaller `cadical` crate (CaDiCaL 1.9.5): it exposes
//! IPASIR-UP (external propagators, [`crate::propagator`]), which the sliding-tile search
//! uses to put its pattern databases inside the solver.

use std::time::Duration;

use puzzlec_ir::{Assignment, Cnf, CnfModel};

use crate::backend::{Outcome, SolveCnf, SolveError};

pub struct EmbeddedCadical;

impl SolveCnf for EmbeddedCadical {
    fn solve_cnf(&self, cnf: &Cnf, limit: Duration) -> Result<Outcome<CnfModel>, SolveError> {
        // Loading millions of clauses takes seconds too: the limit covers it.
        let started = std::time::Instant::now();
        let timed_out = || Outcome::Unknown("time limit reached while loading the clauses".into());
        let mut session = CadicalSession::with_config(&Cnf::new(), None);
        session.solver.resize(cnf.num_vars() as i32);
        (session.names, session.num_vars) = (cnf.names().to_vec(), cnf.num_vars());
        for (i, clause) in cnf.clauses().enumerate() {
            session.solver.clause6(clause);
            if i.is_multiple_of(1 << 16) && (started.elapsed() >= limit || puzzlec_core::stop::requested()) {
                return Ok(timed_out());
            }
        }
        let Some(left) = limit.checked_sub(started.elapsed()).filter(|l| !l.is_zero()) else {
            return Ok(timed_out());
        };
        Ok(match session.run(&[], left, None) {
            Some(true) => Outcome::Sat(session.model()),
            Some(false) => Outcome::Unsat,
            None => Outcome::Unknown("time limit reached".into()),
        })
    }
}

impl crate::backend::Solve for EmbeddedCadical {
    fn id(&self) -> &str {
        "cadical"
    }

    fn form(&self) -> crate::Form {
        crate::Form::Dimacs
    }

    fn version(&self) -> Option<String> {
        Some(crate::version::embedded_cadical())
    }

    fn cnf(&self) -> Option<&dyn SolveCnf> {
        Some(self)
    }

    fn session(&self, cnf: &Cnf, config: Option<&str>) -> Option<Box<dyn crate::Incremental>> {
        Some(Box::new(CadicalSession::with_config(cnf, config)))
    }

    fn proving_session(&self, proof: &std::path::Path) -> Option<std::io::Result<Box<dyn crate::Incremental>>> {
        Some(CadicalSession::proving(proof).map(|s| Box::new(s) as Box<dyn crate::Incremental>))
    }
}

/// The live-solver capability drivers ask for (cubes, enumeration, incremental horizons).
impl crate::incremental::Incremental for CadicalSession {
    fn run(&mut self, assumptions: &[i32], limit: Duration, conflicts: Option<i32>) -> Option<bool> {
        CadicalSession::run(self, assumptions, limit, conflicts)
    }

    fn model(&self) -> CnfModel {
        CadicalSession::model(self)
    }

    fn proof(&self) -> Option<crate::proof::ProofFile> {
        self.proof.clone()
    }

    fn connect(&mut self, propagator: Box<dyn crate::propagator::Propagator>) -> bool {
        let observed = propagator.observed();
        self.solver.connect_external_propagator(crate::propagator::Adapter::new(propagator));
        for v in observed {
            self.solver.add_observed_var(v);
        }
        self.connected = true;
        true
    }

    fn observe(&mut self, var: i32) -> bool {
        if self.connected {
            self.solver.add_observed_var(var.abs());
        }
        self.connected
    }
}

/// Encoders can write straight into a live solver (incremental use).
impl puzzlec_ir::ClauseSink for CadicalSession {
    fn new_var(&mut self, name: Option<String>) -> i32 {
        let v = CadicalSession::new_var(self);
        if let Some(name) = name {
            self.names.push((v as u32, name));
        }
        v
    }

    fn add_clause(&mut self, clause: &[i32]) {
        CadicalSession::add_clause(self, clause);
    }

    fn num_vars(&self) -> u32 {
        self.num_vars
    }
}

/// CaDiCaL's terminate callback: the time limit, or a stop asked by a portfolio or Ctrl-C.
struct Limit {
    until: std::time::Instant,
    stop: Option<puzzlec_core::stop::Token>,
}

impl cadical_sys::Terminator for Limit {
    fn terminated(&mut self) -> bool {
        std::time::Instant::now() > self.until
            || puzzlec_core::stop::interrupted()
            || self.stop.as_ref().is_some_and(|t| t.is_stopped())
    }
}

/// A live CaDiCaL holding one formula, for incremental use: more clauses, more solves.
pub struct CadicalSession {
    solver: cadical_sys::CaDiCal,
    names: Vec<(u32, String)>,
    num_vars: u32,
    last_model: Option<Assignment>,
    proof: Option<crate::proof::ProofFile>,
    /// A propagator is connected.
    connected: bool,
}

impl CadicalSession {
    /// A session with no clauses yet (encoders add them through `ClauseSink`).
    pub fn empty() -> CadicalSession {
        CadicalSession::new(&Cnf::new())
    }

    pub fn new(cnf: &Cnf) -> CadicalSession {
        CadicalSession::with_config(cnf, None)
    }

    /// A session configured by `config`, for problems where a setting was measured to pay:
    /// comma-separated parts, each one of CaDiCaL's preset configurations (`sat`, `unsat`,
    /// `plain`) or an option `name=value` (`reduceint=2`); the presets first, then the
    /// options. A part CaDiCaL does not know is left out (its default stays).
    pub fn with_config(cnf: &Cnf, config: Option<&str>) -> CadicalSession {
        let mut solver = cadical_sys::CaDiCal::new();
        let parts: Vec<&str> = config.unwrap_or_default().split(',').map(str::trim).collect();
        for &name in parts.iter().filter(|p| cadical_sys::CaDiCal::is_valid_configuration(p)) {
            solver.configure(name);
        }
        Self::incremental_options(&mut solver);
        for (name, value) in parts.iter().filter_map(|p| p.split_once('=')) {
            if let Ok(value) = value.trim().parse() {
                solver.set(name.trim(), value);
            }
        }
        solver.resize(cnf.num_vars() as i32);
        // A large formula takes seconds to load: loading stops at the deadline of the
        // formula being built on this thread, or a stop (`puzzlec_core::stop::overdue`), and
        // the caller, past its deadline, does not use the session.
        for (k, clause) in cnf.clauses().enumerate() {
            if k % (1 << 16) == 0 && k > 0 && puzzlec_core::stop::overdue() {
                break;
            }
            solver.clause6(clause);
        }
        CadicalSession {
            solver,
            names: cnf.names().to_vec(),
            num_vars: cnf.num_vars(),
            last_model: None,
            proof: None,
            connected: false,
        }
    }

    /// An empty session that traces what it derives, with antecedents, into `path` while
    /// it solves ([`crate::proof`] says what goes in; [`crate::proof::merge`] makes LRAT of it). Bounded variable addition is off: its
    /// new variables would mean different things in two solvers' proofs of one formula.
    ///
    /// # Errors
    /// The proof file cannot be created.
    pub fn proving(path: &std::path::Path) -> std::io::Result<CadicalSession> {
        let proof = crate::proof::ProofFile::create(path)?;
        let mut solver = cadical_sys::CaDiCal::new();
        Self::incremental_options(&mut solver);
        solver.set("factor", 0);
        solver.connect_proof_tracer1(proof.tracer(), true, false);
        Ok(CadicalSession {
            solver,
            names: Vec::new(),
            num_vars: 0,
            last_model: None,
            proof: Some(proof),
            connected: false,
        })
    }

    /// CaDiCaL 1.9's defaults for incremental use, which CaDiCaL 3 changed: keep the trail
    /// across calls that share assumptions (`ilb`), and no probing rounds at the start of
    /// each call (`inprobing`). Thousands of cube calls per horizon pay for both: Korf 16
    /// took 60+ s with CaDiCaL 3's defaults and 17.8 s with these (make bench-korf).
    fn incremental_options(solver: &mut cadical_sys::CaDiCal) {
        solver.set("ilb", 1);
        solver.set("inprobing", 0);
    }

    /// A fresh variable beyond the formula's (for activation literals).
    pub fn new_var(&mut self) -> i32 {
        self.num_vars += 1;
        self.num_vars as i32
    }

    pub fn add_clause(&mut self, clause: &[i32]) {
        self.num_vars = self.num_vars.max(clause.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0));
        self.solver.clause6(clause);
    }

    /// Solves under `assumptions` within `limit`.
    pub fn solve(&mut self, assumptions: &[i32], limit: Duration) -> Outcome<CnfModel> {
        match self.run(assumptions, limit, None) {
            Some(true) => Outcome::Sat(self.model()),
            Some(false) => Outcome::Unsat,
            None => Outcome::Unknown("time limit reached".into()),
        }
    }

    /// One solver call; `None` when the time limit or the conflict budget ran out.
    fn run(&mut self, assumptions: &[i32], limit: Duration, conflicts: Option<i32>) -> Option<bool> {
        let stop = puzzlec_core::stop::current();
        self.solver.connect_terminator(Limit { until: std::time::Instant::now() + limit, stop });
        if let Some(budget) = conflicts {
            self.solver.limit("conflicts", budget);
        }
        for &lit in assumptions {
            self.solver.assume(lit);
        }
        self.last_model = None;
        if let Some(p) = &self.proof {
            p.solving(true);
        }
        let status = self.solver.solve();
        if let Some(p) = &self.proof {
            p.solving(false);
        }
        match status {
            cadical_sys::Status::SATISFIABLE => {
                self.last_model = Some(self.read_model());
                Some(true)
            }
            cadical_sys::Status::UNSATISFIABLE => Some(false),
            _ => None,
        }
    }

    /// The last satisfiable call's model.
    pub fn model(&self) -> CnfModel {
        let assignment = self.last_model.clone().unwrap_or_else(|| Assignment::new(self.num_vars));
        CnfModel::new(&self.names, assignment)
    }

    /// Reads the model right after a satisfiable call (variables the solver never saw stay
    /// unset).
    fn read_model(&mut self) -> Assignment {
        let mut assignment = Assignment::new(self.num_vars);
        let known = self.solver.vars();
        for v in 1..=(self.num_vars as i32).min(known) {
            let value = self.solver.val(v);
            assignment.set(if value > 0 { v } else { -v });
        }
        assignment
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlec_ir::{ClauseSink, Model};

    /// A session with variables x1.. named "x1".. and the given clauses.
    fn session(vars: usize, clauses: &[&[i32]]) -> CadicalSession {
        let mut s = CadicalSession::empty();
        for v in 1..=vars {
            ClauseSink::new_var(&mut s, Some(format!("x{v}")));
        }
        for c in clauses {
            s.add_clause(c);
        }
        s
    }

    /// Cubes that miss the only models: every cube is refuted and the last solve finds one.
    #[test]
    fn a_model_outside_every_cube_is_still_found() {
        let mut s = session(3, &[&[1], &[2, 3]]);
        match crate::incremental::solve_by_cubes(&mut s, &[], &[vec![-1], vec![1, -2, -3]], Duration::from_secs(10)) {
            Outcome::Sat(m) => {
                assert_eq!(m.bool("x1"), Some(true));
                assert!(m.bool("x2") == Some(true) || m.bool("x3") == Some(true));
            }
            _ => panic!("satisfiable"),
        }
    }

    /// A stop asked from another thread ends a long solve within moments (a portfolio's
    /// loser): the pigeonhole formula with 13 pigeons takes CaDiCaL far longer than this.
    #[test]
    fn a_stop_from_another_thread_ends_a_hard_solve() {
        let (pigeons, holes) = (13, 12);
        let var = move |p: usize, h: usize| (p * holes + h + 1) as i32;
        let token = puzzlec_core::stop::Token::new();
        let stopper = token.clone();
        // The solve runs on a thread of its own (which builds its session: CaDiCaL is not
        // Send); a stop that is not honoured shows as no answer within a generous deadline,
        // far below the solve's own 600 s limit.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut s = CadicalSession::empty();
            for p in 0..pigeons {
                s.add_clause(&(0..holes).map(|h| var(p, h)).collect::<Vec<_>>());
            }
            for h in 0..holes {
                for a in 0..pigeons {
                    for b in a + 1..pigeons {
                        s.add_clause(&[-var(a, h), -var(b, h)]);
                    }
                }
            }
            let outcome = puzzlec_core::stop::within(&token, || s.solve(&[], Duration::from_secs(600)));
            let _ = tx.send(matches!(outcome, Outcome::Unknown(_)));
        });
        std::thread::sleep(Duration::from_millis(300));
        stopper.stop();
        let unknown = rx.recv_timeout(Duration::from_secs(120)).expect("the stop was not honoured");
        assert!(unknown, "a stopped solve answers unknown");
    }

    /// A configuration of presets and option settings: the options are set after the
    /// preset (which would otherwise reset them), parts CaDiCaL does not know change
    /// nothing, and the session solves as ever.
    #[test]
    fn a_configuration_sets_presets_then_options() {
        let mut cnf = Cnf::new();
        let (a, b) = (cnf.new_var(Some("a".into())), cnf.new_var(Some("b".into())));
        cnf.add_clause(&[a, b]);
        cnf.add_clause(&[-a]);
        let config = "unsat, reduceint=7,arena=0, nonsense=3, nopreset, reduceopt=x";
        let mut s = CadicalSession::with_config(&cnf, Some(config));
        assert_eq!(s.solver.get("reduceint"), 7);
        assert_eq!(s.solver.get("arena"), 0);
        assert_eq!(s.solver.get("reduceopt"), 1, "a value that is no number leaves the default");
        assert_eq!(s.solver.get("inprobing"), 0, "the incremental options hold");
        match s.solve(&[], Duration::from_secs(10)) {
            Outcome::Sat(m) => assert_eq!((m.bool("a"), m.bool("b")), (Some(false), Some(true))),
            _ => panic!("satisfiable"),
        }
    }

    /// Refutations under base assumptions are blocked only under them.
    #[test]
    fn unsat_under_the_base_assumptions_only() {
        let mut s = session(4, &[&[-4, 1], &[-4, -1]]);
        let cubes = [vec![1], vec![-1]];
        assert!(matches!(
            crate::incremental::solve_by_cubes(&mut s, &[4], &cubes, Duration::from_secs(10)),
            Outcome::Unsat
        ));
        assert!(matches!(s.solve(&[], Duration::from_secs(10)), Outcome::Sat(_)));
    }
}
