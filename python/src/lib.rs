//! The native half of the `puzzlec` Python package (`puzzlec._native`): the facade's verbs
//! with requests as JSON text, exactly the form of a `batch` line, so Python and the CLI
//! share one contract and nothing here knows a puzzle. The typed API (keyword arguments,
//! answer objects, exceptions by kind) is the pure-Python layer in `puzzlec/__init__.py`.
//!
//! Long calls run on a worker thread while the calling thread waits with the GIL released,
//! waking every `POLL` to hand progress events to Python and to run its signal handlers:
//! a Ctrl-C (or an exception from the progress callback) interrupts every run, waits for
//! them to return (their solvers stopped and their files removed), sweeps any process left,
//! lets runs start again and re-raises.

use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use puzzlec_facade::{self as facade, Answer, Env, Error, Event, Instance};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

pyo3::create_exception!(
    _native,
    Failure,
    PyException,
    "A facade error; its one argument is the error's JSON object as text."
);

/// How often a waiting call looks at progress and at Python's signals.
const POLL: Duration = Duration::from_millis(50);

/// Which verb made an answer: its text is worded per verb, as the CLI's.
#[derive(Clone, Copy)]
enum Verb {
    Solve,
    Decode,
    Verify,
}

/// An answer as the facade gave it (its figures included, which the JSON leaves out), with
/// the instance it answers (to draw it) and its JSON as the CLI prints it.
#[pyclass(frozen, module = "puzzlec._native")]
struct Native {
    answer: Answer,
    instance: Option<Instance>,
    verb: Verb,
    json: String,
}

impl Native {
    fn new(answer: Answer, instance: Option<Instance>, verb: Verb) -> Native {
        let json = answer.to_json().to_string();
        Native { answer, instance, verb, json }
    }
}

#[pymethods]
impl Native {
    /// The answer's JSON text, as `puzzlec ... --json` prints it (without the newline).
    fn json(&self) -> &str {
        &self.json
    }

    /// The answer as the CLI prints it without `--json`.
    fn text(&self) -> String {
        match self.verb {
            Verb::Solve => facade::text::solved(&self.answer),
            Verb::Decode => facade::text::decoded(&self.answer),
            Verb::Verify => facade::text::verified(&self.answer),
        }
    }

    /// The SVG drawing (animated for plans), or `None` when there is nothing to draw.
    fn svg(&self) -> PyResult<Option<String>> {
        match &self.instance {
            Some(instance) if self.answer.exit_code() == 0 => {
                Ok(Some(facade::draw(instance, &self.answer).map_err(fail)?))
            }
            _ => Ok(None),
        }
    }

    /// The exit code the CLI would give this answer (0 solved or valid, 1 none, 3 unknown).
    fn exit_code(&self) -> u8 {
        self.answer.exit_code()
    }
}

/// A facade error as the Python exception the wrapper turns into its kind.
fn fail(e: Error) -> PyErr {
    Failure::new_err(e.to_json().to_string())
}

fn env(solvers: Option<PathBuf>) -> Env {
    Env { registry: solvers }
}

/// One request from its JSON text, read strictly as a batch line is (unknown keys, unknown
/// puzzle and bad JSON are bad input).
fn request(text: &str) -> Result<facade::Request, Error> {
    let no_words = |_: &str| Err(Error::bad_input("a request is a JSON object"));
    let mut lines = facade::batch::read(text.trim(), &no_words);
    match lines.len() {
        1 => lines.remove(0).request.map_err(|e| Error::bad_input(e.message().trim_start_matches("line 1: "))),
        _ => Err(Error::bad_input("a request is one JSON object")),
    }
}

