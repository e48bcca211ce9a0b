//! `--certify`: every UNSAT an answer rests on is proved again with a DRAT proof and checked
//! before the answer may claim it (optimal, complete, no solution). A claim that cannot be
//! certified is never printed: the request ends in an unknown error naming why.

use std::time::Instant;

use puzzlec_certify::{Certifier, CheckedClaim, Claim};
use puzzlec_ir::Cnf;
use puzzlec_solve::Solver;
use serde::{Deserialize, Serialize};

use crate::env::{self, Env};
use crate::error::{Error, Result};
use crate::request::SolveOptions;

/// What `--certify` adds to an answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Certificate {
    /// The proofs' format: DRAT (claims proved again), LRAT (lemma certificates), or both.
    pub format: String,
    /// The solver that wrote the proofs.
    pub prover: String,
    /// The checker that accepted them.
    pub checker: String,
    /// True only when every claim's proof was accepted.
    pub checked: bool,
    pub proof_bytes: u64,
    pub check_ms: u64,
    /// Each UNSAT the answer rests on.
    pub claims: Vec<CheckedClaim>,
    /// Why there is nothing to prove, when there is nothing (a plan of 0 or 1 moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The certification of one request in progress.
pub struct Certification {
    certifier: Certifier,
    claims: Vec<CheckedClaim>,
    deadline: Option<Instant>,
    /// The run's own solver, which traced the proofs of lemma certificates.
    live: String,
}

impl Certification {
    /// `None` unless the request asks for `--certify`.
    ///
    /// # Errors
    /// No proof-writing solver or no checker (unknown: nothing can be certified).
    pub fn start(
        options: &SolveOptions,
        solver: &Solver,
        env: &Env,
        deadline: Option<Instant>,
    ) -> Result<Option<Certification>> {
        if !options.certify {
            if options.proof_dir.is_some() {
                return Err(Error::bad_input("--proof-dir keeps the proofs of --certify; add --certify"));
            }
            return Ok(None);
        }
        if let Some(dir) = options.proof_dir.as_deref().filter(|d| d.exists() && !d.is_dir()) {
            return Err(Error::bad_input(format!("--proof-dir {}: a file, not a folder", dir.display())));
        }
        let registry = env.registry()?;
        let certifier = Certifier::new(solver.backend(), &registry, options.proof_dir.as_deref())
            .map_err(|e| Error::unknown(format!("--certify: {e}")))?;
        Ok(Some(Certification { certifier, claims: Vec::new(), deadline, live: solver.id().to_owned() }))
    }

    /// Proves and checks one claim.
    ///
    /// # Errors
    /// The claim does not hold or its proof does not check (unknown).
    pub fn claim(
        &mut self,
        words: String,
        horizon: Option<usize>,
        after_solutions: Option<usize>,
        cnf: Cnf,
    ) -> Result<()> {
        let claim = Claim { claim: words, horizon, after_solutions, cnf };
        let checked = self
            .certifier
            .certify(claim, env::left(self.deadline))
            .map_err(|e| Error::unknown(format!("--certify: {e}; the claim is not made")))?;
        self.claims.push(checked);
        Ok(())
    }

    /// Checks one claim on the live solver's certificate ([`puzzlec_certify::Evidence`]);
    /// when that certificate cannot be used (or `PUZZLEC_CERTIFY=reprove` asks), the claim
    /// is proved again from `cnf` instead.
    ///
    /// # Errors
    /// A part of the certificate does not check (unknown: the claim is not made).
    pub fn claim_evidence(
        &mut self,
        words: String,
        horizon: usize,
        evidence: &dyn puzzlec_certify::Evidence,
        cnf: impl FnOnce() -> Option<Cnf>,
    ) -> Result<()> {
        let forced = puzzlec_core::tuning::get().reprove;
        let unusable = match forced {
            true => Some("PUZZLEC_CERTIFY=reprove".to_owned()),
            false => evidence.usable().err(),
        };
        if let Some(why) = unusable {
            let cnf = cnf().ok_or_else(|| Error::unknown("--certify: the encoding has no CNF form"))?;
            self.claim(words, Some(horizon), None, cnf)?;
            if let Some(last) = self.claims.last_mut() {
                last.reproved_because = Some(why);
            }
            return Ok(());
        }
        let checked = self
            .certifier
            .certify_evidence(&words, Some(horizon), evidence, env::left(self.deadline))
            .map_err(|e| Error::unknown(format!("--certify: {e}; the claim is not made")))?;
        self.claims.push(checked);
        Ok(())
    }

    /// What `of` says of each claim, each different word once (joined by " + "); `none`
    /// when there is no claim.
    fn each(&self, of: impl Fn(&CheckedClaim) -> String, none: &str) -> String {
        let mut said: Vec<String> = Vec::new();
        for c in &self.claims {
            let s = of(c);
            if !said.contains(&s) {
                said.push(s);
            }
        }
        match said.is_empty() {
            true => none.to_owned(),
            false => said.join(" + "),
        }
    }

    /// The certificate to attach to the answer.
    pub fn finish(self, note: Option<String>) -> Certificate {
        Certificate {
            format: format(&self.claims),
            prover: self.each(
                |c| match c.method == "lemmas" {
                    true => format!("{} (traced while solving)", self.live),
                    false => self.certifier.prover().to_owned(),
                },
                self.certifier.prover(),
            ),
            checker: self.each(
                |c| match c.method == "lemmas" {
                    true => c.checked_by.clone(),
                    false => self.certifier.checker().to_owned(),
                },
                self.certifier.checker(),
            ),
            checked: self.claims.iter().all(|c| c.checked),
            proof_bytes: self.claims.iter().map(|c| c.proof_bytes).sum(),
            check_ms: self.claims.iter().map(|c| c.check_ms).sum(),
            claims: self.claims,
            note,
        }
    }
}

/// The proofs' format: DRAT for claims proved again, LRAT for the live solver's own proofs
/// (both when a run has claims of each kind).
fn format(claims: &[CheckedClaim]) -> String {
    let lrat = claims.iter().any(|c| c.method == "lemmas");
    let drat = claims.iter().any(|c| c.method != "lemmas");
    match (drat, lrat) {
        (true, true) => "DRAT+LRAT".into(),
        (false, true) => "LRAT".into(),
        _ => "DRAT".into(),
    }
}

/// `--certify` proves UNSAT answers with DRAT, so the encoding must have a CNF form; the
/// refusal names the encoding to use instead (the puzzle's CNF default).
///
/// # Errors
/// Unknown (a claim that cannot be proved) when certifying with an encoding without CNF.
pub fn needs_cnf(certifying: bool, encoding: &str, has_cnf: bool, instead: Option<&str>) -> Result<()> {
    if !certifying || has_cnf {
        return Ok(());
    }
    let instead = instead.map_or("a CNF encoding and solver".to_owned(), |e| format!("--encoding {e}"));
    Err(Error::unknown(format!(
        "--certify: encoding {encoding} has no CNF form, so its UNSAT answers cannot be proved with DRAT; use {instead}"
    )))
}
