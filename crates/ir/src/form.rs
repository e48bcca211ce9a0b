//! The two intermediate forms: what `emit` writes, what a solver reads, what an encoding
//! offers. One word for one idea: a [`Form`] is DIMACS CNF or SMT-LIB2.

use std::fmt;

/// An intermediate form. In JSON, `solvers.toml` (`input = ...`) and on the command line
/// (`--format`): `dimacs` or `smt2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    Smt2,
    Dimacs,
}

impl Form {
    pub const ALL: [Form; 2] = [Form::Dimacs, Form::Smt2];

    /// The word files, flags and JSON use: `dimacs` or `smt2`.
    pub fn word(self) -> &'static str {
        match self {
            Form::Smt2 => "smt2",
            Form::Dimacs => "dimacs",
        }
    }

    /// The form called `word` (`dimacs`, `smt2`).
    pub fn from_word(word: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.word() == word)
    }

    /// "DIMACS CNF and SMT-LIB2": forms as a sentence names them.
    pub fn list(forms: &[Form]) -> String {
        let names: Vec<String> = forms.iter().map(Form::to_string).collect();
        names.join(" and ")
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Form::Smt2 => "SMT-LIB2",
            Form::Dimacs => "DIMACS CNF",
        })
    }
}

/// How a solver answers: the registry's `answer` key, the word a job manifest records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answers {
    /// SAT-competition output on stdout: an `s` line and `v` lines (DIMACS solvers).
    SvLines,
    /// minisat's result file, named by `{output}` on the command line: `SAT` and the
    /// literals, `UNSAT` or `INDET` (DIMACS solvers).
    ResultFile,
    /// `sat` then the values asked for by `get-value` (or a `get-model` answer) on stdout
    /// (SMT-LIB2 solvers).
    SmtModel,
}

impl Answers {
    /// What a solver reading `form` answers when its table says nothing.
    pub fn default_for(form: Form) -> Answers {
        match form {
            Form::Dimacs => Answers::SvLines,
            Form::Smt2 => Answers::SmtModel,
        }
    }

    /// The form whose solvers answer this way.
    pub fn form(self) -> Form {
        match self {
            Answers::SvLines | Answers::ResultFile => Form::Dimacs,
            Answers::SmtModel => Form::Smt2,
        }
    }

    /// How a DIMACS answer found in a file reads when nothing says how it was written:
    /// minisat's result file starts with a bare `SAT`, `UNSAT` or `INDET`.
    pub fn of_dimacs_text(text: &str) -> Answers {
        let first = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
        match ["SAT", "UNSAT", "INDET"].contains(&first) {
            true => Answers::ResultFile,
            false => Answers::SvLines,
        }
    }
}
