//! `compact`: the sliding-tile puzzle as CNF built for speed.
//!
//! State per step t: where each tile is (`P(n,c,t)`, one-hot per tile) and where the blank is
//! (`B(c,t)`, one-hot); one action per step (`A(t,d)`, the direction the tile slides), legal
//! only where the blank can receive a tile; a move variable per (blank cell, direction, step)
//! as the product of the two. Frame axioms sit only around the blank: a tile stays unless the
//! blank next to it pulls it in. Ingredients, each switchable for the ablation in `make bench`:
//!
//! - **reachability**: tile n can be on cell c after t moves only if c is at most t from its
//!   start, at most H - t from its goal, and the detour through c costs at most k moves away
//!   from its goal (k below); the blank likewise, and only on cells of the right colour.
//!   Variables that fail are never created.
//! - **away count**: every move changes the total Manhattan distance by exactly one, so a plan
//!   of H moves from distance h0 makes exactly k = (H - h0) / 2 moves that take a tile away
//!   from its goal. An indicator per step says "this move goes away" and a totalizer (rustsat)
//!   bounds their number by k. This is the heuristic of IDA*, turned into a constraint.
//! - **no undo**: a move followed by its opposite never occurs in a shortest plan.
//!
//! Plans of length H exist iff H >= optimum with the optimum's parity, as for `bright`, so the
//! same horizon search proves optimality.

use puzzlec_core::slide::{Board, BLANK};
use puzzlec_core::Move;
use puzzlec_ir::{ClauseSink, Lit};

use crate::card;

/// Which ingredients to use; all on by default, off only to measure what each one buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ingredients {
    pub reachability: bool,
    pub away_count: bool,
    pub no_undo: bool,
    pub conflicts: bool,
}

impl Default for Ingredients {
    fn default() -> Ingredients {
        Ingredients {
            reachability: true,
            away_count: true,
            no_undo: true,
            conflicts: true,
        }
    }
}

/// Name of the action variable of step t (from 0).
pub fn action_name(t: usize, m: Move) -> String {
    format!("A({t},{})", m.letter())
}

fn taxicab(a: usize, b: usize, cols: usize) -> usize {
    (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)
}

/// The tiles' total Manhattan distance from `start` to `goal` (the blank not counted).
pub fn manhattan(start: &Board, goal: &Board) -> usize {
    (1..start.len() as u8)
        .map(|t| taxicab(start.position_of(t), goal.position_of(t), start.cols()))
        .sum()
}

