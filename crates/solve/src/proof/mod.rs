//! LRAT proofs written by the embedded CaDiCaL while it solves (CaDiCaL 3's proof tracer
//! interface, with antecedents), for certificates that keep the lemmas a driver adds.
//!
//! Each solver traces into a file of its own, in CaDiCaL's numbering ([`ProofFile`]);
//! [`merge`] then joins the solvers of one formula into one LRAT proof over one input (the
//! formula and the lemmas, numbered from 1 in their order), which a linear-time checker
//! reads: every derived clause names the clauses that, one after the other, become unit
//! under its negation and end in a conflict.
//!
//! What CaDiCaL tells a tracer, and what becomes of it:
//! - clauses it derives (learnt, strengthened, resolvents), with their antecedents: steps;
//! - clauses it is given (`add_original_clause`): before the first solve they are the
//!   formula and the driver's lemmas; during a solve they come from the external propagator
//!   (CaDiCaL reports a propagator's clause as an original, then derives its simplified form
//!   from it). Both belong to the certificate's input, and [`merge`] finds each there by its
//!   literals. Between two solves they are the driver's own conclusions: a refuted cube's
//!   blocking clause (the negated assumptions, which contain the clause of failed
//!   assumptions just derived) or another solver's blocking clause (derived in that
//!   solver's proof, placed before this one);
//! - the clause of failed assumptions that ends an UNSAT under assumptions, with its
//!   antecedents: a step, never deleted;
//! - deletions: kept only for clauses derived in this proof, so a proof stays valid with
//!   more clauses around it;
//! - a clause restored after variable elimination: counted ([`ProofStats::restored`]); the
//!   proof is then not to be trusted as it stands.

pub mod cover;
mod merge;
mod varint;

pub use merge::{empty_from, join, merge, Joined, MergeError, Merged};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// What a proof file holds, for the certificate's report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofStats {
    pub lines: u64,
    pub deletions: u64,
    /// Clauses CaDiCaL restored after eliminating a variable: a proof with any is unusable.
    pub restored: u64,
    /// The first write error, or a step the merged proof could not hold (the proof is then
    /// unusable).
    pub error: Option<String>,
}

/// Where a session traces its proof, and what was written so far.
#[derive(Clone)]
pub struct ProofFile {
    pub path: PathBuf,
    writer: Arc<Mutex<TraceWriter>>,
}

impl ProofFile {
    /// Writes out what is buffered and says what the file holds.
    pub fn flush(&self) -> ProofStats {
        let mut w = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = w.out.flush() {
            w.stats.error.get_or_insert(e.to_string());
        }
        w.stats.clone()
    }

    /// The session is solving (`true`) or between solves.
    pub(crate) fn solving(&self, now: bool) {
        let mut w = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        w.phase = if now { Phase::Solving } else { Phase::Between };
    }

    pub(crate) fn tracer(&self) -> Shared {
        Shared(self.writer.clone())
    }

    /// A writer into `path` (created).
    pub(crate) fn create(path: &Path) -> std::io::Result<ProofFile> {
        let file = std::fs::File::create(path)?;
        let writer = TraceWriter {
            out: std::io::BufWriter::with_capacity(1 << 20, file),
            phase: Phase::Loading,
            own: Vec::new(),
            stats: ProofStats::default(),
        };
        Ok(ProofFile { path: path.to_path_buf(), writer: Arc::new(Mutex::new(writer)) })
    }
}

/// When CaDiCaL was given a clause, which says where it comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Loading = 0,
    Solving = 1,
    Between = 2,
}

/// A solver's trace, one record a line: a kind byte, the clause id, then as the kind needs
/// the phase, the literals (0-ended) and the antecedents (0-ended), numbers as in binary
/// LRAT ([`varint`]).
pub(crate) mod kind {
    /// A clause CaDiCaL was given: id, phase, literals.
    pub const ORIGINAL: u8 = b'o';
    /// A derived clause: id, literals, antecedents.
    pub const DERIVED: u8 = b'a';
    /// The clause of failed assumptions: id, literals, antecedents.
    pub const ASSUMPTIONS: u8 = b'u';
    /// A deleted derived clause: id.
    pub const DELETED: u8 = b'd';
}

