//! Clauses over numbered variables (DIMACS literals: `v` or `-v`), with names for the
//! variables a decoder reads. Encoders write through [`ClauseSink`], so the same encoder can
//! fill a file buffer or, later, a live incremental solver.

use std::fmt::Write as _;

/// A DIMACS literal: a non-zero variable number, negative when negated.
pub type Lit = i32;

/// Where an encoder puts variables and clauses. It never sees a solver.
pub trait ClauseSink {
    /// A fresh variable, named when a decoder will need to find it.
    fn new_var(&mut self, name: Option<String>) -> Lit;
    fn add_clause(&mut self, clause: &[Lit]);
    /// How many variables exist so far (the highest variable number).
    fn num_vars(&self) -> u32;
    /// Names the family the next clauses belong to ("frame", "transport", "goal", ...), so
    /// `prove encodings` can drop one family at a time and see whether anything notices.
    fn family(&mut self, _name: &'static str) {}
    /// True when the sink dropped the formula (built past its deadline): an encoder may stop.
    fn abandoned(&self) -> bool {
        false
    }
}

/// A sink borrowed mutably is a sink (so `&mut dyn ClauseSink` reaches generic encoders).
impl<S: ClauseSink + ?Sized> ClauseSink for &mut S {
    fn new_var(&mut self, name: Option<String>) -> Lit {
        (**self).new_var(name)
    }

    fn family(&mut self, name: &'static str) {
        (**self).family(name)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        (**self).add_clause(clause)
    }

    fn num_vars(&self) -> u32 {
        (**self).num_vars()
    }

    fn abandoned(&self) -> bool {
        (**self).abandoned()
    }
}

/// A sink that passes everything on except the clauses of one family: a mutant encoding.
pub struct Without<'a> {
    pub inner: &'a mut dyn ClauseSink,
    pub dropped: &'static str,
    current: &'static str,
    /// Every family the encoder named, in order of first use.
    pub seen: Vec<&'static str>,
}

impl<'a> Without<'a> {
    pub fn new(inner: &'a mut dyn ClauseSink, dropped: &'static str) -> Without<'a> {
        Without { inner, dropped, current: "", seen: Vec::new() }
    }
}

impl ClauseSink for Without<'_> {
    fn new_var(&mut self, name: Option<String>) -> Lit {
        self.inner.new_var(name)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        if self.current != self.dropped {
            self.inner.add_clause(clause);
        }
    }

    fn num_vars(&self) -> u32 {
        self.inner.num_vars()
    }

    fn family(&mut self, name: &'static str) {
        self.current = name;
        if !self.seen.contains(&name) {
            self.seen.push(name);
        }
    }
}

/// A CNF formula held in memory: every literal in one vector, clause ends in another (a
/// vector per clause would cost an allocation and 24 bytes of header each: a 5-million-clause
/// horizon then takes twice the memory and seconds to free).
///
/// A formula built under a deadline (`puzzlec_core::stop::building_until`) is *abandoned*
/// once the deadline passes or its run is stopped: what it held is freed and further clauses
/// are dropped, so an encoder that runs past a time limit costs neither memory nor a long free.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    num_vars: u32,
    lits: Vec<Lit>,
    ends: Vec<usize>,
    names: Vec<(u32, String)>,
    comments: Vec<String>,
    abandoned: bool,
    /// Abandoned at the clause cap (`puzzlec_core::stop::building_within`), not the deadline.
    too_large: bool,
}

/// Two formulas are equal when they hold the same variables, clauses, names and comments.
impl PartialEq for Cnf {
    fn eq(&self, other: &Cnf) -> bool {
        (self.num_vars, &self.lits, &self.ends, &self.names, &self.comments)
            == (other.num_vars, &other.lits, &other.ends, &other.names, &other.comments)
    }
}

impl Eq for Cnf {}

/// How many clauses go by between two looks at the clock.
const CHECK_EVERY: usize = 1 << 14;

impl ClauseSink for Cnf {
    fn new_var(&mut self, name: Option<String>) -> Lit {
        self.num_vars += 1;
        if let Some(name) = name.filter(|_| !self.abandoned) {
            self.names.push((self.num_vars, name));
        }
        self.num_vars as Lit
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        debug_assert!(clause.iter().all(|&l| l != 0 && l.unsigned_abs() <= self.num_vars));
        if self.abandoned {
            return;
        }
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
        if self.ends.len().is_multiple_of(CHECK_EVERY) {
            if puzzlec_core::stop::over_cap(self.ends.len()) {
                self.too_large = true;
                self.abandon();
            } else if puzzlec_core::stop::overdue() {
                self.abandon();
            }
        }
    }

    fn num_vars(&self) -> u32 {
        self.num_vars
    }

    fn abandoned(&self) -> bool {
        self.abandoned
    }
}

impl Cnf {
    pub fn new() -> Cnf {
        Cnf::default()
    }

    fn abandon(&mut self) {
        self.abandoned = true;
        self.lits = Vec::new();
        self.ends = Vec::new();
        self.names = Vec::new();
    }

    /// Whether building stopped at the clause cap (`puzzlec_core::stop::building_within`).
    pub fn too_large(&self) -> bool {
        self.too_large
    }

    /// A `c` line printed at the top of the DIMACS file (what this formula is, its horizon).
    pub fn comment(&mut self, line: impl Into<String>) {
        self.comments.push(line.into());
    }

    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// How many clauses the formula has.
    pub fn num_clauses(&self) -> usize {
        self.ends.len()
    }

