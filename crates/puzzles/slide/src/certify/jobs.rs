//! Cluster jobs that carry the pattern-database frontier's lemmas: on boards the tables
//! cover, in `compact`, from the horizon where the embedded solver uses them once the tables
//! are cached ([`FRONTIER_FROM_CACHED`]; a job directory is the same on every machine, cache
//! or none: the tables are built once here, and the cluster's solving is what counts). Each pruned
//! prefix of the horizon's frontier becomes a lemma (`f MOVES H : clause`, as a certificate
//! writes it), so an external solver gets the pruning the embedded one starts from; a
//! directory made with `--certify` also holds the tables, and `collect` has every UNSAT
//! job's lemmas, tables and DRAT proof checked by `puzzlec-slide-check`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use puzzlec_engine::error::{Error, Result};
use puzzlec_engine::{JobChecker, JobLemma, JobLemmas};
use puzzlec_ir::Lit;

use crate::encodings::compact;
use crate::guided::strategy::{FRONTIER_FROM_CACHED, FRONTIER_TARGET};
use crate::request::SlideInstance;
use crate::rules::{moves_to_string, Move};
use crate::tables::pdb::PatternDb;
use puzzlec_encode::Encoding as _;

/// The lemmas of `horizon` in `encoding`, whose CNF (as `emit` writes it) is `cnf`.
///
/// # Errors
/// Bad input for the board; unknown when the tables' excess lists cannot be made.
pub fn lemmas(i: &SlideInstance, encoding: &str, horizon: usize, cnf: &str) -> Result<Option<JobLemmas>> {
    let (start, goal) = crate::verbs::boards(i)?;
    if encoding != compact::Compact.name()
        || start.len() > crate::tables::pdb::MAX_CELLS
        || horizon < FRONTIER_FROM_CACHED
    {
        return Ok(None);
    }
    let Some(db) = PatternDb::shared(&goal) else { return Ok(None) };
    let vars: HashMap<&str, Lit> = cnf
        .lines()
        .filter_map(|l| l.strip_prefix("c var "))
        .filter_map(|l| l.split_once(' ').and_then(|(v, name)| Some((name, v.parse().ok()?))))
        .collect();
    // The frontier stops at half the horizon: only those steps' actions are needed. A move
    // the encoding has no variable for (0 here) cannot be played there at all: a prefix
    // with one needs no lemma.
    let depth = horizon / 2;
    let actions: Vec<Vec<Lit>> = (0..depth)
        .map(|t| {
            Move::ALL.iter().map(|&m| vars.get(compact::action_name(t, m).as_str()).copied().unwrap_or(0)).collect()
        })
        .collect();
    // The estimate the solver's own frontier takes, which the checker computes too.
    let lc = crate::rules::Heuristic::new(&goal);
    let h = |b: &crate::rules::Board| db.estimate(b).max(lc.manhattan_linear_conflict(b));
    let frontier = crate::guided::frontier::Frontier::new(&start, horizon, &h, FRONTIER_TARGET, depth);
    let lemmas = frontier
        .pruned()
        .map(|p| (p.clause(&actions), p))
        .filter(|(clause, p)| !p.moves.is_empty() && !clause.contains(&0))
        .map(|(clause, p)| {
            let moves = moves_to_string(&p.moves);
            let text: Vec<String> = clause.iter().map(|l| l.to_string()).collect();
            JobLemma {
                line: format!("f {moves} {} : {} 0", p.h, text.join(" ")),
                clause: clause.iter().map(|&l| i64::from(l)).collect(),
                moves,
            }
        })
        .collect();
    let excess = db.excess().ok_or_else(|| Error::unknown("the tables' excess lists could not be made (stopped)"))?;
    let files = vec![(TABLES.to_owned(), db.bytes().to_vec()), (EXCESS.to_owned(), excess)];
    Ok(Some(JobLemmas { lemmas, files }))
}

const TABLES: &str = "tables.bin";
const EXCESS: &str = "tables.excess";

/// The checker of a job directory's lemma jobs: its tables, read and checked once.
///
/// # Errors
/// The tables cannot be read or are not consistent.
pub fn checker(dir: &Path) -> std::result::Result<Box<dyn JobChecker>, String> {
    let claim = claim(dir, dir.join("none"), dir.join("none"), dir.join("none"));
    let (tables, _) = puzzlec_slide_check::check_tables(&claim, true).map_err(|e| e.to_string())?;
    Ok(Box::new(Checker { dir: dir.to_path_buf(), tables }))
}

fn claim(dir: &Path, cnf: PathBuf, lemmas: PathBuf, proof: PathBuf) -> puzzlec_slide_check::Claim {
    puzzlec_slide_check::Claim { cnf, lemmas, proof, tables: dir.join(TABLES), excess: dir.join(EXCESS) }
}

struct Checker {
    dir: PathBuf,
    tables: puzzlec_slide_check::tables::Tables,
}

impl JobChecker for Checker {
    fn check(
        &self,
        formula: &Path,
        lemmas: &Path,
        proof: &Path,
        rate: &dyn Fn(&Path, &Path) -> std::result::Result<(), String>,
    ) -> std::result::Result<(), String> {
        let claim = claim(&self.dir, formula.to_path_buf(), lemmas.to_path_buf(), proof.to_path_buf());
        let scratch = tempfile::NamedTempFile::new().map_err(|e| format!("a scratch file: {e}"))?;
        let proof = puzzlec_slide_check::Proof::Drat { formula: scratch.path(), rate };
        puzzlec_slide_check::check_claim(&claim, &self.tables, proof).map(|_| ()).map_err(|e| e.to_string())
    }
}
