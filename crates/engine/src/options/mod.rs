//! What a puzzle adds to the command line, and the files its flags name. The CLI builds one
//! subcommand per puzzle for each verb from `CommandLine::help` and `CommandLine::args` (the
//! puzzle's instance flags and its own options), adds the flags every puzzle shares, and hands
//! the parsed arguments back to `CommandLine::fields`, which turns them into the request's
//! fields (reading any file they name, so the verbs see text). Help texts and examples
//! therefore live with the puzzle they describe. The clap half is behind the `cli` feature,
//! so that the library and the Python module never link clap.

use std::io::Read;
use std::path::Path;

use crate::error::{Error, Result};

/// The verbs a puzzle takes part in on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Solve,
    Emit,
    Decode,
    Verify,
    Jobs,
    Family,
}

impl Verb {
    pub const ALL: [Verb; 6] = [Verb::Solve, Verb::Emit, Verb::Decode, Verb::Verify, Verb::Jobs, Verb::Family];
}

/// A puzzle's help for one verb: the subcommand's line, examples and notes.
#[cfg(feature = "cli")]
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Help {
    pub about: String,
    pub examples: Vec<String>,
    #[serde(default)]
    pub notes: String,
}

/// A puzzle's `help.toml`: a table per verb it takes part in.
#[cfg(feature = "cli")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Helps {
    solve: Option<Help>,
    emit: Option<Help>,
    decode: Option<Help>,
    verify: Option<Help>,
    jobs: Option<Help>,
    family: Option<Help>,
}

/// The help of a puzzle's subcommand of `verb` (from [`crate::About::help`]); `None` when
/// it takes no part in it.
///
/// # Panics
/// When the puzzle's `help.toml` does not parse: it is compiled in, and a test reads every
/// puzzle's.
#[cfg(feature = "cli")]
pub fn help(about: &crate::About, verb: Verb) -> Option<Help> {
    let helps: Helps =
        toml::from_str(about.help).unwrap_or_else(|e| panic!("the help.toml of {} does not parse: {e}", about.name));
    match verb {
        Verb::Solve => helps.solve,
        Verb::Emit => helps.emit,
        Verb::Decode => helps.decode,
        Verb::Verify => helps.verify,
        Verb::Jobs => helps.jobs,
        Verb::Family => helps.family,
    }
}

#[cfg(feature = "cli")]
impl Help {
    /// The subcommand's text after the options: examples, then notes.
    pub fn after(&self) -> String {
        let mut s = String::from("Examples:\n");
        for e in &self.examples {
            s.push_str(&format!("  {e}\n"));
        }
        if !self.notes.is_empty() {
            s.push('\n');
            s.push_str(&self.notes);
        }
        s.trim_end().to_owned()
    }
}

/// The arguments of a puzzle with the usual shape: its instance flags `I` for every verb but
/// `family`, its own solve options `S` beside them for `solve`, its family options `F` for
/// `family`.
#[cfg(feature = "cli")]
pub fn usual<I: clap::Args, S: clap::Args, F: clap::Args>(verb: Verb, cmd: clap::Command) -> clap::Command {
    match verb {
        Verb::Family => F::augment_args(cmd),
        Verb::Solve => S::augment_args(I::augment_args(cmd)),
        _ => I::augment_args(cmd),
    }
}

/// The flags of a verb a puzzle adds nothing to.
#[cfg(feature = "cli")]
#[derive(clap::Args, Debug)]
pub struct NoFlags {}

/// The arguments of a filling puzzle: its instance flags `I` for `solve` and `emit`, `D`
/// for `decode`, `F` for `family` (each [`NoFlags`] where it adds none); a filling has no
/// moves to verify and no horizons to split into jobs.
#[cfg(feature = "cli")]
pub fn filling<I: clap::Args, D: clap::Args, F: clap::Args>(verb: Verb, cmd: clap::Command) -> clap::Command {
    match verb {
        Verb::Solve | Verb::Emit => I::augment_args(cmd),
        Verb::Decode => D::augment_args(cmd),
        Verb::Family => F::augment_args(cmd),
        Verb::Verify | Verb::Jobs => cmd,
    }
}

