//! PuzzleScript, the language puzzle designers write grid games in: a game's text read and
//! compiled ([`lang`]), its turns played exactly as the reference engine plays them
//! ([`run`]), its levels searched breadth-first for their shortest plans ([`search`]), every
//! plan replayed by the interpreter ([`judge`]), and the puzzle's verbs and text behind
//! [`PuzzleScript`].

pub mod draw;
pub mod files;
pub mod game;
pub mod judge;
pub mod lang;
#[cfg(feature = "cli")]
pub mod options;
pub mod prove;
pub mod request;
pub mod run;
pub mod sat;
pub mod search;
pub mod text;
pub mod verbs;

pub use lang::{compile, compile_leniently, Diagnostic, Game};
pub use run::{Input, Level, Session};

puzzlec_engine::puzzle! {
    /// PuzzleScript games: the value the registry holds.
    PuzzleScript {
        name: "puzzlescript",
        line: "PuzzleScript game from its source file: the shortest inputs that win a level.",
        kind: Plan,
        encodings: || vec![&sat::TURNS],
        solve: verbs::solve,
    }
}
