//! Certified UNSAT claims. A claim ("no plan of exactly 13 moves", "no fifth solution") is a
//! CNF that must be unsatisfiable. It is solved again from scratch by a solver that writes a
//! DRAT proof, and the proof is checked by `rate`, a checker that shares no code with any
//! solver here, before the claim may be printed.
//!
//! The CNF re-solved here is exactly the one `emit` writes for that horizon (plus, for
//! enumeration, the blocking clauses of the solutions found), so anyone can re-check it from
//! the files, with no gap for assumptions to hide in.
//!
//! Where a claim rests on lemmas the formula does not imply (pattern-database bounds), the
//! plain formula can be far harder than what the solver solved. Then the puzzle hands over
//! [`Evidence`] instead: the formula, the lemmas with their justifications and the proof the
//! live solver traced while it solved, which the puzzle's own independent checker verifies
//! (justifications against its tables, then the LRAT proof against formula plus lemmas).

mod checker;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use puzzlec_ir::Cnf;
use puzzlec_solve::external::External;
use puzzlec_solve::{Backend, Outcome, Registry, SolveError};
use serde::Serialize;

pub use checker::Checker;

/// Why a claim could not be certified. None of these is ever printed as a claim.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    #[error("no solver in the registry writes DRAT proofs (a DIMACS solver with `proof = [...]`, e.g. cadical-bin; apt-get install cadical)")]
    NoProver,
    #[error("the proof checker `rate` was not found (cargo install rate; `make test` installs it)")]
    NoChecker,
    #[error("{claim}: the prover {prover} finds it satisfiable, so the UNSAT answer it rests on was wrong")]
    Satisfiable { claim: String, prover: String },
    #[error("{claim}: the prover {prover} gave no answer ({reason})")]
    ProverUnknown { claim: String, prover: String, reason: String },
    #[error("{claim}: the proof of {prover} was rejected by {checker}:\n{output}")]
    Rejected { claim: String, prover: String, checker: String, output: String },
    #[error("{claim}: {source}")]
    Solve { claim: String, source: SolveError },
    #[error("{claim}: the certificate does not hold: {why}")]
    Refuted { claim: String, why: String },
    #[error("{what}: {source}")]
    Io { what: String, source: std::io::Error },
}

/// One claim and how it was checked.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct CheckedClaim {
    /// What the claim says, e.g. "no plan of exactly 13 moves".
    pub claim: String,
    /// The horizon it covers, for horizon searches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizon: Option<usize>,
    /// The enumeration step it covers (solutions blocked so far), for "no more solutions".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_solutions: Option<usize>,
    pub clauses: usize,
    pub proof_bytes: u64,
    pub prove_ms: u64,
    pub check_ms: u64,
    /// True only after the checker accepted the proof.
    pub checked: bool,
    /// What checked it: the checker, or "the CNF contains the empty clause" (no solver and
    /// no proof needed: the formula states its own refutation, as `emit` writes it when the
    /// encoding's bound already rules the horizon out).
    pub checked_by: String,
    /// How: `re-proof` (the plain formula proved again from scratch) or `lemmas` (the live
    /// solver's proof with its lemmas, each justified).
    #[serde(default = "reproof")]
    pub method: String,
    /// The certificate's parts (formula, lemmas, proof, tables, their checks) with sizes
    /// and times, for `lemmas`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Part>,
    /// Why a claim that had the live solver's certificate was proved again instead (that
    /// certificate could not be used, or `PUZZLEC_CERTIFY=reprove` asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproved_because: Option<String>,
}

fn reproof() -> String {
    "re-proof".into()
}

/// One part of a certificate: its name, its size in bytes or items, and what checking it took.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct Part {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
    /// How it was checked, where that is not the obvious way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A claim's certificate as the live solver left it, checked by the puzzle's own checker.
pub trait Evidence {
    /// Whether it can be checked at all (`Err`: why not, e.g. the solver restored clauses
    /// its proof does not hold); the certifier then re-proves the plain formula instead.
    fn usable(&self) -> Result<(), String>;
    /// The files, each with the name it takes in a proof folder, `{claim}` standing for
    /// `claim-K` (asked only when a proof folder keeps them).
    fn files(&self) -> Result<Vec<(String, PathBuf)>, String>;
    /// Checks everything within `limit`. `Ok`: the parts.
    fn check(&self, limit: Duration) -> Result<Vec<Part>, String>;
    /// What checks it, for the answer ("puzzlec-slide-check").
    fn checker(&self) -> String;
    /// How to re-check a proof folder by hand, for its README.
    fn by_hand(&self) -> String;
}

