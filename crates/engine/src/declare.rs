//! [`puzzle!`](crate::puzzle!): what a puzzle crate's `lib.rs` says of the puzzle, in one
//! place. A puzzle is the value the registry holds; what it says of itself is an [`About`]
//! (crate::About); the macro writes the name's constant, the unit struct, the `About` and
//! the [`Puzzle`](crate::Puzzle) impl from those facts, so no crate writes that glue by
//! hand.

/// Declares a puzzle: `NAME`, the unit struct, its [`About`](crate::About) and its
/// [`Puzzle`](crate::Puzzle) impl. Items after the braces go into the impl (for the few
/// methods a puzzle overrides).
///
/// ```ignore
/// puzzlec_engine::puzzle! {
///     /// The cross slider.
///     Cross {
///         name: "cross",
///         line: "Cross slider: choose orientations so the cross reaches the target.",
///         help: include_str!("../help.toml"),
///         kind: Plan,
///         keys: request::KEYS,
///         encodings: || puzzlec_engine::puzzle::infos(&encodings::ALL),
///         solve: puzzlec_engine::plan::solve::<Cross>,
///     }
/// }
/// ```
#[macro_export]
macro_rules! puzzle {
    (
        $(#[$doc:meta])*
        $ty:ident {
            name: $name:expr,
            line: $line:expr,
            help: $help:expr,
            kind: $kind:ident,
            keys: $keys:expr,
            encodings: $encodings:expr,
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
                    help: $help,
                    kind: $crate::Kind::$kind,
                    keys: $keys,
                    encodings: $encodings,
                    solve: $solve,
                };
                &ABOUT
            }

            $($more)*
        }
    };
}
