//! The lines of a PuzzleScript answer: a level's start, its plan and what was proved of its
//! length, its end; or a line per level with a summary.

use puzzlec_engine::text::{moves, proof};
use puzzlec_engine::{Answer, Instance, Result, Show, Status};

impl Show for crate::PuzzleScript {
    fn text(&self, a: &Answer) -> String {
        if let Some(rows) = a.own::<Vec<serde_json::Value>>("levels") {
            return every_level(&rows);
        }
        let n = a.own::<usize>("level").unwrap_or(0);
        let start = a.figures.first().cloned().unwrap_or_default();
        let end = a.figures.get(1).cloned().unwrap_or_default();
        let len = moves(a.length.unwrap_or(0)).replace("move", "input");
        format!("{start}\nlevel {n} solved in {len} ({})\n{}\n\n{end}\n", proof(a, false), a.plans().concat())
    }

    fn decoded_text(&self, a: &Answer) -> String {
        let end = a.figures.first().cloned().unwrap_or_default();
        let len = moves(a.length.unwrap_or(0)).replace("move", "input");
        format!("decoded {len} (replay-checked): {}\n\n{end}\n", a.plans().concat())
    }

    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        crate::draw::render(&instance.read()?, answer)
    }
}

/// How many levels were solved and proved, then a line per level.
pub fn every_level(rows: &[serde_json::Value]) -> String {
    let mut lines = String::new();
    let (mut solved, mut none) = (0, 0);
    for r in rows {
        let n = r["level"].as_u64().unwrap_or(0);
        let secs = r["time_ms"].as_u64().unwrap_or(0) as f64 / 1000.0;
        let status: Status = serde_json::from_value(r["status"].clone()).unwrap_or(Status::Unknown);
        let line = match status {
            Status::Solved => {
                solved += 1;
                let len = r["length"].as_u64().unwrap_or(0);
                format!("{len:>4} inputs, optimal  {}", r["moves"].as_str().unwrap_or(""))
            }
            Status::NoSolution => {
                none += 1;
                "cannot be won (every state searched)".to_string()
            }
            _ => format!("unknown: {}", r["detail"].as_str().unwrap_or("")),
        };
        lines.push_str(&format!("level {n:>3}  {line}  ({secs:.2} s)\n"));
    }
    let unknown = rows.len() - solved - none;
    format!(
        "of {} levels, {solved} solved (each optimal), {none} cannot be won, {unknown} unknown:\n{lines}",
        rows.len()
    )
}
