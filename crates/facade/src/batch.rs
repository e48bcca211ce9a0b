//! Batch runs: many requests, one per line, on a pool of worker threads, answers as JSON
//! Lines keyed by the line's id.
//!
//! A line is either a JSON object in the [`Request`] form (`{"puzzle": "slide", "board":
//! ...}`, with an optional `"id"`) or the CLI's own words (`slide --board "..."`), which only
//! the front end that owns those words can parse, so it passes a parser in. Blank lines and
//! `#` comments are skipped; a line's id is its `"id"` or else its line number.
//!
//! Answers are handed over as each request finishes (so an interrupted run keeps all of
//! them); [`in_input_order`] sorts a finished output back into the input's order and drops
//! a line an interrupt cut short, which makes resuming (skip the ids already answered) safe.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use serde_json::Value;

use crate::{Env, Error, Request, Result};

/// One input line: its id, the request (or why it is not one), where it is and its
/// fingerprint (which the answer carries, so `--resume` can tell an edited line).
pub struct Line {
    pub id: String,
    pub request: Result<Request>,
    /// 1-based line number in the batch file.
    pub number: usize,
    pub fingerprint: String,
}

/// One finished line: the answer's JSON (or the error's) with `id` added, its exit code, and
/// the answer itself (for a front end that renders it: text, SVG).
pub struct Finished {
    pub id: String,
    pub json: Value,
    pub code: u8,
    pub answer: Option<crate::Answer>,
}

/// Reads a batch file's lines; `words` parses a line written in the CLI's words.
pub fn read(text: &str, words: &dyn Fn(&str) -> Result<Request>) -> Vec<Line> {
    let mut lines = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: Error| e.context(format!("line {}", n + 1));
        let (id, request, fingerprint) = match line.starts_with('{') {
            true => match serde_json::from_str::<Value>(line) {
                Ok(mut v) => {
                    let id = v.as_object_mut().and_then(|o| o.remove("id")).map(|id| match id {
                        Value::String(s) => s,
                        other => other.to_string(),
                    });
                    let fingerprint = crate::recheck::fingerprint(&v.to_string());
                    let request = unknown_key(&v).map_or_else(
                        || {
                            serde_json::from_value::<Request>(v)
                                .map_err(|e| Error::bad_input(e).context("not a request"))
                                .and_then(|r| crate::registry::lookup(&r.puzzle).map(|_| r))
                        },
                        Err,
                    );
                    (id, request, fingerprint)
                }
                Err(e) => (None, Err(Error::bad_input(format!("not JSON: {e}"))), String::new()),
            },
            false => (None, words(line), crate::recheck::fingerprint(line)),
        };
        let id = id.unwrap_or_else(|| (n + 1).to_string());
        lines.push(Line { id, request: request.map_err(at), number: n + 1, fingerprint });
    }
    lines
}

/// The first key of a JSON request line that no request of its puzzle has (a typo such as
/// `"timout"` would otherwise be dropped without a word), as an error.
fn unknown_key(v: &Value) -> Option<Error> {
    let object = v.as_object()?;
    let puzzle = object.get("puzzle")?.as_str()?;
    let own = crate::registry::lookup(puzzle).ok()?.keys();
    let known: Vec<&str> = ["id"].iter().chain(&crate::SolveOptions::KEYS).chain(own).copied().collect();
    let key = object.keys().find(|k| !known.contains(&k.as_str()) && *k != "puzzle")?;
    Some(Error::bad_input(format!("unknown key {key:?} for a {puzzle} request (known: {})", known.join(", "))))
}

/// The settings of a run.
pub struct Options {
    /// Worker threads (at least one).
    pub jobs: usize,
    /// Seconds per request, for the requests that set none.
    pub timeout: Option<f64>,
}

/// Runs `lines` on `options.jobs` workers and hands each answer to `on` as it finishes (on
/// this thread); returns the worst exit code (0 when there was nothing to do).
///
/// # Errors
/// Repeated ids (bad input), before anything runs.
pub fn run(lines: &[Line], env: &Env, options: &Options, on: &mut dyn FnMut(Finished)) -> Result<u8> {
    let mut seen = HashMap::new();
    for l in lines {
        if let Some(first) = seen.insert(l.id.as_str(), l.number) {
            return Err(Error::bad_input(format!("the id {:?} is used by two lines: {first} and {}", l.id, l.number)));
        }
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Finished>();
    let mut worst = 0;
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1).min(lines.len().max(1)) {
            let (tx, next) = (tx.clone(), &next);
            let work = move || {
                // After an interrupt nothing new starts, and a line it cut short is not an
                // answer (a resumed run solves it again).
                while let Some(line) = lines.get(next.fetch_add(1, Ordering::SeqCst)) {
                    if puzzlec_core::stop::interrupted() {
                        return;
                    }
                    let finished = answer(line, env, options.timeout);
                    if puzzlec_core::stop::interrupted() || tx.send(finished).is_err() {
                        return;
                    }
                }
            };
            // IDA* and the encoders recurse: give workers the main thread's stack size.
            std::thread::Builder::new().stack_size(8 << 20).spawn_scoped(scope, work).expect("a worker thread starts");
        }
        drop(tx);
        for finished in rx {
            worst = worst.max(finished.code);
            on(finished);
        }
    });
    Ok(worst)
}

