//! The language: a game's text read ([`source`], [`objects`], [`sections`]), its names
//! resolved ([`legend`]), its rules read ([`rule_text`]), expanded into one rule per
//! direction, movement and object ([`expand`]) and compiled to cell masks ([`patterns`]),
//! as the reference compiler does, so that the interpreter can play it turn for turn.

pub(crate) mod bits;
mod checks;
pub mod effect;
mod expand;
mod expand_moving;
mod free;
mod legend;
mod objects;
mod pattern_cells;
mod patterns;
mod quiet;
mod rule_cells;
mod rule_text;
mod sections;
pub mod settle;
mod sounds;
mod source;
mod wins;

use std::collections::BTreeMap;
use std::fmt;

use bits::Bits;

/// What is wrong with a game's text, where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}", self.message),
            _ => write!(f, "line {}:{}: {}", self.line, self.column, self.message),
        }
    }
}

/// A game the compiler rejected: every error, in the order found, and the warnings.
#[derive(Clone, Debug)]
pub struct Rejected {
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.errors.first() {
            Some(first) => write!(f, "{first}"),
            None => write!(f, "the game does not compile"),
        }
    }
}

impl std::error::Error for Rejected {}

/// One object: its name, layer, colours and sprite (for drawing).
#[derive(Clone, Debug)]
pub struct Object {
    pub name: String,
    pub layer: usize,
    pub colors: Vec<String>,
    /// Five rows of colour indices (`None` transparent).
    pub sprite: Vec<Vec<Option<u8>>>,
}

/// A level as LEVELS gives it: every cell's objects, column by column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub line: usize,
    pub width: usize,
    pub height: usize,
    /// `width * height` cells of `Game::object_words` words; cell `x * height + y`.
    pub cells: Vec<u64>,
}

/// An entry of LEVELS.
#[derive(Clone, Debug)]
pub enum Entry {
    Level(Board),
    Message(String),
}

/// A command a rule gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Again,
    Cancel,
    Checkpoint,
    Restart,
    Win,
    Message(String),
    Sound(String),
}

impl Command {
    /// The command's word (a message's text aside).
    pub fn word(&self) -> &str {
        match self {
            Command::Again => "again",
            Command::Cancel => "cancel",
            Command::Checkpoint => "checkpoint",
            Command::Restart => "restart",
            Command::Win => "win",
            Command::Message(_) => "message",
            Command::Sound(s) => s,
        }
    }
}

pub use patterns::{Cell, Narrow, NarrowRow, Pattern, Replacement, Rule};

/// A win condition: `no`, `some` or `all` of the first mask (on the second).
#[derive(Clone, Debug)]
pub struct WinCondition {
    pub quantifier: Quantifier,
    pub first: Bits,
    pub first_all: bool,
    pub second: Bits,
    pub second_all: bool,
    pub line: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    No,
    Some,
    All,
}

/// A compiled game: what the interpreter needs to play any of its levels.
#[derive(Clone, Debug)]
pub struct Game {
    /// Prelude keys and values (`"true"` for flags).
    pub metadata: BTreeMap<String, String>,
    /// By id (ids count collision layers in order).
    pub objects: Vec<Object>,
    pub layer_count: usize,
    /// Each layer's objects.
    pub layer_masks: Vec<Bits>,
    /// Words of a cell's object bits and of its movement bits.
    pub object_words: usize,
    pub movement_words: usize,
    pub player: Bits,
    /// The player is an aggregate: a cell holds a player when it holds all of its objects.
    pub player_all: bool,
    /// Rule groups in order, and those that run after movement.
    pub rules: Vec<Vec<Rule>>,
    pub late_rules: Vec<Vec<Rule>>,
    /// Per group (rules, then late rules): its second repetition never changes anything
    /// ([`settle::settles_at_once`]).
    pub once: Vec<bool>,
    pub late_once: Vec<bool>,
    /// Where a loop ends: the group to go back to (`startloop`...`endloop`).
    pub loop_point: Vec<Option<usize>>,
    pub late_loop_point: Vec<Option<usize>>,
    /// Groups with rigid rules: a rigid group's index to its group, and back.
    pub rigid_groups: Vec<usize>,
    pub rigid: bool,
    pub wins: Vec<WinCondition>,
    pub levels: Vec<Entry>,
    /// What makes turns depend on chance (`random` rules, `randomdir`), if anything.
    pub chance: Option<String>,
    pub warnings: Vec<Diagnostic>,
    /// The one-character glyphs of level maps.
    pub glyphs: Vec<(char, Bits)>,
    /// Every object some rule can write into a cell: with a level's own objects, all that
    /// can ever be on it.
    pub creatable: Bits,
    pub background_layer: usize,
}

