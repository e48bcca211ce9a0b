//! The claim's CNF (what its named variables say, and the start, goal and horizon it fixes)
//! and the lemmas, each checked against its justification.
//!
//! A lemma file has one lemma a line, its justification, ` : `, then its clause in DIMACS:
//! - `f MOVES H : clause`: the plan cannot begin with MOVES (letters U D L R, the
//!   direction each tile slides, from the start; none when the start itself is too far,
//!   and then the clause is empty): after them the board's estimate (the largest of the
//!   tables' direct and transposed lookups and the Manhattan distance with linear
//!   conflicts) is at least H, and |MOVES| + H exceeds the horizon. The clause is "not A(t,m) for some
//!   t", over the moves' action variables.
//! - `t STEP G=V G=V ... @ TILE:CELL TILE:CELL ... : clause`: not all of these tiles on
//!   these cells after STEP moves. The clause is exactly the negated `P(TILE,CELL,STEP)` of
//!   the placements listed; each group G named holds V: its table entry when every tile of
//!   G is listed, else the Manhattan distances of its tiles listed; every tile listed is in
//!   a group named; STEP + the sum exceeds the horizon.
//! - `t STEP m G=V ... @ ... : clause`: the same with the tables read on the transposed
//!   board (the goal being its own transpose): group G's tiles are then the tiles that take
//!   the parts of G's tiles, and a full group's entry is looked up on their transposed
//!   cells.
//! - `l STEP LETTER BLANK [m] G=V ... @ TILE:CELL ... : clause`: not all of these tiles on
//!   these cells with the blank on BLANK after STEP moves while move STEP (from 0) slides a
//!   tile LETTER: the clause is the negated placements, `B(BLANK,STEP)` and
//!   `A(STEP,LETTER)`. The move takes the tile next to the blank (on the side opposite
//!   LETTER) onto BLANK; with the tiles listed where that leaves them, the groups named
//!   hold their values (as for `t`), and STEP + 1 + the sum exceeds the horizon.
//! - `k STEP DEPTH LEFT @ TILE:CELL ... : clause`: every tile listed, so the whole board
//!   after STEP moves; the clause is its negated placements and the action variables of the
//!   moves LEFT (`-` for none) of step STEP: from this board the plan plays one of those.
//!   Every other legal move leads to a board from which a search of DEPTH - 1 moves (on the
//!   tables' estimate, no move undoing the one before) finds every path to the goal longer
//!   than the H - STEP - 1 moves left. Where the CNF itself forbids undoing a move (its
//!   binary clauses, found there), the search leaves out a first move that undoes the
//!   move to the board, as no model's plan makes it.
//!
//! Lines starting with `c` are comments.

use std::collections::HashMap;

use crate::board::Shape;
use crate::tables::Tables;
use crate::CheckError;

/// What a variable's name says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meaning {
    /// Tile on cell after t moves.
    Position { tile: u8, cell: usize, t: usize },
    /// The move of step t (from 0) slides a tile in this direction.
    Action { t: usize, letter: char },
    /// The blank on cell after t moves.
    Blank { cell: usize, t: usize },
}

fn meaning(name: &str) -> Option<Meaning> {
    let inner = |prefix: &str| name.strip_prefix(prefix)?.strip_suffix(')').map(|s| s.split(',').collect::<Vec<_>>());
    if let Some(p) = inner("P(") {
        let [tile, cell, t] = p.as_slice() else { return None };
        return Some(Meaning::Position { tile: tile.parse().ok()?, cell: cell.parse().ok()?, t: t.parse().ok()? });
    }
    if let Some(b) = inner("B(") {
        let [cell, t] = b.as_slice() else { return None };
        return Some(Meaning::Blank { cell: cell.parse().ok()?, t: t.parse().ok()? });
    }
    let a = inner("A(")?;
    let [t, letter] = a.as_slice() else { return None };
    let letter = letter.chars().next().filter(|c| "UDLR".contains(*c) && letter.len() == 1)?;
    Some(Meaning::Action { t: t.parse().ok()?, letter })
}

