//! PuzzleScript, the language puzzle designers write grid games in: a game's text read and
//! compiled ([`lang`]), its turns played exactly as the reference engine plays them
//! ([`run`]), its levels searched breadth-first for their shortest plans ([`search`]), every
//! plan replayed by the interpreter ([`judge`]), its levels lowered to SAT ([`sat`], the
//! [`encoding`]), and the facts the engine writes the verbs from behind [`PuzzleScript`].

mod draw;
pub mod encoding;
mod game;
pub mod judge;
pub mod lang;
pub mod level;
#[cfg(feature = "cli")]
mod options;
mod prove;
mod request;
pub mod run;
pub mod sat;
pub mod search;
mod text;
mod verbs;

pub use lang::{compile, compile_leniently, Diagnostic, Game};
pub use run::{Input, Level, Session};

puzzlec_engine::puzzle! {
    /// PuzzleScript games: the value the registry holds.
    PuzzleScript {
        name: "puzzlescript",
        line: "PuzzleScript game from its source file: the shortest inputs that win a level.",
        kind: Plan,
        encodings: || puzzlec_engine::puzzle::infos(&encoding::ALL),
        solve: puzzlec_engine::plan::solve::<PuzzleScript>,
    }
}

/// A game of the repository's examples or test fixtures, compiled (`path` from the
/// repository's root).
#[cfg(test)]
pub(crate) fn fixture(path: &str) -> Game {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../..");
    let text = std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"));
    compile(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}
