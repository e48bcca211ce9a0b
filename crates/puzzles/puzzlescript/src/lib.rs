//! PuzzleScript, the language puzzle designers write grid games in: a game's text read and
//! compiled ([`lang`]) and its turns played exactly as the reference engine plays them
//! ([`run`]). The interpreter is the puzzle's rules: every plan is replayed through it.

pub mod lang;
pub mod run;
pub mod search;

pub use lang::{compile, compile_leniently, Diagnostic, Game};
pub use run::{Input, Level, Session};
