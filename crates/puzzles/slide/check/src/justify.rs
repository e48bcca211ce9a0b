//! The kinds of lemma, each checked against its justification (see [`crate::lemmas`] for
//! the file's format): a frontier prefix the estimate puts too far (`f`), placements whose
//! groups hold too much for the steps left (`t`), a move ruled out before it is made (`l`;
//! several moves deep from a whole board, `k`, in [`crate::ahead`]).

use std::collections::HashMap;

use crate::board::Shape;
use crate::lemmas::{bound, clause_is, placements, sorted, Formula};
use crate::tables::Tables;

/// What every justification is checked against: the board's shape, the horizon, the claim's
/// formula, the tables, the transposed reading and each tile's goal cell.
pub struct Justify<'a> {
    pub shape: Shape,
    pub h: usize,
    pub formula: &'a Formula,
    pub tables: &'a Tables,
    pub mirror: Option<(Vec<usize>, Vec<u8>)>,
    pub home: Vec<usize>,
}

impl<'a> Justify<'a> {
    /// The context of `formula` under `tables`.
    pub fn new(formula: &'a Formula, tables: &'a Tables) -> Justify<'a> {
        let shape = tables.shape;
        let mirror = shape.mirror(&tables.goal);
        let home: Vec<usize> =
            (0..shape.cells()).map(|t| tables.goal.iter().position(|&x| x as usize == t).unwrap_or(0)).collect();
        Justify { shape, h: formula.horizon, formula, tables, mirror, home }
    }

    #[allow(clippy::type_complexity)]
    fn parts(&self) -> (Shape, usize, &'a Formula, &'a Tables, &Option<(Vec<usize>, Vec<u8>)>, &Vec<usize>) {
        (self.shape, self.h, self.formula, self.tables, &self.mirror, &self.home)
    }

    /// `f MOVES H`: after MOVES the board's estimate is at least H, and |MOVES| + H passes
    /// the horizon; the clause negates the moves.
    pub fn frontier(&self, moves: &[&str], claimed: &str, clause: &[i32]) -> Result<(), String> {
        let (shape, h, formula, _, _, _) = self.parts();
        let moves = moves.first().copied().unwrap_or("");
        let claimed: usize = claimed.parse().map_err(|_| "a bad estimate".to_string())?;
        let mut board = formula.start.clone();
        let mut expected = Vec::new();
        for (t, letter) in moves.chars().enumerate() {
            if !shape.apply(&mut board, letter) {
                return Err(format!("move {} ({letter}) is not legal there", t + 1));
            }
            let v = formula
                .actions
                .get(&(t, letter))
                .ok_or_else(|| format!("no variable for move {letter} of step {t}"))?;
            expected.push(-v);
        }
        let estimate = self.estimate(&board).max(self.manhattan_conflicts(&board));
        // A lemma may claim less than the checker's estimate (the jobs' frontier reads the
        // tables alone), never more.
        if claimed > estimate {
            return Err(format!("the estimate after {moves} is {estimate}, not {claimed}"));
        }
        if moves.len() + claimed <= h {
            return Err(format!("{} + {claimed} does not exceed the horizon {h}", moves.len()));
        }
        if sorted(clause) != sorted(&expected) {
            return Err("the clause is not the negation of those moves".to_string());
        }
        Ok(())
    }

    /// `t STEP ...`: the placements listed hold more than the steps left.
    pub fn placement(&self, step: &str, rest: &[&str], clause: &[i32]) -> Result<(), String> {
        let (_, h, formula, tables, mirror, home) = self.parts();
        let step: usize = step.parse().map_err(|_| "a bad step".to_string())?;
        let (transposed, groups, placed, expected) = placements(rest, step, formula, mirror.as_ref())?;
        clause_is(clause, &expected)?;
        let sum = bound(groups, &placed, transposed, tables, home)?;
        if step == 0 || step >= h || step + sum <= h {
            return Err(format!("{step} + {sum} does not exceed the horizon {h} (or the step is not inside it)"));
        }
        Ok(())
    }

    /// `l STEP LETTER BLANK ...`: the move LETTER from those placements leaves more than the
    /// steps left.
    pub fn lookahead(
        &self,
        step: &str,
        letter: &str,
        blank: &str,
        rest: &[&str],
        clause: &[i32],
    ) -> Result<(), String> {
        let (shape, h, formula, tables, mirror, home) = self.parts();
        let step: usize = step.parse().map_err(|_| "a bad step".to_string())?;
        let blank: usize = blank.parse().map_err(|_| "a bad blank cell".to_string())?;
        let letter = letter.chars().next().filter(|_| letter.len() == 1).unwrap_or('?');
        let source = shape.source(blank, letter).ok_or_else(|| format!("no tile slides {letter} into cell {blank}"))?;
        let (transposed, groups, placed, mut expected) = placements(rest, step, formula, mirror.as_ref())?;
        if placed.values().any(|&c| c == blank) {
            return Err(format!("a tile listed on the blank's cell {blank}"));
        }
        let b = formula
            .blanks
            .get(&(blank, step))
            .ok_or_else(|| format!("no variable for the blank on cell {blank} after {step} moves"))?;
        let a = formula
            .actions
            .get(&(step, letter))
            .ok_or_else(|| format!("no variable for move {letter} of step {step}"))?;
        expected.extend([-b, -a]);
        clause_is(clause, &expected)?;
        let after: HashMap<u8, usize> =
            placed.iter().map(|(&t, &c)| (t, if c == source { blank } else { c })).collect();
        let sum = bound(groups, &after, transposed, tables, home)?;
        if step == 0 || step + 1 >= h || step + 1 + sum <= h {
            return Err(format!("{step} + 1 + {sum} does not exceed the horizon {h} (or the step is not inside it)"));
        }
        Ok(())
    }
}