/// A claim to certify: its words, what it covers and its CNF.
pub struct Claim {
    pub claim: String,
    pub horizon: Option<usize>,
    pub after_solutions: Option<usize>,
    pub cnf: Cnf,
}

/// A proof-writing solver and a checker.
pub struct Certifier {
    prover: External,
    checker: Checker,
    keep: Option<PathBuf>,
    kept: usize,
}

impl Certifier {
    /// The prover is the chosen backend when it writes proofs, else the registry's first
    /// DIMACS solver that does and is installed; the checker is `rate`. `keep` is a folder
    /// for each claim's CNF and proof (created when missing).
    ///
    /// # Errors
    /// No prover, no checker, or a folder that cannot be made.
    pub fn new(chosen: Option<&Backend>, registry: &Registry, keep: Option<&Path>) -> Result<Certifier, CertifyError> {
        let prover = match chosen.and_then(Backend::program).filter(|e| e.writes_proofs()) {
            Some(e) => External::new(e.spec.clone(), e.binary.clone()),
            None => registry
                .solvers()
                .iter()
                .filter(|s| !s.proof.is_empty() && s.input == puzzlec_solve::Form::Dimacs)
                .find_map(|s| registry.locate(s).map(|b| External::new(s.clone(), b)))
                .ok_or(CertifyError::NoProver)?,
        };
        let checker = Checker::find().ok_or(CertifyError::NoChecker)?;
        if let Some(dir) = keep {
            std::fs::create_dir_all(dir)
                .map_err(|source| CertifyError::Io { what: format!("creating {}", dir.display()), source })?;
        }
        Ok(Certifier { prover, checker, keep: keep.map(Path::to_path_buf), kept: 0 })
    }

    /// The prover's id.
    pub fn prover(&self) -> &str {
        &self.prover.spec.id
    }

    /// The checker's name and version.
    pub fn checker(&self) -> &str {
        self.checker.name()
    }

    /// Proves and checks one claim within `limit` (each of the two steps gets it).
    ///
    /// # Errors
    /// The claim is satisfiable, the prover gave no answer, or the checker rejected the proof.
    pub fn certify(&mut self, claim: Claim, limit: Duration) -> Result<CheckedClaim, CertifyError> {
        let dir =
            tempfile::tempdir().map_err(|source| CertifyError::Io { what: "a temporary folder".into(), source })?;
        let cnf_path = dir.path().join("claim.cnf");
        let proof_path = dir.path().join("claim.drat");
        let io = |what: &str| {
            let what = what.to_owned();
            move |source| CertifyError::Io { what, source }
        };
        std::fs::write(&cnf_path, claim.cnf.to_dimacs()).map_err(io("writing the claim's CNF"))?;
        if claim.cnf.clauses().any(<[i32]>::is_empty) {
            std::fs::write(&proof_path, "").map_err(io("writing the empty proof"))?;
            self.keep_files(&cnf_path, &proof_path, &claim.claim)?;
            return Ok(CheckedClaim {
                claim: claim.claim,
                horizon: claim.horizon,
                after_solutions: claim.after_solutions,
                clauses: claim.cnf.num_clauses(),
                proof_bytes: 0,
                prove_ms: 0,
                check_ms: 0,
                checked: true,
                checked_by: "the CNF contains the empty clause".into(),
                method: reproof(),
                parts: Vec::new(),
                reproved_because: None,
            });
        }
        let prover = self.prover.spec.id.clone();
        let started = Instant::now();
        match self.prover.solve_cnf_proving(&claim.cnf, limit, &proof_path) {
            Ok(Outcome::Unsat) => {}
            Ok(Outcome::Sat(_)) => return Err(CertifyError::Satisfiable { claim: claim.claim, prover }),
            Ok(Outcome::Unknown(reason)) => {
                return Err(CertifyError::ProverUnknown { claim: claim.claim, prover, reason })
            }
            Err(source) => return Err(CertifyError::Solve { claim: claim.claim, source }),
        }
        let prove_ms = started.elapsed().as_millis() as u64;
        let proof_bytes = std::fs::metadata(&proof_path).map(|m| m.len()).unwrap_or(0);
        let started = Instant::now();
        if let Err(output) = self.checker.check(&cnf_path, &proof_path, limit) {
            let checker = self.checker.name().to_owned();
            return Err(CertifyError::Rejected { claim: claim.claim, prover, checker, output });
        }
        let check_ms = started.elapsed().as_millis() as u64;
        self.keep_files(&cnf_path, &proof_path, &claim.claim)?;
        Ok(CheckedClaim {
            claim: claim.claim,
            horizon: claim.horizon,
            after_solutions: claim.after_solutions,
            clauses: claim.cnf.num_clauses(),
            proof_bytes,
            prove_ms,
            check_ms,
            checked: true,
            checked_by: self.checker.name().to_owned(),
            method: reproof(),
            parts: Vec::new(),
            reproved_because: None,
        })
    }

