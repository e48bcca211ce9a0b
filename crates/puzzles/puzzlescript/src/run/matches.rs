//! A rule's matches as the reference engine finds them: each row scanned in the rule's
//! direction (row by row for a rule that scans sideways, column by column otherwise), a
//! place kept when every cell of the row matches there. In a game whose cells fit one word
//! of objects and one of movements (most games), rows are tested as plain words, and lines
//! that lack what a row needs are skipped whole: this is the breadth-first search's hot loop.

use crate::lang::bits;
use crate::lang::{Cell, Game, Narrow, NarrowRow, Pattern, Rule};

use super::Level;

/// Where a row matched: its first cell, and each ellipsis's length.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub start: usize,
    pub gaps: [usize; 2],
}

fn pattern_matches(p: &Pattern, cell: &[u64], movements: &[u64]) -> bool {
    bits::all_in(&p.present, cell)
        && !bits::any_in(&p.missing, cell)
        && bits::all_in(&p.moving, movements)
        && !bits::any_in(&p.still, movements)
        && p.any.iter().all(|m| bits::any_in(m, cell))
}

/// The index step of one cell in a direction.
pub fn delta(level: &Level, direction: u64) -> isize {
    let h = level.height as isize;
    match direction {
        1 => -1,
        2 => 1,
        4 => -h,
        8 => h,
        _ => 0,
    }
}

/// Whether a row matches from `start` with the given ellipsis lengths.
pub(super) fn row_matches_at(
    game: &Game,
    level: &Level,
    row: &[Cell],
    start: usize,
    d: isize,
    gaps: [usize; 2],
) -> bool {
    let (ow, mw) = (game.object_words, game.movement_words);
    let mut pos = start as isize;
    let mut e = 0;
    for cell in row {
        match cell {
            Cell::Ellipsis => {
                pos += gaps[e] as isize * d;
                e += 1;
            }
            Cell::Pattern(p) => {
                let i = pos as usize;
                if !pattern_matches(p, &level.cells[i * ow..(i + 1) * ow], &level.movements[i * mw..(i + 1) * mw]) {
                    return false;
                }
                pos += d;
            }
        }
    }
    true
}

/// Whether patterns in plain words match cell by cell from `pos` (the usual game, whose
/// cells fit in one word of objects and one of movements).
#[inline]
fn narrow_cells(level: &Level, cells: &[Narrow], mut pos: isize, d: isize) -> bool {
    for p in cells {
        let i = pos as usize;
        if !p.matches(level.cells[i], level.movements[i]) {
            return false;
        }
        pos += d;
    }
    true
}

/// [`row_matches_at`] on a row of [`Rule::narrow`].
pub(super) fn narrow_at(level: &Level, row: &NarrowRow, start: usize, d: isize, gaps: [usize; 2]) -> bool {
    let (mut pos, mut from) = (start as isize, 0);
    for (&e, gap) in row.ellipses.iter().zip(gaps) {
        if e == usize::MAX {
            break;
        }
        if !narrow_cells(level, &row.cells[from..e], pos, d) {
            return false;
        }
        pos += (e - from + gap) as isize * d;
        from = e;
    }
    narrow_cells(level, &row.cells[from..], pos, d)
}

/// Every place a row may match, in the reference's scanning order (row by row for a rule
/// that scans sideways, column by column otherwise): its first cell, and the length of each
/// ellipsis (shortest first).
pub fn scan(width: usize, height: usize, rule: &Rule, r: usize, visit: impl FnMut(usize, [usize; 2])) {
    scan_where(width, height, rule, r, (|_| true, |_| true), visit);
}

/// [`scan`] over the lines (rows `y`, columns `height + x`) and first cells that `keep`
/// keeps only.
fn scan_where(
    width: usize,
    height: usize,
    rule: &Rule,
    r: usize,
    keep: (impl Fn(usize) -> bool, impl FnMut(usize) -> bool),
    mut visit: impl FnMut(usize, [usize; 2]),
) {
    let (line, mut keep) = keep;
    let ellipses = rule.ellipses[r];
    let (w, h) = (width as isize, height as isize);
    let len = (rule.rows[r].len() - ellipses) as isize;
    let (xmin, xmax, ymin, ymax) = starts(width, height, rule, r);
    let mut at = |x: isize, y: isize| {
        let start = (x * h + y) as usize;
        if !keep(start) {
            return;
        }
        if ellipses == 0 {
            return visit(start, [0, 0]);
        }
        let kmax = match rule.direction {
            4 => x - len + 2,
            8 => w - (x + len) + 1,
            2 => h - (y + len) + 1,
            1 => y - len + 2,
            _ => 0,
        }
        .max(0) as usize;
        for k1 in 0..kmax {
            match ellipses {
                1 => visit(start, [k1, 0]),
                _ => (0..kmax).take_while(|k2| k1 + k2 < kmax).for_each(|k2| visit(start, [k1, k2])),
            }
        }
    };
    if rule.direction > 2 {
        (ymin..ymax).filter(|&y| line(y as usize)).for_each(|y| (xmin..xmax).for_each(|x| at(x, y)));
    } else {
        (xmin..xmax).filter(|&x| line((h + x) as usize)).for_each(|x| (ymin..ymax).for_each(|y| at(x, y)));
    }
}

