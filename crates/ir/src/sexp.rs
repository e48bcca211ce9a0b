//! Reading an SMT solver's answer: `sat`/`unsat`/`unknown`, then a `get-value` list
//! `((x 5) (b true))` or a model `(model (define-fun x () Int 5) ...)` / `((define-fun ...))`.
//! A small reader of our own: easy-smt parses only through a live solver process.

use crate::Outcome;
use std::collections::HashMap;

/// A parsed S-expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

/// A constant's value in a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtValue {
    Bool(bool),
    Int(i64),
}

/// Output that is not an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct SmtOutputError {
    pub reason: String,
}

fn bad(reason: impl Into<String>) -> SmtOutputError {
    SmtOutputError { reason: reason.into() }
}

/// How deep lists may nest. A model of constants nests four levels (`(model (define-fun x ()
/// Int (- 5)))`); the cap keeps a hostile answer from building a tree whose drop or printing
/// would overflow the stack.
pub const MAX_DEPTH: usize = 1000;

/// Reads every top-level S-expression in `text`.
///
/// Works on bytes: the syntax is ASCII, and an atom's bytes are read as UTF-8 (lossily), so a
/// large answer costs its own size, not four bytes a character.
///
/// # Errors
/// Unbalanced parentheses, an unterminated `|symbol|` or string, or lists nested deeper than
/// [`MAX_DEPTH`].
pub fn read_all(text: &str) -> Result<Vec<Sexp>, SmtOutputError> {
    let bytes = text.as_bytes();
    let atom = |from: usize, to: usize| Sexp::Atom(String::from_utf8_lossy(&bytes[from..to]).into_owned());
    let mut i = 0;
    let mut stack: Vec<Vec<Sexp>> = vec![Vec::new()];
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                if stack.len() > MAX_DEPTH {
                    return Err(bad(format!("lists nested deeper than {MAX_DEPTH} levels")));
                }
                stack.push(Vec::new());
            }
            b')' => {
                let done = stack.pop().filter(|_| !stack.is_empty()).ok_or_else(|| bad("unbalanced `)`"))?;
                stack.last_mut().expect("checked non-empty").push(Sexp::List(done));
            }
            c if c.is_ascii_whitespace() => {}
            b'|' | b'"' => {
                let end = bytes[i + 1..]
                    .iter()
                    .position(|&d| d == c)
                    .ok_or_else(|| bad(format!("unterminated {}", c as char)))?;
                stack.last_mut().expect("never empty").push(atom(i + 1, i + 1 + end));
                i += end + 1;
            }
            _ => {
                let start = i;
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !b"()|\";".contains(&bytes[i]) {
                    i += 1;
                }
                stack.last_mut().expect("never empty").push(atom(start, i));
                continue;
            }
        }
        i += 1;
    }
    if stack.len() != 1 {
        return Err(bad("unbalanced `(`: the output ends inside a list"));
    }
    Ok(stack.pop().expect("one level left"))
}

/// Parses a solver's whole standard output.
///
/// # Errors
/// No status, an `(error ...)` from the solver, or `sat` with values that cannot be read.
pub fn parse_smt_answer(text: &str) -> Result<Outcome<HashMap<String, SmtValue>>, SmtOutputError> {
    let forms = read_all(text)?;
    let mut iter = forms.iter();
    let status = loop {
        match iter.next() {
            Some(Sexp::Atom(a)) if a == "sat" || a == "unsat" || a == "unknown" => break a.as_str(),
            Some(Sexp::List(l)) if l.first() == Some(&Sexp::Atom("error".into())) => {
                return Err(bad(format!(
                    "the solver reported an error: {}",
                    l.get(1).map(atom_text).unwrap_or_default()
                )));
            }
            Some(Sexp::Atom(a)) if a == "success" => continue,
            Some(other) => return Err(bad(format!("expected sat, unsat or unknown, found {}", atom_text(other)))),
            None => return Err(bad("no sat/unsat/unknown in the output")),
        }
    };
    match status {
        "unsat" => return Ok(Outcome::Unsat),
        "unknown" => return Ok(Outcome::Unknown("the solver answered unknown".into())),
        _ => {}
    }
    let mut values = HashMap::new();
    for form in iter {
        collect_values(form, &mut values)?;
    }
    Ok(Outcome::Sat(values))
}

fn collect_values(form: &Sexp, values: &mut HashMap<String, SmtValue>) -> Result<(), SmtOutputError> {
    let Sexp::List(items) = form else {
        return Err(bad(format!("unexpected {} after sat", atom_text(form))));
    };
    for item in items {
        match item {
            Sexp::Atom(a) if a == "model" => {}
            Sexp::List(l) if l.first() == Some(&Sexp::Atom("error".into())) => {
                return Err(bad(format!(
                    "the solver reported an error: {}",
                    l.get(1).map(atom_text).unwrap_or_default()
                )));
            }
            // (define-fun name () Sort value)
            Sexp::List(l) if l.len() == 5 && l[0] == Sexp::Atom("define-fun".into()) => {
                if let (Sexp::Atom(name), Some(v)) = (&l[1], value(&l[4])) {
                    values.insert(name.clone(), v);
                }
            }
            // (name value)
            Sexp::List(l) if l.len() == 2 => {
                let Sexp::Atom(name) = &l[0] else { continue };
                let v = value(&l[1])
                    .ok_or_else(|| bad(format!("cannot read the value of {name}: {}", atom_text(&l[1]))))?;
                values.insert(name.clone(), v);
            }
            other => return Err(bad(format!("unexpected {} in the model", atom_text(other)))),
        }
    }
    Ok(())
}

