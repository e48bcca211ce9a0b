//! How a covered horizon's proof ends: the search knew its answer from the refuted cubes
//! and the check that they leave no plan out, and the certificate derives the empty clause
//! from them ([`puzzlec_solve::proof::cover`], over the clauses [`moves_and_blank`] picks),
//! or, should that fail, by the last solve the search left.

use std::time::Instant;

use puzzlec_core::stop::Token;
use puzzlec_ir::{Cnf, Lit};
use puzzlec_solve::Outcome;

/// A covered horizon, its proof's end left to the certificate (off the search's path): the
/// leaves to derive the empty clause from, and the first solver, kept for a last solve
/// over the cubes' blocking clauses and the frontier's lemmas should the derivation fail.
/// Why not that solve always: it costs as much as the walk (on Korf 68's horizon 49, 0.08
/// s of the horizon's 0.23 s), and every lemma its propagator gives on the way must then be
/// justified by the checker (Korf 51's horizon 54: 10,137 boards looked ahead from).
pub(crate) struct Covered {
    /// The refuted cubes and the pruned prefixes, which leave no plan out: the empty
    /// clause is derived from them first, the last solve made only if that fails.
    pub leaves: Vec<Vec<Lit>>,
    /// The first solver, holding every cube's blocking clause (none when no cube was left).
    pub session: Option<puzzlec_solve::Handed>,
    /// Clauses every cube satisfies (the frontier's lemmas), given first.
    pub lemmas: Vec<Vec<Lit>>,
    pub deadline: Instant,
}

impl Covered {
    pub(super) fn last_solve(self, stop: &Token) -> Result<(), String> {
        let mut session = self.session.ok_or("no solver was loaded to make a last solve")?.into_inner();
        for clause in &self.lemmas {
            session.add_clause(clause);
        }
        let left = puzzlec_core::stop::time_left(Some(self.deadline));
        let outcome = puzzlec_core::stop::within(stop, || session.solve(&[], left));
        drop(session);
        match outcome {
            Outcome::Unsat => Ok(()),
            Outcome::Sat(_) => Err("the last solve found a model where the refuted cubes left none".into()),
            Outcome::Unknown(why) => Err(format!("the last solve gave no answer: {why}")),
        }
    }
}

/// The formula's clauses (with their ids) that decide which moves a prefix of moves allows
/// next, all [`puzzlec_solve::proof::cover`] needs: `compact`'s move variable defined from
/// the blank and the action (`v ∨ ¬B(c,t) ∨ ¬A(t,d)`), the blank's next cell
/// (`¬v ∨ B(x,t+1)`), the moves the blank's cell rules out, the undos, one action per step.
/// Left out: the tiles' positions (most of the formula, which each prefix would propagate a
/// step further) and the clauses that only make other variables false (at most one blank,
/// one action, a move variable off where its blank is not). Measured on Korf 51's horizon
/// 54 (68,504 prefixes): 1.2 s over the whole formula, 0.18 s without the positions. Should
/// a clause the walk needs be left out, the walk fails and the last solve settles the claim.
pub(super) fn moves_and_blank(cnf: &Cnf) -> impl Iterator<Item = (u64, &[Lit])> {
    #[derive(Clone, Copy, PartialEq)]
    enum Var {
        Other,
        Position,
        /// An action or the blank, at a step.
        Action(u32),
        Blank(u32),
    }
    let mut var = vec![Var::Other; cnf.num_vars() as usize + 1];
    let step = |name: &str| name.trim_end_matches(')').rsplit(',').next().and_then(|t| t.parse().ok());
    for (v, name) in cnf.names() {
        var[*v as usize] = match name.get(..2) {
            Some("P(") => Var::Position,
            Some("A(") => name[2..].split(',').next().and_then(|t| t.parse().ok()).map_or(Var::Other, Var::Action),
            Some("B(") => step(name).map_or(Var::Other, Var::Blank),
            _ => Var::Other,
        };
    }
    let kind = move |l: Lit| var[l.unsigned_abs() as usize];
    // Each move variable's step, from its definition.
    let mut moves_at = std::collections::HashMap::new();
    for c in cnf.clauses() {
        if let [a, b, x] = *c {
            let positive: Vec<Lit> = [a, b, x].into_iter().filter(|&l| l > 0).collect();
            let action = [a, b, x].into_iter().find_map(|l| match kind(l) {
                Var::Action(t) if l < 0 => Some(t),
                _ => None,
            });
            if let ([v], Some(t)) = (positive.as_slice(), action) {
                if kind(*v) == Var::Other {
                    moves_at.insert(*v, t);
                }
            }
        }
    }
    let wanted = move |c: &[Lit]| match *c {
        _ if c.iter().any(|&l| kind(l) == Var::Position) => false,
        [a, b] if a < 0 && b < 0 => match (kind(a), kind(b)) {
            (Var::Action(s), Var::Action(t)) => s != t,
            (Var::Blank(_), Var::Blank(_)) => false,
            _ => true,
        },
        [a, b] => {
            let (neg, pos) = if a < 0 { (a, b) } else { (b, a) };
            match (moves_at.get(&-neg), kind(pos)) {
                (Some(&t), Var::Blank(s)) => s == t + 1,
                (Some(_), _) => false,
                (None, _) => true,
            }
        }
        _ => true,
    };
    cnf.clauses().enumerate().filter(move |(_, c)| wanted(c)).map(|(i, c)| (i as u64 + 1, c))
}