/// Writes `compact` for exactly `horizon` moves; the action variables are named.
pub fn encode(start: &Board, goal: &Board, horizon: usize, ing: Ingredients, sink: &mut impl ClauseSink) {
    let (n, cols) = (start.len(), start.cols());
    let dist = |a: usize, b: usize| taxicab(a, b, cols);
    let h0 = manhattan(start, goal);
    if horizon < h0 || (horizon - h0) % 2 == 1 {
        // No plan: every move changes the Manhattan distance by one.
        sink.add_clause(&[]);
        return;
    }
    let k = (horizon - h0) / 2;
    let tiles: Vec<u8> = (1..n as u8).collect();
    let (s_of, g_of) = (|t: u8| start.position_of(t), |t: u8| goal.position_of(t));
    let tile_may = |tile: u8, c: usize, t: usize| {
        let (a, b, d) = (dist(s_of(tile), c), dist(c, g_of(tile)), dist(s_of(tile), g_of(tile)));
        !ing.reachability || (a <= t && b <= horizon - t && (a + b - d) / 2 <= k)
    };
    let (bs, bg) = (start.blank(), goal.blank());
    let blank_may = |c: usize, t: usize| {
        (dist(bs, c) + t).is_multiple_of(2) && (!ing.reachability || (dist(bs, c) <= t && dist(c, bg) <= horizon - t))
    };
    // p[t][tile-1][cell], b[t][cell]
    let mut p: Vec<Vec<Vec<Option<Lit>>>> = Vec::with_capacity(horizon + 1);
    let mut b: Vec<Vec<Option<Lit>>> = Vec::with_capacity(horizon + 1);
    for t in 0..=horizon {
        p.push(
            tiles
                .iter()
                .map(|&tile| {
                    (0..n)
                        .map(|c| tile_may(tile, c, t).then(|| sink.new_var(None)))
                        .collect()
                })
                .collect(),
        );
        b.push((0..n).map(|c| blank_may(c, t).then(|| sink.new_var(None))).collect());
    }
    let act: Vec<Vec<Lit>> = (0..horizon)
        .map(|t| {
            Move::ALL
                .iter()
                .map(|&m| sink.new_var(Some(action_name(t, m))))
                .collect()
        })
        .collect();

    // Start and goal.
    for (board, t) in [(start, 0), (goal, horizon)] {
        for (c, &tile) in board.cells().iter().enumerate() {
            let var = if tile == BLANK {
                b[t][c]
            } else {
                p[t][tile as usize - 1][c]
            };
            match var {
                Some(v) => sink.add_clause(&[v]),
                None => sink.add_clause(&[]),
            }
        }
    }
    for t in 0..=horizon {
        for cells in p[t].iter() {
            exactly_one(sink, &cells.iter().flatten().copied().collect::<Vec<_>>());
        }
        exactly_one(sink, &b[t].iter().flatten().copied().collect::<Vec<_>>());
    }
    let mut away: Vec<Lit> = Vec::with_capacity(horizon);
    for t in 0..horizon {
        exactly_one(sink, &act[t]);
        let w = sink.new_var(None);
        away.push(w);
        // mv[c][d]: the blank is on c and the tile from c - delta(d) slides in.
        let mut mv: Vec<[Option<Lit>; 4]> = vec![[None; 4]; n];
        for c in 0..n {
            for (di, &m) in Move::ALL.iter().enumerate() {
                let Some(bc) = b[t][c] else { continue };
                let source = step(start, c, m);
                let Some(bx) = source.and_then(|x| b[t + 1][x]) else {
                    sink.add_clause(&[-bc, -act[t][di]]);
                    continue;
                };
                let x = source.expect("checked above");
                let v = sink.new_var(None);
                mv[c][di] = Some(v);
                sink.add_clause(&[-v, bc]);
                sink.add_clause(&[-v, act[t][di]]);
                sink.add_clause(&[v, -bc, -act[t][di]]);
                sink.add_clause(&[-v, bx]);
                for (ti, &tile) in tiles.iter().enumerate() {
                    let Some(here) = p[t][ti][x] else { continue };
                    match p[t + 1][ti][c] {
                        Some(there) => sink.add_clause(&[-v, -here, there]),
                        None => sink.add_clause(&[-v, -here]),
                    }
                    if ing.away_count {
                        let goes_away = dist(c, g_of(tile)) > dist(x, g_of(tile));
                        sink.add_clause(&[-v, -here, if goes_away { w } else { -w }]);
                    }
                }
            }
        }
        // Frame: a tile stays unless the blank beside it takes it.
        for (ti, cells) in p[t].iter().enumerate() {
            for (x, var) in cells.iter().enumerate() {
                let Some(here) = *var else { continue };
                let mut clause = vec![-here];
                clause.extend(p[t + 1][ti][x]);
                for (di, &m) in Move::ALL.iter().enumerate() {
                    // The blank at x + delta(m) pulls the tile from x in direction m.
                    if let Some(c) = step(start, x, m.opposite()) {
                        clause.extend(mv[c][di]);
                    }
                }
                sink.add_clause(&clause);
            }
        }
        if ing.no_undo && t + 1 < horizon {
            for (di, &m) in Move::ALL.iter().enumerate() {
                let back = Move::ALL.iter().position(|&o| o == m.opposite()).expect("four moves");
                sink.add_clause(&[-act[t][di], -act[t + 1][back]]);
            }
        }
    }
    if ing.away_count {
        card::at_most(sink, &away, k);
    }
    if ing.conflicts {
        linear_conflicts(goal, horizon, &p, sink);
    }
}

