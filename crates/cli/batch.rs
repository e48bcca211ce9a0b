//! `puzzlec batch`: reads the file, parses lines written in the CLI's own words, and shows
//! progress; the facade's `batch` module runs the lines and writes the answers.

use std::io::IsTerminal;

use clap::Parser;
use puzzlec_facade::batch::{self, Finished};
use puzzlec_facade::{Env, Error, Request};

use crate::args::{Batch, SolveLine};

pub fn run(b: Batch, env: &Env, quiet: bool, json: bool) -> Result<u8, Error> {
    let lines = batch::read(&crate::commands::read_text(&b.file)?, &words);
    let count = lines.len();
    let jobs = b.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let options = batch::Options { jobs, timeout: b.timeout };
    let mut shown = Shown { quiet, bar: None, count: 0, total: 0 };
    let worst = batch::run_to(lines, env, &options, b.out.as_deref(), b.resume, &mut shown)?;
    if let Some(bar) = shown.bar {
        bar.finish_and_clear();
    }
    // With --json stdout holds JSON objects only: the answers as lines when they come here,
    // else (an output file, or no lines at all) one object that says what was done.
    if json && !crate::render::written() && !puzzlec_facade::interrupted() {
        crate::render::write_stdout(&format!("{}\n", batch::summary(count, worst, b.out.as_deref())));
    }
    Ok(worst)
}

/// Progress: a bar with counts and ETA on a terminal, plain lines otherwise, nothing with -q.
struct Shown {
    quiet: bool,
    bar: Option<indicatif::ProgressBar>,
    count: usize,
    total: usize,
}

impl batch::Report for Shown {
    fn started(&mut self, todo: usize, before: usize) {
        (self.count, self.total) = (before, before + todo);
        if self.quiet || !std::io::stderr().is_terminal() {
            return;
        }
        let bar = indicatif::ProgressBar::new(todo as u64);
        let style = indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} answered, {elapsed} elapsed, ETA {eta}  {msg}",
        );
        bar.set_style(style.unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
        if before > 0 {
            bar.println(format!("resuming: {before} answered before"));
        }
        self.bar = Some(bar);
    }

    fn finished(&mut self, f: &Finished) {
        self.count += 1;
        let status = f.json["status"].as_str().unwrap_or("");
        match &self.bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(format!("{} {status}", f.id));
            }
            None if !self.quiet => eprintln!("[{}/{}] {}: {status}", self.count, self.total, f.id),
            None => {}
        }
    }

    fn stdout(&mut self, line: &str) {
        crate::render::write_stdout(line);
    }

    fn rejected(&mut self, id: &str, why: &str) {
        let text = format!("resuming: the kept answer of {id} is not used ({why}); solving it again");
        match &self.bar {
            Some(bar) => bar.println(text),
            None if !self.quiet => eprintln!("{text}"),
            None => {}
        }
    }
}

/// A line in the CLI's words (`PUZZLE --flag ...`, optionally after `puzzlec solve`).
fn words(line: &str) -> Result<Request, Error> {
    let words = shell_words::split(line).map_err(|e| Error::bad_input(format!("cannot split the line: {e}")))?;
    let skip = words.iter().take(2).take_while(|w| *w == "puzzlec" || *w == "solve").count();
    let parsed = SolveLine::try_parse_from(&words[skip..]).map_err(|e| {
        let text = e.to_string();
        Error::bad_input(text.lines().next().unwrap_or("").trim_start_matches("error: ").to_owned())
    })?;
    let (request, svg) = crate::commands::request(&parsed.command)?;
    if svg.is_some() {
        return Err(Error::bad_input(
            "--svg does not apply in a batch line (answers go to the output); draw one with `puzzlec verify ... --svg FILE`",
        ));
    }
    Ok(request)
}
