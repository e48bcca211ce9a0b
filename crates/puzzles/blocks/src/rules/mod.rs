//! Sliding blocks: the board and its pieces, goals, moves under three metrics, the replay
//! every plan goes through, and the exact breadth-first search used as the oracle.

pub(crate) mod board;
pub(crate) mod deepening;
pub(crate) mod goal;
pub(crate) mod moves;
pub(crate) mod random;
pub(crate) mod route;
pub(crate) mod search;
pub(crate) mod seen;
pub(crate) mod shorten;
pub(crate) mod steps;
#[cfg(test)]
pub(crate) mod tests;

pub use board::{Axis, Board, Piece};
pub use moves::{replay, BlockMove, Metric, State};

/// What goes wrong with an instance or a plan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BlocksError {
    /// The instance does not read (bad input, exit 2).
    #[error("{0}")]
    Input(String),
    /// A plan breaks a rule or misses the goal.
    #[error("{0}")]
    Move(String),
}

/// An instance: the board, where some pieces must end (anchors), and the metric.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlocksPuzzle {
    pub board: Board,
    /// (piece, goal anchor), at least one.
    pub goals: Vec<(usize, usize)>,
    pub metric: Metric,
}

impl BlocksPuzzle {
    pub fn start(&self) -> State {
        State { anchors: self.board.pieces.iter().map(|p| p.start).collect() }
    }

    pub fn solved(&self, s: &State) -> bool {
        self.goals.iter().all(|&(i, a)| s.anchors[i] == a)
    }

    /// The goal of piece `i`, if it has one.
    pub fn goal_of(&self, i: usize) -> Option<usize> {
        self.goals.iter().find(|g| g.0 == i).map(|g| g.1)
    }

    /// Each piece's class: pieces of one shape and axis share a class (the search treats them
    /// as interchangeable) unless they have a goal. The class is its first piece's index.
    pub fn classes(&self) -> Vec<usize> {
        let pieces = &self.board.pieces;
        (0..pieces.len())
            .map(|i| {
                if self.goal_of(i).is_some() {
                    return i;
                }
                (0..i)
                    .find(|&j| {
                        self.goal_of(j).is_none()
                            && pieces[j].cells == pieces[i].cells
                            && pieces[j].axis == pieces[i].axis
                    })
                    .unwrap_or(i)
            })
            .collect()
    }

    /// The classes, each its members in piece order (singletons too).
    pub fn groups(&self) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        for (i, c) in self.classes().into_iter().enumerate() {
            match out.iter_mut().find(|m| m[0] == c) {
                Some(m) => m.push(i),
                None => out.push(vec![i]),
            }
        }
        out
    }

    /// "A@4,2 B@1,1": the goals as `--goal` writes them.
    pub fn goals_text(&self) -> String {
        let cols = self.board.cols;
        let words: Vec<String> = self
            .goals
            .iter()
            .map(|&(i, a)| format!("{}@{},{}", self.board.pieces[i].name, a / cols + 1, a % cols + 1))
            .collect();
        words.join(" ")
    }
}