    /// Checks a claim on the live solver's certificate (see [`Evidence`]), keeping its files
    /// in the proof folder when there is one.
    ///
    /// # Errors
    /// Any part fails its check ([`CertifyError::Refuted`]), or the files cannot be kept.
    pub fn certify_evidence(
        &mut self,
        claim: &str,
        horizon: Option<usize>,
        evidence: &dyn Evidence,
        limit: Duration,
    ) -> Result<CheckedClaim, CertifyError> {
        let refuted = |why: String| CertifyError::Refuted { claim: claim.to_owned(), why };
        let started = Instant::now();
        let parts = evidence.check(limit).map_err(refuted)?;
        let check_ms = started.elapsed().as_millis() as u64;
        let size = |name: &str| parts.iter().find(|p| p.name == name).and_then(|p| p.bytes);
        // Asked only when a proof folder keeps them: files a check needs not (the tables)
        // are written for it alone.
        if let Some(keep) = self.keep.clone() {
            let files = evidence.files().map_err(refuted)?;
            self.kept += 1;
            let k = self.kept;
            for (name, path) in &files {
                let to = keep.join(name.replace("{claim}", &format!("claim-{k}")));
                // The tables are the same for every claim of a run: copied once.
                if !name.contains("{claim}") && to.exists() {
                    continue;
                }
                std::fs::copy(path, &to)
                    .map_err(|source| CertifyError::Io { what: format!("keeping {}", to.display()), source })?;
            }
            self.write_readme(&keep, &evidence.by_hand(), claim)
                .map_err(|source| CertifyError::Io { what: "writing the proof folder's README".into(), source })?;
        }
        Ok(CheckedClaim {
            claim: claim.to_owned(),
            horizon,
            after_solutions: None,
            clauses: parts.iter().find(|p| p.name == "formula").and_then(|p| p.count).unwrap_or(0) as usize,
            proof_bytes: size("proof").unwrap_or(0),
            prove_ms: 0,
            check_ms,
            checked: true,
            checked_by: evidence.checker(),
            method: "lemmas".into(),
            parts,
            reproved_because: None,
        })
    }

    /// Copies a claim's CNF and proof into the proof folder, when there is one.
    fn keep_files(&mut self, cnf: &Path, proof: &Path, claim: &str) -> Result<(), CertifyError> {
        let Some(keep) = self.keep.clone() else { return Ok(()) };
        let io = |what: &str| {
            let what = what.to_owned();
            move |source| CertifyError::Io { what, source }
        };
        self.kept += 1;
        let k = self.kept;
        std::fs::copy(cnf, keep.join(format!("claim-{k}.cnf"))).map_err(io("keeping the claim's CNF"))?;
        std::fs::copy(proof, keep.join(format!("claim-{k}.drat"))).map_err(io("keeping the proof"))?;
        let header = format!(
            "Each claim-K.cnf is unsatisfiable; claim-K.drat is its DRAT proof (written by {}, checked by {}).\n\
             Re-check one by hand with any DRAT checker:\n  rate claim-1.cnf claim-1.drat\n  drat-trim claim-1.cnf claim-1.drat",
            self.prover.spec.id,
            self.checker.name()
        );
        self.write_readme(&keep, &header, claim).map_err(io("writing the proof folder's README"))
    }

    /// Appends the claim's line to the proof folder's README, which a first claim opens
    /// with `header` (how to re-check the folder by hand).
    fn write_readme(&self, keep: &Path, header: &str, claim: &str) -> std::io::Result<()> {
        use std::io::Write;
        let path = keep.join("README.txt");
        let fresh = !path.exists();
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        if fresh {
            writeln!(f, "{header}\n")?;
        }
        writeln!(f, "claim-{}: {claim}", self.kept)
    }
}
