//! Rules played on a symbolic level: each rule's matches (in the reference's scanning
//! order), each applied under the literal that says it fires, as the interpreter applies
//! them (the matches found first, each re-checked when its turn comes), and its commands
//! queued under the literal that says it matched.

use puzzlec_ir::{ClauseSink, Lit};

use super::circuit::{Circuit, F};
use super::turn::{Queue, Sym};
use crate::lang::bits;
use crate::lang::{Cell, Command, Pattern, Rule};

/// The most combinations of row matches one rule may have on a level (a rule of two rows
/// has one per pair of places): past it the level is too large for the encoding.
pub const MAX_TUPLES: usize = 200_000;

/// A candidate match of a row: where its cells are, and the literal that says it matches.
type Match = (Vec<Option<usize>>, Lit);

/// Where each candidate match of a row puts its cells, in scanning order.
pub fn candidates(w: usize, h: usize, rule: &Rule, r: usize) -> Vec<Vec<Option<usize>>> {
    let row = &rule.rows[r];
    let d: isize = match rule.direction {
        1 => -1,
        2 => 1,
        4 => -(h as isize),
        8 => h as isize,
        _ => 0,
    };
    let mut out = Vec::new();
    crate::run::scan(w, h, rule, r, |start, gaps| {
        let (mut pos, mut e) = (start as isize, 0);
        let mut places = Vec::with_capacity(row.len());
        for cell in row {
            match cell {
                Cell::Ellipsis => {
                    pos += gaps[e] as isize * d;
                    e += 1;
                    places.push(None);
                }
                Cell::Pattern(_) => {
                    places.push(Some(pos as usize));
                    pos += d;
                }
            }
        }
        out.push(places);
    });
    out
}

/// Whether a cell pattern holds at cell `i`.
pub fn pattern_at(c: &mut Circuit<impl ClauseSink>, st: &Sym, p: &Pattern, i: usize) -> Lit {
    let mut lits = Vec::new();
    for o in bits::ones(&p.present) {
        lits.push(st.obj(i, o));
    }
    for o in bits::ones(&p.missing).filter(|&o| o < st.k) {
        lits.push(-st.obj(i, o));
    }
    for m in &p.any {
        let any: Vec<Lit> = bits::ones(m).filter(|&o| o < st.k).map(|o| st.obj(i, o)).collect();
        lits.push(c.or_all(&any));
    }
    for b in bits::ones(&p.moving) {
        lits.push(st.mov(i, b));
    }
    for b in bits::ones(&p.still).filter(|&b| b < st.bits_per_cell()) {
        lits.push(-st.mov(i, b));
    }
    c.and_all(&lits)
}

fn row_at(c: &mut Circuit<impl ClauseSink>, st: &Sym, row: &[Cell], places: &[Option<usize>]) -> Lit {
    let mut lits = Vec::with_capacity(row.len());
    for (cell, place) in row.iter().zip(places) {
        if let (Cell::Pattern(p), Some(i)) = (cell, place) {
            lits.push(pattern_at(c, st, p, *i));
            if lits.last() == Some(&F) {
                return F;
            }
        }
    }
    c.and_all(&lits)
}

/// A bit of a cell: an object, or a movement bit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bit {
    Obj(usize),
    Mov(usize),
}

impl Bit {
    pub fn read(self, st: &Sym, i: usize) -> Lit {
        match self {
            Bit::Obj(o) => st.obj(i, o),
            Bit::Mov(b) => st.mov(i, b),
        }
    }

    pub fn write(self, st: &mut Sym, i: usize, v: Lit) {
        match self {
            Bit::Obj(o) => st.set_obj(i, o, v),
            Bit::Mov(b) => st.set_mov(i, b, v),
        }
    }
}

/// The bits a pattern's replacement writes at a cell it matches (true: set, false: cleared),
/// less those the match already fixes (see `lang::effect`): the gates then differ from the
/// interpreter only on levels no turn can reach.
pub fn writes(st: &Sym, p: &Pattern) -> Vec<(Bit, bool)> {
    let e = crate::lang::effect::of(&st.layer_of, p);
    let mut out = Vec::new();
    let mut objects = e.set.to_vec();
    bits::or(&mut objects, &e.clear);
    out.extend(bits::ones(&objects).map(|o| (Bit::Obj(o), bits::get(&e.set, o))));
    let mut moves = e.moves_set.to_vec();
    bits::or(&mut moves, &e.moves_clear);
    out.extend(bits::ones(&moves).map(|b| (Bit::Mov(b), bits::get(&e.moves_set, b))));
    out
}

