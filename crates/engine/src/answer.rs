//! The answer to a request. This type IS the JSON contract: `--json` prints it as it is
//! serialised here (keys sorted, absent fields left out), and batch runs write one per line.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// How a request ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// A solution was found and checked (for `verify`: see `Valid`).
    #[default]
    Solved,
    /// Proved: there is none (or, for `decode`, the solver answered UNSAT).
    NoSolution,
    /// Nothing proved: a limit was reached or a solver gave up.
    Unknown,
    /// `verify`: the plan reaches the goal.
    Valid,
    /// `verify`: the plan fails.
    Invalid,
}

impl Status {
    /// The CLI contract's exit code: 0 solved or valid, 1 none or invalid, 3 unknown.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Solved | Status::Valid => 0,
            Status::NoSolution | Status::Invalid => 1,
            Status::Unknown => 3,
        }
    }
}

/// One solution of an enumeration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Solution {
    /// A plan: its moves as the puzzle writes them.
    Plan(String),
    /// A plan and the grid it implies (the orientations a plan fixes, for instance).
    PlanOnGrid { moves: String, grid: Vec<String> },
    /// A filling, values by cell name.
    Filling { values: BTreeMap<String, i64> },
}

/// What a request found. Fields that do not apply to the puzzle or the outcome are `None` and
/// left out of the JSON.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    pub puzzle: String,
    pub status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// `decode`: the horizon the emitted file encodes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizon: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// True only when a shorter plan was proved impossible.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<usize>,
    /// How far the plan may be above the optimum: `length - lower_bound`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gap: Option<usize>,
    /// The grid `moves` implies or ends on (orientations a plan fixes, its last position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// What only this puzzle reports, under keys of its own beside the shared ones (a
    /// hexagon's `order` and `magic_sum`, a sliding-block plan's `metric`): the puzzle
    /// writes and reads them ([`Answer::own`], [`Answer::set_own`]); the engine never does.
    #[serde(flatten, default)]
    pub own: BTreeMap<String, serde_json::Value>,
    /// A filling: values by cell name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<BTreeMap<String, i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Solution>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// True when the enumeration proved there are no more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// A short tag for why there is no solution (`parity`, `max-moves`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The sentence behind `status` when it is not `solved`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// `verify`: why the plan is invalid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `--certify`: the checked proofs behind the claims.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<crate::certify::Certificate>,
    /// What the answer rests on beyond the solver's word and the replay (e.g. the lemmas of
    /// the pattern-database frontier), said in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trusted: Option<String>,
    /// How a claim was checked beyond the solver's word and the replay (the exact search
    /// confirming an external solver's optimum), said in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<String>,
    /// `--solver a,b,c`: how each racer of the portfolio ended (the winner is `solver`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<Vec<Racer>>,
    /// `collect`: what each horizon's jobs said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collected: Option<Vec<HorizonResult>>,
    /// Pictures for the human rendering (boards, grids, hexagons), in order; not JSON.
    #[serde(skip)]
    pub figures: Vec<String>,
}

impl Answer {
    pub fn new(puzzle: &str, status: Status) -> Answer {
        Answer { puzzle: puzzle.to_owned(), status, ..Answer::default() }
    }

    /// The plans of an answer: every solution's moves, or the one plan.
    pub fn plans(&self) -> Vec<String> {
        match &self.solutions {
            Some(sols) => sols
                .iter()
                .filter_map(|s| match s {
                    Solution::Plan(m) | Solution::PlanOnGrid { moves: m, .. } => Some(m.clone()),
                    Solution::Filling { .. } => None,
                })
                .collect(),
            None => self.moves.iter().cloned().collect(),
        }
    }

    /// The exit code this answer ends the CLI with.
    pub fn exit_code(&self) -> u8 {
        self.status.exit_code()
    }

    /// The JSON object (keys sorted).
    /// Sets one of the puzzle's own keys (`None` leaves it out).
    pub fn set_own<T: Serialize>(&mut self, key: &str, value: Option<T>) {
        match value.map(|v| serde_json::to_value(v).expect("a puzzle's own value serialises")) {
            Some(v) => self.own.insert(key.to_owned(), v),
            None => self.own.remove(key),
        };
    }

    /// One of the puzzle's own keys, read back as `T` (`None` when absent or of another type).
    pub fn own<T: serde::de::DeserializeOwned>(&self, key: &str) -> Option<T> {
        self.own.get(key).and_then(|v| serde_json::from_value(v.clone()).ok())
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("an Answer always serialises")
    }

    /// The answer turned into "proved: none", with a short tag and the sentence why.
    pub fn no_solution(mut self, reason: Option<&str>, detail: impl Into<String>) -> Answer {
        self.status = Status::NoSolution;
        self.reason = reason.map(str::to_owned);
        self.detail = Some(detail.into());
        self
    }

