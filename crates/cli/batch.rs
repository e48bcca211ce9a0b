//! `puzzlec batch`: reads the lines, shows progress, and writes the answers; the facade's
//! `batch` module runs them.

use std::io::{IsTerminal, Write};

use clap::Parser;
use puzzlec_facade::batch::{self, Finished};
use puzzlec_facade::{Env, Error, Request};

use crate::args::{Batch, SolveLine};

pub fn run(b: Batch, env: &Env, quiet: bool) -> Result<u8, Error> {
    let lines = batch::read(&crate::commands::read_text(&b.file)?, &words);
    let ids: Vec<String> = lines.iter().map(|l| l.id.clone()).collect();
    let write_err =
        |e: std::io::Error, path: &std::path::Path| Error::bad_input(format!("writing {}: {e}", path.display()));
    let before = match (&b.output, b.resume) {
        (Some(path), true) if path.exists() => {
            std::fs::read_to_string(path).map_err(|e| Error::bad_input(format!("reading {}: {e}", path.display())))?
        }
        _ => String::new(),
    };
    let done = batch::answered(&before);
    let todo: Vec<batch::Line> = lines.into_iter().filter(|l| !done.contains(&l.id)).collect();
    let mut file = match &b.output {
        Some(path) => {
            // Resuming keeps only whole lines of what was there (an interrupt may cut one).
            let kept = batch::in_input_order(&before, &ids);
            std::fs::write(path, kept).map_err(|e| write_err(e, path))?;
            Some(std::fs::OpenOptions::new().append(true).open(path).map_err(|e| write_err(e, path))?)
        }
        None => None,
    };
    let bar = progress(todo.len() as u64, done.len(), quiet);
    let position = |id: &str| ids.iter().position(|i| i == id).unwrap_or(usize::MAX);
    let (mut waiting, mut next, mut finished) = (std::collections::BTreeMap::new(), 0, 0);
    let mut io_error = None;
    let jobs = b.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let options = batch::Options { jobs, timeout: b.timeout };
    let worst = batch::run(&todo, env, &options, &mut |f: Finished| {
        let line = format!("{}\n", f.json);
        let status = f.json["status"].as_str().unwrap_or("").to_owned();
        match (&mut file, &b.output) {
            // One write per answer: an interrupt keeps every finished line whole.
            (Some(out), Some(path)) => {
                if let Err(e) = out.write_all(line.as_bytes()) {
                    io_error.get_or_insert(write_err(e, path));
                }
            }
            // On stdout the answers keep the input's order as they come.
            _ => {
                waiting.insert(position(&f.id), line);
                while let Some(l) = waiting.remove(&next) {
                    crate::render::write_stdout(&l);
                    next += 1;
                }
            }
        }
        match &bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(format!("{} {status}", f.id));
            }
            None if !quiet => {
                finished += 1;
                eprintln!("[{}/{}] {}: {status}", finished + done.len(), ids.len(), f.id);
            }
            None => {}
        }
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(e) = io_error {
        return Err(e);
    }
    match &b.output {
        Some(path) => {
            let all = std::fs::read_to_string(path).map_err(|e| write_err(e, path))?;
            let sorted = batch::in_input_order(&all, &ids);
            std::fs::write(path, &sorted).map_err(|e| write_err(e, path))?;
            Ok(batch::worst_code(&sorted))
        }
        None => {
            for (_, l) in waiting {
                crate::render::write_stdout(&l);
            }
            Ok(worst)
        }
    }
}

/// A progress bar with counts and ETA on a terminal; `None` (plain lines) otherwise.
fn progress(todo: u64, done: usize, quiet: bool) -> Option<indicatif::ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(todo);
    let style =
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} answered, {elapsed} elapsed, ETA {eta}  {msg}");
    bar.set_style(style.unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
    if done > 0 {
        bar.println(format!("resuming: {done} answered before"));
    }
    Some(bar)
}

/// A line in the CLI's words (`slide --board ...`, optionally after `puzzlec solve`).
fn words(line: &str) -> Result<Request, Error> {
    let words = shell_words::split(line).map_err(|e| Error::bad_input(format!("cannot split the line: {e}")))?;
    let skip = words.iter().take(2).take_while(|w| *w == "puzzlec" || *w == "solve").count();
    let parsed = SolveLine::try_parse_from(&words[skip..]).map_err(|e| {
        let text = e.to_string();
        Error::bad_input(text.lines().next().unwrap_or("").trim_start_matches("error: ").to_owned())
    })?;
    crate::commands::request(parsed.command)
}
