//! `solvers [--check]`, and turning a solver id into a backend for the other subcommands.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use puzzlec_solve::{Backend, Registry};
use serde_json::json;
use wait_timeout::ChildExt;

use crate::args::SolversArgs;
use crate::exit::{bad_input, unknown, Code, Failure};

/// Loads the registry; a broken registry file is bad input (exit 2).
pub fn registry(path: Option<&Path>) -> Result<Registry, Failure> {
    Registry::load(path).map_err(bad_input)
}

/// The backend for `id`; an unknown id or a missing binary is exit 3, naming the registry.
pub fn backend(id: &str, path: Option<&Path>) -> Result<Backend, Failure> {
    let registry = registry(path)?;
    Backend::resolve(id, &registry).map_err(unknown)
}

pub fn list(a: SolversArgs, path: Option<&Path>) -> Result<Code, Failure> {
    let registry = registry(path)?;
    let z3_version = format!("linked libz3 {}", z3::full_version());
    let cadical_version = format!(
        "embedded CaDiCaL {}",
        cadical::Solver::<cadical::Timeout>::new().signature()
    );
    let mut rows = vec![
        Row {
            id: "z3".into(),
            input: "smt2",
            binary: Some("(linked)".into()),
            version: Some(z3_version),
        },
        Row {
            id: "cadical".into(),
            input: "dimacs",
            binary: Some("(embedded)".into()),
            version: Some(cadical_version),
        },
        Row {
            id: "search".into(),
            input: "-",
            binary: Some("(built in)".into()),
            version: Some("exact BFS / IDA*".into()),
        },
    ];
    for spec in registry.solvers() {
        let binary = registry.locate(spec);
        let version = match (&binary, a.check) {
            (Some(b), true) => Some(version_of(b).unwrap_or_else(|| "(no version answer)".into())),
            (None, _) => Some(format!("not found{}", registry.install_hint(spec))),
            _ => None,
        };
        let input = match spec.input {
            puzzlec_solve::InputKind::Smt2 => "smt2",
            puzzlec_solve::InputKind::Dimacs => "dimacs",
        };
        rows.push(Row {
            id: spec.id.clone(),
            input,
            binary: binary.map(|b| b.display().to_string()),
            version,
        });
    }
    if a.output.json {
        let solvers: Vec<_> = rows
            .iter()
            .map(|r| json!({ "id": r.id, "input": r.input, "found": r.binary.is_some(), "binary": r.binary, "version": r.version }))
            .collect();
        println!("{}", json!({ "registry": registry.origin(), "solvers": solvers }));
    } else {
        println!("registry: {}", registry.origin());
        println!("{:<12} {:<7} {:<28} version", "id", "input", "binary");
        for r in &rows {
            let binary = r.binary.clone().unwrap_or_else(|| "-".into());
            println!(
                "{:<12} {:<7} {:<28} {}",
                r.id,
                r.input,
                binary,
                r.version.clone().unwrap_or_default()
            );
        }
    }
    Ok(Code::Solved)
}

struct Row {
    id: String,
    input: &'static str,
    binary: Option<String>,
    version: Option<String>,
}

/// First line a binary prints for `--version` (or for `--help`, for solvers like minisat
/// that reject `--version`), within five seconds.
fn version_of(binary: &Path) -> Option<String> {
    for flag in ["--version", "--help"] {
        let dir = tempfile::tempdir().ok()?;
        let out = dir.path().join("out");
        let file = std::fs::File::create(&out).ok()?;
        let mut child = Command::new(binary)
            .arg(flag)
            .stdin(Stdio::null())
            .stdout(file.try_clone().ok()?)
            .stderr(file)
            .spawn()
            .ok()?;
        if child.wait_timeout(Duration::from_secs(5)).ok()?.is_none() {
            let _ = child.kill();
            let _ = child.wait();
            continue;
        }
        let text = std::fs::read_to_string(&out).unwrap_or_default();
        let line = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("WARNING"))?;
        if !line.to_ascii_lowercase().contains("error") {
            return Some(line.chars().take(60).collect());
        }
    }
    None
}
