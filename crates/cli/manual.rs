//! Shell completions and man pages, generated from the same clap definitions as the parser.

use std::path::Path;

use puzzlec_facade::Error;

fn io(e: std::io::Error, path: &Path) -> Error {
    Error::bad_input(format!("writing {}: {e}", path.display()))
}

/// The completion script for `shell`, on stdout or as a file in `dir`.
pub fn completions(shell: clap_complete::Shell, dir: Option<&Path>) -> Result<u8, Error> {
    let mut cmd = crate::args::command();
    match dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| io(e, dir))?;
            let path = clap_complete::generate_to(shell, &mut cmd, "puzzlec", dir).map_err(|e| io(e, dir))?;
            eprintln!("wrote {}", path.display());
        }
        None => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut cmd, "puzzlec", &mut out);
            crate::render::write_stdout(&String::from_utf8_lossy(&out));
        }
    }
    Ok(0)
}

/// `puzzlec.1` and a page per subcommand (`puzzlec-solve.1`, ...) in `dir`.
pub fn man(dir: &Path) -> Result<u8, Error> {
    std::fs::create_dir_all(dir).map_err(|e| io(e, dir))?;
    clap_mangen::generate_to(crate::args::command(), dir).map_err(|e| io(e, dir))?;
    eprintln!("wrote the man pages to {}", dir.display());
    Ok(0)
}