/// The tracer's state, shared between CaDiCaL (which owns a [`Shared`]) and the session.
struct TraceWriter {
    out: std::io::BufWriter<std::fs::File>,
    phase: Phase,
    /// Ids of the clauses this proof derived, as bits (so deletions of others are left out).
    own: Vec<u64>,
    stats: ProofStats,
}

impl TraceWriter {
    fn write(&mut self, kind: u8, id: i64, phase: Option<Phase>, clause: &[i32], hints: Option<&[i64]>) {
        if self.stats.error.is_some() {
            return;
        }
        let mut line = Vec::with_capacity(12 + clause.len() * 3 + hints.map_or(0, |h| h.len() * 4));
        line.push(kind);
        varint::put(&mut line, id as u64);
        if let Some(p) = phase {
            line.push(p as u8);
        }
        if kind != kind::DELETED {
            for &l in clause {
                varint::put(&mut line, varint::lit(l));
            }
            line.push(0);
        }
        if let Some(hints) = hints {
            for &h in hints {
                if h <= 0 {
                    self.stats.error =
                        Some(format!("clause {id} rests on a RAT step ({h}), which LRAT here does not hold"));
                    return;
                }
                varint::put(&mut line, h as u64);
            }
            line.push(0);
        }
        if let Err(e) = self.out.write_all(&line) {
            self.stats.error = Some(e.to_string());
        }
        self.stats.lines += 1;
    }

    fn mark(&mut self, id: i64) {
        let (word, bit) = (id as usize / 64, id as usize % 64);
        if self.own.len() <= word {
            self.own.resize(word + 1, 0);
        }
        self.own[word] |= 1 << bit;
    }

    fn is_own(&self, id: i64) -> bool {
        self.own.get(id as usize / 64).is_some_and(|w| w & (1 << (id as usize % 64)) != 0)
    }
}

/// The tracer handed to CaDiCaL.
pub(crate) struct Shared(Arc<Mutex<TraceWriter>>);

