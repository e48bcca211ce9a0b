//! The judge: a plan replayed through the interpreter from the level's start. A plan is
//! good when the level is won on its last input, and not before (the empty plan: when the
//! level wins itself as it loads).

use crate::lang::Game;
use crate::run::{Input, Session, Step};

/// Where a plan's replay ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The level's cells after the last input (before the next level loads, when it won).
    pub cells: Vec<u64>,
}

/// Replays `plan` on entry `index` of LEVELS.
///
/// # Errors
/// In words: the level won too early, or not won at the end.
pub fn replay(game: &Game, index: usize, plan: &[Input]) -> Result<Replayed, String> {
    let mut s = Session::new(game, index).ok_or("the game has no level")?;
    s.keep_undo = false;
    // A level can win itself as it loads (the `again` turns its start sets off): the only
    // plan is then the empty one.
    if s.wins > 0 {
        return match plan.is_empty() {
            true => Ok(Replayed { cells: s.won_level.take().unwrap_or_default() }),
            false => Err(format!(
                "the level is won as it loads (its start's again turns), before any input; all {} left over",
                plural(plan.len())
            )),
        };
    }
    for (k, &input) in plan.iter().enumerate() {
        s.step(Step::Input(input));
        if s.runaway {
            return Err(format!("input {} ({}) starts again turns that never stop", k + 1, input.letter()));
        }
        if s.wins > 0 {
            return match k + 1 == plan.len() {
                true => Ok(Replayed { cells: s.won_level.take().unwrap_or_default() }),
                false => {
                    Err(format!("the level is won after input {} of {}; the rest is left over", k + 1, plan.len()))
                }
            };
        }
    }
    Err(format!("the level is not won after the {}", plural(plan.len())))
}

/// The shortest start of `inputs` that wins entry `index` in the interpreter, if any.
pub fn first_win(game: &Game, index: usize, inputs: &[Input]) -> Option<Vec<Input>> {
    let mut s = Session::new(game, index)?;
    s.keep_undo = false;
    for (k, &input) in inputs.iter().enumerate() {
        s.step(Step::Input(input));
        if s.runaway {
            return None;
        }
        if s.wins > 0 {
            return Some(inputs[..=k].to_vec());
        }
    }
    None
}

fn plural(inputs: usize) -> String {
    format!("{inputs} input{}", if inputs == 1 { "" } else { "s" })
}

/// A plan's letters read (`u l d r x`, any case; spaces and commas ignored).
///
/// # Errors
/// The first character that is no input.
pub fn parse(text: &str) -> Result<Vec<Input>, String> {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .enumerate()
        .map(|(i, c)| {
            Input::from_letter(c).ok_or_else(|| {
                format!("moves: {c:?} (at {}) is no input; use u l d r x (up, left, down, right, action)", i + 1)
            })
        })
        .collect()
}

/// A plan's letters.
pub fn letters(plan: &[Input]) -> String {
    plan.iter().map(|i| i.letter()).collect()
}
