//! Sliding-tile encodings. Each is named on the command line (`--encoding NAME`).

pub mod bright;
pub mod bv;
pub mod compact;
pub mod compact_conflicts;
pub mod compact_detours;
pub mod timeline;

/// The encodings a user can pick, with the intermediate forms each can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlideEncoding {
    /// Seed 000: S(i,j,n,t) for every square, tile and step. CNF and SMT-LIB2.
    Bright,
    /// Tile positions, actions, reachability windows and a bound on moves away from the
    /// goal. CNF.
    Compact,
    /// Seed 001's circuit: bit-vector registers and next-state muxes. SMT-LIB2 (QF_BV).
    Bv,
}

impl SlideEncoding {
    pub const ALL: [SlideEncoding; 3] = [SlideEncoding::Bright, SlideEncoding::Compact, SlideEncoding::Bv];

    pub fn name(self) -> &'static str {
        match self {
            SlideEncoding::Bright => "bright",
            SlideEncoding::Compact => "compact",
            SlideEncoding::Bv => "bv",
        }
    }

    pub fn from_name(name: &str) -> Option<SlideEncoding> {
        SlideEncoding::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Whether this encoding grows step by step with actions to cube on (`compact`'s
    /// `Layers`): incremental horizons and cube-and-conquer need it.
    pub fn layered(self) -> bool {
        matches!(self, SlideEncoding::Compact)
    }

    /// Whether this encoding has a CNF and an SMT-LIB2 form.
    pub fn forms(self) -> (bool, bool) {
        match self {
            SlideEncoding::Bright => (true, true),
            SlideEncoding::Compact => (true, false),
            SlideEncoding::Bv => (false, true),
        }
    }
}
