//! [`puzzle!`](crate::puzzle!): what a puzzle crate's `lib.rs` says of the puzzle, in one
//! place. A puzzle is the value the registry holds; what it says of itself is an [`About`]
//! (crate::About); the macro writes the name's constant, the unit struct, the `About` and
//! the [`Puzzle`](crate::Puzzle) impl from those facts, so no crate writes that glue by
//! hand.

/// Declares a puzzle: `NAME`, the unit struct, its [`About`](crate::About) and its
/// [`Puzzle`](crate::Puzzle) impl, from the puzzle's name, help line, kind and `solve`.
/// What every puzzle has in the same place is not written: its help is `help.toml` beside
/// its `Cargo.toml`, its JSON keys `request::KEYS`, its encodings `encodings::ALL` (a puzzle
/// whose list lives elsewhere names it with `encodings:`). Items after the braces go into
/// the impl (for the few methods a puzzle overrides).
///
/// ```ignore
/// puzzlec_engine::puzzle! {
///     /// The cross slider.
///     Cross {
///         name: "cross",
///         line: "Cross slider: choose orientations so the cross reaches the target.",
///         kind: Plan,
///         solve: puzzlec_engine::plan::solve::<Cross>,
///     }
/// }
/// ```
#[macro_export]
macro_rules! puzzle {
    (@encodings) => {
        || $crate::puzzle::infos(&encodings::ALL)
    };
    (@encodings $encodings:expr) => {
        $encodings
    };
    (
        $(#[$doc:meta])*
        $ty:ident {
            name: $name:expr,
            line: $line:expr,
            kind: $kind:ident,
            $(encodings: $encodings:expr,)?
            solve: $solve:expr $(,)?
        }
        $($more:tt)*
    ) => {
        /// The puzzle's name in requests and on the command line.
        pub const NAME: &str = $name;

        $(#[$doc])*
        pub struct $ty;

        impl $crate::Puzzle for $ty {
            fn about(&self) -> &'static $crate::About {
                static ABOUT: $crate::About = $crate::About {
                    name: NAME,
                    line: $line,
                    help: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/help.toml")),
                    kind: $crate::Kind::$kind,
                    keys: request::KEYS,
                    encodings: $crate::puzzle!(@encodings $($encodings)?),
                    solve: $solve,
                };
                &ABOUT
            }

            $($more)*
        }
    };
}
