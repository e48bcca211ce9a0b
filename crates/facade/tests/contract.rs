//! The JSON contract: the objects the README's tour records are exactly what the facade's
//! `Answer` serialises to (only `time_ms` differs from run to run). The README itself is read,
//! so the tour and the type cannot drift apart.

use puzzlec_facade::{self as facade, Env, Request};
use puzzlec_slide::request::{SlideInstance, SlideRequest};

const SEED: &str = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";

/// The JSON line printed right after the README line `$ puzzlec <command>`.
fn recorded(command: &str) -> serde_json::Value {
    let readme = include_str!("../../../README.md");
    let lines: Vec<&str> = readme.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == format!("$ puzzlec {command}"))
        .unwrap_or_else(|| panic!("README has no line `$ puzzlec {command}`"));
    let json = lines[at + 1..]
        .iter()
        .find(|l| l.starts_with('{'))
        .unwrap_or_else(|| panic!("README shows no JSON after `{command}`"));
    serde_json::from_str(json).unwrap_or_else(|e| panic!("README's JSON after `{command}`: {e}"))
}

fn answer(req: Request) -> serde_json::Value {
    let a = facade::solve(&req, &Env::default(), &mut |_| {}).unwrap();
    a.to_json()
}

fn same_but_time(mut got: serde_json::Value, mut want: serde_json::Value) {
    for v in [&mut got, &mut want] {
        assert!(v["time_ms"].is_u64(), "time_ms is a number: {v}");
        v["time_ms"] = serde_json::json!(0);
    }
    assert_eq!(got, want);
}

#[test]
fn parity_answer_matches_the_readme() {
    let instance = SlideInstance { board: "2 1 3 / 4 5 6 / 7 8 _".into(), ..Default::default() };
    let req = Request::new("slide", &SlideRequest { instance, ..Default::default() }, Default::default());
    same_but_time(answer(req), recorded("solve slide --board \"2 1 3 / 4 5 6 / 7 8 _\" --json"));
}

#[test]
fn bv_on_cvc5_answer_matches_the_readme() {
    let have_cvc5 =
        std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("cvc5").is_file()));
    if !have_cvc5 {
        assert!(std::env::var_os("CI").is_none(), "CI installs cvc5");
        eprintln!("skipped: cvc5 is not installed (make test installs it)");
        return;
    }
    let instance = SlideInstance { board: SEED.into(), ..Default::default() };
    let req = Request::new(
        "slide",
        &SlideRequest { instance, ..Default::default() },
        facade::SolveOptions { encoding: Some("bv".into()), solver: Some("cvc5".into()), ..Default::default() },
    );
    same_but_time(
        answer(req),
        recorded(&format!("solve slide --board \"{SEED}\" --encoding bv --solver cvc5 --json -q")),
    );
}

#[test]
fn hex_all_answer_starts_as_the_readme_shows() {
    let all = facade::SolveOptions { all: true, ..Default::default() };
    let req = Request::new("hex", &puzzlec_hex::request::HexInstance::default(), all);
    let got = answer(req).to_string();
    let readme = include_str!("../../../README.md");
    let shown = readme
        .lines()
        .skip_while(|l| !l.starts_with("$ puzzlec solve hex --all --json | head -c 60"))
        .nth(1)
        .expect("README shows the head of solve hex --all --json");
    assert_eq!(&got[..60], shown);
}
