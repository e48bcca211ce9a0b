//! How far a turn's loops ran, counted when asked for: the SAT path's guide reads it from the
//! turns it plays, and when a model leans on a bound that is too small the bounds are
//! raised to what it saw, at once rather than by doubling (each such model costs a horizon
//! solved again on a formula written anew).

use std::collections::BTreeSet;

/// The most each loop ran in the turns counted (an input and its `again` turns).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Repetitions of each group, the last of which changed nothing: the rules' (`[0]`) and
    /// the late rules' (`[1]`).
    pub repeats: [Vec<usize>; 2],
    /// Passes of each `startloop` loop, by its last group, the same way.
    pub loops: [Vec<usize>; 2],
    /// Movement passes, the last of which moved nothing.
    pub passes: usize,
    /// `again` turns after one input.
    pub agains: usize,
    /// Rules (by line) of several rows that matched more than once in some row.
    pub products: BTreeSet<usize>,
}

impl Usage {
    /// Notes `n` for entry `at` of `slot`, keeping the larger.
    pub fn note(slot: &mut Vec<usize>, at: usize, n: usize) {
        if slot.len() <= at {
            slot.resize(at + 1, 0);
        }
        slot[at] = slot[at].max(n);
    }

    /// Counts nothing yet (the lists kept, for the next turn).
    pub fn clear(&mut self) {
        self.repeats.iter_mut().chain(&mut self.loops).for_each(Vec::clear);
        (self.passes, self.agains) = (0, 0);
        self.products.clear();
    }

    /// Takes the larger of each count of `other`.
    pub fn merge(&mut self, other: &Usage) {
        for (mine, theirs) in self.repeats.iter_mut().zip(&other.repeats).chain(self.loops.iter_mut().zip(&other.loops))
        {
            for (at, &n) in theirs.iter().enumerate() {
                Usage::note(mine, at, n);
            }
        }
        self.passes = self.passes.max(other.passes);
        self.agains = self.agains.max(other.agains);
        self.products.extend(&other.products);
    }
}

#[cfg(test)]
mod tests {
    use crate::run::{Input, Session, Step};

    #[test]
    fn a_turn_counts_how_far_its_loops_ran_and_the_bounds_lift_to_it() {
        // An A slides right one cell per repetition of its group: from the second cell of
        // five to the last, three repetitions that change the level and one that does not.
        let text = "title t\n\nOBJECTS\n\nBackground\nblack\n\nPlayer\nwhite\n\nA\nred\n\n\
                    LEGEND\n\n. = Background\nP = Player\nx = A\n\nSOUNDS\n\nCOLLISIONLAYERS\n\n\
                    Background\nPlayer\nA\n\nRULES\n\nright [ A | no A ] -> [ | A ]\n\n\
                    WINCONDITIONS\n\nno A\n\nLEVELS\n\nPx...\n";
        let game = crate::lang::compile(text).unwrap_or_else(|e| panic!("{e:?}"));
        let mut s = Session::new(&game, 0).expect("a level");
        s.level.usage = Some(Box::default());
        s.step(Step::Input(Input::Down));
        let used = s.level.usage.as_deref().expect("counted").clone();
        assert_eq!(used.repeats[0], [4]);
        assert_eq!((used.passes, used.agains), (1, 0));
        let mut bounds = crate::sat::first_bounds(&game);
        assert_eq!(bounds.repeats, [2]);
        assert!(crate::sat::lift(&game, &mut bounds, &used));
        assert_eq!(bounds.repeats, [4]);
        assert!(!crate::sat::lift(&game, &mut bounds, &used));
    }
}
