//! `solve hex`, `emit hex` and `decode hex`.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use puzzlec_core::hex::{render, Hexagon, OrderError};
use puzzlec_drive::hex as drive_hex;
use puzzlec_encode::hex::{HexEncoding, HexProblem};
use puzzlec_solve::InputKind;
use serde_json::json;

use crate::args::{DecodeHex, EmitHex, Format, HexInstance, OutputArgs, SolveHex};
use crate::exit::{bad_input, unknown, Code, Failure};
use crate::input;

/// An instance, or the proof that its order has no magic hexagon.
enum Instance {
    Problem(HexProblem),
    NoMagicSum(OrderError),
}

/// Parses `1=3,10=5` into 0-based (cell, value) pairs, checking ranges and repeated cells.
fn parse_givens(text: &str, hex: &Hexagon) -> Result<Vec<(usize, usize)>, Failure> {
    let n = hex.cells();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let bad = |why: String| bad_input(anyhow!("--givens {item:?}: {why}"));
        let (cell, value) = item
            .split_once('=')
            .ok_or_else(|| bad("expected CELL=VALUE, e.g. 1=3".into()))?;
        let cell: usize = cell
            .trim()
            .parse()
            .map_err(|_| bad(format!("{:?} is not a cell number", cell.trim())))?;
        let value: usize = value
            .trim()
            .parse()
            .map_err(|_| bad(format!("{:?} is not a value", value.trim())))?;
        if !(1..=n).contains(&cell) {
            return Err(bad(format!(
                "cell {cell} is not on an order-{} hexagon (cells 1..={n})",
                hex.order
            )));
        }
        if !(1..=n).contains(&value) {
            return Err(bad(format!("value {value} is outside 1..={n}")));
        }
        if out.iter().any(|&(c, _)| c == cell - 1) {
            return Err(bad(format!("cell {cell} is given twice")));
        }
        out.push((cell - 1, value));
    }
    Ok(out)
}

fn instance(a: &HexInstance, break_symmetry: bool) -> Result<Instance, Failure> {
    let hex = Hexagon::new(a.order).map_err(|e| bad_input(anyhow!("--order: {e}")))?;
    let givens = match &a.givens {
        Some(text) => parse_givens(text, &hex)?,
        None => Vec::new(),
    };
    Ok(match hex.magic_sum() {
        Ok(magic) => Instance::Problem(HexProblem {
            hex,
            magic,
            givens,
            break_symmetry,
        }),
        Err(e) => Instance::NoMagicSum(e),
    })
}

fn encoding_named(name: &str) -> Result<HexEncoding, Failure> {
    HexEncoding::from_name(name)
        .ok_or_else(|| bad_input(anyhow!("unknown encoding {name:?} for hex (known: lia, cnf)")))
}