impl Shared {
    fn with(&mut self, f: impl FnOnce(&mut TraceWriter)) {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

impl cadical_sys::ProofTracer for Shared {
    fn add_original_clause(&mut self, id: i64, _redundant: bool, clause: &[i32], restored: bool) {
        self.with(|w| {
            if restored {
                w.stats.restored += 1;
            } else {
                let phase = w.phase;
                w.write(kind::ORIGINAL, id, Some(phase), clause, None);
            }
        });
    }

    fn add_derived_clause(&mut self, id: i64, _redundant: bool, _witness: i32, clause: &[i32], antecedents: &[i64]) {
        self.with(|w| {
            w.write(kind::DERIVED, id, None, clause, Some(antecedents));
            w.mark(id);
        });
    }

    fn delete_clause(&mut self, id: i64, _redundant: bool, _clause: &[i32]) {
        self.with(|w| {
            if w.is_own(id) {
                w.write(kind::DELETED, id, None, &[], None);
                w.stats.deletions += 1;
            }
        });
    }

    fn weaken_minus(&mut self, _id: i64, _clause: &[i32]) {}

    fn strengthen(&mut self, _id: i64) {}

    fn finalize_clause(&mut self, _id: i64, _clause: &[i32]) {}

    fn add_assumption(&mut self, _lit: i32) {}

    fn add_constraint(&mut self, _clause: &[i32]) {}

    fn reset_assumptions(&mut self) {}

    fn add_assumption_clause(&mut self, id: i64, clause: &[i32], antecedents: &[i64]) {
        self.with(|w| w.write(kind::ASSUMPTIONS, id, None, clause, Some(antecedents)));
    }

    fn conclude_sat(&mut self, _conclusion_type: i32, _model: &[i32]) {}

    fn conclude_unsat(&mut self, _conclusion_type: i32, _clause_ids: &[i64]) {}

    fn conclude_unknown(&mut self, _trail: &[i32]) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded_cadical::CadicalSession;
    use crate::incremental::{refute_cubes, Incremental, Refuted};
    use puzzlec_ir::{ClauseSink, Cnf};
    use std::time::Duration;

    /// Pigeons into holes as clauses, and the variable of pigeon p in hole h.
    pub(super) fn pigeons(n: usize, holes: usize) -> (Cnf, impl Fn(usize, usize) -> i32 + Copy) {
        let var = move |p: usize, h: usize| (p * holes + h + 1) as i32;
        let mut cnf = Cnf::new();
        for _ in 0..n * holes {
            cnf.new_var(None);
        }
        for p in 0..n {
            cnf.add_clause(&(0..holes).map(|h| var(p, h)).collect::<Vec<_>>());
        }
        for h in 0..holes {
            for a in 0..n {
                for b in a + 1..n {
                    cnf.add_clause(&[-var(a, h), -var(b, h)]);
                }
            }
        }
        (cnf, var)
    }

    /// The traces joined in this order, and the LRAT check's verdict.
    fn checked(cnf: &Cnf, traces: &[PathBuf], dir: &Path) -> Result<puzzlec_lrat::Checked, String> {
        let proof = dir.join("all.lrat");
        merge(traces, cnf.clauses(), &proof).map_err(|e| e.to_string())?;
        let mut r = std::io::BufReader::new(std::fs::File::open(&proof).unwrap());
        puzzlec_lrat::check(cnf.clauses(), &mut r, &|| false).map_err(|e| e.to_string())
    }

    pub(super) fn load(s: &mut CadicalSession, cnf: &Cnf) {
        for _ in 0..cnf.num_vars() {
            ClauseSink::new_var(s, None);
        }
        for c in cnf.clauses() {
            s.add_clause(c);
        }
    }

    /// Cubes refuted on two solvers, the second's blocking clauses taken in by the first,
    /// the first's last solve: the two traces joined (the second's first) make an LRAT proof
    /// that checks against the formula alone.
    #[test]
    fn two_solvers_proofs_of_cubes_join_into_one_that_checks() {
        let dir = tempfile::tempdir().unwrap();
        let (cnf, var) = pigeons(7, 6);
        let cubes: Vec<Vec<i32>> =
            (0..6).flat_map(|a| (0..6).map(move |b| (a, b))).map(|(a, b)| vec![var(0, a), var(1, b)]).collect();
        let (mut first, mut second) = (
            CadicalSession::proving(&dir.path().join("1.drat")).unwrap(),
            CadicalSession::proving(&dir.path().join("2.drat")).unwrap(),
        );
        load(&mut first, &cnf);
        load(&mut second, &cnf);
        let (mine, theirs) = cubes.split_at(cubes.len() / 2);
        let mut a = mine.iter().cloned();
        let mut b = theirs.iter().cloned();
        let limit = Duration::from_secs(120);
        assert!(matches!(refute_cubes(&mut first, &[], &mut || a.next(), limit), Refuted::All(_)));
        let Refuted::All(blocked) = refute_cubes(&mut second, &[], &mut || b.next(), limit) else { panic!("refuted") };
        for c in &blocked {
            first.add_clause(c);
        }
        assert_eq!(Incremental::run(&mut first, &[], limit, None), Some(false));
        let (p1, p2) = (first.proof().unwrap(), second.proof().unwrap());
        assert_eq!(p1.flush().restored + p2.flush().restored, 0);
        let joined = checked(&cnf, &[p2.path.clone(), p1.path.clone()], dir.path()).expect("the joined proof checks");
        assert!(joined.steps > 0 && joined.hints > joined.steps, "{joined:?}");
        // Without the second solver's trace, the clauses the first took in rest on nothing.
        let alone = checked(&cnf, std::slice::from_ref(&p1.path), dir.path()).unwrap_err();
        assert!(alone.contains("neither in the input nor implied"), "{alone}");
    }
}
