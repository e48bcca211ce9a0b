//! `solvers.toml`: the registry of external solvers. Read in exactly this one place, strictly
//! (unknown keys are errors with a line number). Lookup order: `--solvers FILE`, then
//! `./solvers.toml`, then the defaults built into the binary (the shipped file).

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The shipped registry, used when no file is found.
const BUILT_IN: &str = include_str!("../../../solvers.toml");

pub use puzzlec_ir::{Answers, Form};

/// One `[[solver]]` table.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolverSpec {
    pub id: String,
    pub input: Form,
    /// Binary and fixed arguments; `{input}` / `{output}` placeholders, else the input is appended.
    pub command: Vec<String>,
    /// Flags that pass a time limit, with `{secs}` or `{ms}`.
    #[serde(default)]
    pub timeout: Vec<String>,
    /// Flags that make it write a DRAT proof to `{proof}` (for `--certify`).
    #[serde(default)]
    pub proof: Vec<String>,
    /// How it answers; `None` is the usual way for its input form (s/v lines for DIMACS,
    /// a model on stdout for SMT-LIB2).
    #[serde(default)]
    pub answer: Option<Answers>,
}

impl SolverSpec {
    /// How this solver answers.
    pub fn answers(&self) -> Answers {
        self.answer.unwrap_or(Answers::default_for(self.input))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    #[serde(default)]
    solver: Vec<SolverSpec>,
}

/// A registry that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error("cannot read the solver registry {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("solver registry {path}: {message}")]
    Invalid { path: String, message: String },
}

/// The loaded registry and where it came from.
#[derive(Clone, Debug)]
pub struct Registry {
    origin: String,
    dir: Option<PathBuf>,
    solvers: Vec<SolverSpec>,
}

