//! Several solvers' traces of one formula joined into one binary LRAT proof over the
//! certificate's input.
//!
//! Numbering: the input clauses (the formula, then the lemmas, in the order the checker
//! reads them) are 1..=n; every step after them takes the next id. Each solver's clauses
//! are renumbered as its trace is read: a clause it was given maps to the input clause with
//! the same literals, or, between solves, to a blocking clause an earlier trace added, or
//! becomes a step of its own justified by the clause of failed assumptions it contains.

use rustc_hash::FxHashMap as HashMap;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::{kind, varint, Phase};

/// What the joined proof holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    pub steps: u64,
    pub deletions: u64,
    pub bytes: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("{what}: {source}")]
    Io { what: String, source: std::io::Error },
    #[error("{0}")]
    Unjoinable(String),
}

/// A clause as a key: its literals sorted, each once.
fn key(clause: &[i32]) -> Box<[i32]> {
    let mut k = clause.to_vec();
    k.sort_unstable();
    k.dedup();
    k.into_boxed_slice()
}

/// Joins the traces `parts` (each solver's, in the order given; the solver whose last solve
/// derived the empty clause goes last) into `into`, over `input`.
///
/// # Errors
/// A file cannot be read or written, or a trace names a clause the input and the traces
/// before it do not hold (then the proof cannot be checked as it stands).
pub fn merge<'a>(
    parts: &[PathBuf],
    input: impl IntoIterator<Item = &'a [i32]>,
    into: &Path,
) -> Result<Merged, MergeError> {
    join(parts, input, into)?.finish()
}

/// As [`merge`], the proof left open for steps of the caller's own after the solvers'
/// (a derivation over the clauses they hold: [`super::cover`]).
///
/// # Errors
/// As [`merge`].
pub fn join<'a>(
    parts: &[PathBuf],
    input: impl IntoIterator<Item = &'a [i32]>,
    into: &Path,
) -> Result<Joined, MergeError> {
    // Hashed fast (FxHash): every clause of every horizon passes through these maps.
    let mut given: HashMap<Box<[i32]>, u64> = HashMap::default();
    let mut next = 1u64;
    for clause in input {
        given.entry(key(clause)).or_insert(next);
        next += 1;
    }
    let io = |what: String| move |source| MergeError::Io { what, source };
    let file = std::fs::File::create(into).map_err(io(format!("creating {}", into.display())))?;
    let mut out = Writer { out: BufWriter::with_capacity(1 << 20, file), line: Vec::new(), merged: Merged::default() };
    let mut blocking: HashMap<Box<[i32]>, u64> = HashMap::default();
    for part in parts {
        let f = std::fs::File::open(part).map_err(io(format!("opening {}", part.display())))?;
        let mut r = BufReader::with_capacity(1 << 20, f);
        let mut join = Join {
            given: &given,
            blocking: &mut blocking,
            next: &mut next,
            out: &mut out,
            local: Vec::new(),
            failed: None,
            key: Vec::new(),
        };
        join.read(&mut r).map_err(|e| match e {
            ReadError::Io(source) => MergeError::Io { what: format!("reading {}", part.display()), source },
            ReadError::Unjoinable(why) => MergeError::Unjoinable(format!("{}: {why}", part.display())),
        })?;
    }
    Ok(Joined { given, blocking, next, out, into: into.to_path_buf() })
}

/// A joined proof still open for steps (see [`join`]).
pub struct Joined {
    given: HashMap<Box<[i32]>, u64>,
    /// Blocking clauses the traces added as steps.
    blocking: HashMap<Box<[i32]>, u64>,
    next: u64,
    out: Writer,
    into: PathBuf,
}

impl Joined {
    /// The id of an input clause, or of a refuted cube's blocking clause the traces
    /// derived, with these literals.
    pub fn id(&self, clause: &[i32]) -> Option<u64> {
        let k = key(clause);
        self.blocking.get(&k).or_else(|| self.given.get(&k)).copied()
    }

    /// A step of the caller's: `clause` with its antecedents `hints`; its id.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn step(&mut self, clause: &[i32], hints: &[u64]) -> std::io::Result<u64> {
        let id = self.next;
        self.next += 1;
        self.out.step(id, clause, hints)?;
        Ok(id)
    }

    /// Writes out what is buffered.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn finish(mut self) -> Result<Merged, MergeError> {
        let what = format!("writing {}", self.into.display());
        self.out.out.flush().map_err(|source| MergeError::Io { what, source })?;
        Ok(self.out.merged)
    }
}

/// A proof of one step for an input that holds the empty clause already (a claim a lemma
/// settles before any solver is asked): the empty clause again, resting on input clause
/// `of`, numbered after the input's `count` clauses.
///
/// # Errors
/// The file cannot be written.
pub fn empty_from(of: u64, count: u64, into: &Path) -> std::io::Result<()> {
    let file = std::fs::File::create(into)?;
    let mut out = Writer { out: BufWriter::new(file), line: Vec::new(), merged: Merged::default() };
    out.step(count + 1, &[], &[of])?;
    out.out.flush()
}

enum ReadError {
    Io(std::io::Error),
    Unjoinable(String),
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e)
    }
}

struct Writer {
    out: BufWriter<std::fs::File>,
    line: Vec<u8>,
    merged: Merged,
}

