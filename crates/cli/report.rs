//! The two endings every `solve` shares: "no solution" (exit 1) and "unknown" (exit 3), as
//! text or as the one JSON object `--json` promises.

use serde_json::json;

use crate::args::OutputArgs;
use crate::exit::Code;

/// Proved: no solution. `base` is the puzzle's JSON skeleton; `reason` a short tag.
pub fn no_solution(out: OutputArgs, mut base: serde_json::Value, reason: Option<&str>, detail: &str) -> Code {
    if out.json {
        base["status"] = json!("no-solution");
        if let Some(reason) = reason {
            base["reason"] = json!(reason);
        }
        base["detail"] = json!(detail);
        println!("{base}");
    } else {
        println!("no solution: {detail}");
    }
    Code::NoSolution
}

/// A limit was reached or the solver gave up.
pub fn unknown(out: OutputArgs, mut base: serde_json::Value, detail: &str) -> Code {
    if out.json {
        base["status"] = json!("unknown");
        base["detail"] = json!(detail);
        println!("{base}");
    } else {
        println!("unknown: {detail}");
    }
    Code::Unknown
}

/// `decode` read an UNSAT answer: print it (JSON `v` or `text`) and exit 1.
pub fn decoded_unsat(out: OutputArgs, v: serde_json::Value, text: &str) -> Code {
    if out.json {
        println!("{v}");
    } else {
        println!("{text}");
    }
    Code::NoSolution
}
