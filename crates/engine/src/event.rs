//! Progress while a request runs. The facade reports; a front end decides what to show (the
//! CLI prints plain lines on stderr, a service might stream them, a test might count them).

/// One thing worth telling the user while a request runs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A horizon is being solved (front ends that redraw a status line show it; plain logs
    /// skip it, the answer follows as `Horizon`).
    Solving { horizon: usize },
    /// An enumeration has found `count` solutions so far (status lines show it; plain logs
    /// wait for `Enumerated`).
    Found { count: usize, noun: &'static str },
    /// A horizon was answered: `result` is `sat`, `unsat` or `unknown`.
    Horizon { horizon: usize, result: &'static str, seconds: f64 },
    /// An enumeration finished (or stopped) with `count` solutions of `length` moves.
    Enumerated { count: usize, length: usize, noun: &'static str },
    /// A plan of `length` moves is known (anytime search: each better plan).
    Plan { length: usize, seconds: f64 },
    /// Something the solver needs before it starts (tables, say) is `done` parts of `of`
    /// ready; it takes minutes only the first time, and is kept for later runs.
    Preparing { what: &'static str, done: usize, of: usize, seconds: f64 },
    /// Every plan is proved to need at least `lower_bound` moves.
    Bound { lower_bound: usize, seconds: f64 },
    /// Something a portfolio's racer reported.
    Racer { solver: String, report: Box<Event> },
    /// A portfolio's racer answered first; the others are being stopped.
    Won { solver: String, seconds: f64 },
    /// A property of `prove` was settled on one size.
    Proved { property: &'static str, size: String, result: &'static str, seconds: f64 },
}

impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::Horizon { horizon, result, seconds } => {
                write!(f, "horizon {horizon:>3}: {result:<7} ({seconds:.2} s)")
            }
            Event::Enumerated { count, length, noun } => {
                write!(f, "enumerated {} of {length} moves", crate::answer::count(*count, noun))
            }
            Event::Plan { length, seconds } => write!(f, "plan of {length} moves ({seconds:.2} s)"),
            Event::Proved { property, size, result, seconds } => {
                write!(f, "{size:>5} {property:<55} {result:<8} ({seconds:.2} s)")
            }
            Event::Solving { horizon } => write!(f, "solving horizon {horizon}"),
            Event::Found { count, noun } => write!(f, "enumerating: {} so far", crate::answer::count(*count, noun)),
            Event::Racer { solver, report } => write!(f, "[{solver}] {report}"),
            Event::Won { solver, seconds } => {
                write!(f, "[{solver}] answered first ({seconds:.2} s); stopping the others")
            }
            Event::Preparing { what, done, of, seconds } => {
                write!(f, "{what}: {done} of {of} ready ({seconds:.1} s)")
            }
            Event::Bound { lower_bound, seconds } => {
                write!(f, "lower bound {lower_bound} ({seconds:.2} s)")
            }
        }
    }
}