    /// The answer turned into "unknown", with the sentence why.
    pub fn unknown(mut self, detail: impl Into<String>) -> Answer {
        self.status = Status::Unknown;
        self.detail = Some(detail.into());
        self
    }

    /// A plan found (and replayed by the caller): moves, length, whether it is optimal.
    pub fn set_plan(&mut self, plan: &[puzzlec_core::Move], optimal: bool) {
        self.set_plan_text(puzzlec_core::moves_to_string(plan), plan.len(), optimal);
    }

    /// A plan found, as the puzzle writes it, of `length` moves.
    pub fn set_plan_text(&mut self, moves: String, length: usize, optimal: bool) {
        self.moves = Some(moves);
        self.length = Some(length);
        self.optimal = Some(optimal);
        if optimal {
            // What was proved, not the heuristic's first estimate.
            self.lower_bound = Some(length);
            self.gap = None;
        }
    }

    /// The best plan known when nothing better could be proved, with the best proved lower
    /// bound and the gap between them: nothing found is lost at a limit.
    pub fn set_best(&mut self, plan: &[puzzlec_core::Move], lower_bound: usize) {
        self.set_best_text(puzzlec_core::moves_to_string(plan), plan.len(), lower_bound);
    }

    /// [`Answer::set_best`] for a plan as the puzzle writes it, of `length` moves.
    pub fn set_best_text(&mut self, moves: String, length: usize, lower_bound: usize) {
        self.set_plan_text(moves, length, false);
        let lb = self.lower_bound.unwrap_or(0).max(lower_bound).min(length);
        self.lower_bound = Some(lb);
        self.gap = Some(length - lb);
        if self.gap == Some(0) {
            self.optimal = Some(true);
            self.gap = None;
        }
    }
}

/// "1 plan", "6 plans": a count with its noun.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// "1 move", "15 moves".
pub fn moves(n: usize) -> String {
    count(n, "move")
}

/// How one racer ended, as the answer's `portfolio` lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Racer {
    pub solver: String,
    pub status: RacerStatus,
    pub time_ms: u64,
    /// Why it gave up or failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// What one horizon's jobs say.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HorizonResult {
    pub horizon: usize,
    pub result: Verdict,
    pub jobs: usize,
    pub unsat: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<usize>,
    /// Job id and why its answer could not be used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failed: Vec<(usize, String)>,
    /// First moves that no job of the horizon covers (the manifest lost jobs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uncovered: Option<String>,
}

/// How a racer ended: it won, it was stopped (the winner came first), or its own status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RacerStatus {
    Won,
    Stopped,
    Solved,
    NoSolution,
    Unknown,
    Error,
}

impl RacerStatus {
    /// A racer's own status, when it neither won nor was stopped.
    pub fn of(status: Status) -> RacerStatus {
        // Racers only solve; `verify`'s valid and invalid never reach a portfolio.
        match status {
            Status::Solved | Status::Valid => RacerStatus::Solved,
            Status::NoSolution | Status::Invalid => RacerStatus::NoSolution,
            Status::Unknown => RacerStatus::Unknown,
        }
    }

    /// The word the JSON uses (`no-solution`).
    pub fn word(self) -> &'static str {
        match self {
            RacerStatus::Won => "won",
            RacerStatus::Stopped => "stopped",
            RacerStatus::Solved => "solved",
            RacerStatus::NoSolution => "no-solution",
            RacerStatus::Unknown => "unknown",
            RacerStatus::Error => "error",
        }
    }
}

impl std::fmt::Display for RacerStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// What a horizon's jobs prove: a plan (`sat`), none (`unsat`: every job answered UNSAT and
/// the jobs cover the horizon), or nothing yet (`open`: jobs missing, failed or not listed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Sat,
    Unsat,
    #[default]
    Open,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(match self {
            Verdict::Sat => "sat",
            Verdict::Unsat => "unsat",
            Verdict::Open => "open",
        })
    }
}

impl std::fmt::Display for HorizonResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let jobs = crate::answer::count(self.jobs, "job");
        write!(f, "horizon {:>3}: {:<5} ({jobs}, {} UNSAT", self.horizon, self.result, self.unsat)?;
        if !self.missing.is_empty() {
            let ids: Vec<String> = self.missing.iter().map(usize::to_string).collect();
            write!(f, "; missing: {}", ids.join(" "))?;
        }
        for (id, why) in &self.failed {
            write!(f, "; job {id} failed: {why}")?;
        }
        if let Some(moves) = &self.uncovered {
            write!(f, "; no job covers the first moves {moves}")?;
        }
        write!(f, ")")
    }
}
