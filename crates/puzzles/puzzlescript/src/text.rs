//! The lines of a PuzzleScript answer: a level's start, its plan and what was proved of its
//! length, its end; or a line per level with a summary.

use puzzlec_engine::text::{moves, proof};
use puzzlec_engine::{Answer, Instance, Result, Show};

impl Show for crate::PuzzleScript {
    fn text(&self, a: &Answer) -> String {
        if let Some(rows) = a.own::<Vec<serde_json::Value>>("levels") {
            return puzzlec_engine::text::levels(&rows, "input");
        }
        let n = a.own::<usize>("level").unwrap_or(0);
        let start = a.figures.first().cloned().unwrap_or_default();
        let end = a.figures.get(1).cloned().unwrap_or_default();
        let len = moves(a.length.unwrap_or(0)).replace("move", "input");
        format!("{start}\nlevel {n} solved in {len} ({})\n{}\n\n{end}\n", proof(a, false), a.plans().concat())
    }

    fn decoded_text(&self, a: &Answer) -> String {
        let end = a.figures.last().cloned().unwrap_or_default();
        let len = moves(a.length.unwrap_or(0)).replace("move", "input");
        format!("decoded {len} (replay-checked): {}\n\n{end}\n", a.plans().concat())
    }

    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        crate::draw::render(&instance.read()?, answer)
    }
}
