//! One UNSAT horizon's certificate, made and checked on the trace's thread while the search
//! goes on: its files (the CNF as `emit` writes it, the lemmas, the solvers' traces joined
//! into one LRAT proof), then its claim checked by `puzzlec-slide-check` against the
//! tables. The certifier asks for the verdict once the search is over, so a certified run
//! pays for little of this beyond the search (on Korf 39, a third of the run's time was
//! keeping and checking claims one after the other at the end).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use puzzlec_certify::{Evidence, Part};
use puzzlec_core::stop::Token;
use puzzlec_ir::{Cnf, Lit};
use puzzlec_slide_check::Report;

use super::closing::{moves_and_blank, Covered};
use super::tables::TablesCheck;
use super::trace::Recorder;

/// One UNSAT horizon's certificate files, and what became of them.
pub(super) struct Kept {
    dir: PathBuf,
    root: PathBuf,
    tables: Arc<TablesCheck>,
    /// Set to give the check up: the run ended, or the certifier's limit passed.
    cancelled: AtomicBool,
    /// Stops a last solve made here, with `cancelled`.
    stop: Token,
    state: Mutex<State>,
    changed: Condvar,
}

/// How far the background work has come: the files made (or why they are of no use),
/// then the claim's check.
#[derive(Default)]
struct State {
    usable: Option<Result<(), String>>,
    checked: Option<Result<Report, String>>,
    /// How the proof's empty clause came, when the search left that to the certificate.
    closing: Option<String>,
}

pub(super) struct Shared(pub(super) Arc<Kept>);

/// The files of a claim whose own files are in `dir`.
fn claim(dir: &Path) -> puzzlec_slide_check::Claim {
    puzzlec_slide_check::Claim::in_dir(dir, "claim")
}

/// The clause of a lemma line (after ` : `, 0-ended), as the checker reads it.
fn clause_of(line: &str) -> Vec<i32> {
    let clause = line.split_once(" : ").map_or("", |(_, c)| c);
    clause.split_whitespace().filter_map(|x| x.parse().ok()).filter(|&l| l != 0).collect()
}

fn size(path: &Path) -> Option<u64> {
    std::fs::metadata(path).ok().map(|m| m.len())
}

impl Kept {
    pub(super) fn new(dir: PathBuf, root: PathBuf, tables: Arc<TablesCheck>) -> Kept {
        let (cancelled, stop) = (AtomicBool::new(false), Token::new());
        Kept { dir, root, tables, cancelled, stop, state: Mutex::default(), changed: Condvar::new() }
    }

