//! `puzzlec-slide-check DIR [CLAIM...]`: checks the sliding-tile certificates that
//! `puzzlec solve slide --certify --proof-dir DIR` kept (every `claim-K.lemmas` in DIR, or
//! the claims named). Exit 0 when every claim holds, 3 when one does not (the reason on
//! stderr), 2 on bad usage. Needs `rate` on PATH or in ~/.cargo/bin.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn rate_binary() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo/bin"));
    let path = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect::<Vec<_>>()).unwrap_or_default();
    path.into_iter().chain(home).map(|d| d.join("rate")).find(|p| p.is_file())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first().filter(|a| !a.starts_with('-')).map(PathBuf::from) else {
        eprintln!(
            "usage: puzzlec-slide-check DIR [CLAIM...]   (claims as claim-1; default: every claim-K.lemmas in DIR)"
        );
        return ExitCode::from(2);
    };
    let mut claims: Vec<String> = args[1..].to_vec();
    if claims.is_empty() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("puzzlec-slide-check: cannot read {}", dir.display());
            return ExitCode::from(2);
        };
        claims =
            entries.filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".lemmas").map(str::to_owned)).collect();
        claims.sort();
    }
    if claims.is_empty() {
        eprintln!("puzzlec-slide-check: no claim-K.lemmas in {}", dir.display());
        return ExitCode::from(2);
    }
    let Some(rate) = rate_binary() else {
        eprintln!("puzzlec-slide-check: rate not found (cargo install rate)");
        return ExitCode::from(3);
    };
    let run = |formula: &Path, proof: &Path| -> Result<(), String> {
        let out = std::process::Command::new(&rate)
            .arg("--skip-unit-deletions")
            .arg(formula)
            .arg(proof)
            .output()
            .map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&out.stdout);
        match text.lines().any(|l| l.trim() == "s VERIFIED") {
            true => Ok(()),
            false => Err(text.lines().take(6).collect::<Vec<_>>().join("\n")),
        }
    };
    for name in &claims {
        let claim = puzzlec_slide_check::Claim::in_dir(&dir, name);
        let formula = std::env::temp_dir().join(format!("puzzlec-slide-check-{}-{name}.cnf", std::process::id()));
        let verdict = puzzlec_slide_check::check(&claim, &formula, &run);
        let _ = std::fs::remove_file(&formula);
        match verdict {
            Ok(r) => println!(
                "{name}: holds (no plan of exactly {} moves): tables consistent ({} ms), {} frontier and {} placement lemmas justified ({} ms), proof accepted by rate ({} ms)",
                r.horizon, r.tables_ms, r.frontier, r.placements, r.lemmas_ms, r.rate_ms
            ),
            Err(e) => {
                eprintln!("{name}: does not hold: {e}");
                return ExitCode::from(3);
            }
        }
    }
    ExitCode::SUCCESS
}
