//! A game file read and compiled, and a level picked as a player counts them.

use puzzlec_engine::{Error, Result};

use crate::lang::{Entry, Game};

/// The largest game file read: far above any game written by hand (the reference suite's
/// largest is under 100 KB), so that a stray binary file is refused at once.
pub const MAX_FILE: u64 = 4 << 20;

/// The game in `path`, compiled.
///
/// # Errors
/// Bad input: a file that cannot be read, or the compiler's first error as FILE:LINE:COLUMN.
pub fn load(path: &str) -> Result<Game> {
    use std::io::Read;
    if path.is_empty() {
        return Err(Error::bad_input("no game file: give its path (puzzlec solve puzzlescript GAME.txt)"));
    }
    let mut bytes = Vec::new();
    let file = std::fs::File::open(path).map_err(|e| Error::bad_input(format!("{path}: {e}")))?;
    file.take(MAX_FILE + 1).read_to_end(&mut bytes).map_err(|e| Error::bad_input(format!("{path}: {e}")))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(Error::bad_input(format!("{path}: larger than {} MiB, more than any game", MAX_FILE >> 20)));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|b| **b == b'\n').count() + 1;
        let column = good.iter().rev().take_while(|b| **b != b'\n').count() + 1;
        let byte = e.as_bytes()[good.len()];
        Error::bad_input(format!("{path}:{line}:{column}: not a game's text: byte 0x{byte:02x} is not UTF-8"))
    })?;
    crate::lang::compile(&text).map_err(|r| {
        let first = &r.errors[0];
        let more = match r.errors.len() {
            1 => String::new(),
            n => format!(" ({} more error{})", n - 1, if n == 2 { "" } else { "s" }),
        };
        match first.line {
            0 => Error::bad_input(format!("{path}: {}{more}", first.message)),
            l => Error::bad_input(format!("{path}:{l}:{}: {}{more}", first.column, first.message)),
        }
    })
}

/// The entry of LEVELS behind level `n` (from 1, messages not counted).
///
/// # Errors
/// Bad input naming how many levels the game has.
pub fn entry(game: &Game, n: usize) -> Result<usize> {
    let count = game.boards().count();
    match n.checked_sub(1).and_then(|i| game.boards().nth(i)) {
        Some((index, _)) => Ok(index),
        None => Err(Error::bad_input(format!(
            "--level {n}: the game has {count} level{} (1 to {count})",
            if count == 1 { "" } else { "s" }
        ))),
    }
}

/// The level numbers and entries of every level.
pub fn levels(game: &Game) -> Vec<(usize, usize)> {
    game.boards().enumerate().map(|(i, (index, _))| (i + 1, index)).collect()
}

/// A level as text: each cell the legend's character for exactly its objects (`?` where
/// the legend has none).
pub fn picture(game: &Game, index: usize, cells: &[u64]) -> String {
    let Some(Entry::Level(board)) = game.levels.get(index) else { return String::new() };
    let ow = game.object_words;
    let mut rows = vec![String::new(); board.height];
    for x in 0..board.width {
        for (y, row) in rows.iter_mut().enumerate() {
            let cell = &cells[(x * board.height + y) * ow..(x * board.height + y + 1) * ow];
            row.push(game.glyph(cell).unwrap_or('?'));
        }
    }
    rows.join("\n")
}
