//! DRAT proofs written by the embedded CaDiCaL while it solves (CaDiCaL 3's proof tracer
//! interface), for certificates that keep the lemmas a driver adds.
//!
//! What CaDiCaL tells a tracer, and what of it goes into the file (binary DRAT, which `rate`
//! and drat-trim read: a third of the text's size and no number formatting):
//! - clauses it derives (learnt, strengthened, resolvents): written;
//! - clauses it is given (`add_original_clause`): not written, with one exception. Before
//!   the first solve they are the formula and the driver's lemmas; during a solve they come
//!   from the external propagator (CaDiCaL reports a propagator's clause as an original,
//!   then its simplified form as derived). Both belong to the certificate's input, which the
//!   driver records with their justifications. Between two solves they are the driver's own
//!   conclusions (a refuted cube's blocking clause, another solver's blocking clauses):
//!   written as derived, since each must follow from what the proof holds by then;
//! - the clause of failed assumptions that ends an UNSAT under assumptions: written, and
//!   never deleted (another solver's proof, placed before this one, may rest on it);
//! - deletions: written only for clauses derived in this proof, so a proof stays valid
//!   with more clauses around it (several solvers' proofs of one formula, one after the
//!   other, as [`merge`] joins them);
//! - a clause restored after variable elimination: counted ([`ProofStats::restored`]); the
//!   proof is then not to be trusted as it stands (the checker would reject it).

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
    /// The first write error, if any (the proof is then incomplete).
    pub error: Option<String>,
}

/// Where a session traces its proof, and what was written so far.
#[derive(Clone)]
pub struct ProofFile {
    pub path: PathBuf,
    writer: Arc<Mutex<DratWriter>>,
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
        let writer = DratWriter {
            out: std::io::BufWriter::with_capacity(1 << 20, file),
            phase: Phase::Loading,
            own: Vec::new(),
            stats: ProofStats::default(),
        };
        Ok(ProofFile { path: path.to_path_buf(), writer: Arc::new(Mutex::new(writer)) })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Loading,
    Solving,
    Between,
}

/// The tracer's state, shared between CaDiCaL (which owns a [`Shared`]) and the session.
struct DratWriter {
    out: std::io::BufWriter<std::fs::File>,
    phase: Phase,
    /// Ids of the clauses this proof derived, as bits (so deletions of others are left out).
    own: Vec<u64>,
    stats: ProofStats,
}

impl DratWriter {
    /// One line of binary DRAT: `a` (added) or `d` (deleted), each literal as 2|l| + (l < 0)
    /// in 7-bit groups, low first, the high bit saying more follow; then 0.
    fn write(&mut self, kind: u8, clause: &[i32]) {
        if self.stats.error.is_some() {
            return;
        }
        let mut line = Vec::with_capacity(2 + clause.len() * 3);
        line.push(kind);
        for &l in clause {
            let mut u = 2 * l.unsigned_abs() + u32::from(l < 0);
            while u > 127 {
                line.push((u & 127) as u8 | 128);
                u >>= 7;
            }
            line.push(u as u8);
        }
        line.push(0);
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
pub(crate) struct Shared(Arc<Mutex<DratWriter>>);

impl Shared {
    fn with(&mut self, f: impl FnOnce(&mut DratWriter)) {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

impl cadical_sys::ProofTracer for Shared {
    fn add_original_clause(&mut self, id: i64, _redundant: bool, clause: &[i32], restored: bool) {
        self.with(|w| {
            if restored {
                w.stats.restored += 1;
            } else if w.phase == Phase::Between {
                w.write(b'a', clause);
                w.mark(id);
            }
        });
    }

    fn add_derived_clause(&mut self, id: i64, _redundant: bool, _witness: i32, clause: &[i32], _antecedents: &[i64]) {
        self.with(|w| {
            w.write(b'a', clause);
            w.mark(id);
        });
    }

    fn delete_clause(&mut self, id: i64, _redundant: bool, clause: &[i32]) {
        self.with(|w| {
            if w.is_own(id) {
                w.write(b'd', clause);
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

    fn add_assumption_clause(&mut self, _id: i64, clause: &[i32], _antecedents: &[i64]) {
        self.with(|w| w.write(b'a', clause));
    }

    fn conclude_sat(&mut self, _conclusion_type: i32, _model: &[i32]) {}

    fn conclude_unsat(&mut self, _conclusion_type: i32, _clause_ids: &[i64]) {}

    fn conclude_unknown(&mut self, _trail: &[i32]) {}
}

/// Joins the proofs of several solvers of one formula into `into`, in the order given: each
/// deletes only what it derived, so what one derived stays for those after it. The solver
/// whose last solve derived the empty clause goes last.
///
/// # Errors
/// Reading or writing a file.
pub fn merge(parts: &[PathBuf], into: &Path) -> std::io::Result<u64> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(into)?);
    let mut bytes = 0;
    for part in parts {
        let mut f = std::fs::File::open(part)?;
        bytes += std::io::copy(&mut f, &mut out)?;
    }
    out.flush()?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded_cadical::CadicalSession;
    use crate::incremental::{refute_cubes, Incremental, Refuted};
    use puzzlec_ir::{ClauseSink, Cnf};
    use std::time::Duration;

    /// Pigeons into holes as clauses, and the variable of pigeon p in hole h.
    fn pigeons(n: usize, holes: usize) -> (Cnf, impl Fn(usize, usize) -> i32) {
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

    fn checked(cnf: &Cnf, proofs: &[PathBuf], dir: &Path) -> bool {
        let Some(rate) = which("rate") else {
            eprintln!("rate is not installed: `make test` installs it");
            return false;
        };
        let (formula, proof) = (dir.join("f.cnf"), dir.join("all.drat"));
        std::fs::write(&formula, cnf.to_dimacs()).unwrap();
        merge(proofs, &proof).unwrap();
        let out = std::process::Command::new(rate)
            .args(["--skip-unit-deletions", formula.to_str().unwrap(), proof.to_str().unwrap()])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).lines().any(|l| l.trim() == "s VERIFIED")
    }

    fn which(name: &str) -> Option<PathBuf> {
        let home = std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo/bin"));
        std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .chain(home)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    }

    fn load(s: &mut CadicalSession, cnf: &Cnf) {
        for _ in 0..cnf.num_vars() {
            ClauseSink::new_var(s, None);
        }
        for c in cnf.clauses() {
            s.add_clause(c);
        }
    }

    /// Cubes refuted on two solvers, the second's blocking clauses taken in by the first,
    /// the first's last solve: the two proofs joined (the second's first) check against the
    /// formula alone.
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
        assert!(checked(&cnf, &[p2.path.clone(), p1.path.clone()], dir.path()), "the joined proof checks");
        // The other order leaves the first solver's imported clauses without support.
        assert!(!checked(&cnf, &[p1.path.clone(), p2.path.clone()], dir.path()), "out of order it must not");
    }
}
