//! Answers as text (or JSON), and writing to stdout without panicking on a closed pipe.

use std::io::Write;

use puzzlec_facade::Answer;

/// Held while anything is written to stdout, so that an interrupt's last words never cut
/// into an answer; the flag says whether anything was written.
static WRITING: std::sync::Mutex<bool> = std::sync::Mutex::new(false);

/// Writes to stdout. A closed pipe (`| head`) ends the process quietly; any other failure
/// (a full disk) is reported and ends it with exit 2.
pub fn write_stdout(text: &str) {
    let mut written = WRITING.lock().unwrap_or_else(|e| e.into_inner());
    *written = true;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: writing to standard output: {e}");
        std::process::exit(2);
    }
}

/// Whether anything was written to stdout.
pub fn written() -> bool {
    *WRITING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Exits 130 after writing `text` on stdout, unless something was written there already
/// (one JSON object per run); waits for a write in progress to end first.
pub fn last_words(text: Option<String>) -> ! {
    let written = WRITING.lock().unwrap_or_else(|e| e.into_inner());
    if let (false, Some(text)) = (*written, text) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    }
    std::process::exit(130);
}

/// Progress on stderr: plain lines (and nothing with -q); on a terminal, once a run has
/// lasted a second, a spinner line with the elapsed time and the latest news, each finished
/// step still printed above it.
pub struct Progress {
    quiet: bool,
    started: std::time::Instant,
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    pub fn new(quiet: bool) -> Progress {
        Progress { quiet, started: std::time::Instant::now(), bar: None }
    }

    pub fn event(&mut self, e: &puzzlec_facade::Event) {
        use std::io::IsTerminal;
        if self.quiet {
            return;
        }
        let late = self.started.elapsed() > std::time::Duration::from_secs(1);
        if self.bar.is_none() && late && std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new_spinner().with_elapsed(self.started.elapsed());
            let style = indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}");
            bar.set_style(style.unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()));
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            self.bar = Some(bar);
        }
        use puzzlec_facade::Event;
        // Status-line news: a horizon started, solutions so far.
        let status = |e: &Event| matches!(e, Event::Solving { .. } | Event::Found { .. });
        let solving = match e {
            Event::Racer { report, .. } => status(report),
            _ => status(e),
        };
        match &self.bar {
            Some(bar) if solving => bar.set_message(e.to_string()),
            Some(bar) => bar.println(e.to_string()),
            None if solving => {}
            None => eprintln!("{e}"),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Prints a report (solver list, proofs) as JSON or as its own text; exit 0 when `ok`, else 1.
pub fn report<T: serde::Serialize + std::fmt::Display>(r: &T, json: bool, ok: bool) -> u8 {
    let json_text = || format!("{}\n", serde_json::to_value(r).expect("reports serialise"));
    write_stdout(&if json { json_text() } else { r.to_string() });
    u8::from(!ok)
}

/// Prints an answer as JSON or through `text`, and returns its exit code.
pub fn answer(a: &Answer, json: bool, text: impl Fn(&Answer) -> String) -> u8 {
    write_stdout(&if json { format!("{}\n", a.to_json()) } else { text(a) });
    a.exit_code()
}
