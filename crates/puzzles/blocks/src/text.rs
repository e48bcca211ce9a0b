//! The lines of a solved sliding-blocks answer: the start position, the plan (or every plan)
//! with its metric and what was proved of its length, then the last position.

use puzzlec_engine::text::{bound, count, more, moves, proof};
use puzzlec_engine::{Answer, Instance, Result, Show};

impl Show for crate::Blocks {
    fn text(&self, a: &Answer) -> String {
        let len = moves(a.length.unwrap_or(0));
        let metric = a.own::<String>("metric").unwrap_or_else(|| "slide".into());
        let start = a.figures.first().cloned().unwrap_or_default();
        let end = a.figures.get(1).cloned().unwrap_or_default();
        if a.solutions.is_some() {
            let plans = a.plans();
            let n = count(plans.len(), "plan");
            return format!(
                "{start}\n{}\n{n} of {len}, {metric} metric ({}; {})\n",
                plans.join("\n"),
                proof(a, true),
                more(a)
            );
        }
        let lb = match (a.gap, a.lower_bound) {
            (Some(_), _) => bound(a),
            (None, Some(l)) if a.optimal != Some(true) => format!("; lower bound {l}"),
            _ => String::new(),
        };
        format!("{start}\nsolved in {len}, {metric} metric ({}{lb})\n{}\n\n{end}", proof(a, false), a.plans().concat())
    }

    fn decoded_text(&self, a: &Answer) -> String {
        let end = a.figures.get(1).cloned().unwrap_or_default();
        format!("decoded {} (replay-checked): {}\n\n{end}", moves(a.length.unwrap_or(0)), a.plans().concat())
    }

    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        crate::draw::render(&instance.read()?, answer)
    }
}