/// The literal that says the replacement of `p` would change cell `i` of `st`.
fn differs(c: &mut Circuit<impl ClauseSink>, st: &Sym, p: &Pattern, i: usize) -> Lit {
    differs_by(c, st, i, &writes(st, p))
}

/// The literal that says `writes` would change cell `i` of `st`.
pub fn differs_by(c: &mut Circuit<impl ClauseSink>, st: &Sym, i: usize, writes: &[(Bit, bool)]) -> Lit {
    let d: Vec<Lit> = writes.iter().map(|&(bit, set)| if set { -bit.read(st, i) } else { bit.read(st, i) }).collect();
    c.or_all(&d)
}

/// Rewrites cell `i` when `fire`; the literal that says the cell changed (unless `exact`:
/// one that holds where it fired with something to write).
fn replace(c: &mut Circuit<impl ClauseSink>, st: &mut Sym, p: &Pattern, i: usize, fire: Lit, exact: bool) -> Lit {
    let writes = writes(st, p);
    let any = match exact {
        true => differs_by(c, st, i, &writes),
        false => super::circuit::constant(!writes.is_empty()),
    };
    for (bit, set) in writes {
        let old = bit.read(st, i);
        let v = if set { c.or(old, fire) } else { c.and(old, -fire) };
        bit.write(st, i, v);
    }
    c.and(fire, any)
}

/// One rule's turn in a repetition that only tells whether its group is still changing
/// (see [`super::groups`]): whether some combination of the rows' matches on `st` would
/// change the level, its commands queued; nothing written.
///
/// Why that is the repetition's answer: played in order, the first application that
/// changes anything meets the level as the repetition found it (every one before it left
/// it as it was), and its match holds there; so the repetition changes something exactly
/// when some rule has a match on `st` whose replacement differs from `st`. Where it
/// changes nothing the level stays `st` throughout, and each rule matches as it does on
/// `st`, which is when its commands are queued.
pub fn probe(c: &mut Circuit<impl ClauseSink>, st: &Sym, q: &mut Queue, rule: &Rule, guard: Lit) -> Lit {
    if rule.free {
        let (changes, matched) = super::free::probe(c, st, rule, guard);
        q.push(c, matched, &rule.commands);
        return changes;
    }
    let (mut per_row, mut changes) = (Vec::new(), Vec::new());
    for (r, cells) in rule.rows.iter().enumerate() {
        let mut ms = Vec::new();
        for places in candidates(st.w, st.h, rule, r) {
            let m = row_at(c, st, cells, &places);
            if m == F {
                continue;
            }
            ms.push(m);
            if rule.has_replacements {
                let d: Vec<Lit> = cells
                    .iter()
                    .zip(&places)
                    .filter_map(|(cell, place)| match (cell, place) {
                        (Cell::Pattern(p), Some(i)) => Some(differs(c, st, p, *i)),
                        _ => None,
                    })
                    .collect();
                let d = c.or_all(&d);
                changes.push(c.and(m, d));
            }
        }
        if ms.is_empty() {
            return F;
        }
        per_row.push(c.or_all(&ms));
    }
    per_row.push(guard);
    let matched = c.and_all(&per_row);
    q.push(c, matched, &rule.commands);
    let any = c.or_all(&changes);
    c.and(matched, any)
}

