//! One level of a game, as every verb reads it: the game compiled, the level picked as a
//! player counts them, its start played (the `again` turns it sets off as it loads), and
//! what the run learns as it goes (the loop bounds the SAT path raised, the states the
//! search stored).

use std::sync::Mutex;

use puzzlec_engine::{Error, Result};

use crate::lang::Game;
use crate::request::PuzzleScriptInstance;
use crate::sat::turn::Bounds;
use crate::{game, run::Session};

/// The states the search stores unless told otherwise (a few GiB at most on large levels).
pub const MAX_STATES: usize = 50_000_000;

/// One level of a game.
pub struct Level {
    /// The game file, as the request names it.
    pub file: String,
    pub game: Game,
    /// The level as a player counts them, from 1.
    pub n: usize,
    /// Its entry in LEVELS (the reference engine's index, which counts messages).
    pub index: usize,
    /// The cells once the level has loaded.
    pub start: Vec<u64>,
    /// Whether the level is won as it loads (then only the empty plan wins it).
    pub won: bool,
    /// The most states the breadth-first search stores.
    pub max_states: usize,
    /// How far the SAT path unrolls each loop: raised where a model needed more.
    pub bounds: Mutex<Bounds>,
    /// What the run counted, for the answer.
    pub seen: Mutex<Seen>,
}

/// What a run counted on one level.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// States the breadth-first search stored.
    pub states: Option<usize>,
    /// Inputs whose `again` turns never stopped (taken as dead ends).
    pub runaways: usize,
    /// Times the SAT path raised a loop bound.
    pub raised: usize,
    /// Why a formula was not written whole, when one was not.
    pub trouble: Option<String>,
}

impl Level {
    /// The level `fields` name, of a game neither solver refuses.
    ///
    /// # Errors
    /// Bad input: no level named, a game that does not read or depends on chance or the
    /// clock, a level the game lacks.
    pub fn read(fields: &PuzzleScriptInstance) -> Result<Level> {
        let game = game::load(&fields.file)?;
        if let Some(why) = crate::search::refusal(&game) {
            return Err(Error::bad_input(format!("{}: {why}", fields.file)));
        }
        let n = fields.level.ok_or_else(|| {
            Error::bad_input("--level N names the level (without it, `solve` takes every level in turn)")
        })?;
        let index = game::entry(&game, n)?;
        let session = Session::new(&game, index).ok_or_else(|| Error::bad_input("the game has no level"))?;
        let (start, won) = (session.level.cells.clone(), session.wins > 0);
        drop(session);
        let bounds = Mutex::new(crate::sat::first_bounds(&game));
        let max_states = fields.max_states.unwrap_or(MAX_STATES);
        Ok(Level { file: fields.file.clone(), game, n, index, start, won, max_states, bounds, seen: Mutex::default() })
    }

    /// The loop bounds as they stand.
    pub fn bounds(&self) -> Bounds {
        self.bounds.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Counts what a run saw.
    pub fn saw(&self, f: impl FnOnce(&mut Seen)) {
        f(&mut self.seen.lock().unwrap_or_else(|e| e.into_inner()));
    }

    /// What the run saw so far.
    pub fn seen(&self) -> Seen {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// A position of this level as text (see [`game::picture`]).
    pub fn picture(&self, cells: &[u64]) -> String {
        game::picture(&self.game, self.index, cells)
    }
}

/// Every level of the game `fields` name, when they name none: each level's fields.
///
/// # Errors
/// Bad input for a game that does not read.
pub fn every(fields: &PuzzleScriptInstance) -> Result<Vec<PuzzleScriptInstance>> {
    if fields.level.is_some() {
        return Ok(Vec::new());
    }
    let game = game::load(&fields.file)?;
    Ok(game::levels(&game)
        .into_iter()
        .map(|(n, _)| PuzzleScriptInstance { level: Some(n), ..fields.clone() })
        .collect())
}
