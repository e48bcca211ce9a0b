//! Magic hexagons of any order: the geometry and the filling rules, the SAT/SMT encodings,
//! the enumeration over symmetry classes, and the puzzle's verbs, text, drawing, benchmark
//! family and proofs behind [`Hex`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

pub mod draw;
pub mod drive;
pub mod encodings;
pub mod family;
pub mod options;
pub mod prove;
pub mod request;
pub mod rules;
pub mod text;
pub mod verbs;

use std::collections::BTreeMap;

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::options::{Help, Verb};
use puzzlec_engine::prove::{EncodingResult, Mutation};
use puzzlec_engine::{
    Answer, DecodeRequest, EmitRequest, EncodingInfo, Env, Event, Fields, Instance, Kind, Puzzle, Request, Result,
};

/// The puzzle's name in requests and on the command line.
pub const NAME: &str = "hex";

/// Magic hexagons, as the registry holds them.
pub struct Hex;

impl Puzzle for Hex {
    fn name(&self) -> &'static str {
        NAME
    }

    fn help(&self, verb: Verb) -> Option<Help> {
        options::help(verb)
    }

    fn args(&self, verb: Verb, cmd: clap::Command) -> clap::Command {
        options::args(verb, cmd)
    }

    fn fields(&self, verb: Verb, matches: &clap::ArgMatches) -> Result<Fields> {
        options::fields_of(verb, matches)
    }

    fn about(&self) -> &'static str {
        "Magic hexagon: fill cells 1..N so every line has the same sum."
    }

    fn kind(&self) -> Kind {
        Kind::Filling
    }

    fn keys(&self) -> &'static [&'static str] {
        request::KEYS
    }

    fn encodings(&self) -> Vec<&'static EncodingInfo> {
        encodings::ALL.iter().map(|e| e.info()).collect()
    }

    fn solve(&self, req: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
        verbs::solve(req, env, on)
    }

    fn emit(&self, req: &EmitRequest) -> Result<String> {
        verbs::emit(&req.instance.read()?, req)
    }

    /// Order, givens and symmetry come from the file's header, not the request.
    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        verbs::decode(req)
    }

    fn check_filling(&self, instance: &Instance, values: &BTreeMap<String, i64>) -> std::result::Result<(), String> {
        verbs::check_values(&instance.read().map_err(|e| e.to_string())?, values)
    }

    fn text(&self, answer: &Answer) -> String {
        text::solved(answer)
    }

    fn decoded_text(&self, answer: &Answer) -> String {
        text::decoded(answer)
    }

    fn draw(&self, _instance: &Instance, answer: &Answer) -> Result<String> {
        draw::render(answer)
    }

    fn family(&self, req: &FamilyRequest, env: &Env) -> Result<Vec<Labelled>> {
        family::labelled(req, env)
    }

    fn prove_encodings(
        &self,
        env: &Env,
        quick: bool,
        on: &mut dyn FnMut(Event),
    ) -> Result<(Vec<EncodingResult>, Vec<Mutation>)> {
        prove::encodings(env, quick, on)
    }
}
