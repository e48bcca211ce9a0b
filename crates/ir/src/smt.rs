//! SMT-LIB2 scripts built from easy-smt S-expressions, with no solver process running.
//!
//! easy-smt's `Context` panics on solver commands when built without a solver, so the script
//! keeps its own list of declarations and assertions and only uses the context to build and
//! print terms. The printed file is what z3 and cvc5 read unchanged; the linked z3 reads the
//! same declarations and assertions through `body()`.

use std::fmt::Write as _;

use easy_smt::{Context, ContextBuilder, SExpr};

/// The sorts our encodings declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    Bool,
    Int,
    BitVec(u32),
}

/// An SMT-LIB2 problem: logic, declared constants, assertions and the constants to read back.
pub struct SmtScript {
    ctx: Context,
    logic: String,
    comments: Vec<String>,
    decls: Vec<(String, Sort)>,
    asserts: Vec<SExpr>,
    outputs: Vec<String>,
    /// Built past its deadline (see `puzzlec_core::stop::building_until`): assertions dropped.
    abandoned: bool,
}

impl SmtScript {
    pub fn new(logic: &str) -> SmtScript {
        let ctx = ContextBuilder::new().without_solver().build().expect("a context without a solver starts no process");
        SmtScript {
            ctx,
            logic: logic.to_owned(),
            comments: Vec::new(),
            decls: Vec::new(),
            asserts: Vec::new(),
            outputs: Vec::new(),
            abandoned: false,
        }
    }

    /// True when the script was built past its deadline (or its run was stopped): it holds
    /// nothing usable, and an encoder may stop building it.
    pub fn abandoned(&self) -> bool {
        self.abandoned
    }

    /// The term builder (easy-smt's API: `and`, `or`, `not`, `eq`, `ite`, `plus`, ...).
    pub fn ctx(&self) -> &Context {
        &self.ctx
    }

    pub fn logic(&self) -> &str {
        &self.logic
    }

    /// A `;` comment line at the top of the file.
    pub fn comment(&mut self, line: impl Into<String>) {
        self.comments.push(line.into());
    }

    /// Declares a constant and returns the term naming it. `output` constants are the ones
    /// a decoder reads: the script asks for their values after `check-sat`.
    pub fn declare(&mut self, name: &str, sort: Sort, output: bool) -> SExpr {
        self.decls.push((name.to_owned(), sort));
        if output {
            self.outputs.push(name.to_owned());
        }
        self.ctx.atom(quote(name))
    }

    /// An Int constant: a numeral, or `(- k)` for a negative one. SMT-LIB2 has no negative
    /// numerals: z3 reads `-1` anyway, cvc5 refuses it ("Symbol -1 is not declared").
    pub fn int(&self, v: i64) -> SExpr {
        match v {
            0.. => self.ctx.numeral(v),
            _ => self.ctx.list(vec![self.ctx.atom("-"), self.ctx.numeral(v.unsigned_abs())]),
        }
    }

    /// The term of an already declared constant.
    pub fn constant(&self, name: &str) -> SExpr {
        self.ctx.atom(quote(name))
    }

    pub fn assert(&mut self, term: SExpr) {
        if self.abandoned {
            return;
        }
        self.asserts.push(term);
        if puzzlec_core::stop::overdue() {
            self.abandoned = true;
            self.asserts = Vec::new();
        }
    }

    /// Conjunction that stays valid SMT-LIB for zero or one operands.
    pub fn all(&self, terms: Vec<SExpr>) -> SExpr {
        match terms.len() {
            0 => self.ctx.true_(),
            1 => terms[0],
            _ => self.ctx.and_many(terms),
        }
    }

    /// Disjunction that stays valid SMT-LIB for zero or one operands.
    pub fn any(&self, terms: Vec<SExpr>) -> SExpr {
        match terms.len() {
            0 => self.ctx.false_(),
            1 => terms[0],
            _ => self.ctx.or_many(terms),
        }
    }

    pub fn declarations(&self) -> &[(String, Sort)] {
        &self.decls
    }

    pub fn outputs(&self) -> &[String] {
        &self.outputs
    }

    pub fn num_assertions(&self) -> usize {
        self.asserts.len()
    }

    /// Declarations and assertions only: what the linked z3 parses.
    pub fn body(&self) -> String {
        let mut out = String::new();
        for (name, sort) in &self.decls {
            let sort = match sort {
                Sort::Bool => "Bool".to_owned(),
                Sort::Int => "Int".to_owned(),
                Sort::BitVec(w) => format!("(_ BitVec {w})"),
            };
            let _ = writeln!(out, "(declare-const {} {sort})", quote(name));
        }
        for a in &self.asserts {
            let _ = writeln!(out, "(assert {})", self.ctx.display(*a));
        }
        out
    }

    /// The whole file: comments, options, logic, body, `check-sat` and `get-value`.
    pub fn to_smt2(&self) -> String {
        let mut out = String::new();
        for c in &self.comments {
            let _ = writeln!(out, "; {c}");
        }
        out.push_str("(set-option :produce-models true)\n");
        let _ = writeln!(out, "(set-logic {})", self.logic);
        out.push_str(&self.body());
        out.push_str("(check-sat)\n");
        if !self.outputs.is_empty() {
            let names: Vec<String> = self.outputs.iter().map(|n| quote(n)).collect();
            let _ = writeln!(out, "(get-value ({}))", names.join(" "));
        }
        out.push_str("(exit)\n");
        out
    }
}

/// A symbol as SMT-LIB writes it: bare when it is a simple symbol, else between `|` bars.
pub fn quote(name: &str) -> String {
    let simple = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
    if simple {
        name.to_owned()
    } else {
        format!("|{name}|")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_a_complete_script() {
        let mut s = SmtScript::new("QF_LIA");
        s.comment("tiny");
        let x = s.declare("x(1)", Sort::Int, true);
        let b = s.declare("b", Sort::Bool, false);
        let five = s.ctx().numeral(5);
        let t = s.ctx().eq(x, five);
        s.assert(t);
        let any = s.any(vec![b]);
        s.assert(any);
        assert_eq!(
            s.to_smt2(),
            "; tiny\n(set-option :produce-models true)\n(set-logic QF_LIA)\n(declare-const |x(1)| Int)\n(declare-const b Bool)\n(assert (= |x(1)| 5))\n(assert b)\n(check-sat)\n(get-value (|x(1)|))\n(exit)\n"
        );
    }
}