impl Writer {
    fn step(&mut self, id: u64, clause: &[i32], hints: &[u64]) -> std::io::Result<()> {
        self.line.clear();
        self.line.push(b'a');
        varint::put(&mut self.line, 2 * id);
        for &l in clause {
            varint::put(&mut self.line, varint::lit(l));
        }
        self.line.push(0);
        for &h in hints {
            varint::put(&mut self.line, 2 * h);
        }
        self.line.push(0);
        self.merged.steps += 1;
        self.emit()
    }

    fn delete(&mut self, id: u64) -> std::io::Result<()> {
        self.line.clear();
        self.line.push(b'd');
        varint::put(&mut self.line, 2 * id);
        self.line.push(0);
        self.merged.deletions += 1;
        self.emit()
    }

    fn emit(&mut self) -> std::io::Result<()> {
        self.merged.bytes += self.line.len() as u64;
        self.out.write_all(&self.line)
    }
}

/// One trace being read into the joined proof.
struct Join<'a> {
    given: &'a HashMap<Box<[i32]>, u64>,
    /// Blocking clauses added as steps so far, by any trace.
    blocking: &'a mut HashMap<Box<[i32]>, u64>,
    next: &'a mut u64,
    out: &'a mut Writer,
    /// This trace's ids, renumbered (0: not a clause this trace knows).
    local: Vec<u64>,
    /// The last clause of failed assumptions (or the empty clause) derived, renumbered.
    failed: Option<(Box<[i32]>, u64)>,
    /// The sorted clause being looked up.
    key: Vec<i32>,
}

impl Join<'_> {
    fn read(&mut self, r: &mut impl std::io::BufRead) -> Result<(), ReadError> {
        let (mut lits, mut hints) = (Vec::new(), Vec::new());
        let mut clause: Vec<i32> = Vec::new();
        loop {
            let mut k = [0u8];
            if r.read(&mut k)? == 0 {
                return Ok(());
            }
            let id = varint::need(r)?;
            let phase = if k[0] == kind::ORIGINAL {
                let mut p = [0u8];
                r.read_exact(&mut p)?;
                Some(p[0])
            } else {
                None
            };
            if k[0] != kind::DELETED {
                varint::until_zero(r, &mut lits)?;
                clause.clear();
                clause.extend(lits.iter().map(|&x| varint::unlit(x)));
            }
            match k[0] {
                kind::ORIGINAL => self.original(id, phase == Some(Phase::Between as u8), &clause)?,
                kind::DERIVED | kind::ASSUMPTIONS => {
                    varint::until_zero(r, &mut hints)?;
                    let global = self.derive(&clause, &hints)?;
                    self.set(id, global);
                    if k[0] == kind::ASSUMPTIONS || clause.is_empty() {
                        self.failed = Some((key(&clause), global));
                    }
                }
                kind::DELETED => {
                    let g = self.get(id)?;
                    self.out.delete(g)?;
                }
                other => return Err(ReadError::Unjoinable(format!("a record of unknown kind {other}"))),
            }
        }
    }

    fn get(&self, id: u64) -> Result<u64, ReadError> {
        match self.local.get(id as usize) {
            Some(&g) if g != 0 => Ok(g),
            _ => Err(ReadError::Unjoinable(format!("clause {id} is used before it is known"))),
        }
    }

    fn set(&mut self, id: u64, global: u64) {
        let i = id as usize;
        if self.local.len() <= i {
            self.local.resize((i + 1).max(self.local.len() * 3 / 2), 0);
        }
        self.local[i] = global;
    }

    /// A step of this trace, its antecedents renumbered.
    fn derive(&mut self, clause: &[i32], hints: &[u64]) -> Result<u64, ReadError> {
        let hints: Vec<u64> = hints.iter().map(|&h| self.get(h)).collect::<Result<_, _>>()?;
        self.step(clause, &hints)
    }

    /// A step of the joined proof: the next id, `hints` already renumbered.
    fn step(&mut self, clause: &[i32], hints: &[u64]) -> Result<u64, ReadError> {
        let id = *self.next;
        *self.next += 1;
        self.out.step(id, clause, hints)?;
        Ok(id)
    }

    /// A clause the solver was given: an input clause, or between solves a blocking clause.
    fn original(&mut self, id: u64, between: bool, clause: &[i32]) -> Result<(), ReadError> {
        // Looked up without a new allocation per clause (most are the input's).
        let mut k = std::mem::take(&mut self.key);
        k.clear();
        k.extend_from_slice(clause);
        k.sort_unstable();
        k.dedup();
        let found = self.joined(id, between, clause, &k);
        self.key = k;
        found
    }

    fn joined(&mut self, id: u64, between: bool, clause: &[i32], k: &[i32]) -> Result<(), ReadError> {
        if between {
            if let Some(&g) = self.blocking.get(k) {
                self.set(id, g);
                return Ok(());
            }
            // The clause of failed assumptions it contains is false outright under its negation.
            let implied = self.failed.as_ref().filter(|(f, _)| f.iter().all(|l| k.binary_search(l).is_ok()));
            if let Some(&(_, g)) = implied {
                let step = self.step(clause, &[g])?;
                self.blocking.insert(k.into(), step);
                self.set(id, step);
                return Ok(());
            }
        }
        match self.given.get(k) {
            Some(&g) => {
                self.set(id, g);
                Ok(())
            }
            None => Err(ReadError::Unjoinable(format!(
                "the solver was given a clause ({}) that is neither in the input nor implied by a refuted cube",
                clause.iter().map(i32::to_string).collect::<Vec<_>>().join(" ")
            ))),
        }
    }
}