/// Reads one JSON request of another verb, refusing keys that neither the puzzle nor the
/// verb knows (a typo would otherwise be dropped without a word).
fn read<T: serde::de::DeserializeOwned>(text: &str, verb: &[&str]) -> Result<T, Error> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::bad_input(format!("not JSON: {e}")))?;
    let object = value.as_object().ok_or_else(|| Error::bad_input("a request is a JSON object"))?;
    let puzzle =
        object.get("puzzle").and_then(|p| p.as_str()).ok_or_else(|| Error::bad_input("the request names no puzzle"))?;
    let own = facade::registry::lookup(puzzle)?.keys();
    if let Some(key) =
        object.keys().find(|k| k.as_str() != "puzzle" && !own.contains(&k.as_str()) && !verb.contains(&k.as_str()))
    {
        let known: Vec<&str> = own.iter().chain(verb).copied().collect();
        return Err(Error::bad_input(format!(
            "unknown key {key:?} for a {puzzle} request (known: {})",
            known.join(", ")
        )));
    }
    serde_json::from_value(value).map_err(|e| Error::bad_input(format!("not a request: {e}")))
}

/// Runs `work` on a worker thread; the calling thread hands its events to `progress` (as
/// JSON text) and watches Python's signals until it returns (see the module comment).
fn run<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&mut dyn FnMut(Event)) -> T + Send,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel::<String>();
    // The receiver is used with the GIL released, which wants it shareable.
    let rx = Mutex::new(rx);
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            // IDA* and the encoders recurse: the main thread's stack size, as the CLI has.
            .stack_size(8 << 20)
            .spawn_scoped(scope, move || {
                let mut on = |e: Event| {
                    let _ = tx.send(serde_json::to_string(&e).unwrap_or_default());
                };
                work(&mut on)
            })
            .map_err(|e| fail(Error::unknown(format!("starting a worker thread: {e}"))))?;
        let mut stopped: Option<PyErr> = None;
        loop {
            let next = py.detach(|| rx.lock().unwrap_or_else(|e| e.into_inner()).recv_timeout(POLL));
            match next {
                Ok(event) => {
                    if let (Some(callback), None) = (progress, &stopped) {
                        if let Err(e) = callback.call1((event,)) {
                            facade::interrupt();
                            stopped = Some(e);
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if stopped.is_none() {
                if let Err(e) = py.check_signals() {
                    facade::interrupt();
                    stopped = Some(e);
                }
            }
        }
        let result = py.detach(move || worker.join());
        if let Some(e) = stopped {
            facade::sweep();
            facade::resume();
            return Err(e);
        }
        result.map_err(|_| fail(Error::unknown("puzzlec crashed on this request (a bug: please report it)")))
    })
}

/// `solve`: a request's JSON text in, an answer out; `progress` gets each event's JSON.
#[pyfunction]
#[pyo3(signature = (request, solvers=None, progress=None))]
fn solve(
    py: Python<'_>,
    request: &str,
    solvers: Option<PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Native> {
    let req = self::request(request).map_err(fail)?;
    let env = env(solvers);
    let answer = run(py, progress, |on| facade::solve(&req, &env, on))?.map_err(fail)?;
    Ok(Native::new(answer, Some(req.instance()), Verb::Solve))
}

/// `emit`: the formula's text (DIMACS or SMT-LIB2).
#[pyfunction]
fn emit(py: Python<'_>, request: &str) -> PyResult<String> {
    let req: facade::EmitRequest = read(request, &["encoding", "format", "horizon"]).map_err(fail)?;
    run(py, None, |_| facade::emit(&req))?.map_err(fail)
}

/// `decode`: an emitted formula and a solver's answer to it, decoded and replayed.
#[pyfunction]
fn decode(py: Python<'_>, request: &str) -> PyResult<Native> {
    let keys = ["encoded", "encoded_origin", "answer", "answer_origin", "answers"];
    let req: facade::DecodeRequest = read(request, &keys).map_err(fail)?;
    let answer = run(py, None, |_| facade::decode(&req))?.map_err(fail)?;
    Ok(Native::new(answer, Some(req.instance.clone()), Verb::Decode))
}

/// `verify`: a plan replayed through the puzzle's rules.
#[pyfunction]
fn verify(request: &str) -> PyResult<Native> {
    let req: facade::VerifyRequest = read(request, &["moves"]).map_err(fail)?;
    let answer = facade::verify(&req).map_err(fail)?;
    Ok(Native::new(answer, Some(req.instance.clone()), Verb::Verify))
}

/// `batch`: JSON request lines on `jobs` workers; for each line in input order its JSON (an
/// answer, or an error object) with `id` and `request_hash`, its exit code, and the answer.
#[pyfunction]
#[pyo3(signature = (lines, jobs=1, timeout=None, solvers=None, progress=None))]
fn batch(
    py: Python<'_>,
    lines: Vec<String>,
    jobs: usize,
    timeout: Option<f64>,
    solvers: Option<PathBuf>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(String, u8, Option<Native>)>> {
    let no_words = |_: &str| Err(Error::bad_input("a batch line from Python is a JSON object (or a dict)"));
    let flat: Vec<String> = lines.iter().map(|l| l.replace('\n', " ")).collect();
    let lines = facade::batch::read(&flat.join("\n"), &no_words);
    let instances: Vec<(String, Option<Instance>)> =
        lines.iter().map(|l| (l.id.clone(), l.request.as_ref().ok().map(facade::Request::instance))).collect();
    let (env, options) = (env(solvers), facade::batch::Options { jobs, timeout });
    let finished = run(py, progress, |on| {
        let mut all = Vec::new();
        let worst = facade::batch::run(&lines, &env, &options, &mut |f| {
            on(Event::Found { count: all.len() + 1, noun: "answer" });
            all.push(f);
        });
        worst.map(|_| all)
    })?
    .map_err(fail)?;
    let mut by_id: std::collections::HashMap<String, facade::batch::Finished> =
        finished.into_iter().map(|f| (f.id.clone(), f)).collect();
    let mut out = Vec::new();
    for (id, instance) in instances {
        let Some(f) = by_id.remove(&id) else { continue };
        let native = f.answer.map(|a| Native { answer: a, instance, verb: Verb::Solve, json: f.json.to_string() });
        out.push((f.json.to_string(), f.code, native));
    }
    Ok(out)
}

/// `solvers`: the solver listing's JSON (with `check`, each binary's version read).
#[pyfunction]
#[pyo3(signature = (solvers=None, check=false))]
fn solvers(py: Python<'_>, solvers: Option<PathBuf>, check: bool) -> PyResult<String> {
    let env = env(solvers);
    let list = run(py, None, |_| facade::solvers::list(&env, check))?.map_err(fail)?;
    Ok(serde_json::to_string(&list).unwrap_or_default())
}

/// `puzzles`: every puzzle of the registry as JSON: its name, one line about it, whether it
/// is a plan or a filling, its own request keys and its encodings.
#[pyfunction]
fn puzzles() -> String {
    let rows: Vec<serde_json::Value> = facade::registry::PUZZLES
        .iter()
        .map(|p| {
            let about = p.about();
            let encodings: Vec<&str> = p.encodings().iter().map(|e| e.name).collect();
            let kind = if matches!(about.kind, facade::Kind::Plan) { "plan" } else { "filling" };
            serde_json::json!({ "name": about.name, "about": about.line, "kind": kind, "keys": about.keys, "encodings": encodings })
        })
        .collect();
    serde_json::Value::from(rows).to_string()
}

/// The native half of the puzzlec package; use `puzzlec`, not this module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The environment's settings, read once when the module loads (`docs/tuning.md`).
    puzzlec_facade::tuning::install(puzzlec_facade::tuning::Tuning::from_env());
    m.add("Failure", m.py().get_type::<Failure>())?;
    m.add_class::<Native>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(emit, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(batch, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles, m)?)?;
    Ok(())
}