/// The request's fields of a filling puzzle (see [`filling`]): its instance for `solve` and
/// `emit`; for `decode` and `family`, the instance `decoded` and `drawn` make of their flags
/// (none when they give none).
///
/// # Errors
/// Bad input with clap's message.
#[cfg(feature = "cli")]
pub fn filling_fields<I, D, F>(
    verb: Verb,
    m: &clap::ArgMatches,
    decoded: impl FnOnce(D) -> Option<I>,
    drawn: impl FnOnce(F) -> Option<I>,
) -> Result<crate::Fields>
where
    I: clap::FromArgMatches + serde::Serialize,
    D: clap::FromArgMatches,
    F: clap::FromArgMatches,
{
    let instance = match verb {
        Verb::Solve | Verb::Emit => Some(parsed::<I>(m)?),
        Verb::Decode => decoded(parsed(m)?),
        Verb::Family => drawn(parsed(m)?),
        Verb::Verify | Verb::Jobs => None,
    };
    Ok(instance.map(|i| fields(&i)).unwrap_or_default())
}

/// The request's fields of a puzzle with the usual shape (see [`usual`]): the instance
/// `instance` reads from the flags (and the files they name), with `--max-moves` beside it
/// for `solve`; for `family`, what `family` reads.
///
/// # Errors
/// What `instance` or `family` reject.
#[cfg(feature = "cli")]
pub fn usual_fields<I: serde::Serialize>(
    verb: Verb,
    m: &clap::ArgMatches,
    instance: impl FnOnce(&clap::ArgMatches) -> Result<I>,
    family: impl FnOnce(&clap::ArgMatches) -> Result<crate::Fields>,
) -> Result<crate::Fields> {
    if verb == Verb::Family {
        return family(m);
    }
    let instance = instance(m)?;
    if verb != Verb::Solve {
        return Ok(fields(&instance));
    }
    let max_moves = m.try_get_one::<usize>("max_moves").ok().flatten().copied();
    Ok(fields(&crate::plan::PlanRequest { instance, max_moves }))
}

/// The parsed arguments read back as a typed struct of the puzzle's.
///
/// # Errors
/// Bad input with clap's message (never for arguments clap itself checked).
#[cfg(feature = "cli")]
pub fn parsed<T: clap::FromArgMatches>(m: &clap::ArgMatches) -> Result<T> {
    T::from_arg_matches(m).map_err(|e| Error::bad_input(e.to_string().trim().trim_start_matches("error: ").to_owned()))
}

/// A file's text, or standard input for `-`.
///
/// # Errors
/// Bad input naming the file that cannot be read.
pub fn read_text(path: &Path) -> Result<String> {
    let mut text = String::new();
    let (read, shown) = match path == Path::new("-") {
        true => (std::io::stdin().read_to_string(&mut text), "standard input".into()),
        false => (std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text)), path.display().to_string()),
    };
    read.map_err(|e| Error::bad_input(format!("reading {shown}: {e}")))?;
    Ok(text)
}

/// The most of a solver's answer `decode` reads, as the external runner caps what a solver
/// may print.
pub const MAX_ANSWER: u64 = 512 << 20;

/// A solver's answer from a file, or standard input for `-`: at most [`MAX_ANSWER`] bytes,
/// any bytes (what is not UTF-8 is read lossily and then fails as an answer, exit 3).
///
/// # Errors
/// Bad input naming the file that cannot be read; unknown when the answer is above the cap.
pub fn read_answer(path: &Path) -> Result<String> {
    let mut bytes = Vec::new();
    let (read, shown) = match path == Path::new("-") {
        true => (std::io::stdin().lock().take(MAX_ANSWER + 1).read_to_end(&mut bytes), "standard input".into()),
        false => (
            std::fs::File::open(path).and_then(|f| f.take(MAX_ANSWER + 1).read_to_end(&mut bytes)),
            path.display().to_string(),
        ),
    };
    read.map_err(|e| Error::bad_input(format!("reading {shown}: {e}")))?;
    if bytes.len() as u64 > MAX_ANSWER {
        return Err(Error::unknown(format!(
            "the answer in {shown} is larger than {} MiB, puzzlec's cap on a solver's output",
            MAX_ANSWER >> 20
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Refuses an output file named by `flag` whose folder does not exist, so that a long run
/// is not lost to a file it cannot write at the end.
///
/// # Errors
/// Bad input: the path is a folder, or its folder does not exist.
pub fn check_writable(flag: &str, path: Option<&Path>) -> Result<()> {
    let Some(path) = path else { return Ok(()) };
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if path.is_dir() {
        return Err(Error::bad_input(format!("{flag} {}: a folder, not a file", path.display())));
    }
    if !folder.is_dir() {
        return Err(Error::bad_input(format!("{flag} {}: there is no folder {}", path.display(), folder.display())));
    }
    Ok(())
}

/// Typed fields as a request's field map.
pub fn fields(value: &impl serde::Serialize) -> crate::Fields {
    crate::request::to_fields(value)
}