impl Game {
    /// The glyph that stands for exactly a cell's objects (its background aside).
    pub fn glyph(&self, cell: &[u64]) -> Option<char> {
        let back = &self.layer_masks[self.background_layer];
        let without: Vec<u64> = cell.iter().zip(back.iter()).map(|(c, b)| c & !b).collect();
        let bare = |g: &Bits| g.iter().zip(back.iter()).map(|(c, b)| c & !b).collect::<Vec<u64>>();
        self.glyphs
            .iter()
            .find(|(_, g)| **g == *cell)
            .or_else(|| self.glyphs.iter().find(|(_, g)| bare(g) == without))
            .map(|(c, _)| *c)
    }

    /// A flag or value of the prelude.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.metadata.get(key).map(String::as_str)
    }

    /// The levels (messages left out), as a player counts them from 1.
    pub fn boards(&self) -> impl Iterator<Item = (usize, &Board)> {
        self.levels.iter().enumerate().filter_map(|(i, e)| match e {
            Entry::Level(b) => Some((i, b)),
            Entry::Message(_) => None,
        })
    }
}

/// Compiles a game's text, as the reference compiler does; a game with any error is
/// rejected.
///
/// # Errors
/// Every error the compiler finds, with line and column.
pub fn compile(text: &str) -> Result<Game, Rejected> {
    let (game, errors, warnings) = compile_leniently(text);
    match (game, errors.is_empty()) {
        (Some(game), true) => Ok(game),
        _ => Err(Rejected { errors, warnings }),
    }
}

/// Compiles a game as the reference does when it still plays a game despite errors (its
/// editor and test suite do): the game, when anything playable is left, and the errors.
pub fn compile_leniently(text: &str) -> (Option<Game>, Vec<Diagnostic>, Vec<Diagnostic>) {
    let mut src = source::read(text);
    let Some(names) = legend::Names::resolve(&mut src) else { return (None, src.errors, src.warnings) };
    let levels = names.levels(&mut src);
    sounds::check(&mut src, &names.aggregates, &names.object_masks);
    checks::prelude(&mut src);
    let raw = rule_text::read_all(&mut src);
    checks::contradictions(&mut src, &names, &raw.rules);
    if src.invalid {
        return (None, src.errors, src.warnings);
    }
    let expanded = expand::expand_all(&mut src, &names, raw.rules);
    if src.invalid {
        return (None, src.errors, src.warnings);
    }
    let compiled = patterns::compile_rules(&mut src, &names, expanded, &raw.loops);
    let wins = names.wins(&mut src);
    if levels.is_empty() && src.errors.is_empty() {
        let at = src.header("levels");
        src.error(at, 1, "No levels found.  Add some levels!");
    }
    let metadata = src.metadata.iter().map(|(k, v, _)| (k.clone(), v.clone())).collect();
    let mut game = Game {
        metadata,
        objects: names.objects.clone(),
        layer_count: names.layer_count,
        layer_masks: names.layer_masks.clone(),
        object_words: names.object_words,
        movement_words: names.movement_words,
        player: names.player.1.clone(),
        player_all: names.player.0,
        once: compiled.rules.iter().map(|g| settle::settles_at_once(g)).collect(),
        late_once: compiled.late_rules.iter().map(|g| settle::settles_at_once(g)).collect(),
        rules: compiled.rules,
        late_rules: compiled.late_rules,
        loop_point: compiled.loop_point,
        late_loop_point: compiled.late_loop_point,
        rigid_groups: compiled.rigid_groups,
        rigid: compiled.rigid,
        wins,
        levels,
        chance: compiled.chance,
        warnings: src.warnings.clone(),
        glyphs: names.glyph_list(),
        creatable: compiled.creatable,
        background_layer: names.background.1,
    };
    quiet::mark(&mut game);
    free::mark(&mut game);
    (Some(game), src.errors, src.warnings)
}