fn answer(line: &Line, env: &Env, timeout: Option<f64>) -> Finished {
    let started = Instant::now();
    let result = line.request.clone().and_then(|mut request| {
        if request.options().timeout.is_none() {
            request.options_mut().timeout = timeout;
        }
        // A request that panics (a bug) is answered with an error; the batch goes on.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| crate::solve(&request, env, &mut |_| {})))
            .unwrap_or_else(|_| Err(Error::unknown("puzzlec crashed on this request (a bug: please report it)")))
    });
    let (mut json, code, answer) = match result {
        Ok(answer) => (answer.to_json(), answer.exit_code(), Some(answer)),
        Err(e) => {
            let mut json = e.to_json();
            // Bad input found while solving names its line, as bad input found on reading does.
            let prefix = format!("line {}: ", line.number);
            if let Some(message) = json["message"].as_str().filter(|m| !m.starts_with("line ")) {
                json["message"] = Value::String(format!("{prefix}{message}"));
            }
            json["time_ms"] = Value::from(started.elapsed().as_millis() as u64);
            (json, e.kind().exit_code(), None)
        }
    };
    json["id"] = Value::String(line.id.clone());
    json["request_hash"] = Value::String(line.fingerprint.clone());
    Finished { id: line.id.clone(), json, code, answer }
}

/// What a front end shows of a run: its size, each answer as it is written, and the lines
/// meant for standard output (when there is no output file).
pub trait Report {
    /// `todo` requests will run; `before` were answered in the output already (`--resume`).
    fn started(&mut self, todo: usize, before: usize);
    fn finished(&mut self, f: &Finished);
    fn stdout(&mut self, line: &str);
    /// A kept answer (`--resume`) failed its re-check and its line is solved again.
    fn rejected(&mut self, _id: &str, _why: &str) {}
}

/// `batch --json` when the answers went to `output` (or there were none): one object saying
/// what was done.
pub fn summary(lines: usize, worst: u8, output: Option<&std::path::Path>) -> Value {
    let mut v = serde_json::json!({ "status": "done", "lines": lines, "exit_code": worst });
    if let Some(out) = output {
        v["out"] = out.display().to_string().into();
    }
    v
}

