//! What version a solver is, for `solvers --check`: the built-ins say it themselves; an
//! external binary is asked with `--version`, and when it has no such flag (minisat prints
//! its usage instead) the Debian package that installed it is asked.

use std::path::Path;
use std::time::Duration;

/// The linked z3's version.
pub fn linked_z3() -> String {
    format!("linked libz3 {}", z3::full_version())
}

/// The embedded CaDiCaL's version.
pub fn embedded_cadical() -> String {
    format!("embedded CaDiCaL {}", cadical_sys::CaDiCal::signature())
}

/// The version an external binary reports, else its Debian package's version.
pub fn of_binary(binary: &Path) -> Option<String> {
    match first_line(binary, "--version").filter(|l| looks_like_version(l)) {
        // Debian's cadical says only "sc2021": add the package's version when no x.y is shown.
        Some(line) if !has_dotted_number(&line) => match debian_package(binary) {
            Some(package) => Some(format!("{line} ({package})")),
            None => Some(line),
        },
        Some(line) => Some(line),
        None => debian_package(binary),
    }
}

/// True when the text holds a number like 1.5 or 4.8.12.
fn has_dotted_number(text: &str) -> bool {
    let b = text.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| b[i] == b'.' && b[i - 1].is_ascii_digit() && b[i + 1].is_ascii_digit())
}

/// A line is a version when it has a digit and is not a usage or error message.
fn looks_like_version(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    line.chars().any(|c| c.is_ascii_digit())
        && !["usage", "error", "unknown", "warning"].iter().any(|w| lower.contains(w))
}

/// The first non-empty line `binary FLAG` prints (stdout or stderr), within five seconds.
fn first_line(binary: &Path, flag: &str) -> Option<String> {
    let (_, text) = output_of(binary, &[flag], Some(Duration::from_secs(5)))?;
    let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(line.chars().take(60).collect())
}

/// Whether `binary ARGS` succeeded and what it printed (stdout and stderr together), when it
/// exits within `limit`; through the one process runner (nothing it starts outlives it).
pub fn output_of(binary: &Path, args: &[&str], limit: Option<Duration>) -> Option<(bool, String)> {
    let dir = tempfile::tempdir().ok()?;
    let out = dir.path().join("out");
    let file = std::fs::File::create(&out).ok()?;
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    let job = crate::runner::Job {
        program: binary,
        args: &args,
        stdout: file.try_clone().ok()?,
        stderr: file,
        limit,
        dir: Some(dir.path()),
        watch: &[&out],
        max_output: 1 << 20,
    };
    match crate::runner::run(job).ok()? {
        crate::runner::Ended::Exited { status, .. } => Some((status.success(), std::fs::read_to_string(&out).ok()?)),
        _ => None,
    }
}

/// "minisat 1:2.2.1-5 (Debian package)" for a binary a Debian package installed.
fn debian_package(binary: &Path) -> Option<String> {
    let real = std::fs::canonicalize(binary).ok()?;
    let limit = Some(Duration::from_secs(5));
    let dpkg = Path::new("dpkg-query");
    let text = output_of(dpkg, &["-S", &real.to_string_lossy()], limit).filter(|o| o.0)?.1;
    let package = text.lines().next()?.split(':').next()?.trim().to_owned();
    let version = output_of(dpkg, &["-W", "-f", "${Version}", &package], limit).filter(|o| o.0)?.1;
    let version = version.trim().to_owned();
    (!package.is_empty() && !version.is_empty() && !version.contains(' '))
        .then(|| format!("Debian package {package} {version}"))
}

#[cfg(test)]
mod tests {
    use super::looks_like_version;

    #[test]
    fn usage_lines_are_not_versions() {
        assert!(!looks_like_version("USAGE: minisat [options] <input-file> <result-output-file>"));
        assert!(!looks_like_version("ERROR! Unknown flag \"-version\". Use '--help' for help."));
        assert!(looks_like_version("Z3 version 4.8.12 - 64 bit"));
        assert!(looks_like_version("sc2021"));
        assert!(super::has_dotted_number("Z3 version 4.8.12 - 64 bit"));
        assert!(!super::has_dotted_number("sc2021"));
    }
}