/// The claim's CNF, read.
pub struct Formula {
    pub vars: u32,
    pub clauses: Vec<Vec<i32>>,
    meanings: HashMap<u32, Meaning>,
    pub(crate) actions: HashMap<(usize, char), i32>,
    pub(crate) positions: HashMap<(u8, usize, usize), i32>,
    pub(crate) blanks: HashMap<(usize, usize), i32>,
    pub start: Vec<u8>,
    pub goal: Vec<u8>,
    pub horizon: usize,
    /// The clauses forbid every move that undoes the move before it (found among them, not
    /// taken on trust): then no model's plan starts, from any step, by undoing the move that
    /// led there, which a `k` lemma's search may use.
    pub forbids_undo: bool,
}

impl Formula {
    /// Reads DIMACS with `c var V NAME` lines; the start and the goal are the cells the unit
    /// clauses put each tile on after 0 and after H moves, H the last step named.
    ///
    /// # Errors
    /// Malformed DIMACS, or a start or goal that the unit clauses do not fix.
    pub fn read(text: &str, shape: Shape) -> Result<Formula, CheckError> {
        let bad = |why: String| CheckError::Cnf(why);
        let (mut vars, mut declared) = (0u32, None);
        let (mut clauses, mut open) = (Vec::new(), Vec::new());
        let mut meanings = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("c var ") {
                let (v, name) =
                    rest.split_once(' ').ok_or_else(|| bad(format!("line {}: a var line without a name", i + 1)))?;
                let v: u32 = v.parse().map_err(|_| bad(format!("line {}: bad variable", i + 1)))?;
                if let Some(m) = meaning(name.trim()) {
                    meanings.insert(v, m);
                }
            } else if line.starts_with('c') || line.is_empty() {
            } else if let Some(rest) = line.strip_prefix("p cnf ") {
                let nums: Vec<usize> = rest.split_whitespace().filter_map(|x| x.parse().ok()).collect();
                let [v, c] = nums.as_slice() else { return Err(bad("a bad p line".into())) };
                (vars, declared) = (*v as u32, Some(*c));
            } else {
                for lit in line.split_whitespace() {
                    let l: i32 = lit.parse().map_err(|_| bad(format!("line {}: not a literal: {lit}", i + 1)))?;
                    if l == 0 {
                        clauses.push(std::mem::take(&mut open));
                    } else if l.unsigned_abs() > vars {
                        return Err(bad(format!("line {}: literal {l} beyond the {vars} variables", i + 1)));
                    } else {
                        open.push(l);
                    }
                }
            }
        }
        if !open.is_empty() || declared != Some(clauses.len()) {
            return Err(bad("the clause count does not match the p line (or a clause is left open)".into()));
        }
        let n = shape.cells();
        let mut horizon = 0;
        let mut actions = HashMap::new();
        let mut positions = HashMap::new();
        let mut blanks = HashMap::new();
        for (&v, m) in &meanings {
            match *m {
                Meaning::Position { tile, cell, t } => {
                    if tile == 0 || tile as usize >= n || cell >= n {
                        return Err(bad(format!(
                            "variable {v} names tile {tile} on cell {cell}: not on a {n}-cell board"
                        )));
                    }
                    horizon = horizon.max(t);
                    if positions.insert((tile, cell, t), v as i32).is_some() {
                        return Err(bad(format!("two variables name tile {tile} on cell {cell} after {t} moves")));
                    }
                }
                Meaning::Action { t, letter } => {
                    if actions.insert((t, letter), v as i32).is_some() {
                        return Err(bad(format!("two variables name the move {letter} of step {t}")));
                    }
                }
                Meaning::Blank { cell, t } => {
                    if cell >= n || blanks.insert((cell, t), v as i32).is_some() {
                        return Err(bad(format!(
                            "variable {v} names the blank on cell {cell} after {t} moves twice or off the board"
                        )));
                    }
                }
            }
        }
        let (start, goal) = (Vec::new(), Vec::new());
        let forbids_undo = crate::ahead::forbids_undo(&clauses, &actions, horizon);
        let mut formula =
            Formula { vars, clauses, meanings, actions, positions, blanks, start, goal, horizon, forbids_undo };
        formula.start = formula.fixed(0, n)?;
        formula.goal = formula.fixed(horizon, n)?;
        Ok(formula)
    }

    /// The board the unit clauses fix after `t` moves.
    fn fixed(&self, t: usize, n: usize) -> Result<Vec<u8>, CheckError> {
        let mut cells = vec![0u8; n];
        let mut placed = vec![false; n];
        for clause in &self.clauses {
            let [l] = clause.as_slice() else { continue };
            if let (true, Some(Meaning::Position { tile, cell, t: at })) =
                (*l > 0, self.meanings.get(&l.unsigned_abs()))
            {
                if *at == t && cells[*cell] != *tile {
                    if cells[*cell] != 0 || std::mem::replace(&mut placed[*tile as usize], true) {
                        return Err(CheckError::Cnf(format!(
                            "the unit clauses put two tiles on one cell, or one tile twice, after {t} moves"
                        )));
                    }
                    cells[*cell] = *tile;
                }
            }
        }
        if (1..n).any(|tile| !placed[tile]) {
            return Err(CheckError::Cnf(format!("the unit clauses do not fix every tile after {t} moves")));
        }
        Ok(cells)
    }
}

