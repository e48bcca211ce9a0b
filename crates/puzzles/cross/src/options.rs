//! The cross slider on the command line: the instance flags, this puzzle's own solve and
//! family options, and the help of each verb.

use clap::{Args, Command};
use puzzlec_engine::options::{parsed, read_text, Verb};
use puzzlec_engine::{CommandLine, Fields, Result};

use crate::request::CrossInstance;

#[derive(Args, Debug)]
struct SolveOwn {
    /// Longest plan to look for (exit 1, proved, when none is that short) [default: 60].
    #[arg(long)]
    max_moves: Option<usize>,
}

impl CommandLine for crate::Cross {
    fn args(&self, verb: Verb, cmd: Command) -> Command {
        puzzlec_engine::options::usual::<CrossInstance, SolveOwn, FamilyOwn>(verb, cmd)
    }

    fn fields(&self, verb: Verb, m: &clap::ArgMatches) -> Result<Fields> {
        puzzlec_engine::options::usual_fields(verb, m, instance, family_fields)
    }
}

/// The instance's fields from the parsed flags, the orientation grid read from its file.
fn instance(m: &clap::ArgMatches) -> Result<CrossInstance> {
    let mut instance: CrossInstance = parsed(m)?;
    if let Some(given) = instance.orientations.take() {
        let (text, origin) = grid(std::path::Path::new(&given))?;
        (instance.orientations, instance.orientations_origin) = (Some(text), Some(origin));
    }
    Ok(instance)
}

/// The orientation grid `--orientations` names: a file, or the grid itself when no such file
/// exists and the text reads as rows split by `/`, holding the cross `+`, mostly of grid
/// characters (a grid with a wrong character is then reported as a grid, with the
/// character, not as a missing file). With the text, where it came from (for messages).
fn grid(given: &std::path::Path) -> Result<(String, String)> {
    let text = given.to_string_lossy();
    let grid_chars = text.chars().filter(|c| "+.-|?/ ".contains(*c)).count();
    let inline = !given.exists() && text.contains('/') && text.contains('+') && 2 * grid_chars >= text.chars().count();
    match inline {
        true => Ok((text.replace('/', "\n"), "--orientations".into())),
        false => Ok((read_text(given)?, given.display().to_string())),
    }
}

/// The family's flags.
#[derive(Args, Debug)]
struct FamilyOwn {
    /// Grid size ROWSxCOLS, sides 2 to 8.
    #[arg(long, default_value = "3x3")]
    size: String,
}

/// The family's options from its flags.
///
/// # Errors
/// A size that does not parse or is out of range.
fn family_fields(m: &clap::ArgMatches) -> Result<puzzlec_engine::Fields> {
    let FamilyOwn { size } = puzzlec_engine::options::parsed(m)?;
    let (rows, cols) = puzzlec_engine::family::size(&size)?;
    Ok(puzzlec_engine::options::fields(&crate::family::Options { rows, cols }))
}