/// Where a row's first cell may lie (x from `.0` to `.1`, y from `.2` to `.3`, ends
/// excluded): the whole row must fit in the level in the rule's direction.
fn starts(width: usize, height: usize, rule: &Rule, r: usize) -> (isize, isize, isize, isize) {
    let len = (rule.rows[r].len() - rule.ellipses[r]) as isize;
    let (mut xmin, mut xmax, mut ymin, mut ymax) = (0, width as isize, 0, height as isize);
    match rule.direction {
        1 => ymin += len - 1,
        2 => ymax -= len - 1,
        4 => xmin += len - 1,
        8 => xmax -= len - 1,
        _ => {}
    }
    (xmin, xmax, ymin, ymax)
}

/// [`row_matches`] for a row without ellipses in a game of one object word and one
/// movement word: the scan of [`scan`], in its order, with the first cell's test inline,
/// since most places fail there (the hot loop of the breadth-first search).
fn narrow_row_matches(level: &Level, rule: &Rule, r: usize, d: isize) -> Vec<Found> {
    let row = &rule.narrow[r];
    let Some((p, rest)) = row.cells.split_first() else { return Vec::new() };
    let (present, missing, moving, still) = (p.present, p.missing, p.moving, p.still);
    let first = |c: u64, m: u64| {
        c & present == present
            && c & missing == 0
            && m & moving == moving
            && m & still == 0
            && p.any.iter().all(|a| c & a != 0)
    };
    let h = level.height;
    let (xmin, xmax, ymin, ymax) = starts(level.width, level.height, rule, r);
    let (xs, ys) = (xmin as usize..xmax as usize, ymin as usize..ymax as usize);
    let line = line_test(level, row);
    let (cells, movements) = (&level.cells[..], &level.movements[..]);
    let mut out = Vec::new();
    let mut test = |start: usize| {
        if first(cells[start], movements[start]) && narrow_cells(level, rest, start as isize + d, d) {
            out.push(Found { start, gaps: [0, 0] });
        }
    };
    if rule.direction > 2 {
        for y in ys.filter(|&y| line(y)) {
            xs.clone().for_each(|x| test(x * h + y));
        }
    } else {
        for x in xs.filter(|&x| line(h + x)) {
            // A column is a run of cells: tested in place, in order.
            let column = x * h + ys.start..x * h + ys.end;
            for (k, (&c, &m)) in cells[column.clone()].iter().zip(&movements[column.clone()]).enumerate() {
                if first(c, m) && narrow_cells(level, rest, (column.start + k) as isize + d, d) {
                    out.push(Found { start: column.start + k, gaps: [0, 0] });
                }
            }
        }
    }
    out
}

/// Whether a line (row `y`, column `height + x`) holds what a narrow row needs of the one
/// line it lies on (see [`Level::lines`]).
fn line_test<'a>(level: &'a Level, row: &'a NarrowRow) -> impl Fn(usize) -> bool + 'a {
    move |k| {
        level
            .lines
            .get(k)
            .is_none_or(|&o| o & row.need == row.need && level.line_moves[k] & row.need_moves == row.need_moves)
    }
}

/// Every match of one row, in the reference's scanning order.
fn row_matches(game: &Game, level: &Level, rule: &Rule, r: usize) -> Vec<Found> {
    let d = delta(level, rule.direction);
    if let Some(narrow) = rule.narrow.get(r) {
        if rule.ellipses[r] == 0 {
            return narrow_row_matches(level, rule, r, d);
        }
        // The cells before the first ellipsis, and what the row needs of its line, tested
        // once per start rather than once for each length of the ellipses.
        let head = &narrow.cells[..narrow.ellipses[0]];
        let mut out = Vec::new();
        let keep = |start: usize| narrow_cells(level, head, start as isize, d);
        scan_where(level.width, level.height, rule, r, (line_test(level, narrow), keep), |start, gaps| {
            if narrow_at(level, narrow, start, d, gaps) {
                out.push(Found { start, gaps });
            }
        });
        return out;
    }
    let row = &rule.rows[r];
    // The cells before the first ellipsis, tested once per start rather than once for each
    // length of the ellipses (most starts fail there).
    let head = &row[..row.iter().position(|c| matches!(c, Cell::Ellipsis)).unwrap_or(row.len())];
    // Only a game of one object word and one movement word keeps line masks.
    let line = |_| true;
    let mut out = Vec::new();
    let keep = |start: usize| row_matches_at(game, level, head, start, d, [0, 0]);
    scan_where(level.width, level.height, rule, r, (line, keep), |start, gaps| {
        if row_matches_at(game, level, row, start, d, gaps) {
            out.push(Found { start, gaps });
        }
    });
    out
}

/// The matches of every row, or nothing when a row has none.
pub fn find_matches(game: &Game, level: &Level, rule: &Rule) -> Vec<Vec<Found>> {
    // Most rules match nowhere: nothing is allocated until a row matches.
    let mut all = Vec::new();
    for r in 0..rule.rows.len() {
        let m = row_matches(game, level, rule, r);
        if m.is_empty() {
            return Vec::new();
        }
        all.push(m);
    }
    all
}
