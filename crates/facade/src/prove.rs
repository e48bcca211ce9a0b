//! `prove invariants`: the `bv` circuit's properties for every board size, each proved by the
//! linked z3 over all states at once (`drive::invariants`).

use std::time::Duration;

use puzzlec_drive::invariants::{self, Property, Verdict};
use puzzlec_solve::Solver;
use serde::Serialize;

use crate::env::Env;
use crate::error::{Error, Result};
use crate::event::Event;

/// One property on one size.
#[derive(Clone, Debug, Serialize)]
pub struct PropertyResult {
    pub property: &'static str,
    pub size: String,
    /// `proved`, `fails` or `unknown`.
    pub result: &'static str,
    pub seconds: f64,
    /// The counterexample (boards before and after) or why it is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// Every property on every size asked for.
#[derive(Clone, Debug, Serialize)]
pub struct InvariantsReport {
    pub solver: String,
    pub results: Vec<PropertyResult>,
    /// True when every property was proved on every size.
    pub proved: bool,
}

/// The smallest and largest side `prove invariants` covers by default.
pub const SIDES: std::ops::RangeInclusive<usize> = 2..=8;

/// Proves (a)-(c) on every square board with a side in `sides`, reporting each
/// result as an event as it comes.
///
/// # Errors
/// z3 fails to run.
pub fn invariants(
    env: &Env,
    sides: std::ops::RangeInclusive<usize>,
    on: &mut dyn FnMut(Event),
) -> Result<InvariantsReport> {
    let Solver::Backend(z3) = env.solver("z3")? else { return Err(Error::unknown("z3 is not a backend")) };
    let mut results = Vec::new();
    for side in sides {
        for p in Property::ALL {
            let (verdict, seconds) = invariants::prove(p, side, side, &z3, Duration::from_secs(3600))?;
            let (result, detail) = match verdict {
                Verdict::Proved => ("proved", None),
                Verdict::Fails(c) => ("fails", Some(c)),
                Verdict::Unknown(r) => ("unknown", Some(r)),
            };
            let size = format!("{side}x{side}");
            on(Event::Proved { property: p.words(), size: size.clone(), result, seconds });
            results.push(PropertyResult { property: p.words(), size, result, seconds, detail });
        }
    }
    let proved = results.iter().all(|r| r.result == "proved");
    Ok(InvariantsReport { solver: z3.id().to_owned(), results, proved })
}

/// One line when everything is proved; else every failure with its counterexample.
impl std::fmt::Display for InvariantsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sizes = match (self.results.first(), self.results.last()) {
            (Some(a), Some(b)) => format!("{} to {}", a.size, b.size),
            _ => "no size".into(),
        };
        if self.proved {
            return writeln!(f, "proved: (a), (b) and (c) on every size from {sizes} ({})", self.solver);
        }
        writeln!(f, "not proved ({sizes}):")?;
        for r in self.results.iter().filter(|r| r.result != "proved") {
            writeln!(f, "{} {}: {} {}", r.size, r.property, r.result, r.detail.as_deref().unwrap_or(""))?;
        }
        Ok(())
    }
}
