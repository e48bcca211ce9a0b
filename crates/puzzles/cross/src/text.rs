//! The lines of a solved cross-slider answer: each plan under the orientation grid it
//! implies, then what was proved.

use puzzlec_engine::text::{count, more, moves, proof};
use puzzlec_engine::Answer;

pub fn solved(a: &Answer) -> String {
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
