//! `prove encodings` for magic figures: every encoding's models of the shipped 3x3 square
//! (its sum implied) and magic triangle (its sum open) against plain backtracking.

use std::collections::BTreeSet;

use puzzlec_drive::DriveError;
use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::prove::{self, Proved};
use puzzlec_engine::{Bench, Env, Error, Event, Result};
use puzzlec_hex::encodings::{MagicEncoding, MagicProblem};
use puzzlec_hex::rules::brute;
use puzzlec_solve::Backend;

use crate::request::FigureInstance;

/// The figures compared, as shipped in `examples/figures/`.
const FIGURES: [(&str, &str); 2] = [
    ("square3.toml", include_str!("../../../../examples/figures/square3.toml")),
    ("triangle.toml", include_str!("../../../../examples/figures/triangle.toml")),
];

impl Bench for crate::Figure {
    fn family(&self, _req: &FamilyRequest, _env: &Env) -> Result<Vec<Labelled>> {
        Err(Error::bad_input("figure has no benchmark family yet: `family hex` makes Hex38 instances"))
    }

    /// # Errors
    /// A backend fails.
    fn prove_encodings(&self, env: &Env, _quick: bool, on: &mut dyn FnMut(Event)) -> Result<Proved> {
        let results = prove::each_encoding(crate::NAME, &puzzlec_hex::encodings::ALL, env, on, |e, b| {
            let covered = match e.writes(puzzlec_ir::Form::Dimacs) {
                true => "the 3x3 square and the magic triangle: every model, with and without symmetry breaking",
                false => "the 3x3 square and the magic triangle: every model with symmetry breaking",
            };
            Ok((covered.into(), equivalent(e, b)?))
        })?;
        Ok((results, Vec::new()))
    }
}

/// The queries asked, and the first difference between the models and the fillings found
/// by backtracking (for every sum the lines can have), if any.
///
/// # Errors
/// The backend fails, or a shipped figure does not read.
pub fn equivalent(encoding: &dyn MagicEncoding, backend: &Backend) -> Result<(usize, Option<String>)> {
    let mut queries = 0;
    for (path, text) in FIGURES {
        let figure = crate::file::parse(path, text).map_err(|e| Error::unknown(e.to_string()))?;
        let instance = FigureInstance { file: path.into(), ..FigureInstance::default() };
        let plain = crate::verbs::of(&figure, text, &instance, false)?;
        let sums = plain.sums().ok_or_else(|| Error::unknown(format!("{path}: too many sums to try")))?;
        let every: Vec<Vec<i64>> =
            sums.into_iter().flat_map(|s| brute::all_fillings(&plain.shape, &plain.values, s)).collect();
        for broken in [true, false] {
            if !broken && !encoding.writes(puzzlec_ir::Form::Dimacs) {
                continue;
            }
            let pairs = &plain.shape.breaking;
            let want: BTreeSet<Vec<i64>> =
                every.iter().filter(|f| !broken || pairs.iter().all(|&(a, b)| f[a] < f[b])).cloned().collect();
            let p = MagicProblem { break_symmetry: broken, ..plain.clone() };
            let found = puzzlec_hex::drive::all_fillings(encoding, backend, &p, None, &mut |_| {})
                .map_err(|e: DriveError| Error::unknown(e.to_string()))?;
            queries += found.solutions.len() + 1;
            let got: BTreeSet<Vec<i64>> = found.solutions.into_iter().collect();
            if !found.complete || got != want {
                let what = if broken { "one per class" } else { "all" };
                let words = format!("{path} ({what}): {} models, {} fillings", got.len(), want.len());
                return Ok((queries, Some(words)));
            }
        }
    }
    Ok((queries, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cnf_encodings_are_equivalent_on_the_shipped_figures() {
        let cadical = Backend::embedded_sat();
        assert_eq!(equivalent(&puzzlec_hex::encodings::cnf::CnfEncoding, &cadical).unwrap().1, None);
        assert_eq!(equivalent(&puzzlec_hex::encodings::unary::Unary, &cadical).unwrap().1, None);
    }
}
