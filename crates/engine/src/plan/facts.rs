//! A plan puzzle as facts: what its instance is, how it parses, which encodings it has and how
//! one lowers an instance, how a plan is read, replayed and shown, and how horizons go. The
//! verbs that need nothing else (`emit`, `decode`, `verify`, `jobs`) are written once, here,
//! for every puzzle that states these facts: a puzzle implements [`PlanPuzzle`] and gets
//! [`crate::Verbs`].

use std::time::Instant;

use puzzlec_drive::horizon::{Attempt, Horizons, Shortest};
use puzzlec_drive::lowering::Lowering;
use puzzlec_drive::DriveError;
use puzzlec_encode::Encoding as _;
use puzzlec_solve::Form;

use crate::answer::{Answer, Status};
use crate::error::Result;
use crate::files;
use crate::opinion::Opinion;
use crate::plan::{Case, Encoded, Searched};
use crate::puzzle::{Choices, JobFacts, Verbs};
use crate::request::{DecodeRequest, EmitRequest, Instance, VerifyRequest};

/// The facts of a plan puzzle.
pub trait PlanPuzzle: Sync + Sized {
    /// The puzzle's name in requests, headers and messages.
    const NAME: &'static str;
    /// How horizons go: 2 where every plan's length has one parity (a horizon is "exactly H
    /// moves"), 1 where a horizon is "at most H moves".
    const STRIDE: usize;
    /// The solver when the request names none: `search` (the exact search) or a backend.
    const SOLVER: &'static str;
    /// The longest plan looked for when the request names none, and the most it may name.
    const MAX_MOVES: (usize, usize);
    /// Whether the exact search lists every shortest plan (`--all` without a SAT solver).
    const LISTS: bool;
    /// The word for one step of a plan, in the lines of every level.
    const MOVE: &'static str = "move";
    /// The instance as a request's fields hold it.
    type Fields: serde::de::DeserializeOwned;
    /// The instance, parsed and checked.
    type Board;
    /// One move of a plan.
    type Step: Clone;
    /// The puzzle's encodings.
    type Encoding: ?Sized + puzzlec_encode::PlanEncoding<Self::Board, Step = Self::Step> + 'static;

