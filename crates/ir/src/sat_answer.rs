//! Reading a SAT solver's answer: the SAT-competition format (`s` and `v` lines) and
//! minisat's result file (`SAT` then the literals, or `UNSAT`, or `INDET`).

use crate::Outcome;

/// A truth value per variable (index 0 unused); `None` where the solver left it unset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    values: Vec<Option<bool>>,
}

impl Assignment {
    pub fn new(num_vars: u32) -> Assignment {
        Assignment { values: vec![None; num_vars as usize + 1] }
    }

    pub fn set(&mut self, lit: i32) {
        let v = lit.unsigned_abs() as usize;
        if v >= self.values.len() {
            self.values.resize(v + 1, None);
        }
        self.values[v] = Some(lit > 0);
    }

    /// The value of a literal (negative for a negated variable).
    pub fn lit(&self, lit: i32) -> Option<bool> {
        let v = *self.values.get(lit.unsigned_abs() as usize)?;
        v.map(|b| b == (lit > 0))
    }
}

/// The highest variable an answer may name: far above any formula puzzlec writes, and low
/// enough that a hostile `v 2147483647` costs 64 MiB, not a table of two billion values.
pub const MAX_VARIABLE: u32 = 1 << 26;

/// Reads one literal of an answer.
fn literal(tok: &str, place: &str) -> Result<i32, SatOutputError> {
    let lit: i32 = tok.parse().map_err(|_| bad(format!("{place}{:?} is not a literal", clip(tok))))?;
    if lit.unsigned_abs() > MAX_VARIABLE {
        return Err(bad(format!(
            "{place}literal {lit} names a variable above {MAX_VARIABLE}, beyond any formula puzzlec writes"
        )));
    }
    Ok(lit)
}

/// Output that is not an answer in the expected format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct SatOutputError {
    pub reason: String,
}

fn bad(reason: impl Into<String>) -> SatOutputError {
    SatOutputError { reason: reason.into() }
}

/// Parses `s`/`v` lines; `c` lines and blank lines are skipped.
///
/// # Errors
/// No `s` line, a second status, a malformed literal, or SAT without a `v` line.
pub fn parse_sat_output(text: &str) -> Result<Outcome<Assignment>, SatOutputError> {
    let mut status: Option<&str> = None;
    let mut assignment = Assignment::default();
    let mut saw_values = false;
    // CaDiCaL stopped by its own time limit (-t) says only "c UNKNOWN".
    let mut unknown_comment = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line == "c UNKNOWN" {
            unknown_comment = true;
        }
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        if let Some(s) = line.strip_prefix("s ") {
            if status.is_some() {
                return Err(bad(format!("line {}: a second `s` line", i + 1)));
            }
            status = Some(s.trim());
        } else if let Some(vs) = line.strip_prefix("v") {
            saw_values = true;
            for tok in vs.split_whitespace() {
                let lit = literal(tok, &format!("line {}: ", i + 1))?;
                if lit != 0 {
                    assignment.set(lit);
                }
            }
        } else {
            return Err(bad(format!("line {}: unexpected {:?}", i + 1, clip(line))));
        }
    }
    match status {
        Some("SATISFIABLE") if saw_values => Ok(Outcome::Sat(assignment)),
        Some("SATISFIABLE") => Err(bad("SATISFIABLE without any `v` line")),
        Some("UNSATISFIABLE") => Ok(Outcome::Unsat),
        Some("UNKNOWN") => Ok(Outcome::Unknown("the solver answered UNKNOWN".into())),
        Some(other) => Err(bad(format!("unknown status `s {}`", clip(other)))),
        None if unknown_comment => Ok(Outcome::Unknown("the solver answered UNKNOWN".into())),
        None => Err(bad("no `s` status line")),
    }
}

/// Parses minisat's result file (its second argument).
///
/// # Errors
/// An empty file, an unknown first line, or malformed literals.
pub fn parse_minisat_result(text: &str) -> Result<Outcome<Assignment>, SatOutputError> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    match lines.next() {
        Some("SAT") => {
            let mut assignment = Assignment::default();
            for tok in lines.flat_map(str::split_whitespace) {
                let lit = literal(tok, "")?;
                if lit != 0 {
                    assignment.set(lit);
                }
            }
            Ok(Outcome::Sat(assignment))
        }
        Some("UNSAT") => Ok(Outcome::Unsat),
        Some("INDET") => Ok(Outcome::Unknown("the solver answered UNKNOWN".into())),
        Some(other) => Err(bad(format!("unexpected first line {:?}", clip(other)))),
        None => Err(bad("the result file is empty")),
    }
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn competition_format() {
        let Outcome::Sat(a) = parse_sat_output("c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n").unwrap() else { panic!() };
        assert_eq!(
            (a.lit(1), a.lit(2), a.lit(-2), a.lit(3), a.lit(4)),
            (Some(true), Some(false), Some(true), Some(true), None)
        );
        assert_eq!(parse_sat_output("s UNSATISFIABLE\n").unwrap(), Outcome::Unsat);
        assert_eq!(parse_sat_output("s UNKNOWN\n").unwrap(), Outcome::Unknown("the solver answered UNKNOWN".into()));
        assert_eq!(
            parse_sat_output("c ---\nc UNKNOWN\n").unwrap(),
            Outcome::Unknown("the solver answered UNKNOWN".into())
        );
        assert!(parse_sat_output("hello world\n").is_err());
        assert!(parse_sat_output("").is_err());
        assert!(parse_sat_output("s SATISFIABLE\n").is_err());
        assert!(parse_sat_output("s SATISFIABLE\nv 1 x 0\n").is_err());
        assert!(parse_sat_output("s SATISFIABLE\nv 2147483647 0\n").unwrap_err().reason.contains("above"));
        assert!(parse_minisat_result("SAT\n-2147483648 0\n").unwrap_err().reason.contains("above"));
    }

    #[test]
    fn minisat_format() {
        let Outcome::Sat(a) = parse_minisat_result("SAT\n-1 2 0\n").unwrap() else { panic!() };
        assert_eq!(a.lit(1), Some(false));
        assert_eq!(parse_minisat_result("UNSAT\n").unwrap(), Outcome::Unsat);
        assert_eq!(parse_minisat_result("INDET\n").unwrap(), Outcome::Unknown("the solver answered UNKNOWN".into()));
        assert!(parse_minisat_result("").is_err());
    }
}