/// One rule's turn where `guard` holds (else it does nothing): the literal that says it
/// changed the level (unless `exact`: one that holds where it fired with something to
/// write), and the one that says the encoding fell short of it (else `F`).
///
/// The interpreter applies a rule of several rows to every combination of its rows'
/// matches. Written out, that is a product (a rule over four lone objects on a 6x4 level has
/// 24^4 combinations), while on the levels a game reaches each row mostly matches once. So
/// unless `product`, a rule of several rows is written for one match per row, exactly the
/// interpreter's turn when that holds, and says it fell short where some row matches twice;
/// the search then writes that rule with the product (see [`super::raise`]).
///
/// # Errors
/// The product has more combinations of matches than [`MAX_TUPLES`].
pub fn apply(
    c: &mut Circuit<impl ClauseSink>,
    st: &mut Sym,
    q: &mut Queue,
    rule: &Rule,
    (product, exact): (bool, bool),
    guard: Lit,
) -> Result<(Lit, Lit), String> {
    if rule.free {
        let (changed, matched) = super::free::apply(c, st, rule, (guard, exact));
        q.push(c, matched, &rule.commands);
        let changed = match exact {
            true => c.or_all(&changed),
            false => super::circuit::constant(changed.iter().any(|&l| l != F)),
        };
        return Ok((changed, F));
    }
    let mut rows: Vec<Vec<Match>> = Vec::new();
    for r in 0..rule.rows.len() {
        let mut kept = Vec::new();
        for places in candidates(st.w, st.h, rule, r) {
            let m = row_at(c, st, &rule.rows[r], &places);
            if m != F {
                kept.push((places, m));
            }
        }
        if kept.is_empty() {
            return Ok((F, F));
        }
        rows.push(kept);
    }
    let per_row: Vec<Lit> =
        rows.iter().map(|row| row.iter().map(|(_, m)| *m).collect::<Vec<Lit>>()).map(|ms| c.or_all(&ms)).collect();
    let matched = c.and_all(&per_row);
    let matched = c.and(guard, matched);
    let (mut changed, mut short) = (Vec::new(), F);
    if rule.has_replacements && rows.len() > 1 && !product {
        let mut twice = Vec::new();
        for (r, (row, cells)) in rows.iter().zip(&rule.rows).enumerate() {
            // A row that writes nothing is a condition, however often it matches (see
            // `lang::quiet`): the rule's other rows carry its replacement.
            if rule.quiet[r] {
                continue;
            }
            let (mut seen, mut again) = (F, F);
            for (places, m) in row {
                let both = c.and(seen, *m);
                again = c.or(again, both);
                seen = c.or(seen, *m);
                let fire = c.and(matched, *m);
                for (cell, place) in cells.iter().zip(places) {
                    if let (Cell::Pattern(p), Some(i)) = (cell, place) {
                        changed.push(replace(c, st, p, *i, fire, exact));
                    }
                }
            }
            twice.push(again);
        }
        let twice = c.or_all(&twice);
        short = c.and(matched, twice);
    } else if rule.has_replacements {
        changed = product_of(c, st, rule, &rows, (guard, exact))?;
    }
    q.push(c, matched, &rule.commands);
    let changed = match exact {
        true => c.or_all(&changed),
        false => super::circuit::constant(changed.iter().any(|&l| l != F)),
    };
    Ok((changed, short))
}

/// Every combination of the rows' matches applied in turn, each re-checked when its turn
/// comes (the first row's match changes fastest, as the reference combines them); the
/// literals that say a cell changed (as [`replace`] says them).
fn product_of(
    c: &mut Circuit<impl ClauseSink>,
    st: &mut Sym,
    rule: &Rule,
    rows: &[Vec<Match>],
    (guard, exact): (Lit, bool),
) -> Result<Vec<Lit>, String> {
    let count: usize = rows.iter().map(Vec::len).product();
    if count > MAX_TUPLES {
        return Err(format!(
            "the rule of line {} has {count} combinations of matches on this level (at most {MAX_TUPLES} are encoded)",
            rule.line
        ));
    }
    let mut changed = Vec::new();
    let mut index = vec![0usize; rows.len()];
    for n in 0..count {
        if n % 1024 == 1023 && puzzlec_core::stop::overdue() {
            return Err("the formula's deadline passed".into());
        }
        let start: Vec<Lit> = index.iter().zip(rows).map(|(&j, row)| row[j].1).chain(std::iter::once(guard)).collect();
        let start = c.and_all(&start);
        if start != F {
            let now: Vec<Lit> = index
                .iter()
                .zip(rows)
                .zip(&rule.rows)
                .map(|((&j, row), cells)| row_at(c, st, cells, &row[j].0))
                .collect();
            let now = c.and_all(&now);
            let fire = c.and(start, now);
            for ((&j, row), cells) in index.iter().zip(rows).zip(&rule.rows) {
                for (cell, place) in cells.iter().zip(&row[j].0) {
                    if let (Cell::Pattern(p), Some(i)) = (cell, place) {
                        changed.push(replace(c, st, p, *i, fire, exact));
                    }
                }
            }
        }
        for (r, j) in index.iter_mut().enumerate() {
            *j += 1;
            if *j < rows[r].len() {
                break;
            }
            *j = 0;
        }
    }
    Ok(changed)
}

/// Whether a rule's commands say `word`.
pub fn says(commands: &[Command], word: &Command) -> bool {
    commands.iter().any(|x| x.word() == word.word())
}