    /// Every encoding, in the order defaults are chosen.
    const ENCODINGS: &'static [&'static Self::Encoding];

    /// The instance from its fields.
    ///
    /// # Errors
    /// Bad input naming the flag, file or line that is wrong.
    fn board(fields: &Self::Fields) -> Result<Self::Board>;

    /// The header line of a written file of `horizon` (what `decode` checks the instance
    /// by): `puzzlec <name> encoding=<encoding> ... horizon=<horizon>`.
    fn header(encoding: &Self::Encoding, board: &Self::Board, horizon: usize) -> String;

    /// Every plan has at least this many moves (and the parity of any plan's length).
    fn lower_bound(board: &Self::Board) -> usize;

    /// The words of "horizon H has no plan": "no plan of exactly 13 moves" (of at most 13
    /// where horizons go up by one).
    fn none_at(horizon: usize) -> String {
        let how = if Self::STRIDE == 1 { "at most" } else { "exactly" };
        format!("no plan of {how} {}", crate::answer::moves(horizon))
    }

    /// A plan from its text.
    ///
    /// # Errors
    /// Bad input naming what does not parse.
    fn plan(board: &Self::Board, text: &str) -> Result<Vec<Self::Step>>;

    /// A plan as the puzzle writes it (the answer's `moves`).
    fn write(board: &Self::Board, plan: &[Self::Step]) -> String;

    /// Replays a plan through the rules: `Err` says how it fails.
    fn replay(board: &Self::Board, plan: &[Self::Step]) -> std::result::Result<(), String>;

    /// Writes replayed plans into the answer: every plan when `complete` is given. By
    /// default the moves as [`Self::write`] writes them; a puzzle adds its figures.
    fn show(
        answer: &mut Answer,
        board: &Self::Board,
        plans: &[Vec<Self::Step>],
        optimal: bool,
        complete: Option<bool>,
    ) {
        let first = plans.first().map(Vec::as_slice).unwrap_or_default();
        answer.set_plan_text(Self::write(board, first), first.len(), optimal);
        if let Some(complete) = complete {
            answer.count = Some(plans.len());
            answer.complete = Some(complete);
            let all = plans.iter().map(|plan| crate::answer::Solution::Plan(Self::write(board, plan)));
            answer.solutions = Some(all.collect());
        }
    }

    /// The exact search's word on "no plan shorter than `below`", by `deadline` (the
    /// second opinion on an external solver's UNSAT). By default [`Self::search`] up to
    /// `below` moves, its plan replayed.
    fn exact(board: &Self::Board, below: usize, deadline: Instant) -> Opinion {
        match Self::search(board, Some(below), false, Some(deadline), &mut |_| {}) {
            Searched::Plans { plans, .. } => match plans.first() {
                Some(plan) if plan.len() < below && Self::replay(board, plan).is_ok() => Opinion::Shorter(plan.len()),
                Some(plan) if plan.len() < below => Opinion::NoTime,
                _ => Opinion::Confirmed,
            },
            Searched::None(..) => Opinion::Confirmed,
            Searched::Limit { .. } => Opinion::NoTime,
        }
    }

    /// `verify`: replays a plan, writing what the answer shows of it; `Err` says how it
    /// fails. By default the plan as a solved answer shows it.
    fn judge(board: &Self::Board, plan: &[Self::Step], answer: &mut Answer) -> std::result::Result<(), String> {
        Self::replay(board, plan)?;
        Self::show(answer, board, &[plan.to_vec()], false, None);
        answer.optimal = None;
        Ok(())
    }

    /// The reason and the words of "no plan of at most `max` moves" (the run ends at
    /// `deadline`: a look that sharpens the words must end before it).
    fn none_within(_board: &Self::Board, max: usize, _deadline: Option<Instant>) -> (Option<&'static str>, String) {
        (None, format!("no plan of at most {}", crate::answer::moves(max)))
    }

    /// The whole search on one solver kept across horizons, where the puzzle has one for this
    /// encoding and backend (`None`: each horizon is probed afresh).
    fn session(
        _case: &Case<'_, Self>,
        _horizons: Horizons,
        _progress: &mut dyn FnMut(&Attempt),
    ) -> Option<std::result::Result<Shortest<Vec<Self::Step>>, DriveError>> {
        None
    }

    /// Every plan of exactly `horizon` moves, where the puzzle lists them itself (`None`: the
    /// blocking clauses on the plain formula, [`super::Plans::all`]).
    fn all(
        _case: &Case<'_, Self>,
        _horizon: usize,
        _deadline: Option<Instant>,
        _found: &mut dyn FnMut(usize),
    ) -> Option<super::Every<Self::Step>> {
        None
    }

    /// What an UNSAT at `horizon` rests on besides the solver, when anything does (see
    /// [`super::Plans::trusted`]): clauses a session added that do not follow from the
    /// formula by resolution.
    fn trusted(_case: &Case<'_, Self>, _horizon: usize, _certified: bool) -> Option<String> {
        None
    }

    /// A plan made shorter by the rules where they allow it (detours cut), for searches
    /// whose horizons say "at most H moves".
    fn shorten(_board: &Self::Board, plan: Vec<Self::Step>) -> Vec<Self::Step> {
        plan
    }

    /// The exact search: the shortest plan (every one with `all`, where [`Self::LISTS`]),
    /// of at most `max_moves` when the request says, saying its progress through `on`.
    fn search(
        board: &Self::Board,
        max_moves: Option<usize>,
        all: bool,
        deadline: Option<Instant>,
        on: &mut dyn FnMut(crate::Event),
    ) -> Searched<Self::Step>;

    /// What the answer says of the instance and of the run beyond its plans (a puzzle's own
    /// keys), written once the run ended.
    fn describe(_answer: &mut Answer, _board: &Self::Board) {}

    /// The instances a request names when it names several (every level of a file, each
    /// solved in turn, a line each with a summary); empty when it names one.
    ///
    /// # Errors
    /// Bad input naming the file that does not read.
    fn levels(_fields: &Self::Fields) -> Result<Vec<Self::Fields>> {
        Ok(Vec::new())
    }

    /// The instance `decode` reads: the request's fields, completed from the written file's
    /// header (`key=value` pairs) where the request leaves something out.
    ///
    /// # Errors
    /// Bad input naming the header's field that does not read.
    fn from_header(fields: Self::Fields, _header: &std::collections::HashMap<String, String>) -> Result<Self::Fields> {
        Ok(fields)
    }

    /// Why no plan can exist, seen before any solver runs (a goal even the relaxed puzzle
    /// cannot reach): the reason and the words.
    fn hopeless(_board: &Self::Board) -> Option<(Option<&'static str>, String)> {
        None
    }

    /// A short look before the horizon search, within the run's time, for a goal no reachable
    /// position reaches (climbing every horizon to `max` would be waste).
    fn look(_board: &Self::Board, _max: usize, _deadline: Option<Instant>) -> Option<(Option<&'static str>, String)> {
        None
    }

    /// The encoding `emit` writes in `form` when none is named.
    fn emits(_board: &Self::Board, form: Form) -> &'static str {
        crate::choose::first_in(Self::ENCODINGS, form)
    }

    /// The encoding jobs split when none is named: by default the first that offers a choice
    /// at the first step, else the first.
    fn splits(board: &Self::Board) -> &'static Self::Encoding {
        let all = Self::ENCODINGS;
        let splits = |e: &&&'static Self::Encoding| !Self::choices(e, board)(0, &[]).is_empty();
        all.iter().find(splits).or(all.first()).copied().expect("a puzzle has an encoding")
    }

    /// What a job may fix at each step in `encoding` (see [`JobFacts::choices`]); by default
    /// nothing, so that a horizon is one job.
    fn choices(_encoding: &'static Self::Encoding, _board: &Self::Board) -> Choices {
        Box::new(|_, _| Vec::new())
    }

    /// Refuses an encoding that cannot encode this instance, saying which can.
    ///
    /// # Errors
    /// Bad input naming the encoding and the ways there are.
    fn fits(_encoding: &Self::Encoding, _board: &Self::Board) -> Result<()> {
        Ok(())
    }

    /// The encoding called `name`.
    ///
    /// # Errors
    /// Bad input listing the names there are.
    fn encoding(name: &str) -> Result<&'static Self::Encoding> {
        crate::choose::named(Self::NAME, Self::ENCODINGS, name)
    }
}

