//! `make bench-korf ARGS="... --certify"`: each board through the whole `puzzlec` process
//! twice, one run after the other: `--solver cadical`, then `--certify` (the live solver's
//! proof with its lemmas, LRAT, checked by `puzzlec-slide-check`). Per board both times,
//! their ratio, the claim's method, the proof's and the lemmas' sizes and the check's time.
//! The certified run gets three times the uncertified one plus 30 s (the goal's bound); a
//! board the uncertified run does not prove within the limit is not certified.

use std::process::Command;
use std::time::{Duration, Instant};

use puzzlec_slide::rules::Board;

fn run(board: &Board, limit: Duration, certify: bool) -> (f64, serde_json::Value) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlec"));
    let timeout = format!("{}", limit.as_secs_f64());
    cmd.args(["solve", "slide", "--board", &crate::korf_search::text(board), "--json", "-q", "--timeout", &timeout]);
    match certify {
        true => cmd.arg("--certify"),
        false => cmd.args(["--solver", "cadical"]),
    };
    let started = Instant::now();
    let out = cmd.output().expect("run puzzlec");
    (started.elapsed().as_secs_f64(), serde_json::from_slice(&out.stdout).unwrap_or_default())
}

/// The table for `list` ((id, board, published optimum)).
pub fn certify(list: &[(String, Board, usize)], limit: Duration) {
    println!("| id | optimum | uncertified s | certified s | ratio | method | proof MB | lemmas | tables check s | proof check s | check s |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let mut ratios = Vec::new();
    for (id, board, optimum) in list {
        let proved = |v: &serde_json::Value| v["optimal"] == true && v["length"].as_u64() == Some(*optimum as u64);
        let (plain, a) = run(board, limit, false);
        // Certified within three times the uncertified run (the goal) plus half a minute, or
        // not at all: a board the uncertified run did not prove is not tried again.
        let (cert, b) = match proved(&a) {
            true => run(board, Duration::from_secs_f64(3.0 * plain + 30.0), true),
            false => (f64::NAN, serde_json::Value::Null),
        };
        let claim = &b["certificate"]["claims"][0];
        let part = |name: &str| claim["parts"].as_array().and_then(|p| p.iter().find(|x| x["name"] == name)).cloned();
        let num = |v: Option<serde_json::Value>, key: &str| v.and_then(|p| p[key].as_f64());
        let cell =
            |x: Option<f64>, scale: f64, digits: usize| x.map_or("-".into(), |x| format!("{:.*}", digits, x / scale));
        let ok = proved(&a) && proved(&b) && b["certificate"]["checked"] == true;
        let ratio = cert / plain;
        if ok {
            ratios.push(ratio);
        }
        println!(
            "| {id} | {optimum} | {plain:.2}{} | {} | {} | {} | {} | {} | {} | {} | {} |",
            if proved(&a) { "" } else { " (not proved)" },
            match (cert.is_nan(), ok) {
                (true, _) => "-".to_owned(),
                (false, true) => format!("{cert:.2}"),
                (false, false) => format!("{cert:.2} (not certified)"),
            },
            if ok { format!("{ratio:.2}") } else { "-".into() },
            claim["method"].as_str().unwrap_or("-"),
            cell(num(part("proof"), "bytes"), 1e6, 1),
            cell(num(part("lemmas"), "count"), 1.0, 0),
            cell(num(part("tables"), "ms"), 1e3, 2),
            cell(num(part("proof"), "ms"), 1e3, 2),
            cell(claim["check_ms"].as_f64(), 1e3, 2),
        );
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios.get(ratios.len() / 2).copied().unwrap_or(f64::NAN);
    let worst = ratios.last().copied().unwrap_or(f64::NAN);
    println!(
        "\ncertified: {} of {}; certified / uncertified: median {median:.2}, worst {worst:.2}\n",
        ratios.len(),
        list.len()
    );
}
