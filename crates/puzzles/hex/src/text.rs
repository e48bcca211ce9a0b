//! The lines of a solved magic-hexagon answer: every filling drawn, then the magic sum and
//! whether the enumeration is complete.

use puzzlec_engine::text::fillings;
use puzzlec_engine::{Answer, Instance, Result, Show};

impl Show for crate::Hex {
    fn text(&self, a: &Answer) -> String {
        let magic = a.own::<i64>("magic_sum").unwrap_or(0);
        fillings(a, &format!("magic sum {magic}"))
    }

    fn decoded_text(&self, a: &Answer) -> String {
        format!(
            "{}\ndecoded and checked: every line sums to {}\n",
            a.figures.concat(),
            a.own::<i64>("magic_sum").unwrap_or(0)
        )
    }

    /// Every filling is drawn from the answer itself (its order and values).
    fn draw(&self, _instance: &Instance, answer: &Answer) -> Result<String> {
        crate::draw::render(answer)
    }
}
