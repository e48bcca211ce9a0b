//! A portfolio: `--solver cadical,z3,cvc5` races the solvers on the same request, each on a
//! thread of its own, and the first decisive answer (solved, or proved none) wins.
//!
//! Every racer is an ordinary [`crate::solve`] of the request with one solver, so each
//! answer is replayed and its claims proved exactly as alone. The losers are stopped
//! through a [`stop::Token`]: external process groups are killed and their folders removed
//! by their own wait loops, CaDiCaL's terminate callback and z3's interrupt end the
//! embedded ones, and the exact searches poll the same token. The portfolio returns only
//! when every racer has returned, so nothing of theirs outlives the call.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use puzzlec_core::stop;

use crate::{Answer, Env, Error, ErrorKind, Event, Request, Result, Status};

pub use crate::answer::{Racer, RacerStatus};

/// The solver ids of a portfolio request, or `None` for a single solver.
pub fn ids(req: &Request) -> Option<Vec<String>> {
    let list = req.options().solver.as_deref()?;
    list.contains(',').then(|| list.split(',').map(|s| s.trim().to_owned()).collect())
}

/// Races `ids` on `req`; see the module documentation.
///
/// # Errors
/// An empty or repeated id, or an id no registry knows (bad input), before anything runs;
/// when every racer fails, the first racer's error.
pub fn solve(req: &Request, ids: &[String], env: &Env, on: &mut dyn FnMut(Event)) -> Result<Answer> {
    for (i, id) in ids.iter().enumerate() {
        if id.is_empty() {
            return Err(Error::bad_input(format!("--solver {}: an empty solver id in the list", req_list(ids))));
        }
        if ids[..i].contains(id) {
            return Err(Error::bad_input(format!("--solver {}: {id} is named twice", req_list(ids))));
        }
        if let Err(e) = env.solver(id) {
            if e.kind() == ErrorKind::BadInput {
                return Err(e);
            }
        }
    }
    let started = Instant::now();
    let tokens: Vec<stop::Token> = ids.iter().map(|_| stop::Token::new()).collect();
    let mut ended: Vec<Option<(Result<Answer>, Duration, bool)>> = ids.iter().map(|_| None).collect();
    let mut winner = None;
    let (tx, rx) = mpsc::channel::<(usize, Message)>();
    std::thread::scope(|scope| {
        for (i, id) in ids.iter().enumerate() {
            let (tx, token, env) = (tx.clone(), tokens[i].clone(), env.clone());
            let mut one = req.clone();
            one.options_mut().solver = Some(id.clone());
            let race = move || {
                let t0 = Instant::now();
                let send = |m| {
                    let _ = tx.send((i, m));
                };
                // A racer that panics (a bug) is one racer's error, not the end of the race.
                let run = || stop::within(&token, || crate::solve(&one, &env, &mut |e| send(Message::Event(e))));
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| {
                    Err(Error::unknown(format!(
                        "solver {} crashed inside puzzlec",
                        one.options().solver.as_deref().unwrap_or("?")
                    )))
                });
                send(Message::Done(Box::new(result), t0.elapsed()));
            };
            // IDA* and the encoders recurse: give racers the main thread's stack size.
            std::thread::Builder::new().stack_size(8 << 20).spawn_scoped(scope, race).expect("a racer thread starts");
        }
        drop(tx);
        for (i, message) in rx {
            match message {
                Message::Event(e) if winner.is_none() => {
                    on(Event::Racer { solver: ids[i].clone(), report: Box::new(e) })
                }
                Message::Event(_) => {}
                Message::Done(result, took) => {
                    let result = *result;
                    let decisive = matches!(&result, Ok(a) if a.status != Status::Unknown);
                    if decisive && winner.is_none() {
                        winner = Some(i);
                        tokens.iter().for_each(stop::Token::stop);
                        on(Event::Won { solver: ids[i].clone(), seconds: took.as_secs_f64() });
                    }
                    ended[i] = Some((result, took, winner.is_some_and(|w| w != i)));
                }
            }
        }
    });
    let racers: Vec<Racer> =
        ids.iter().zip(&ended).enumerate().map(|(i, (id, e))| racer(id, e, winner == Some(i))).collect();
    let mut results = ended.into_iter().map(|e| e.expect("every racer ends").0);
    let chosen = match winner {
        Some(w) => results.nth(w).expect("the winner ended"),
        // No decisive answer: the first that said anything (unknown), else the first error.
        None => {
            let all: Vec<Result<Answer>> = results.collect();
            let first_ok = all.iter().position(Result::is_ok);
            all.into_iter().nth(first_ok.unwrap_or(0)).expect("at least two racers")
        }
    };
    let mut answer = chosen?;
    answer.time_ms = Some(started.elapsed().as_millis() as u64);
    answer.portfolio = Some(racers);
    Ok(answer)
}

enum Message {
    Event(Event),
    Done(Box<Result<Answer>>, Duration),
}

fn racer(id: &str, ended: &Option<(Result<Answer>, Duration, bool)>, won: bool) -> Racer {
    let (result, took, after_winner) = ended.as_ref().expect("every racer ends");
    let (status, detail) = match result {
        _ if won => (RacerStatus::Won, None),
        Ok(a) if *after_winner && a.status == Status::Unknown => (RacerStatus::Stopped, None),
        Ok(a) => (RacerStatus::of(a.status), a.detail.clone()),
        Err(e) => (RacerStatus::Error, Some(e.to_string())),
    };
    Racer { solver: id.to_owned(), status, time_ms: took.as_millis() as u64, detail }
}

fn req_list(ids: &[String]) -> String {
    ids.join(",")
}
