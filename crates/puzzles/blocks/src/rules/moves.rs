//! Moves and their notation, the three metrics, and the replay that judges every plan.
//!
//! A move is a piece and the unit steps it takes, written as the piece's character followed
//! by one letter per step (`u d l r`): `Arr` slides A two cells right, `Bdl` takes B down
//! then left. Moves are separated by spaces. The metric says what one move may be: one step
//! (`step`), steps in one direction (`slide`), or any path through free cells (`path`).

use super::{BlocksError, BlocksPuzzle};

/// What counts as one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// One piece, one cell.
    Step,
    /// One piece, any distance in one straight line (the usual Rush Hour count).
    #[default]
    Slide,
    /// One piece along any path through free cells (the usual Klotski count).
    Path,
}

impl Metric {
    pub const ALL: [Metric; 3] = [Metric::Step, Metric::Slide, Metric::Path];

    pub fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Slide => "slide",
            Metric::Path => "path",
        }
    }

    /// # Errors
    /// A name other than step, slide or path.
    pub fn parse(text: &str) -> Result<Metric, BlocksError> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name() == text)
            .ok_or_else(|| BlocksError::Input(format!("--metric {text:?}: expected step, slide or path")))
    }
}

/// The four unit steps, as (row, column) deltas, with their letters.
pub const STEPS: [((isize, isize), char); 4] = [((-1, 0), 'u'), ((1, 0), 'd'), ((0, -1), 'l'), ((0, 1), 'r')];

/// One move: piece `piece` (its index) takes the unit steps `path`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockMove {
    pub piece: usize,
    pub path: Vec<(isize, isize)>,
}

/// Writes a plan in the notation above.
pub fn write(p: &BlocksPuzzle, plan: &[BlockMove]) -> String {
    let letter = |d: &(isize, isize)| STEPS.iter().find(|s| s.0 == *d).map_or('?', |s| s.1);
    let moves: Vec<String> = plan
        .iter()
        .map(|m| std::iter::once(p.board.pieces[m.piece].name).chain(m.path.iter().map(letter)).collect())
        .collect();
    moves.join(" ")
}

/// Reads a plan in the notation above (each move checked later, by replay).
///
/// # Errors
/// A move naming no piece, without steps, or with a letter other than u, d, l, r.
pub fn parse(p: &BlocksPuzzle, text: &str) -> Result<Vec<BlockMove>, BlocksError> {
    text.split_whitespace()
        .enumerate()
        .map(|(k, word)| {
            let bad = |why: String| BlocksError::Input(format!("move {k} ({word:?}): {why}"));
            let mut chars = word.chars();
            let name = chars.next().expect("words are not empty");
            let piece = p.board.piece(name).ok_or_else(|| bad(format!("no piece {name} on the board")))?;
            let path = chars
                .map(|c| {
                    STEPS
                        .iter()
                        .find(|s| s.1 == c)
                        .map(|s| s.0)
                        .ok_or_else(|| bad(format!("{c:?} is not a step (u, d, l or r)")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if path.is_empty() {
                return Err(bad("a move is the piece's letter and at least one step, e.g. Ar".into()));
            }
            Ok(BlockMove { piece, path })
        })
        .collect()
}

/// A position: every piece's anchor, by piece index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub anchors: Vec<usize>,
}

impl State {
    /// Who covers each cell: `None` empty or wall, else the piece.
    pub fn occupancy(&self, p: &BlocksPuzzle) -> Vec<Option<usize>> {
        let mut grid = vec![None; p.board.cells()];
        fill_occupancy(p, &self.anchors, &mut grid);
        grid
    }
}

/// [`State::occupancy`] of the pieces on `anchors`, into `grid` (the searches reuse one).
pub fn fill_occupancy(p: &BlocksPuzzle, anchors: &[usize], grid: &mut [Option<usize>]) {
    grid.fill(None);
    for (i, &a) in anchors.iter().enumerate() {
        for c in p.board.covers(i, a) {
            grid[c] = Some(i);
        }
    }
}

/// Whether piece `i` may stand on `anchor` given who covers each cell.
pub fn free_for(p: &BlocksPuzzle, grid: &[Option<usize>], i: usize, anchor: usize) -> bool {
    p.board.fits(i, anchor) && p.board.covers(i, anchor).all(|c| grid[c].is_none_or(|j| j == i))
}

/// The positions before each move of `plan` and after the last, played without checks
/// (for plans already replayed, or whose legality is not the question).
pub fn positions(p: &BlocksPuzzle, plan: &[BlockMove]) -> Vec<State> {
    let mut state = p.start();
    let mut out = vec![state.clone()];
    for m in plan {
        for &d in &m.path {
            state.anchors[m.piece] = p.board.step(state.anchors[m.piece], d).unwrap_or(state.anchors[m.piece]);
        }
        out.push(state.clone());
    }
    out
}

/// Plays `plan` from the start under the puzzle's metric.
///
/// # Errors
/// The first move that breaks a rule, named by its 0-based index (as the other puzzles name
/// theirs); or the goal not reached.
pub fn replay(p: &BlocksPuzzle, plan: &[BlockMove]) -> Result<State, BlocksError> {
    let mut state = p.start();
    for (k, m) in plan.iter().enumerate() {
        let piece = &p.board.pieces[m.piece];
        let bad = |why: String| BlocksError::Move(format!("move {k} ({}): {why}", write(p, std::slice::from_ref(m))));
        match p.metric {
            Metric::Step if m.path.len() != 1 => return Err(bad("the step metric moves one cell at a time".into())),
            Metric::Slide if m.path.iter().any(|d| *d != m.path[0]) => {
                return Err(bad("the slide metric moves in one straight line".into()))
            }
            _ => {}
        }
        let grid = state.occupancy(p);
        let mut at = state.anchors[m.piece];
        for &d in &m.path {
            if !piece.axis.allows(d) {
                return Err(bad(format!("piece {} slides only {}", piece.name, axis_words(piece.axis))));
            }
            at = p
                .board
                .step(at, d)
                .filter(|&next| free_for(p, &grid, m.piece, next))
                .ok_or_else(|| bad("the way is blocked (by the edge, a wall or a piece)".into()))?;
        }
        if at == state.anchors[m.piece] {
            return Err(bad(format!("piece {} ends where it started", piece.name)));
        }
        state.anchors[m.piece] = at;
    }
    if !p.solved(&state) {
        return Err(BlocksError::Move(format!(
            "after {} the goal is not reached",
            puzzlec_engine::answer::moves(plan.len())
        )));
    }
    Ok(state)
}

fn axis_words(axis: super::Axis) -> &'static str {
    match axis {
        super::Axis::Horizontal => "left and right",
        super::Axis::Vertical => "up and down",
        super::Axis::Free => "anywhere",
    }
}