/// Runs `lines` and writes the answers: into `output` when given (each answer appended in
/// one write as soon as it is found, so an interrupt loses nothing; sorted into input order
/// at the end; with `resume`, the answers already there are kept and their lines skipped),
/// else to `report.stdout` in input order. Returns the worst exit code of all the answers.
///
/// # Errors
/// Repeated ids; an output file that cannot be read or written (bad input).
pub fn run_to(
    lines: Vec<Line>,
    env: &Env,
    options: &Options,
    output: Option<&std::path::Path>,
    resume: bool,
    report: &mut dyn Report,
) -> Result<u8> {
    use std::io::Write;
    let ids: Vec<String> = lines.iter().map(|l| l.id.clone()).collect();
    let io = |e: std::io::Error, p: &std::path::Path| Error::bad_input(format!("writing {}: {e}", p.display()));
    let before = match output {
        Some(path) if resume && path.exists() => {
            std::fs::read_to_string(path).map_err(|e| Error::bad_input(format!("reading {}: {e}", path.display())))?
        }
        _ => String::new(),
    };
    let before = recheck_kept(&before, &lines, report);
    let done = answered(&before);
    let todo: Vec<Line> = lines.into_iter().filter(|l| !done.contains(&l.id)).collect();
    let mut file = match output {
        Some(path) => {
            // Resuming keeps only whole lines of what was there (an interrupt may cut one).
            std::fs::write(path, in_input_order(&before, &ids)).map_err(|e| io(e, path))?;
            Some(std::fs::OpenOptions::new().append(true).open(path).map_err(|e| io(e, path))?)
        }
        None => None,
    };
    report.started(todo.len(), done.len());
    let position: HashMap<&str, usize> = ids.iter().enumerate().map(|(i, id)| (id.as_str(), i)).collect();
    let (mut waiting, mut next) = (std::collections::BTreeMap::new(), 0);
    let mut failed = None;
    let worst = run(&todo, env, options, &mut |f: Finished| {
        let line = format!("{}\n", f.json);
        match (&mut file, output) {
            (Some(out), Some(path)) => {
                if let Err(e) = out.write_all(line.as_bytes()) {
                    failed.get_or_insert(io(e, path));
                }
            }
            // On standard output the answers keep the input's order as they come.
            _ => {
                waiting.insert(position.get(f.id.as_str()).copied().unwrap_or(usize::MAX), line);
                while let Some(l) = waiting.remove(&next) {
                    report.stdout(&l);
                    next += 1;
                }
            }
        }
        report.finished(&f);
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    for line in waiting.into_values() {
        report.stdout(&line);
    }
    match output {
        Some(path) => {
            let all = std::fs::read_to_string(path).map_err(|e| io(e, path))?;
            let sorted = in_input_order(&all, &ids);
            std::fs::write(path, &sorted).map_err(|e| io(e, path))?;
            Ok(worst_code(&sorted))
        }
        None => Ok(worst),
    }
}

/// The kept answers of an output that pass their re-check against today's lines
/// ([`crate::recheck::kept`]); the others are reported and dropped, so they are solved again.
fn recheck_kept(before: &str, lines: &[Line], report: &mut dyn Report) -> String {
    let by_id: HashMap<&str, &Line> = lines.iter().map(|l| (l.id.as_str(), l)).collect();
    let mut out = String::new();
    for (id, text) in parsed(before) {
        let Some(line) = by_id.get(id.as_str()) else { continue };
        let verdict = match (&line.request, serde_json::from_str::<Value>(&text)) {
            (Ok(request), Ok(answer)) => crate::recheck::kept(request, &line.fingerprint, &answer),
            // A line that is not a request is answered with its error again (cheap).
            (Err(_), _) => Err("its line is not a request".into()),
            (_, Err(e)) => Err(format!("it is not JSON: {e}")),
        };
        match verdict {
            Ok(()) => out.push_str(&(text + "\n")),
            Err(why) => report.rejected(&id, &why),
        }
    }
    out
}

/// The ids already answered in an output file (lines that do not parse are ignored: an
/// interrupt may have cut the last one short).
pub fn answered(output: &str) -> HashSet<String> {
    parsed(output).map(|(id, _)| id).collect()
}

/// An output's lines sorted into the order of `ids`, each id once; lines cut short or of
/// ids no longer in the input are dropped.
pub fn in_input_order(output: &str, ids: &[String]) -> String {
    let mut by_id: HashMap<String, String> = parsed(output).collect();
    ids.iter().filter_map(|id| by_id.remove(id)).map(|line| line + "\n").collect()
}

/// The worst exit code among an output's lines.
pub fn worst_code(output: &str) -> u8 {
    output
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|v| match v.get("exit_code").and_then(Value::as_u64) {
            Some(code) => code as u8,
            None => serde_json::from_value::<crate::Status>(v["status"].clone()).map_or(3, |s| s.exit_code()),
        })
        .max()
        .unwrap_or(0)
}

fn parsed(output: &str) -> impl Iterator<Item = (String, String)> + '_ {
    output.lines().filter_map(|l| {
        let v: Value = serde_json::from_str(l).ok()?;
        Some((v.get("id")?.as_str()?.to_owned(), l.to_owned()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_words(_: &str) -> Result<Request> {
        Err(Error::bad_input("words are not parsed here"))
    }

    #[test]
    fn lines_get_ids_and_comments_are_skipped() {
        let text = "# a comment\n\n{\"puzzle\": \"hex\", \"id\": \"h\"}\n{\"puzzle\": \"slide\", \"board\": \"1 2 / 3 _\"}\nslide x\n{oops\n";
        let lines = read(text, &no_words);
        let ids: Vec<&str> = lines.iter().map(|l| l.id.as_str()).collect();
        assert_eq!(ids, ["h", "4", "5", "6"]);
        assert!(lines[0].request.is_ok() && lines[1].request.is_ok());
        assert!(lines[2].request.as_ref().is_err_and(|e| e.message().starts_with("line 5")));
        assert!(lines[3].request.as_ref().is_err_and(|e| e.message().contains("not JSON")));
    }

    #[test]
    fn output_is_sorted_back_and_a_cut_line_is_dropped() {
        let out = "{\"id\":\"2\",\"status\":\"solved\"}\n{\"id\":\"1\",\"status\":\"unknown\"}\n{\"id\":\"3\",\"sta";
        let ids = ["1".to_owned(), "2".to_owned(), "3".to_owned()];
        assert_eq!(
            in_input_order(out, &ids),
            "{\"id\":\"1\",\"status\":\"unknown\"}\n{\"id\":\"2\",\"status\":\"solved\"}\n"
        );
        assert_eq!(answered(out).len(), 2);
        assert_eq!(worst_code(out), 3);
    }
}
