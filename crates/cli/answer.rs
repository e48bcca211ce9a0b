//! Reading a solver's answer file for `decode`: the format follows the emitted file (DIMACS
//! or SMT-LIB2); garbage is exit 3, a broken emitted file exit 2.

use std::path::Path;

use anyhow::{anyhow, Context};
use puzzlec_drive::AnyModel;
use puzzlec_ir::{
    parse_minisat_result, parse_sat_output, parse_smt_answer, Cnf, CnfModel, SatAnswer, SmtAnswer, SmtModel,
};

use crate::exit::{bad_input, unknown, Failure};
use crate::input;

/// The model in `answer_path`, read against the emitted text; `None` when the answer is UNSAT.
pub fn read_model(encoded: &str, answer_path: &Path) -> Result<Option<AnyModel>, Failure> {
    let answer = input::read_text(answer_path)?;
    let source = format!("the answer in {}", answer_path.display());
    let garbage = |reason: String| unknown(anyhow!("{source} is not a solver answer: {reason}"));
    if encoded.lines().any(|l| l.trim_start().starts_with("p cnf")) {
        let cnf = Cnf::parse_dimacs(encoded)
            .context("the emitted DIMACS file")
            .map_err(bad_input)?;
        let first = answer.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
        let parsed = if ["SAT", "UNSAT", "INDET"].contains(&first) {
            parse_minisat_result(&answer)
        } else {
            parse_sat_output(&answer)
        };
        match parsed.map_err(|e| garbage(e.reason))? {
            SatAnswer::Sat(assignment) => Ok(Some(AnyModel::Cnf(CnfModel::new(cnf.names(), assignment)))),
            SatAnswer::Unsat => Ok(None),
            SatAnswer::Unknown => Err(unknown(anyhow!("{source} says UNKNOWN"))),
        }
    } else {
        match parse_smt_answer(&answer).map_err(|e| garbage(e.reason))? {
            SmtAnswer::Sat(values) => Ok(Some(AnyModel::Smt(SmtModel { values }))),
            SmtAnswer::Unsat => Ok(None),
            SmtAnswer::Unknown => Err(unknown(anyhow!("{source} says unknown"))),
        }
    }
}