/// Reads `true`, `false`, `5`, `(- 5)`, `#b0101`, `#x1f` and `(_ bv5 8)`.
fn value(s: &Sexp) -> Option<SmtValue> {
    match s {
        Sexp::Atom(a) if a == "true" => Some(SmtValue::Bool(true)),
        Sexp::Atom(a) if a == "false" => Some(SmtValue::Bool(false)),
        Sexp::Atom(a) => {
            if let Some(bits) = a.strip_prefix("#b") {
                i64::from_str_radix(bits, 2).ok().map(SmtValue::Int)
            } else if let Some(digits) = a.strip_prefix("#x") {
                i64::from_str_radix(digits, 16).ok().map(SmtValue::Int)
            } else {
                a.parse().ok().map(SmtValue::Int)
            }
        }
        Sexp::List(l) => match l.as_slice() {
            [Sexp::Atom(m), inner] if m == "-" => match value(inner)? {
                SmtValue::Int(v) => Some(SmtValue::Int(-v)),
                SmtValue::Bool(_) => None,
            },
            [Sexp::Atom(u), Sexp::Atom(bv), _] if u == "_" => bv.strip_prefix("bv")?.parse().ok().map(SmtValue::Int),
            _ => None,
        },
    }
}

/// The first 80 characters of `s` as written, for messages; stops writing there, so a huge
/// answer quoted in an error costs no more than its quote.
fn atom_text(s: &Sexp) -> String {
    const QUOTE: usize = 80;
    fn write(s: &Sexp, out: &mut String) {
        if out.len() >= 4 * QUOTE {
            return;
        }
        match s {
            Sexp::Atom(a) => out.extend(a.chars().take(QUOTE)),
            Sexp::List(l) => {
                out.push('(');
                for (k, item) in l.iter().enumerate() {
                    if out.len() >= 4 * QUOTE {
                        return;
                    }
                    if k > 0 {
                        out.push(' ');
                    }
                    write(item, out);
                }
                out.push(')');
            }
        }
    }
    let mut out = String::new();
    write(s, &mut out);
    out.chars().take(QUOTE).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn get_value_and_models() {
        let Outcome::Sat(v) =
            parse_smt_answer("sat\n((|S(1,1,2,0)| true)\n (x (- 7)) (b #b0101) (c (_ bv3 4)))\n").unwrap()
        else {
            panic!()
        };
        assert_eq!(v["S(1,1,2,0)"], SmtValue::Bool(true));
        assert_eq!(v["x"], SmtValue::Int(-7));
        assert_eq!(v["b"], SmtValue::Int(5));
        assert_eq!(v["c"], SmtValue::Int(3));
        let Outcome::Sat(m) = parse_smt_answer("sat\n(model\n  (define-fun V1 () Int\n    9)\n)\n").unwrap() else {
            panic!()
        };
        assert_eq!(m["V1"], SmtValue::Int(9));
        let Outcome::Sat(m) = parse_smt_answer("sat\n(\n(define-fun V1 () Int 9)\n)\n").unwrap() else { panic!() };
        assert_eq!(m["V1"], SmtValue::Int(9));
        assert_eq!(parse_smt_answer("unsat\n(error \"model is not available\")\n").unwrap(), Outcome::Unsat);
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(parse_smt_answer("").is_err());
        assert!(parse_smt_answer("hello").is_err());
        assert!(parse_smt_answer("sat\n((x 1)").is_err());
        assert!(parse_smt_answer("(error \"line 3: unknown constant\")")
            .unwrap_err()
            .reason
            .contains("unknown constant"));
        assert!(parse_smt_answer("sat\n(error \"x\")").is_err());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        for depth in [MAX_DEPTH + 1, 100_000, 1_000_000] {
            let closed = format!("sat\n{}{}", "(".repeat(depth), ")".repeat(depth));
            let open = format!("sat\n{}", "(".repeat(depth));
            for text in [closed, open] {
                let err = parse_smt_answer(&text).unwrap_err();
                assert!(err.reason.contains("nested deeper"), "{}", err.reason);
            }
        }
        let fine = format!("sat\n{}{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(!parse_smt_answer(&fine).unwrap_err().reason.contains("nested deeper"));
    }

    #[test]
    fn non_ascii_atoms_survive() {
        let Outcome::Sat(v) = parse_smt_answer("sat\n((|été| 3))").unwrap() else { panic!() };
        assert_eq!(v["été"], SmtValue::Int(3));
    }
}