/// Linear conflicts as constraints, at every step: two tiles standing in their goal row (or
/// column) in the wrong order cannot pass each other inside it, so one of them must leave the
/// line later. Leaving is a move away from its goal, which the away count pays for; this is
/// the linear-conflict heuristic of IDA*, applied to every state the solver considers.
fn linear_conflicts(goal: &Board, horizon: usize, p: &[Vec<Vec<Option<Lit>>>], sink: &mut impl ClauseSink) {
    let (rows, cols) = (goal.rows(), goal.cols());
    // Lines as lists of cells, rows then columns; `along` orders cells within a line.
    let mut lines: Vec<Vec<usize>> = (0..rows).map(|r| (0..cols).map(|c| r * cols + c).collect()).collect();
    lines.extend((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect::<Vec<_>>()));
    for line in &lines {
        // Tiles whose goal is on this line, in goal order.
        let owners: Vec<usize> = line
            .iter()
            .map(|&c| goal.cells()[c])
            .filter(|&t| t != BLANK)
            .map(|t| t as usize - 1)
            .collect();
        if owners.len() < 2 {
            continue;
        }
        // leaves[i][t]: tile owners[i] is off the line at some step >= t.
        let leaves: Vec<Vec<Lit>> = owners
            .iter()
            .map(|&ti| {
                let vars: Vec<Lit> = (0..=horizon).map(|_| sink.new_var(None)).collect();
                for t in 0..=horizon {
                    let mut clause = vec![-vars[t]];
                    clause.extend(
                        (0..goal.len())
                            .filter(|c| !line.contains(c))
                            .filter_map(|c| p[t][ti][c]),
                    );
                    if t < horizon {
                        clause.push(vars[t + 1]);
                    }
                    sink.add_clause(&clause);
                }
                vars
            })
            .collect();
        for (i, &a) in owners.iter().enumerate() {
            for (j, &b) in owners.iter().enumerate().skip(i + 1) {
                // a belongs before b on the line; both on it with b before a is a conflict.
                for t in 0..=horizon {
                    for (pos_b, &cb) in line.iter().enumerate() {
                        for &ca in &line[pos_b + 1..] {
                            if let (Some(va), Some(vb)) = (p[t][a][ca], p[t][b][cb]) {
                                sink.add_clause(&[-va, -vb, leaves[i][t], leaves[j][t]]);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The cell a tile comes from when it slides in direction `m` into `c` (one step against m).
fn step(board: &Board, c: usize, m: Move) -> Option<usize> {
    let (dr, dc) = m.delta();
    let r = (c / board.cols()) as isize - dr;
    let col = (c % board.cols()) as isize - dc;
    (r >= 0 && col >= 0 && r < board.rows() as isize && col < board.cols() as isize)
        .then(|| r as usize * board.cols() + col as usize)
}

fn exactly_one(sink: &mut impl ClauseSink, lits: &[Lit]) {
    sink.add_clause(lits);
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            sink.add_clause(&[-a, -b]);
        }
    }
}

/// Reads the plan from the action variables (the replay checks it against the rules).
///
/// # Errors
/// A step with no action or several.
pub fn decode(model: &impl puzzlec_ir::Model, horizon: usize) -> Result<Vec<Move>, crate::DecodeError> {
    (0..horizon)
        .map(|t| {
            let mut chosen = Vec::new();
            for m in Move::ALL {
                let name = action_name(t, m);
                if model.bool(&name).ok_or(crate::DecodeError::Missing(name))? {
                    chosen.push(m);
                }
            }
            match chosen.as_slice() {
                [m] => Ok(*m),
                _ => Err(crate::DecodeError::Inconsistent(format!(
                    "step {t} has {} actions",
                    chosen.len()
                ))),
            }
        })
        .collect()
}
