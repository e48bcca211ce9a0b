//! Integration tests: each drives the real `puzzlec` binary.

mod cross_cli;
mod slide_cli;
mod util;
