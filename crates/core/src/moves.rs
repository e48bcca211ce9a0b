//! Moves shared by both sliding puzzles: a letter names the direction **the piece** slides.

/// A move, named by the direction **the tile** slides (as in both seeds), not the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
}

impl Move {
    /// All four, in the order searches try them.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// Position in [`Move::ALL`] (encodings keep one variable per move in that order).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter used in move strings.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// Reads one move letter, case-insensitively.
    pub fn from_letter(c: char) -> Option<Move> {
        match c.to_ascii_uppercase() {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The direction as a word, for messages.
    pub fn word(self) -> &'static str {
        match self {
            Move::Up => "up",
            Move::Down => "down",
            Move::Left => "left",
            Move::Right => "right",
        }
    }

    /// Row and column step of the moving tile (the blank steps the other way).
    pub fn delta(self) -> (isize, isize) {
        match self {
            Move::Up => (-1, 0),
            Move::Down => (1, 0),
            Move::Left => (0, -1),
            Move::Right => (0, 1),
        }
    }
}

/// Parses a move string such as `DDDLuuu`; whitespace and commas are ignored.
///
/// # Errors
/// Names the first character that is not a move letter and its index.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, BadMoveLetter> {
    let mut moves = Vec::new();
    for (index, c) in text.chars().enumerate() {
        if c.is_whitespace() || c == ',' {
            continue;
        }
        moves.push(Move::from_letter(c).ok_or(BadMoveLetter { index, letter: c })?);
    }
    Ok(moves)
}

/// Prints moves as upper-case letters.
pub fn moves_to_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// A character in a move string that is not U, D, L or R.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("character {index} of the move string, {letter:?}, is not a move (use U, D, L, R)")]
pub struct BadMoveLetter {
    pub index: usize,
    pub letter: char,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodings index their per-move variables by `index`, in `Move::ALL` order.
    #[test]
    fn index_is_the_position_in_all() {
        for (i, m) in Move::ALL.into_iter().enumerate() {
            assert_eq!(m.index(), i);
        }
    }

    #[test]
    fn bad_letters_are_named() {
        let err = parse_moves("UDx").unwrap_err();
        assert_eq!(err, BadMoveLetter { index: 2, letter: 'x' });
        assert_eq!(moves_to_string(&parse_moves("u d,l r").unwrap()), "UDLR");
    }
}
