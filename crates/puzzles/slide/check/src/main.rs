//! `puzzlec-slide-check DIR [CLAIM...]`: checks the sliding-tile certificates that
//! `puzzlec solve slide --certify --proof-dir DIR` kept (every `claim-K.lemmas` in DIR, or
//! the claims named). Exit 0 when every claim holds, 3 when one does not (the reason on
//! stderr), 2 on bad usage. Needs nothing installed: the proof is checked in-process.

use std::path::PathBuf;
use std::process::ExitCode;

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
    // The folder's tables are read and checked once for all its claims.
    let read: Vec<_> = claims.iter().map(|name| puzzlec_slide_check::Claim::in_dir(&dir, name)).collect();
    match puzzlec_slide_check::check_all(&read) {
        Ok(reports) => {
            for (name, r) in claims.iter().zip(reports) {
                println!(
                    "{name}: holds (no plan of exactly {} moves): tables consistent ({} ms, once for the folder), {} frontier, {} placement and {} lookahead lemmas justified ({} ms), LRAT proof of {} steps checked ({} ms)",
                    r.horizon, r.tables_ms, r.frontier, r.placements, r.lookahead, r.lemmas_ms, r.steps, r.proof_ms
                );
            }
        }
        Err((i, e)) => {
            eprintln!("{}: does not hold: {e}", claims[i]);
            return ExitCode::from(3);
        }
    }
    ExitCode::SUCCESS
}