    /// The clauses, in the order they were added.
    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.ends.len()).map(|i| &self.lits[if i == 0 { 0 } else { self.ends[i - 1] }..self.ends[i]])
    }

    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// The named variables, in creation order.
    pub fn names(&self) -> &[(u32, String)] {
        &self.names
    }

    /// DIMACS text: comments, `c var N NAME` lines, the `p cnf` header, one clause a line.
    pub fn to_dimacs(&self) -> String {
        let mut out = String::with_capacity(self.lits.len() * 4 + self.ends.len() * 2);
        for c in &self.comments {
            let _ = writeln!(out, "c {c}");
        }
        for (v, name) in &self.names {
            let _ = writeln!(out, "c var {v} {name}");
        }
        let _ = writeln!(out, "p cnf {} {}", self.num_vars, self.num_clauses());
        for clause in self.clauses() {
            for l in clause {
                let _ = write!(out, "{l} ");
            }
            out.push_str("0\n");
        }
        out
    }

    /// Reads DIMACS back, keeping `c var` names and other comments.
    ///
    /// # Errors
    /// A missing or malformed header, a literal out of range, or a clause left open, with the
    /// line number.
    pub fn parse_dimacs(text: &str) -> Result<Cnf, DimacsError> {
        let mut cnf = Cnf::new();
        let mut declared: Option<(u32, usize)> = None;
        let mut open: Vec<Lit> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let err = |reason: String| DimacsError { line: line_no, reason };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix('c') {
                let rest = rest.trim();
                if let Some(var) = rest.strip_prefix("var ") {
                    let (num, name) =
                        var.split_once(' ').ok_or_else(|| err("a `c var` line needs a number and a name".into()))?;
                    let num: u32 = num.parse().map_err(|_| err(format!("{num:?} is not a variable number")))?;
                    cnf.names.push((num, name.trim().to_owned()));
                } else {
                    cnf.comments.push(rest.to_owned());
                }
                continue;
            }
            if let Some(rest) = line.strip_prefix("p ") {
                let fields: Vec<&str> = rest.split_whitespace().collect();
                match fields.as_slice() {
                    ["cnf", v, c] => {
                        let v = v.parse().map_err(|_| err(format!("bad variable count {v:?}")))?;
                        let c = c.parse().map_err(|_| err(format!("bad clause count {c:?}")))?;
                        declared = Some((v, c));
                        cnf.num_vars = v;
                    }
                    _ => return Err(err("expected `p cnf VARS CLAUSES`".into())),
                }
                continue;
            }
            let (vars, _) = declared.ok_or_else(|| err("a clause before the `p cnf` header".into()))?;
            for tok in line.split_whitespace() {
                let lit: Lit = tok.parse().map_err(|_| err(format!("{tok:?} is not a literal")))?;
                if lit == 0 {
                    cnf.lits.append(&mut open);
                    cnf.ends.push(cnf.lits.len());
                } else if lit.unsigned_abs() > vars {
                    return Err(err(format!("literal {lit} exceeds the {vars} declared variables")));
                } else {
                    open.push(lit);
                }
            }
        }
        let (_, clauses) = declared.ok_or(DimacsError { line: 0, reason: "no `p cnf` header".into() })?;
        if !open.is_empty() {
            return Err(DimacsError { line: text.lines().count(), reason: "the last clause is not ended by 0".into() });
        }
        if clauses != cnf.num_clauses() {
            return Err(DimacsError {
                line: 0,
                reason: format!("the header declares {clauses} clauses, the file has {}", cnf.num_clauses()),
            });
        }
        Ok(cnf)
    }
}

/// A DIMACS file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("DIMACS line {line}: {reason}")]
pub struct DimacsError {
    pub line: usize,
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimacs_round_trips_with_names() {
        let mut cnf = Cnf::new();
        cnf.comment("test formula");
        let a = cnf.new_var(Some("A(1)".into()));
        let b = cnf.new_var(None);
        cnf.add_clause(&[a, -b]);
        cnf.add_clause(&[b]);
        let text = cnf.to_dimacs();
        assert_eq!(text, "c test formula\nc var 1 A(1)\np cnf 2 2\n1 -2 0\n2 0\n");
        assert_eq!(Cnf::parse_dimacs(&text).unwrap(), cnf);
    }

    #[test]
    fn bad_dimacs_names_the_line() {
        assert_eq!(Cnf::parse_dimacs("1 2 0\n").unwrap_err().line, 1);
        assert_eq!(Cnf::parse_dimacs("p cnf 1 1\n1 2 0\n").unwrap_err().line, 2);
        assert!(Cnf::parse_dimacs("p cnf 1 2\n1 0\n").is_err());
        assert!(Cnf::parse_dimacs("p cnf 1 1\n1\n").is_err());
    }

    #[test]
    fn a_formula_past_its_deadline_is_abandoned_and_freed() {
        let mut cnf = Cnf::new();
        let a = cnf.new_var(Some("A".into()));
        puzzlec_core::stop::building_until(std::time::Instant::now(), || {
            for _ in 0..CHECK_EVERY * 3 {
                cnf.add_clause(&[a]);
            }
        });
        assert!(cnf.abandoned());
        assert_eq!(cnf.num_clauses(), 0);
        let mut open = Cnf::new();
        let b = open.new_var(None);
        open.add_clause(&[b]);
        assert!(!open.abandoned() && open.num_clauses() == 1);
    }
}