    pub(super) fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        self.stop.stop();
    }

    /// Makes the files from what `r` recorded and the formula `cnf` (its first line
    /// `header`; for a covered horizon, `last`: the proof's end derived, or made by a last
    /// solve should that fail), then checks the claim. Whatever happens, both stages end
    /// with a verdict (a panic is one: those waiting for it must not wait forever).
    pub(super) fn make(&self, header: &str, r: Recorder, cnf: &Cnf, last: Option<Covered>) {
        let made = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.make_checked(header, r, cnf, last)));
        if made.is_err() {
            self.set(|s| {
                s.usable.get_or_insert_with(|| Err("making the certificate panicked".into()));
                s.checked.get_or_insert_with(|| Err("checking the certificate panicked".into()));
            });
        }
    }

    fn make_checked(&self, header: &str, r: Recorder, cnf: &Cnf, last: Option<Covered>) {
        let fail = |why: String| {
            self.set(|s| {
                s.usable = Some(Err(why.clone()));
                s.checked = Some(Err(why));
            })
        };
        // A run that ended (Ctrl-C, a limit) waits for no files it will not use.
        if self.cancelled.load(Ordering::Relaxed) {
            return fail("the run ended before the certificate was made".into());
        }
        let files = |leaves: Option<&[Vec<Lit>]>| {
            self.files(header, &r, cnf, leaves).unwrap_or_else(|e| Err(format!("keeping the files failed: {e}")))
        };
        let mut usable = files(last.as_ref().map(|l| l.leaves.as_slice()));
        if let Some(last) = last {
            // The empty clause derived from the refuted cubes directly, or else by the last
            // solve the search left (the files made again with its trace).
            usable = match usable {
                Ok(()) => Ok(()),
                Err(why) => match last.last_solve(&self.stop) {
                    Ok(()) => {
                        self.set(|s| s.closing = Some(format!("a last solve (derived directly, it failed: {why})")));
                        files(None)
                    }
                    Err(e) => Err(e),
                },
            };
        }
        for p in r.proofs.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            let _ = std::fs::remove_file(&p.path);
        }
        let ok = usable.is_ok();
        self.set(|s| s.usable = Some(usable));
        if !ok {
            return;
        }
        let claim = claim(&self.dir);
        let token = puzzlec_core::stop::current();
        let stop = || {
            self.cancelled.load(Ordering::Relaxed)
                || puzzlec_core::stop::interrupted()
                || token.as_ref().is_some_and(puzzlec_core::stop::Token::is_stopped)
        };
        let checked = self.tables.entries().and_then(|tables| {
            puzzlec_slide_check::check_claim(&claim, tables, puzzlec_slide_check::Proof::Lrat { stop: &stop })
                .map_err(|e| e.to_string())
        });
        self.set(|s| s.checked = Some(checked));
    }

    fn set(&self, change: impl FnOnce(&mut State)) {
        change(&mut self.state.lock().unwrap_or_else(|e| e.into_inner()));
        self.changed.notify_all();
    }

    /// Waits until `ready` says the state has what is asked, or `deadline` passes (`None`).
    fn wait<T>(&self, deadline: Option<Instant>, ready: impl Fn(&State) -> Option<T>) -> Option<T> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(t) = ready(&state) {
                return Some(t);
            }
            let left = match deadline {
                Some(d) => d.checked_duration_since(Instant::now()).filter(|l| !l.is_zero())?,
                None => Duration::from_secs(3600),
            };
            state = self.changed.wait_timeout(state, left).unwrap_or_else(|e| e.into_inner()).0;
        }
    }

    /// The claim's CNF, lemmas and LRAT proof in its folder: `Ok(Err)` when the proof is of
    /// no use (the certifier then proves the plain formula again).
    /// With `leaves` (the refuted cubes and the pruned prefixes, which leave no plan out),
    /// the proof ends with the empty clause derived from them ([`puzzlec_solve::proof::cover`]).
    fn files(
        &self,
        header: &str,
        r: &Recorder,
        cnf: &Cnf,
        leaves: Option<&[Vec<Lit>]>,
    ) -> std::io::Result<Result<(), String>> {
        let proofs = r.proofs.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut usable = Ok(());
        for p in &proofs {
            let stats = p.flush();
            if let Some(e) = stats.error {
                usable = Err(format!("writing the proof failed: {e}"));
            } else if stats.restored > 0 {
                usable = Err(format!(
                    "the solver restored {} eliminated clauses, which its proof does not hold",
                    stats.restored
                ));
            }
        }
        let mut text = format!("c {header}\n");
        text.push_str(&cnf.to_dimacs());
        std::fs::write(r.dir.join("claim.cnf"), text)?;
        let lines = r.lemmas.lock().unwrap_or_else(|e| e.into_inner());
        let mut lemmas = String::from("c puzzlec lemmas (see puzzlec_slide_check::lemmas for the format)\n");
        for line in lines.iter() {
            lemmas.push_str(line);
            lemmas.push('\n');
        }
        std::fs::write(r.dir.join("claim.lemmas"), lemmas)?;
        // The first solver made the last solve: its trace goes last (the others' refuted
        // cubes, which it took in, are derived before it).
        let mut parts: Vec<PathBuf> = proofs.iter().skip(1).map(|p| p.path.clone()).collect();
        parts.extend(proofs.first().map(|p| p.path.clone()));
        let extra: Vec<Vec<i32>> = lines.iter().map(|line| clause_of(line)).collect();
        let proof = r.dir.join("claim.lrat");
        if usable.is_ok() && parts.is_empty() && leaves.is_none() {
            // No solver was asked: a lemma is the empty clause (see `Trace::keep`).
            let count = cnf.clauses().count() + extra.len();
            usable = match extra.iter().position(Vec::is_empty) {
                Some(i) => {
                    Ok(puzzlec_solve::proof::empty_from((cnf.clauses().count() + i + 1) as u64, count as u64, &proof)?)
                }
                None => Err("no solver's proof, and no lemma that settles the claim alone".into()),
            };
        } else if usable.is_ok() {
            let input = cnf.clauses().chain(extra.iter().map(Vec::as_slice));
            let joined = puzzlec_solve::proof::join(&parts, input, &proof);
            let mut joined = joined.map_err(|e| format!("joining the solvers' proofs failed: {e}"));
            if let (Ok(j), Some(leaves)) = (&mut joined, leaves) {
                let stop = || self.cancelled.load(Ordering::Relaxed) || puzzlec_core::stop::interrupted();
                if let Err(why) = puzzlec_solve::proof::cover::derive(j, moves_and_blank(cnf), leaves, &stop) {
                    joined = Err(why);
                }
            }
            usable = joined.and_then(|j| j.finish().map_err(|e| e.to_string())).map(drop);
            if usable.is_ok() && leaves.is_some() {
                self.set(|s| s.closing = Some("derived from the refuted cubes by propagation".into()));
            }
        }
        Ok(usable)
    }
}

