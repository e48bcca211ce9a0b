//! Sliding tiles (any RxC): the board and its rules, the exact searches and pattern
//! databases, the SAT/SMT encodings, the drivers that search horizons with them, and the
//! puzzle's verbs, text, drawing, benchmark family and proofs behind [`Slide`].
//!
//! Everything that knows this puzzle lives in this crate; the generic layers reach it
//! through [`puzzlec_engine::Puzzle`] and the facade's registry.

pub mod anytime;
pub mod draw;
pub mod drive;
pub mod encodings;
pub mod family;
pub mod options;
pub mod prove;
pub mod request;
pub mod rules;
pub mod solve;
pub mod text;
pub mod verbs;

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::options::{Help, Verb};
use puzzlec_engine::prove::{EncodingResult, InvariantsReport, Mutation};
use puzzlec_engine::{
    Answer, DecodeRequest, EmitRequest, EncodingInfo, Env, Event, Fields, Form, Instance, JobFacts, Kind, Puzzle,
    Request, Result, VerifyRequest,
};

/// The puzzle's name in requests and on the command line.
pub const NAME: &str = "slide";

/// Sliding tiles, as the registry holds them.
pub struct Slide;

impl Puzzle for Slide {
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
        "Sliding tiles: reach the goal board in the fewest moves."
    }

    fn kind(&self) -> Kind {
        Kind::Plan
    }

    fn keys(&self) -> &'static [&'static str] {
        request::KEYS
    }

    fn encodings(&self) -> Vec<&'static EncodingInfo> {
        encodings::ALL.iter().map(|e| e.info()).collect()
    }

    fn default_encoding(&self, form: Form) -> Option<&'static str> {
        Some(drive::default_encoding(form).name())
    }

    fn solve(&self, req: &Request, env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
        solve::solve(req, env, on)
    }

    fn emit(&self, req: &EmitRequest) -> Result<String> {
        verbs::emit(&req.instance.read()?, req)
    }

    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        verbs::decode(&req.instance.read()?, req)
    }

    fn verify(&self, req: &VerifyRequest) -> Result<Answer> {
        verbs::verify(&req.instance.read()?, req)
    }

    fn text(&self, answer: &Answer) -> String {
        text::solved(answer)
    }

    fn decoded_text(&self, answer: &Answer) -> String {
        puzzlec_engine::text::decoded_plan(answer)
    }

    fn draw(&self, instance: &Instance, answer: &Answer) -> Result<String> {
        draw::render(&instance.read()?, answer)
    }

    fn jobs(&self, instance: &Instance, encoding: Option<&str>) -> Result<JobFacts> {
        verbs::job_facts(&instance.read()?, encoding)
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

    fn invariants(
        &self,
        env: &Env,
        sides: std::ops::RangeInclusive<usize>,
        on: &mut dyn FnMut(Event),
    ) -> Option<Result<InvariantsReport>> {
        Some(prove::invariants(env, sides, on))
    }
}
