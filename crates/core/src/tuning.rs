//! Tuning: the few settings puzzlec takes from its environment rather than from a request
//! (where files go, where programs are, measurement switches), read once at the edge.
//!
//! Why one value: a knob read deep in library code is invisible to its callers and read
//! again on every call. The binary and the Python module read the environment once
//! ([`Tuning::from_env`]) and [`install`] the result before they serve a request; library
//! code asks [`get`]. A library used without an edge (unit tests, benches) gets the
//! environment read at first use. `docs/tuning.md` lists every variable.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// Every setting taken from the environment.
#[derive(Clone, Debug, Default)]
pub struct Tuning {
    /// `PATH`: where solver binaries and the proof checker are looked for.
    pub path: Option<OsString>,
    /// `HOME`: `~/.cargo/bin` holds a `cargo install`ed proof checker.
    pub home: Option<PathBuf>,
    /// The cache folder: `$PUZZLEC_CACHE_DIR`, else `$XDG_CACHE_HOME/puzzlec`, else
    /// `~/.cache/puzzlec`.
    pub cache_dir: Option<PathBuf>,
    /// `PUZZLEC_SECOND_OPINION_MS`: the exact search's budget for a second opinion on an
    /// external solver's word (0: none, so the claim is labelled `trusted`).
    pub second_opinion: Option<Duration>,
    /// `PUZZLEC_CERTIFY=reprove`: certificates ignore the solver's traced evidence and
    /// prove each claim again from the plain formula.
    pub reprove: bool,
    /// `PUZZLEC_AHEAD=N`: moves the sliding-tile propagator looks ahead (a bench sweep).
    pub moves_ahead: Option<usize>,
    /// `PUZZLEC_NO_LOOKAHEAD`: no look-ahead at all.
    pub no_lookahead: bool,
    /// `PUZZLEC_FRONTIER_TARGET=N`: prefixes wanted on a sliding-tile horizon's frontier.
    pub frontier_target: Option<usize>,
    /// `PUZZLEC_ONE_LANE`: the nearest-first lane of cubes alone.
    pub one_lane: bool,
    /// `PUZZLEC_FRONTIER_STATS`, `PUZZLEC_SEARCH_STATS`, `PUZZLEC_LAYER_STATS`: counts on
    /// stderr from the frontier, the tabled exact search and the blocks' layers.
    pub frontier_stats: bool,
    pub search_stats: bool,
    pub layer_stats: bool,
}

impl Tuning {
    /// Reads the environment (the one place in the libraries that does).
    pub fn from_env() -> Tuning {
        let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
        let dir = |k: &str| var(k).map(PathBuf::from);
        let set = |k: &str| var(k).is_some();
        let number = |k: &str| var(k).and_then(|v| v.to_str()?.parse::<u64>().ok());
        let home = dir("HOME");
        let cache_dir = dir("PUZZLEC_CACHE_DIR")
            .or_else(|| dir("XDG_CACHE_HOME").map(|d| d.join("puzzlec")))
            .or_else(|| home.as_ref().map(|d| d.join(".cache").join("puzzlec")));
        Tuning {
            path: var("PATH"),
            home,
            cache_dir,
            second_opinion: number("PUZZLEC_SECOND_OPINION_MS").map(Duration::from_millis),
            reprove: var("PUZZLEC_CERTIFY").is_some_and(|v| v == "reprove"),
            moves_ahead: number("PUZZLEC_AHEAD").map(|n| n as usize),
            no_lookahead: set("PUZZLEC_NO_LOOKAHEAD"),
            frontier_target: number("PUZZLEC_FRONTIER_TARGET").map(|n| n as usize),
            one_lane: set("PUZZLEC_ONE_LANE"),
            frontier_stats: set("PUZZLEC_FRONTIER_STATS"),
            search_stats: set("PUZZLEC_SEARCH_STATS"),
            layer_stats: set("PUZZLEC_LAYER_STATS"),
        }
    }

    /// Where a program called `name` would be, in the order of the folders of [`Tuning::path`].
    pub fn on_path(&self, name: &std::path::Path) -> Vec<PathBuf> {
        self.path.as_ref().map(|p| std::env::split_paths(p).map(|d| d.join(name)).collect()).unwrap_or_default()
    }
}

static TUNING: OnceLock<Tuning> = OnceLock::new();

/// Sets the process's tuning, once, before any request is served; false when it was set
/// (or first read) already.
pub fn install(tuning: Tuning) -> bool {
    TUNING.set(tuning).is_ok()
}

/// The process's tuning: what the edge installed, else the environment read now, once.
pub fn get() -> &'static Tuning {
    TUNING.get_or_init(Tuning::from_env)
}
