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
