//! Integration tests: each drives the real `puzzlec` binary.

mod anytime_cli;
mod backends_cli;
mod batch_cli;
mod blocks_cli;
mod certify_cli;
mod cross_cli;
mod defects_cli;
mod emit_cli;
mod encodings_fresh;
mod family_cli;
mod figure_cli;
mod hex_cli;
mod hex_values_cli;
mod hostile_cli;
mod jobs_cli;
mod korf_cli;
mod limits_cli;
mod portfolio_cli;
mod probe_cli;
mod signals_cli;
mod slide_cli;
mod slide_encodings_cli;
mod support;
mod svg_browser;
mod tampered_cli;
mod util;
