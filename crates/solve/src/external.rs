//! External solver processes. The problem goes to a temporary file, the solver's stdout and
//! stderr to two more (no pipes to fill up), and the process is killed at the time limit.
//! No shell is involved: the command is the registry's argument list.

use std::fs::File;
use std::io::{BufRead, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use puzzlec_ir::{parse_minisat_result, parse_sat_output, parse_smt_answer, Cnf, CnfModel, SmtModel, SmtScript};

use crate::backend::{Outcome, SolveCnf, SolveError, SolveSmt};
use crate::registry::{Answers, Form, SolverSpec};
use crate::runner;

/// The most a solver may print on stdout: far above any model puzzlec asks for, far below
/// what would fill the disk.
pub const MAX_OUTPUT: u64 = 512 << 20;

/// A registry entry whose binary was found.
pub struct External {
    pub spec: SolverSpec,
    pub binary: PathBuf,
}

/// What one run left behind.
struct Finished {
    stdout: String,
    stderr: String,
    result_file: Option<String>,
    status: String,
    /// The signal that ended it, if one did.
    killed_by: Option<i32>,
    success: bool,
    /// How long the process ran.
    elapsed: Duration,
}

impl Finished {
    /// A failure at (or past) the time limit is the solver's own limit firing (cvc5 aborts
    /// with SIGABRT on --tlimit), not a crash.
    fn hit_limit(&self, limit: Duration) -> bool {
        !self.success && self.elapsed >= limit.mul_f64(0.95)
    }
}

impl External {
    pub fn new(spec: SolverSpec, binary: PathBuf) -> External {
        External { spec, binary }
    }

    /// The argument list `run` would use (binary first), without a time limit.
    pub fn command_line(&self, input: &str, output: &str, proof: Option<&str>) -> Vec<String> {
        let fill = |arg: &str| arg.replace("{input}", input).replace("{output}", output);
        let mut args = vec![self.binary.to_string_lossy().into_owned()];
        args.extend(self.arguments(&fill, input, proof));
        args
    }

    /// The solver's arguments from its table: the command's (with the input appended when
    /// it names none), then the proof flags; `fill` puts in the paths and limits.
    fn arguments(&self, fill: &dyn Fn(&str) -> String, input: &str, proof: Option<&str>) -> Vec<String> {
        let mut args: Vec<String> = self.spec.command[1..].iter().map(|a| fill(a)).collect();
        if !self.spec.command.iter().any(|a| a.contains("{input}")) {
            args.push(input.to_owned());
        }
        if let Some(proof) = proof {
            args.extend(self.spec.proof.iter().map(|a| fill(a).replace("{proof}", proof)));
        }
        args
    }

    /// The error for an output past puzzlec's cap, quoting the head of `path`.
    fn over_cap(&self, reason: String, path: &Path) -> SolveError {
        SolveError::Garbage { id: self.spec.id.clone(), reason, head: head(&read_head(path), "") }
    }

    fn err_io(&self, source: std::io::Error) -> SolveError {
        SolveError::Io { id: self.spec.id.clone(), source }
    }

    /// Runs the solver on `problem`; `None` when it was stopped or killed at the limit.
    fn run(
        &self,
        problem: &str,
        suffix: &str,
        limit: Duration,
        proof: Option<&Path>,
    ) -> Result<Option<Finished>, SolveError> {
        let dir = tempfile::tempdir().map_err(|e| self.err_io(e))?;
        let input = dir.path().join(format!("problem{suffix}"));
        let output = dir.path().join("result.txt");
        std::fs::write(&input, problem).map_err(|e| self.err_io(e))?;
        // Whole seconds, rounded up: a solver told 2 s for a 2.5 s limit stops early and
        // its "timeout" looks like the user's limit when it is not.
        let secs = (limit.as_millis().div_ceil(1000)).max(1).to_string();
        let ms = limit.as_millis().max(1).to_string();
        let fill = |arg: &str| {
            arg.replace("{input}", &input.to_string_lossy())
                .replace("{output}", &output.to_string_lossy())
                .replace("{secs}", &secs)
                .replace("{ms}", &ms)
        };
        let mut args: Vec<String> = self.spec.timeout.iter().map(|a| fill(a)).collect();
        let proof = proof.map(|p| p.to_string_lossy().into_owned());
        args.extend(self.arguments(&fill, &input.to_string_lossy(), proof.as_deref()));
        let stdout_path = dir.path().join("stdout.txt");
        let stderr_path = dir.path().join("stderr.txt");
        let job = runner::Job {
            program: &self.binary,
            args: &args,
            stdout: File::create(&stdout_path).map_err(|e| self.err_io(e))?,
            stderr: File::create(&stderr_path).map_err(|e| self.err_io(e))?,
            limit: Some(limit),
            dir: Some(dir.path()),
            watch: &[&stdout_path, &output],
            max_output: MAX_OUTPUT,
        };
        let ended = runner::run(job).map_err(|source| SolveError::Spawn {
            id: self.spec.id.clone(),
            command: format!("{} {}", self.binary.display(), args.join(" ")),
            source,
        })?;
        let (status, elapsed) = match ended {
            runner::Ended::Exited { status, elapsed } => (status, elapsed),
            runner::Ended::TimedOut { .. } | runner::Ended::Stopped => return Ok(None),
            runner::Ended::TooMuchOutput { bytes } => {
                let (cap, got) = (MAX_OUTPUT >> 20, bytes >> 20);
                let why = format!("it printed more than {cap} MiB ({got} MiB when it was stopped), puzzlec's cap on a solver's output");
                return Err(self.over_cap(why, &stdout_path));
            }
        };
        let printed = std::fs::metadata(&stdout_path).map_or(0, |m| m.len());
        if printed > MAX_OUTPUT {
            let why = format!(
                "it printed {} MiB, more than puzzlec's cap on a solver's output ({} MiB)",
                printed >> 20,
                MAX_OUTPUT >> 20
            );
            return Err(self.over_cap(why, &stdout_path));
        }
        // The cap again on what is read: a result file may have grown between the last look
        // and the solver's exit.
        let read = |p: &PathBuf| -> Option<String> {
            let f = File::open(p).ok()?;
            let mut bytes = Vec::new();
            f.take(MAX_OUTPUT + 1).read_to_end(&mut bytes).ok()?;
            Some(String::from_utf8_lossy(&bytes).into_owned())
        };
        let result_file = read(&output);
        if result_file.as_ref().is_some_and(|t| t.len() as u64 > MAX_OUTPUT) {
            let why =
                format!("its result file is larger than {} MiB, puzzlec's cap on a solver's output", MAX_OUTPUT >> 20);
            return Err(self.over_cap(why, &output));
        }
        Ok(Some(Finished {
            stdout: read_answer(&stdout_path).map_err(|e| self.err_io(e))?,
            stderr: read_head(&stderr_path),
            result_file,
            killed_by: status.signal(),
            status: status.to_string(),
            // SAT solvers exit 10 and 20 on answers.
            success: matches!(status.code(), Some(0 | 10 | 20)),
            elapsed,
        }))
    }

    /// The error for output we could not read: a crash if the process failed, else garbage.
    fn unreadable(&self, run: &Finished, reason: String) -> SolveError {
        if !run.success {
            let said = match (run.stderr.trim().is_empty(), run.stdout.trim().is_empty()) {
                (false, _) => format!("its stderr begins:\n{}", head(&run.stderr, "")),
                (true, false) => format!("its stderr is empty; its stdout begins:\n{}", head(&run.stdout, "")),
                (true, true) => "it printed nothing".to_owned(),
            };
            let status = match run.killed_by {
                Some(signal) => format!("killed by signal {signal}"),
                None => run.status.clone(),
            };
            return SolveError::Failed { id: self.spec.id.clone(), status, said };
        }
        SolveError::Garbage { id: self.spec.id.clone(), reason, head: head(&run.stdout, &run.stderr) }
    }

    fn killed() -> String {
        if puzzlec_core::stop::requested() {
            return "stopped".into();
        }
        "time limit reached; the solver was stopped".into()
    }
}

/// The first lines of `primary` (or of `fallback` when it is empty), for error messages.
fn head(primary: &str, fallback: &str) -> String {
    let text = if primary.trim().is_empty() { fallback } else { primary };
    let lines: Vec<&str> = text
        .lines()
        .take(6)
        .map(|l| match l.char_indices().nth(200) {
            // Cut at a character boundary: solver output may be any UTF-8 (or lossily decoded).
            Some((at, _)) => &l[..at],
            None => l,
        })
        .collect();
    if lines.is_empty() {
        "(nothing)".into()
    } else {
        lines.iter().map(|l| format!("  | {l}")).collect::<Vec<_>>().join("\n")
    }
}

impl External {
    /// Whether the registry entry says how to make this solver write a DRAT proof.
    pub fn writes_proofs(&self) -> bool {
        !self.spec.proof.is_empty()
    }

    /// Solves `cnf` and, when it is unsatisfiable, leaves the solver's DRAT proof at `proof`.
    ///
    /// # Errors
    /// As [`SolveCnf::solve_cnf`].
    pub fn solve_cnf_proving(&self, cnf: &Cnf, limit: Duration, proof: &Path) -> Result<Outcome<CnfModel>, SolveError> {
        self.solve_cnf_inner(cnf, limit, Some(proof))
    }

    fn solve_cnf_inner(
        &self,
        cnf: &Cnf,
        limit: Duration,
        proof: Option<&Path>,
    ) -> Result<Outcome<CnfModel>, SolveError> {
        if self.spec.input != Form::Dimacs {
            return Err(SolveError::WrongInput {
                id: self.spec.id.clone(),
                takes: self.spec.input,
                offers: "CNF".into(),
            });
        }
        let Some(run) = self.run(&cnf.to_dimacs(), ".cnf", limit, proof)?.filter(|r| !r.hit_limit(limit)) else {
            return Ok(Outcome::Unknown(Self::killed()));
        };
        let parsed = match (&run.result_file, self.spec.answers()) {
            (Some(text), Answers::ResultFile) => parse_minisat_result(text),
            (None, Answers::ResultFile) => return Err(self.unreadable(&run, "it wrote no result file".into())),
            _ => parse_sat_output(&run.stdout),
        };
        match parsed {
            Ok(Outcome::Sat(a)) => Ok(Outcome::Sat(CnfModel::new(cnf.names(), a))),
            Ok(Outcome::Unsat) => Ok(Outcome::Unsat),
            Ok(Outcome::Unknown(_)) => {
                Ok(Outcome::Unknown(format!("{} answered UNKNOWN (its time limit?)", self.spec.id)))
            }
            Err(e) => Err(self.unreadable(&run, e.reason)),
        }
    }
}

impl crate::backend::Solve for External {
    fn id(&self) -> &str {
        &self.spec.id
    }

    fn form(&self) -> Form {
        self.spec.input
    }

    fn version(&self) -> Option<String> {
        crate::version::of_binary(&self.binary)
    }

    fn cnf(&self) -> Option<&dyn SolveCnf> {
        (self.spec.input == Form::Dimacs).then_some(self as &dyn SolveCnf)
    }

    fn smt(&self) -> Option<&dyn SolveSmt> {
        (self.spec.input == Form::Smt2).then_some(self as &dyn SolveSmt)
    }

    fn program(&self) -> Option<&External> {
        Some(self)
    }
}

impl SolveCnf for External {
    fn solve_cnf(&self, cnf: &Cnf, limit: Duration) -> Result<Outcome<CnfModel>, SolveError> {
        self.solve_cnf_inner(cnf, limit, None)
    }
}

impl SolveSmt for External {
    fn solve_smt(&self, script: &SmtScript, limit: Duration) -> Result<Outcome<SmtModel>, SolveError> {
        if self.spec.input != Form::Smt2 {
            return Err(SolveError::WrongInput {
                id: self.spec.id.clone(),
                takes: self.spec.input,
                offers: "SMT-LIB2".into(),
            });
        }
        let Some(run) = self.run(&script.to_smt2(), ".smt2", limit, None)?.filter(|r| !r.hit_limit(limit)) else {
            return Ok(Outcome::Unknown(Self::killed()));
        };
        // z3 -T prints "timeout" instead of a status.
        if run.stdout.trim_start().starts_with("timeout") {
            return Ok(Outcome::Unknown(Self::killed()));
        }
        match parse_smt_answer(&run.stdout) {
            Ok(Outcome::Sat(values)) => Ok(Outcome::Sat(SmtModel { values })),
            Ok(Outcome::Unsat) => Ok(Outcome::Unsat),
            Ok(Outcome::Unknown(_)) => Ok(Outcome::Unknown(format!("{} answered unknown", self.spec.id))),
            Err(e) => Err(self.unreadable(&run, e.reason)),
        }
    }
}

/// A solver's stdout without its comment lines (`c ...`, which DIMACS solvers print by the
/// megabyte and nothing reads), read line by line so they never sit in memory.
fn read_answer(path: &Path) -> std::io::Result<String> {
    let mut text = String::new();
    let mut reader = std::io::BufReader::new(File::open(path)?);
    let mut line = Vec::new();
    while reader.read_until(b'\n', &mut line)? > 0 {
        if !(line.starts_with(b"c ") || line == b"c\n") {
            text.push_str(&String::from_utf8_lossy(&line));
        }
        line.clear();
    }
    Ok(text)
}

/// The first 64 KiB of a file, for error messages.
fn read_head(path: &Path) -> String {
    let mut bytes = Vec::new();
    if let Ok(f) = File::open(path) {
        let _ = f.take(64 << 10).read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}