/// How many lemmas of each kind were checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    pub frontier: usize,
    pub placements: usize,
    pub lookahead: usize,
}

/// Checks every lemma of `text` and returns their clauses, in the file's order. The lemmas
/// are independent of each other: they are checked in parts, one thread per core.
///
/// # Errors
/// The first lemma whose clause or arithmetic does not match its justification.
pub fn check(text: &str, formula: &Formula, tables: &Tables) -> Result<(Vec<Vec<i32>>, Counted), CheckError> {
    let justify = crate::justify::Justify::new(formula, tables);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.starts_with('c') && !line.is_empty())
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let part = lines.len().div_ceil(threads).max(1);
    let parts: Vec<Checked> = std::thread::scope(|scope| {
        let running: Vec<_> = lines.chunks(part).map(|c| scope.spawn(|| check_lines(c, &justify))).collect();
        let panicked = || CheckError::Lemma { line: 0, why: "a check panicked".into() };
        running.into_iter().map(|r| r.join().unwrap_or_else(|_| Err(panicked()))).collect()
    });
    let mut clauses = Vec::with_capacity(lines.len());
    let mut counted = Counted::default();
    for part in parts {
        let (c, n) = part?;
        clauses.extend(c);
        counted.frontier += n.frontier;
        counted.placements += n.placements;
        counted.lookahead += n.lookahead;
    }
    Ok((clauses, counted))
}

/// The clauses of the lemmas checked, and their count by kind; or the first that failed.
type Checked = Result<(Vec<Vec<i32>>, Counted), CheckError>;

/// Checks the lemmas on `lines` (numbered as in the file), in order.
fn check_lines(lines: &[(usize, &str)], justify: &crate::justify::Justify) -> Checked {
    let mut clauses = Vec::new();
    let mut counted = Counted::default();
    for &(at, line) in lines {
        let bad = |why: String| CheckError::Lemma { line: at, why };
        let (why, clause) =
            line.split_once(" : ").ok_or_else(|| bad("no ` : ` between justification and clause".into()))?;
        let mut clause: Vec<i32> = clause
            .split_whitespace()
            .map(|x| x.parse::<i32>().map_err(|_| bad(format!("not a literal: {x}"))))
            .collect::<Result<_, _>>()?;
        if clause.pop() != Some(0) || clause.contains(&0) {
            return Err(bad("the clause does not end with one 0".into()));
        }
        let words: Vec<&str> = why.split_whitespace().collect();
        match words.as_slice() {
            // MOVES is empty (and the clause too) when the start itself is pruned.
            ["f", moves @ .., claimed] if moves.len() <= 1 => {
                justify.frontier(moves, claimed, &clause).map_err(bad)?;
                counted.frontier += 1;
            }
            ["t", step, rest @ ..] => {
                justify.placement(step, rest, &clause).map_err(bad)?;
                counted.placements += 1;
            }
            // A move ruled out before it is made: the tiles listed after STEP moves, the
            // blank on BLANK and the move LETTER put those tiles where the groups named hold
            // too much for the steps left.
            ["l", step, letter, blank, rest @ ..] => {
                justify.lookahead(step, letter, blank, rest, &clause).map_err(bad)?;
                counted.lookahead += 1;
            }
            // The moves from a whole board a search several moves deep rules out.
            ["k", step, depth, left, rest @ ..] => {
                justify.ahead(step, depth, left, rest, &clause).map_err(bad)?;
                counted.lookahead += 1;
            }
            _ => return Err(bad(format!("an unknown justification: {why}"))),
        }
        clauses.push(clause);
    }
    Ok((clauses, counted))
}