impl Evidence for Shared {
    fn usable(&self) -> Result<(), String> {
        self.0.wait(None, |s| s.usable.clone()).unwrap_or_else(|| Err("the certificate was never made".into()))
    }

    fn files(&self) -> Result<Vec<(String, PathBuf)>, String> {
        self.usable()?;
        self.0.tables.get()?;
        let c = claim(&self.0.dir);
        let (tables, excess) = self.0.tables.files(&self.0.root)?;
        let mut files = vec![
            ("{claim}.cnf".into(), c.cnf),
            ("{claim}.lemmas".into(), c.lemmas),
            ("{claim}.lrat".into(), c.proof),
            ("tables.bin".into(), tables),
        ];
        files.extend(excess.map(|e| ("tables.excess".into(), e)));
        Ok(files)
    }

    fn check(&self, limit: Duration) -> Result<Vec<Part>, String> {
        let claim = claim(&self.0.dir);
        // The lemmas and the proof were checked (or are being checked) in the background,
        // against the very bytes the tables' verdict is about.
        let checked = self.0.wait(Some(Instant::now() + limit), |s| s.checked.clone());
        let Some(r) = checked else {
            self.0.cancel();
            return Err("the time limit passed while the certificate was checked".into());
        };
        let verdict = self.0.tables.get()?;
        let r = Report { tables_ms: verdict.ms, ..r? };
        let part = |name: &str, bytes: Option<u64>, count: Option<u64>, ms: Option<u64>| Part {
            name: name.into(),
            bytes,
            count,
            ms,
            note: None,
        };
        let lemmas = (r.frontier + r.placements + r.lookahead) as u64;
        Ok(vec![
            part("formula", size(&claim.cnf), Some(r.clauses as u64), None),
            part("frontier lemmas", None, Some(r.frontier as u64), None),
            part("placement lemmas", None, Some(r.placements as u64), None),
            part("lookahead lemmas", None, Some(r.lookahead as u64), None),
            part("lemmas", size(&claim.lemmas), Some(lemmas), Some(r.lemmas_ms)),
            Part {
                note: verdict
                    .remembered
                    .then(|| "consistent: these very bytes (SHA-256) were checked by an earlier run".into()),
                ..part("tables", self.0.tables.bytes(), None, Some(r.tables_ms))
            },
            Part {
                note: self
                    .0
                    .state
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .closing
                    .clone()
                    .map(|c| format!("the empty clause: {c}")),
                ..part("proof", size(&claim.proof), Some(r.steps), Some(r.proof_ms))
            },
        ])
    }

    fn checker(&self) -> String {
        "puzzlec-slide-check (tables, lemmas and the LRAT proof)".into()
    }

    fn by_hand(&self) -> String {
        "Each claim-K rests on pattern-database lemmas: claim-K.cnf is the formula as `puzzlec emit` writes it,\n\
         claim-K.lemmas the lemmas the solver was given, each with its justification, claim-K.lrat the LRAT proof\n\
         the embedded CaDiCaL traced while it solved (CNF plus lemmas is unsatisfiable; binary LRAT, the input\n\
         clauses numbered from 1: the CNF's in order, then each lemma's), tables.bin (with tables.excess\n\
         on boards of up to 16 cells) the pattern databases the justifications cite. Re-check every claim\n\
         by hand with\n\
         \n  puzzlec-slide-check .\n\n\
         which checks the tables (consistent, hence admissible), each lemma against its justification, then\n\
         checks the proof step by step against CNF plus lemmas. Exit 0: every claim holds; 3: one does not."
            .into()
    }
}
