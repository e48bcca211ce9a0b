//! Sliding blocks: Rush Hour, Klotski and any block puzzle drawn as text. The board and its
//! rules, the exact search, the SAT/SMT encodings and their driver, and the puzzle's verbs,
//! text, drawing, benchmark family and proofs behind [`Blocks`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

mod draw;
mod drive;
mod encodings;
mod family;
#[cfg(feature = "cli")]
mod options;
mod prove;
mod request;
mod rules;
mod solve;
mod text;
mod verbs;

puzzlec_engine::puzzle! {
    /// Sliding blocks: the value the registry holds.
    Blocks {
        name: "blocks",
        line: "Sliding blocks (Rush Hour, Klotski, any drawing): a shortest plan, proved.",
        kind: Plan,
        solve: puzzlec_engine::plan::solve::<Blocks>,
    }
}
