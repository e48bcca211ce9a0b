//! A checker of binary LRAT proofs, small enough to audit: it trusts nothing the solver
//! says except what it checks step by step.
//!
//! The input formula's clauses are numbered 1..=n in their order. The proof is a sequence of
//! records in binary LRAT (as CaDiCaL writes it with `--lrat --binary`; numbers in 7-bit
//! groups, low first; a literal l as 2|l| + (l < 0), a clause id i as 2i):
//! - `a` ID LITERALS 0 HINTS 0: clause ID (greater than every id before it) follows by unit
//!   propagation along HINTS: with every literal of the clause false, each hint in turn must
//!   be unit (its one open literal is then set true) or false throughout, which ends the step
//!   with a conflict. A hint that is satisfied, has two open literals, or names no live
//!   clause, and hints that end without a conflict, refute the proof. Negative hints (RAT
//!   steps) are refused: no solver behind puzzlec writes them.
//! - `d` IDS 0: those clauses are deleted (each must be live).
//!
//! The proof holds when a step adds the empty clause, or when the formula itself holds it
//! (then nothing is read); a proof that ends before, or breaks off inside a record, does
//! not.

use std::io::{BufRead, ErrorKind};

/// Why a proof does not hold.
#[derive(Debug, thiserror::Error)]
pub enum LratError {
    #[error("step {step} (clause {id}): {why}")]
    Step { step: u64, id: u64, why: String },
    #[error("the proof ends without deriving the empty clause ({steps} steps)")]
    Unfinished { steps: u64 },
    #[error("the proof is malformed after {steps} steps: {why}")]
    Malformed { steps: u64, why: String },
    #[error("stopped before the check ended")]
    Stopped,
    #[error("reading the proof: {0}")]
    Io(#[from] std::io::Error),
}

/// What the check went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub steps: u64,
    pub deletions: u64,
    /// Hints followed in all.
    pub hints: u64,
}

/// Live clauses by id, their literals in one arena.
struct Clauses {
    /// Per id: start in `lits` and length; `u32::MAX` as the length once deleted (or never
    /// added).
    spans: Vec<(u64, u32)>,
    lits: Vec<i32>,
}

const GONE: u32 = u32::MAX;

impl Clauses {
    fn add(&mut self, id: u64, clause: &[i32]) {
        let i = id as usize;
        if self.spans.len() <= i {
            self.spans.resize(i + 1, (0, GONE));
        }
        self.spans[i] = (self.lits.len() as u64, clause.len() as u32);
        self.lits.extend_from_slice(clause);
    }

    fn get(&self, id: u64) -> Option<&[i32]> {
        let &(start, len) = self.spans.get(id as usize)?;
        (len != GONE).then(|| &self.lits[start as usize..start as usize + len as usize])
    }

    fn delete(&mut self, id: u64) -> bool {
        match self.spans.get_mut(id as usize) {
            Some(span) if span.1 != GONE => {
                span.1 = GONE;
                true
            }
            _ => false,
        }
    }
}

/// Truth values of the variables during one step, and what the step set.
struct Assignment {
    /// Per variable: 1 true, -1 false, 0 open.
    value: Vec<i8>,
    trail: Vec<u32>,
}

