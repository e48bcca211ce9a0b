//! How a sliding-tile answer reads and looks: the engine's plan text (the start board, the
//! plan or every plan, what was proved of its length) and the drawing.

use puzzlec_engine::{Answer, Instance, Result, Show};

impl Show for crate::Slide {
    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        crate::draw::render(&instance.read()?, answer)
    }
}