impl<P: PlanPuzzle> Verbs for P {
    /// One horizon's encoding as file text.
    fn emit(&self, req: &EmitRequest) -> Result<String> {
        let board = P::board(&req.instance.read()?)?;
        let default = P::emits(&board, req.format);
        let encoding = crate::choose::writing(P::NAME, P::ENCODINGS, req.encoding.as_deref(), default, req.format)?;
        P::fits(encoding, &board)?;
        crate::plan::emit(&Encoded::<P>::new(encoding, &board), req.horizon, req.format)
    }

    /// Decodes a solver's answer to an emitted file and replays the plan: a file that is not
    /// this instance's is bad input, an answer that does not decode or replay is the
    /// solver's fault.
    fn decode(&self, req: &DecodeRequest) -> Result<Answer> {
        let fields = files::header_fields(req, P::NAME)?;
        let board = P::board(&P::from_header(req.instance.read()?, &fields)?)?;
        let encoding = P::encoding(files::field(&fields, req, "encoding")?)?;
        let horizon = files::horizon(&fields, req)?;
        let lowered = Encoded::<P>::new(encoding, &board);
        files::check_header(req, &lowered.header(horizon))?;
        let mut answer = Answer::new(P::NAME, Status::Solved);
        answer.horizon = Some(horizon);
        let Some(model) = files::read_model(req)? else {
            answer.status = Status::NoSolution;
            answer.detail = Some(format!("unsatisfiable: {}", P::none_at(horizon)));
            return Ok(answer);
        };
        let plan = lowered.decode(&format!("({})", req.answer_origin), &model, horizon)?;
        answer.encoding = Some(encoding.name().into());
        P::show(&mut answer, &board, &[plan], false, None);
        answer.optimal = None;
        Ok(answer)
    }

    /// Replays a plan strictly through the rules.
    fn verify(&self, req: &VerifyRequest) -> Result<Answer> {
        let board = P::board(&req.instance.read()?)?;
        let plan = P::plan(&board, &req.moves)?;
        let mut answer = Answer::new(P::NAME, Status::Valid);
        answer.length = Some(plan.len());
        if let Err(e) = P::judge(&board, &plan, &mut answer) {
            answer.status = Status::Invalid;
            answer.error = Some(e);
        }
        Ok(answer)
    }

    /// What cluster jobs need: the encoding (named, else the one the puzzle splits), the
    /// lower bound, the stride and the choices at each step.
    fn jobs(&self, given: &Instance, name: Option<&str>) -> Result<JobFacts> {
        let board = P::board(&given.read()?)?;
        let encoding = match name {
            Some(n) => P::encoding(n)?,
            None => P::splits(&board),
        };
        P::fits(encoding, &board)?;
        let choices = P::choices(encoding, &board);
        Ok(JobFacts { encoding: encoding.name(), lower_bound: P::lower_bound(&board), step: P::STRIDE, choices })
    }
}
