//! The lines of a solved sliding-tile answer: the start board, then the plan (or every plan)
//! with what was proved of its length.

use puzzlec_engine::text::{bound, count, more, moves, proof};
use puzzlec_engine::{Answer, Instance, Result, Show};

impl Show for crate::Slide {
    fn text(&self, a: &Answer) -> String {
        let len = moves(a.length.unwrap_or(0));
        let figures = a.figures.concat();
        if a.solutions.is_some() {
            let plans = a.plans();
            let n = count(plans.len(), "plan");
            return format!("{figures}{}\n{n} of {len} ({}; {})\n", plans.join("\n"), proof(a, true), more(a));
        }
        if a.gap.is_some() {
            return format!("{figures}solved in {len}{}\n{}\n", bound(a), a.plans().concat());
        }
        let lb = a.lower_bound.map(|l| format!("; lower bound {l}")).unwrap_or_default();
        format!("{figures}solved in {len} ({}{lb})\n{}\n", proof(a, false), a.plans().concat())
    }

    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        crate::draw::render(&instance.read()?, answer)
    }
}