impl Assignment {
    fn of(&self, lit: i32) -> i8 {
        let v = self.value.get(lit.unsigned_abs() as usize).copied().unwrap_or(0);
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    fn set(&mut self, lit: i32) {
        let var = lit.unsigned_abs() as usize;
        if self.value.len() <= var {
            self.value.resize(var + 1, 0);
        }
        self.value[var] = if lit < 0 { -1 } else { 1 };
        self.trail.push(var as u32);
    }

    fn clear(&mut self) {
        for &v in &self.trail {
            self.value[v as usize] = 0;
        }
        self.trail.clear();
    }
}

/// Checks `proof` against the formula `input` (clause i + 1 is `input[i]`); `stop` is asked
/// now and then whether to give up.
///
/// # Errors
/// The first step that does not hold, a malformed or unfinished proof, or `stop`.
pub fn check<'a>(
    input: impl IntoIterator<Item = &'a [i32]>,
    proof: &mut impl BufRead,
    stop: &dyn Fn() -> bool,
) -> Result<Checked, LratError> {
    let mut db = Clauses { spans: vec![(0, GONE)], lits: Vec::new() };
    let mut last = 0u64;
    for clause in input {
        if clause.is_empty() {
            return Ok(Checked::default());
        }
        last += 1;
        db.add(last, clause);
    }
    let mut a = Assignment { value: Vec::new(), trail: Vec::new() };
    let mut checked = Checked::default();
    let (mut clause, mut hints) = (Vec::<i32>::new(), Vec::<u64>::new());
    for record in 0u64.. {
        let malformed = |why: &str| LratError::Malformed { steps: checked.steps, why: why.to_owned() };
        let Some(kind) = byte(proof)? else { return Err(LratError::Unfinished { steps: checked.steps }) };
        if record % 65536 == 0 && stop() {
            return Err(LratError::Stopped);
        }
        match kind {
            b'd' => {
                read_numbers(proof, &mut hints).map_err(|e| io_or(e, checked.steps, "a deletion breaks off"))?;
                for &h in &hints {
                    if h % 2 == 1 || !db.delete(h / 2) {
                        return Err(malformed(&format!("deletes clause {}, which is not live", h / 2)));
                    }
                    checked.deletions += 1;
                }
            }
            b'a' => {
                let id = number(proof).map_err(|e| io_or(e, checked.steps, "a step breaks off"))?;
                if id % 2 == 1 || id / 2 <= last {
                    return Err(malformed(&format!("step id {} is not above the last id {last}", id / 2)));
                }
                let id = id / 2;
                read_numbers(proof, &mut hints).map_err(|e| io_or(e, checked.steps, "a step breaks off"))?;
                clause.clear();
                for &x in &hints {
                    let v = i32::try_from(x / 2).map_err(|_| malformed("a literal beyond 31 bits"))?;
                    clause.push(if x % 2 == 1 { -v } else { v });
                }
                read_numbers(proof, &mut hints).map_err(|e| io_or(e, checked.steps, "a step breaks off"))?;
                checked.steps += 1;
                checked.hints += hints.len() as u64;
                let step = checked.steps;
                rup(&db, &mut a, &clause, &hints).map_err(|why| LratError::Step { step, id, why })?;
                db.add(id, &clause);
                last = id;
                if clause.is_empty() {
                    return Ok(checked);
                }
            }
            other => return Err(malformed(&format!("a record of unknown kind {other:#04x}"))),
        }
    }
    unreachable!("records are counted in u64")
}

/// Unit propagation on the negated `clause` along `hints`, to a conflict.
fn rup(db: &Clauses, a: &mut Assignment, clause: &[i32], hints: &[u64]) -> Result<(), String> {
    let result = (|| {
        for &l in clause {
            match a.of(l) {
                // True already: the clause holds l and -l, so it is true in every assignment.
                1 => return Ok(()),
                0 => a.set(-l),
                _ => {}
            }
        }
        for &h in hints {
            if h % 2 == 1 {
                return Err(format!("hint -{} is a RAT hint, which this checker does not take", h / 2));
            }
            let hint = db.get(h / 2).ok_or_else(|| format!("hint {} names no live clause", h / 2))?;
            let mut open = None;
            for &l in hint {
                match a.of(l) {
                    1 => return Err(format!("hint {} is satisfied, not unit", h / 2)),
                    0 if open.is_some_and(|o| o != l) => return Err(format!("hint {} has two open literals", h / 2)),
                    0 => open = Some(l),
                    _ => {}
                }
            }
            match open {
                None => return Ok(()),
                Some(l) => a.set(l),
            }
        }
        Err("the hints end without a conflict".into())
    })();
    a.clear();
    result
}

fn io_or(e: std::io::Error, steps: u64, why: &str) -> LratError {
    if e.kind() == ErrorKind::UnexpectedEof {
        LratError::Malformed { steps, why: why.into() }
    } else {
        LratError::Io(e)
    }
}

fn byte(r: &mut impl BufRead) -> std::io::Result<Option<u8>> {
    let b = r.fill_buf()?.first().copied();
    if b.is_some() {
        r.consume(1);
    }
    Ok(b)
}

fn number(r: &mut impl BufRead) -> std::io::Result<u64> {
    let (mut x, mut shift) = (0u64, 0u32);
    loop {
        let b = byte(r)?.ok_or(ErrorKind::UnexpectedEof)?;
        if shift > 63 {
            return Err(std::io::Error::new(ErrorKind::InvalidData, "a number beyond 64 bits"));
        }
        x |= u64::from(b & 127) << shift;
        if b < 128 {
            return Ok(x);
        }
        shift += 7;
    }
}

fn read_numbers(r: &mut impl BufRead, into: &mut Vec<u64>) -> std::io::Result<()> {
    into.clear();
    loop {
        match number(r)? {
            0 => return Ok(()),
            x => into.push(x),
        }
    }
}

#[cfg(test)]
mod tests;
