//! The cross slider: the grid and its rules, the exact search, the SAT/SMT encodings and
//! their driver, and the puzzle's verbs, text, drawing, benchmark family and proofs behind
//! [`Cross`].
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
pub mod solve;
pub mod text;
pub mod verbs;

use puzzlec_engine::family::{FamilyRequest, Labelled};
use puzzlec_engine::options::{Help, Verb};
use puzzlec_engine::prove::{EncodingResult, Mutation};
use puzzlec_engine::{
    Answer, DecodeRequest, EmitRequest, EncodingInfo, Env, Event, Fields, Instance, JobFacts, Kind, Puzzle, Request,
    Result, VerifyRequest,
};

/// The puzzle's name in requests and on the command line.
pub const NAME: &str = "cross";

/// The cross slider, as the registry holds it.
pub struct Cross;

impl Puzzle for Cross {
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
        "Cross slider: choose orientations so the cross reaches the target."
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
}