type Transposed<'a> = Option<&'a (Vec<usize>, Vec<u8>)>;
type Listed<'w, 'm> = (Transposed<'m>, &'w [&'w str], HashMap<u8, usize>, Vec<i32>);

/// Reads `[m] G=V ... @ TILE:CELL ...` after STEP: the reading (direct, or transposed when
/// `m`), the group words, the placements and the clause they make.
pub(crate) fn placements<'w, 'm>(
    rest: &'w [&'w str],
    step: usize,
    formula: &Formula,
    mirror: Transposed<'m>,
) -> Result<Listed<'w, 'm>, String> {
    // `m`: the tables read on the transposed board (the goal must be its own transpose); a
    // group's table is then indexed by the tiles that take its tiles' parts, each on its
    // transposed cell.
    let (transposed, rest) = match rest.split_first() {
        Some((&"m", rest)) => {
            (Some(mirror.ok_or("a transposed lookup on a goal that is not its own transpose")?), rest)
        }
        _ => (None, rest),
    };
    let at_sign = rest.iter().position(|w| *w == "@").ok_or("no @ before the placements")?;
    let (groups, listed) = (&rest[..at_sign], &rest[at_sign + 1..]);
    let mut placed: HashMap<u8, usize> = HashMap::new();
    let mut expected = Vec::new();
    for p in listed {
        let (tile, cell) = p.split_once(':').ok_or_else(|| format!("not TILE:CELL: {p}"))?;
        let (tile, cell): (u8, usize) =
            (tile.parse().map_err(|_| "a bad tile")?, cell.parse().map_err(|_| "a bad cell")?);
        if placed.insert(tile, cell).is_some() {
            return Err(format!("tile {tile} placed twice"));
        }
        let v = formula.positions.get(&(tile, cell, step));
        expected.push(-*v.ok_or_else(|| format!("no variable for tile {tile} on cell {cell} after {step} moves"))?);
    }
    Ok((transposed, groups, placed, expected))
}

pub(crate) fn clause_is(clause: &[i32], expected: &[i32]) -> Result<(), String> {
    match sorted(clause) == sorted(expected) && clause.len() == expected.len() {
        true => Ok(()),
        false => Err("the clause is not the negation of the placements listed".into()),
    }
}

/// The sum the groups named (`G=V` words) hold with the tiles on `placed`, each value
/// checked: a group's table entry when every tile of it is placed, else the Manhattan
/// distances of its tiles placed; every tile placed must be in a group named.
pub(crate) fn bound(
    groups: &[&str],
    placed: &HashMap<u8, usize>,
    transposed: Transposed,
    tables: &Tables,
    home: &[usize],
) -> Result<usize, String> {
    let shape = tables.shape;
    let mut sum = 0;
    let mut covered = 0;
    let mut named = Vec::new();
    for g in groups {
        let (g, claimed) = g.split_once('=').ok_or_else(|| format!("not G=V: {g}"))?;
        let (g, claimed): (usize, usize) =
            (g.parse().map_err(|_| "a bad group")?, claimed.parse().map_err(|_| "a bad value")?);
        let parts = tables.groups.get(g).ok_or_else(|| format!("no group {g}"))?;
        let tiles: Vec<u8> = match transposed {
            None => parts.clone(),
            Some((_, tile)) => parts.iter().map(|&x| tile.iter().position(|&y| y == x).unwrap_or(0) as u8).collect(),
        };
        if named.contains(&g) {
            return Err(format!("group {g} named twice"));
        }
        named.push(g);
        let here: Vec<(u8, usize)> = tiles.iter().filter_map(|t| placed.get(t).map(|&c| (*t, c))).collect();
        covered += here.len();
        let value = match here.len() == tiles.len() {
            true => tables
                .entry(g, &here.iter().map(|&(_, c)| transposed.map_or(c, |(cell, _)| cell[c])).collect::<Vec<_>>()),
            false => here.iter().map(|&(t, c)| shape.distance(c, home[t as usize])).sum(),
        };
        if value != claimed {
            return Err(format!("group {g} holds {value} there, not {claimed}"));
        }
        sum += value;
    }
    if covered != placed.len() {
        return Err("a tile listed is in no group named".into());
    }
    Ok(sum)
}

pub(crate) fn sorted(c: &[i32]) -> Vec<i32> {
    let mut c = c.to_vec();
    c.sort_unstable();
    c.dedup();
    c
}