/// Values by cell number, for JSON.
fn by_cell(values: &[i64]) -> serde_json::Value {
    values
        .iter()
        .enumerate()
        .map(|(c, v)| ((c + 1).to_string(), json!(v)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

struct Report<'a> {
    out: OutputArgs,
    solver: &'a str,
    encoding: &'a str,
    order: usize,
    started: Instant,
}

impl Report<'_> {
    fn base(&self, status: &str) -> serde_json::Value {
        json!({ "puzzle": "hex", "status": status, "encoding": self.encoding, "solver": self.solver, "order": self.order,
                "time_ms": self.started.elapsed().as_millis() as u64 })
    }

    fn solved(&self, hex: &Hexagon, magic: usize, fillings: &[Vec<i64>], all: Option<bool>) -> Code {
        if self.out.json {
            let mut v = self.base("solved");
            v["magic_sum"] = json!(magic);
            v["values"] = by_cell(&fillings[0]);
            if let Some(complete) = all {
                v["solutions"] = fillings.iter().map(|f| json!({ "values": by_cell(f) })).collect();
                v["count"] = json!(fillings.len());
                v["complete"] = json!(complete);
            }
            println!("{v}");
        } else {
            for f in fillings {
                println!("{}", render(hex, f));
            }
            match all {
                Some(true) => println!(
                    "{}, magic sum {magic} (all of them: no more exist)",
                    crate::exit::count(fillings.len(), "solution")
                ),
                Some(false) => println!(
                    "{}, magic sum {magic} (stopped early: there may be more)",
                    crate::exit::count(fillings.len(), "solution")
                ),
                None => println!("magic sum {magic}: every line checked"),
            }
        }
        Code::Solved
    }

    fn no_solution(&self, reason: &str, detail: &str) -> Code {
        crate::report::no_solution(self.out, self.base("no-solution"), Some(reason), detail)
    }

    fn unknown(&self, detail: &str) -> Code {
        crate::report::unknown(self.out, self.base("unknown"), detail)
    }
}

pub fn solve(a: SolveHex, registry: Option<&Path>) -> Result<Code, Failure> {
    let started = Instant::now();
    let deadline = input::deadline(a.timeout)?;
    let problem = instance(&a.instance, false)?;
    let backend = crate::solvers::backend(&a.solver, registry)?;
    let encoding = match &a.encoding {
        Some(name) => encoding_named(name)?,
        None if backend.input() == InputKind::Smt2 => HexEncoding::Lia,
        None => HexEncoding::Cnf,
    };
    let report = Report {
        out: a.output,
        solver: &a.solver,
        encoding: encoding.name(),
        order: a.instance.order,
        started,
    };
    let p = match problem {
        Instance::Problem(p) => p,
        Instance::NoMagicSum(e) => return Ok(report.no_solution("no-integer-magic-sum", &e.to_string())),
    };
    let fail = |e: puzzlec_drive::DriveError| unknown(anyhow::Error::new(e));
    let contradiction = "the givens contradict: no magic hexagon has them (proved by the solver)";
    if !a.all {
        // Any filling answers the question, so without givens look for the class representative:
        // the symmetry-breaking facts cut the search twelvefold.
        let one = HexProblem {
            break_symmetry: p.givens.is_empty(),
            ..p.clone()
        };
        let limit = deadline.map_or(Duration::from_secs(3600), |d| {
            d.saturating_duration_since(Instant::now())
        });
        return Ok(
            match drive_hex::solve_one(encoding, &backend, &one, limit).map_err(fail)? {
                Ok(Some(values)) => report.solved(&p.hex, p.magic, &[values], None),
                Ok(None) if p.givens.is_empty() => {
                    report.no_solution("unsat", "no magic hexagon of this order exists (proved by the solver)")
                }
                Ok(None) => report.no_solution("givens", contradiction),
                Err(reason) => report.unknown(&reason),
            },
        );
    }
    let (fillings, complete, stopped) = if p.givens.is_empty() {
        let drive_hex::Classes { all, classes } =
            drive_hex::all_by_classes(encoding, &backend, &p, deadline).map_err(fail)?;
        if a.up_to_symmetry {
            (classes.solutions, classes.complete, classes.stopped)
        } else {
            (all, classes.complete, classes.stopped)
        }
    } else {
        let found = drive_hex::all_fillings(encoding, &backend, &p, deadline).map_err(fail)?;
        let mut fillings = found.solutions;
        if a.up_to_symmetry {
            // Givens are not symmetric: keep one filling per class after the fact.
            let mut seen = std::collections::HashSet::new();
            fillings.retain(|f| seen.insert(drive_hex::orbit(&p.hex, f)[0].clone()));
        }
        (fillings, found.complete, found.stopped)
    };
    if fillings.is_empty() {
        return Ok(match (complete, stopped) {
            (true, _) if p.givens.is_empty() => {
                report.no_solution("unsat", "no magic hexagon of this order exists (proved by the solver)")
            }
            (true, _) => report.no_solution("givens", contradiction),
            (false, reason) => report.unknown(&reason.unwrap_or_default()),
        });
    }
    let mut fillings = fillings;
    fillings.sort();
    Ok(report.solved(&p.hex, p.magic, &fillings, Some(complete)))
}

pub fn emit(a: EmitHex) -> Result<Code, Failure> {
    let p = match instance(&a.instance, a.up_to_symmetry)? {
        Instance::Problem(p) => p,
        Instance::NoMagicSum(e) => {
            return Err(Failure {
                code: Code::NoSolution,
                error: anyhow!("{e}"),
            })
        }
    };
    let encoding = encoding_named(&a.encoding)?;
    let kind = match a.format {
        Format::Smt2 => InputKind::Smt2,
        Format::Dimacs => InputKind::Dimacs,
    };
    let form = drive_hex::encode(encoding, &p, kind).ok_or_else(|| {
        bad_input(anyhow!(
            "encoding {} has no {kind} form (it is {})",
            encoding.name(),
            drive_hex::form_of(encoding)
        ))
    })?;
    crate::emit::write_output(a.output.as_deref(), &form.to_text())
}

pub fn decode(a: DecodeHex) -> Result<Code, Failure> {
    let encoded = input::read_text(&a.encoding)?;
    let shown = a.encoding.display().to_string();
    let fields = crate::emit::header_fields(&encoded, "hex").ok_or_else(|| {
        bad_input(anyhow!(
            "{shown} has no `puzzlec hex` header line: was it written by `puzzlec emit hex`?"
        ))
    })?;
    let field = |k: &str| {
        fields
            .get(k)
            .cloned()
            .ok_or_else(|| bad_input(anyhow!("{shown}: the header has no {k}")))
    };
    let encoding = encoding_named(&field("encoding")?)?;
    let order: usize = field("order")?
        .parse()
        .map_err(|_| bad_input(anyhow!("{shown}: bad order in the header")))?;
    let givens = Some(field("givens")?).filter(|g| g != "none");
    let instance_args = HexInstance { order, givens };
    let Instance::Problem(p) = instance(&instance_args, field("symmetry")? == "broken")? else {
        return Err(bad_input(anyhow!(
            "{shown}: the header names an order without a magic sum"
        )));
    };
    let Some(model) = crate::answer::read_model(&encoded, &a.model)? else {
        let v = json!({ "puzzle": "hex", "status": "no-solution", "order": order });
        return Ok(crate::report::decoded_unsat(
            a.output,
            v,
            "unsatisfiable: no filling satisfies this encoding",
        ));
    };
    let label = format!("({})", a.model.display());
    let values = drive_hex::decode_checked(encoding, &label, &p, &model).map_err(unknown)?;
    if a.output.json {
        println!(
            "{}",
            json!({ "puzzle": "hex", "status": "solved", "encoding": encoding.name(), "order": order, "magic_sum": p.magic, "values": by_cell(&values) })
        );
    } else {
        println!("{}", render(&p.hex, &values));
        println!("decoded and checked: every line sums to {}", p.magic);
    }
    Ok(Code::Solved)
}
