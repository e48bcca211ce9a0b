//! The lines of a solved cross-slider answer: each plan under the orientation grid it
//! implies, then what was proved.

use puzzlec_engine::text::{count, more, moves, proof};
use puzzlec_engine::{Answer, Instance, Result, Show};

impl Show for crate::Cross {
    fn text(&self, a: &Answer) -> String {
        let len = moves(a.length.unwrap_or(0));
        let plans = a.plans();
        let mut s: String = a.figures.iter().zip(&plans).map(|(g, m)| format!("{g}{m}\n\n")).collect();
        match a.complete {
            Some(_) => {
                let n = count(plans.len(), "shortest solution");
                s.push_str(&format!("{n} of {len} ({}; {})\n", proof(a, false), more(a)));
            }
            None => s.push_str(&format!("a shortest solution of {len} ({})\n", proof(a, false))),
        }
        s
    }

    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        crate::draw::render(&instance.read()?, answer)
    }
}