impl Registry {
    /// Loads `explicit`, else `./solvers.toml`, else the built-in defaults.
    ///
    /// # Errors
    /// The file cannot be read, is not valid TOML, has unknown keys, empty commands or
    /// duplicate ids.
    pub fn load(explicit: Option<&Path>) -> Result<Registry, RegistryError> {
        let local = Path::new("solvers.toml");
        let path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None if local.is_file() => Some(local.to_path_buf()),
            None => None,
        };
        match path {
            Some(path) => {
                let shown = path.display().to_string();
                let text = std::fs::read_to_string(&path)
                    .map_err(|source| RegistryError::Read { path: shown.clone(), source })?;
                let dir =
                    path.parent().map(|d| if d.as_os_str().is_empty() { PathBuf::from(".") } else { d.to_path_buf() });
                Registry::parse(&text, shown, dir)
            }
            None => Registry::parse(
                BUILT_IN,
                "built-in defaults (no --solvers FILE given, no ./solvers.toml here)".into(),
                None,
            ),
        }
    }

    /// Parses registry text; `origin` names it in messages, `dir` resolves relative paths.
    ///
    /// # Errors
    /// As [`Registry::load`].
    pub fn parse(text: &str, origin: String, dir: Option<PathBuf>) -> Result<Registry, RegistryError> {
        let invalid = |message: String| RegistryError::Invalid { path: origin.clone(), message };
        let file: RegistryFile = toml::from_str(text).map_err(|e| invalid(e.to_string().trim_end().to_owned()))?;
        let mut seen: Vec<&str> = Vec::new();
        for s in &file.solver {
            if s.id.trim().is_empty() || s.id.contains(|c: char| c == ',' || c.is_whitespace()) {
                return Err(invalid(format!(
                    "solver id {:?} is not usable: an id is a non-empty word without spaces or commas",
                    s.id
                )));
            }
            if s.command.first().is_none_or(|c| c.trim().is_empty()) {
                return Err(invalid(format!("solver {:?} has an empty command", s.id)));
            }
            if crate::Backend::built_in().any(|b| b == s.id) || s.id == crate::Solver::SEARCH_ID {
                return Err(invalid(format!("solver id {:?} is built in and cannot be redefined", s.id)));
            }
            if s.answers().form() != s.input {
                return Err(invalid(format!(
                    "solver {:?} reads {} but answers as a {} solver",
                    s.id,
                    s.input,
                    s.answers().form()
                )));
            }
            let names_output = s.command.iter().any(|a| a.contains("{output}"));
            if names_output != (s.answers() == Answers::ResultFile) {
                return Err(invalid(format!(
                    "solver {:?}: answer = \"result-file\" and an {{output}} in its command go together",
                    s.id
                )));
            }
            if seen.contains(&s.id.as_str()) {
                return Err(invalid(format!("solver id {:?} appears twice", s.id)));
            }
            seen.push(&s.id);
        }
        Ok(Registry { origin, dir, solvers: file.solver })
    }

    /// Where this registry came from (a path, or "(built-in defaults)").
    pub fn origin(&self) -> &str {
        &self.origin
    }

    pub fn solvers(&self) -> &[SolverSpec] {
        &self.solvers
    }

    pub fn get(&self, id: &str) -> Option<&SolverSpec> {
        self.solvers.iter().find(|s| s.id == id)
    }

    /// Built-in ids, then the registry's.
    pub fn all_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = crate::Backend::built_in().map(str::to_owned).collect();
        ids.push(crate::Solver::SEARCH_ID.into());
        ids.extend(self.solvers.iter().map(|s| s.id.clone()));
        ids
    }

    /// The executable for a spec: a path relative to the registry's folder when it has a
    /// slash, else the first match on `PATH`.
    pub fn locate(&self, spec: &SolverSpec) -> Option<PathBuf> {
        let program = Path::new(&spec.command[0]);
        if spec.command[0].contains('/') {
            let full = match (&self.dir, program.is_relative()) {
                (Some(dir), true) => dir.join(program),
                _ => program.to_path_buf(),
            };
            return is_executable(&full).then_some(full);
        }
        puzzlec_core::tuning::get().on_path(program).into_iter().find(|p| is_executable(p))
    }

    /// Why `locate` found nothing: a file that exists but is not executable, or nothing.
    pub fn why_missing(&self, spec: &SolverSpec) -> String {
        let program = Path::new(&spec.command[0]);
        let candidates: Vec<PathBuf> = if spec.command[0].contains('/') {
            vec![match (&self.dir, program.is_relative()) {
                (Some(dir), true) => dir.join(program),
                _ => program.to_path_buf(),
            }]
        } else {
            puzzlec_core::tuning::get().on_path(program)
        };
        match candidates.iter().find(|p| p.is_file()) {
            Some(p) => format!("{} exists but is not executable (chmod +x)", p.display()),
            None => format!("it was not found{}", self.install_hint(spec)),
        }
    }

    /// A hint for installing a missing binary (Debian package names for the shipped ones).
    pub fn install_hint(&self, spec: &SolverSpec) -> String {
        match spec.command[0].as_str() {
            b @ ("z3" | "cvc5" | "cadical" | "minisat" | "cvc4" | "picosat" | "cryptominisat") => {
                format!(" (on Debian: apt-get install {})", if b == "cryptominisat" { "cryptominisat" } else { b })
            }
            "kissat" => " (not in Debian: pip install passagemath-kissat carries a kissat binary)".into(),
            _ => String::new(),
        }
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_registry_parses() {
        let r = Registry::parse(BUILT_IN, "built-in".into(), None).unwrap();
        for id in ["z3-bin", "cvc5", "cadical-bin", "minisat", "kissat"] {
            assert!(r.get(id).is_some(), "{id}");
        }
        assert_eq!(r.get("minisat").unwrap().answers(), Answers::ResultFile);
        assert_eq!(r.get("kissat").unwrap().answers(), Answers::SvLines);
        assert_eq!(r.get("cvc5").unwrap().answers(), Answers::SmtModel);
    }

    /// How a solver answers is said, not guessed: a result file needs `{output}` and the
    /// answer's form must be the input's.
    #[test]
    fn the_answer_key_must_fit_the_command_and_the_input() {
        let table = |input: &str, command: &str, answer: &str| {
            let text = format!("[[solver]]\nid = \"s\"\ninput = \"{input}\"\ncommand = {command}\n{answer}");
            Registry::parse(&text, "test".into(), None)
        };
        assert!(table("dimacs", r#"["m", "{input}", "{output}"]"#, r#"answer = "result-file""#).is_ok());
        assert!(table("dimacs", r#"["m", "{input}"]"#, r#"answer = "result-file""#).is_err());
        assert!(table("dimacs", r#"["m", "{input}", "{output}"]"#, "").is_err());
        assert!(table("smt2", r#"["z"]"#, r#"answer = "sv-lines""#).is_err());
        assert!(table("smt2", r#"["z"]"#, r#"answer = "guess""#).is_err());
        assert!(table("dimacs", r#"["k"]"#, "").is_ok());
    }

    #[test]
    fn unknown_keys_are_errors_with_a_line() {
        let text = "[[solver]]\nid = \"x\"\ninput = \"dimacs\"\ncommand = [\"x\"]\nflags = 3\n";
        let err = Registry::parse(text, "f.toml".into(), None).unwrap_err().to_string();
        assert!(err.contains("line 5") && err.contains("flags"), "{err}");
        let dup = "[[solver]]\nid = \"x\"\ninput = \"dimacs\"\ncommand = [\"x\"]\n[[solver]]\nid = \"x\"\ninput = \"smt2\"\ncommand = [\"y\"]\n";
        assert!(Registry::parse(dup, "f".into(), None).unwrap_err().to_string().contains("twice"));
        let empty = "[[solver]]\nid = \"\"\ninput = \"dimacs\"\ncommand = [\"x\"]\n";
        assert!(Registry::parse(empty, "f".into(), None).unwrap_err().to_string().contains("not usable"));
        let builtin = "[[solver]]\nid = \"z3\"\ninput = \"smt2\"\ncommand = [\"z3\"]\n";
        assert!(Registry::parse(builtin, "f".into(), None).is_err());
        let bad_input = "[[solver]]\nid = \"q\"\ninput = \"sat\"\ncommand = [\"z3\"]\n";
        assert!(Registry::parse(bad_input, "f".into(), None).unwrap_err().to_string().contains("line 3"));
    }
}
