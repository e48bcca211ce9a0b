//! Every verb through the facade as data: requests read from JSON, drawings from answers.

use puzzlec_facade::{self as facade, Answer, Env, Instance, Request, SolveOptions, Status};

fn solve(request: Request) -> (Instance, Answer) {
    let answer = facade::solve(&request, &Env::default(), &mut |_| {}).expect("solved");
    assert_eq!(answer.status, Status::Solved);
    (request.instance(), answer)
}

fn request(v: serde_json::Value) -> Request {
    serde_json::from_value(v).unwrap()
}

/// Every drawing is well-formed XML with one piece (or cell) per tile, each with its colour.
#[test]
fn drawings_parse_as_xml_with_a_coloured_group_per_piece() {
    let slide = request(serde_json::json!({"puzzle": "slide", "board": "1 2 3 / 4 _ 6 / 7 5 8"}));
    let cross = request(serde_json::json!({"puzzle": "cross", "size": "3x3"}));
    let hex = request(serde_json::json!({"puzzle": "hex", "all": true}));
    assert!(hex.options.all && !slide.options.all, "{hex:?}");
    for (request, groups) in [(slide, 8), (cross, 8), (hex, 12 * 19)] {
        let (instance, answer) = solve(request);
        let svg = facade::draw(&instance, &answer).expect("drawn");
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let coloured = doc
            .descendants()
            .filter(|n| n.attribute("data-colour").is_some_and(|c| c.len() == 7 && c.starts_with('#')))
            .count();
        assert_eq!(coloured, groups, "{svg}");
    }
}

#[test]
fn an_answer_without_a_plan_is_not_drawn() {
    let instance: Instance =
        serde_json::from_value(serde_json::json!({"puzzle": "slide", "board": "1 2 / 3 _"})).unwrap();
    assert!(facade::draw(&instance, &Answer::new("slide", Status::Unknown)).is_err());
}

#[test]
fn every_verb_reads_its_request_from_json() {
    let board = "5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12";
    let emit: facade::EmitRequest = serde_json::from_value(serde_json::json!({
        "puzzle": "slide", "board": board, "encoding": "compact", "format": "dimacs", "horizon": 15
    }))
    .unwrap();
    assert!(emit.instance.puzzle == "slide" && emit.instance.fields["board"] == board);
    let text = facade::emit(&emit).unwrap();
    assert!(text.contains("horizon=15"), "{}", &text[..200]);
    let verify: facade::VerifyRequest =
        serde_json::from_value(serde_json::json!({"puzzle": "slide", "board": board, "moves": "DDDLUUULDDDLUUU"}))
            .unwrap();
    assert_eq!(facade::verify(&verify).unwrap().exit_code(), 0);
    let hex: facade::EmitRequest =
        serde_json::from_value(serde_json::json!({"puzzle": "hex", "encoding": "lia", "format": "smt2"})).unwrap();
    assert!(facade::emit(&hex).unwrap().contains("check-sat"));
    let jobs: facade::jobs::JobsRequest = serde_json::from_value(serde_json::json!({
        "puzzle": "slide", "board": board, "encoding": null, "solver": "cadical-bin",
        "horizons": {"start": 13, "end": 15}, "cubes": 8, "out": "jobs", "certify": false
    }))
    .unwrap();
    assert_eq!((jobs.horizons, jobs.split), (13..=15, 8));
    let family: facade::family::FamilyRequest = serde_json::from_value(serde_json::json!({
        "puzzle": "slide", "rows": 4, "cols": 4, "walk": null, "count": 3, "seed": 1, "out": "fam"
    }))
    .unwrap();
    assert_eq!(family.puzzle.puzzle, "slide");
    assert_eq!(
        (&family.puzzle.fields["rows"], &family.puzzle.fields["cols"]),
        (&serde_json::json!(4), &serde_json::json!(4))
    );
    assert!(family.puzzle.fields["walk"].is_null());
    let back = serde_json::to_value(&verify).unwrap();
    assert_eq!(back["puzzle"], "slide");
    assert_eq!(back["moves"], "DDDLUUULDDDLUUU");
}

/// The shared options and the puzzle's own fields of a solve request go their ways.
#[test]
fn a_request_keeps_the_shared_options_apart_from_the_puzzles_fields() {
    let r = request(serde_json::json!({"puzzle": "slide", "board": "1 2 / 3 _", "solver": "z3", "max_moves": 4}));
    assert_eq!(r.options.solver.as_deref(), Some("z3"));
    assert!(r.fields.contains_key("max_moves") && !r.fields.contains_key("solver"));
    let default = SolveOptions::default();
    assert!(default.solver.is_none());
}
