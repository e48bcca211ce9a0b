//! Expanded rules compiled to masks, as the reference's `rulesToMask`: each cell of a rule's
//! left side a pattern (objects present, missing, one of a property present, movements
//! present or absent) and, where the right side changes something, a replacement (objects
//! cleared and set, movements cleared and set). Then rules are grouped (`+`), loops and
//! rigid groups located.

use super::bits::{self, Bits, LAYER};
use super::legend::Names;
use super::rule_text::RawRule;
use super::source::Source;
use super::Command;

/// One cell of a rule's row: a pattern, or an ellipsis (any number of cells).
#[derive(Clone, Debug)]
pub enum Cell {
    Pattern(Box<Pattern>),
    Ellipsis,
}

impl Cell {
    /// The pattern, unless an ellipsis.
    pub fn pattern(&self) -> Option<&Pattern> {
        match self {
            Cell::Pattern(p) => Some(p),
            Cell::Ellipsis => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Pattern {
    pub present: Bits,
    pub missing: Bits,
    /// Each mask needs one of its objects present (properties on one layer).
    pub any: Vec<Bits>,
    pub moving: Bits,
    pub still: Bits,
    pub replace: Option<Replacement>,
}

#[derive(Clone, Debug)]
pub struct Replacement {
    pub objects_clear: Bits,
    pub objects_set: Bits,
    pub movements_clear: Bits,
    pub movements_set: Bits,
    /// Layers whose movements the rule rewrites (cleared before the set).
    pub movements_layer: Bits,
    pub random_entity: Bits,
    pub random_dir: Bits,
}

#[derive(Clone, Debug)]
pub struct Rule {
    /// The direction it scans in: 1 up, 2 down, 4 left, 8 right.
    pub direction: u64,
    pub rows: Vec<Vec<Cell>>,
    /// Ellipses per row (0, 1 or 2).
    pub ellipses: Vec<usize>,
    pub has_replacements: bool,
    pub line: usize,
    pub group: usize,
    /// For a rigid rule, its rigid group's index plus one.
    pub rigid: Option<usize>,
    pub commands: Vec<Command>,
    pub random: bool,
    /// Every object and movement some cell of the rule requires: a level that holds none
    /// of one anywhere cannot match (the interpreter skips the rule).
    pub needs: Bits,
    pub needs_moving: Bits,
    /// In a game whose cells fit one object word and one movement word, each row's
    /// patterns (ellipses left out) as plain words side by side: the interpreter's hot loop
    /// tests these instead of following a pointer per mask. Empty in other games.
    pub narrow: Vec<NarrowRow>,
    /// Per row: whether it writes nothing into any cell it matches (see `lang::quiet`; set
    /// once the game is compiled).
    pub quiet: Vec<bool>,
    /// A rule of one row whose matches all fire, in any order (see `lang::free`; set once
    /// the game is compiled).
    pub free: bool,
}

/// A row of [`Narrow`] patterns, and where its ellipses lie (the number of patterns before
/// each; `usize::MAX` where it has none).
#[derive(Clone, Debug)]
pub struct NarrowRow {
    pub cells: Box<[Narrow]>,
    pub ellipses: [usize; 2],
    /// The objects and the movements its cells require together.
    pub need: u64,
    pub need_moves: u64,
}

/// A pattern of a game of one object word and one movement word, in plain words.
#[derive(Clone, Debug)]
pub struct Narrow {
    pub present: u64,
    pub missing: u64,
    pub moving: u64,
    pub still: u64,
    /// Each mask needs one of its objects present.
    pub any: Box<[u64]>,
}

impl Narrow {
    fn of(p: &Pattern) -> Option<Narrow> {
        let one = |b: &Bits| (b.len() == 1).then(|| b[0]);
        Some(Narrow {
            present: one(&p.present)?,
            missing: one(&p.missing)?,
            moving: one(&p.moving)?,
            still: one(&p.still)?,
            any: p.any.iter().map(one).collect::<Option<_>>()?,
        })
    }

    /// Whether a cell of objects `c` and movements `m` matches.
    #[inline]
    pub fn matches(&self, c: u64, m: u64) -> bool {
        c & self.present == self.present
            && c & self.missing == 0
            && m & self.moving == self.moving
            && m & self.still == 0
            && self.any.iter().all(|a| c & a != 0)
    }
}

/// Each row's patterns in plain words, if every mask of the rule is one word.
fn narrow_rows(rows: &[Vec<Cell>]) -> Vec<NarrowRow> {
    let row = |row: &Vec<Cell>| {
        let (mut cells, mut ellipses) = (Vec::new(), [usize::MAX; 2]);
        for c in row {
            match c {
                Cell::Pattern(p) => cells.push(Narrow::of(p)?),
                Cell::Ellipsis => *ellipses.iter_mut().find(|e| **e == usize::MAX)? = cells.len(),
            }
        }
        let need = cells.iter().fold(0, |n, c| n | c.present);
        let need_moves = cells.iter().fold(0, |n, c| n | c.moving);
        Some(NarrowRow { cells: cells.into_boxed_slice(), ellipses, need, need_moves })
    };
    rows.iter().map(row).collect::<Option<_>>().unwrap_or_default()
}

/// A game's rules as the interpreter and the SAT encoding run them.
pub struct Compiled {
    /// The rules by group, in the order the game lists them (a group runs to a fixpoint).
    pub rules: Vec<Vec<Rule>>,
    /// The same for the rules marked `late`, run after movement.
    pub late_rules: Vec<Vec<Rule>>,
    /// For each group that ends a `startloop ... endloop` block, the group it goes back to.
    pub loop_point: Vec<Option<usize>>,
    /// The same for the late rules.
    pub late_loop_point: Vec<Option<usize>>,
    /// For each rigid group (in the order of `Rule::rigid`), the group it belongs to.
    pub rigid_groups: Vec<usize>,
    /// Whether any rule is rigid: a turn whose rigid movement gets stuck is then played
    /// again with that rigid group left out.
    pub rigid: bool,
    /// Why the game is not deterministic (a `random` rule or object), if it is not: the
    /// search and the encoding refuse it.
    pub chance: Option<String>,
    /// Every object some rule can create: a level's "present" set starts from it.
    pub creatable: Bits,
}

pub fn direction_mask(dir: &str) -> u64 {
    match dir {
        "up" => 0b00001,
        "down" => 0b00010,
        "left" => 0b00100,
        "right" => 0b01000,
        "moving" => 0b01111,
        "no" => 0b00011,
        "randomdir" => 0b00101,
        "random" => 0b10010,
        "action" => 0b10000,
        _ => 0,
    }
}

/// A rule compiled, with the names of two objects it requires on one layer (`discard`).
struct Masked {
    rule: Rule,
    late: bool,
    discard: Option<(String, String)>,
}

pub fn compile_rules(src: &mut Source, names: &Names, rules: Vec<RawRule>, loops: &[(usize, i32)]) -> Compiled {
    let mut masked = Vec::new();
    let mut chance = None;
    for r in rules {
        if r.random {
            chance = Some(format!("random rule group (line {})", r.line));
        }
        if let Some(m) = super::pattern_cells::mask_rule(src, names, &r) {
            let randomized = m.0.iter().flatten().any(|c| matches!(c, Cell::Pattern(p) if p.replace.as_ref().is_some_and(|x| !bits::is_zero(&x.random_entity) || !bits::is_zero(&x.random_dir))));
            if randomized && chance.is_none() {
                chance = Some(format!("random or randomdir (line {})", r.line));
            }
            let (rows, discard) = m;
            let ellipses: Vec<usize> =
                rows.iter().map(|row| row.iter().filter(|c| matches!(c, Cell::Ellipsis)).count()).collect();
            if ellipses.iter().any(|e| *e > 2) {
                src.error(r.line, 1, "You can't use more than two ellipses in a single cell match pattern.");
            }
            let direction = direction_mask(&r.direction);
            let (mut needs, mut needs_moving) = (bits::zero(names.object_words), bits::zero(names.movement_words));
            for p in rows.iter().flatten().filter_map(|c| match c {
                Cell::Pattern(p) => Some(p),
                Cell::Ellipsis => None,
            }) {
                bits::or(&mut needs, &p.present);
                bits::or(&mut needs_moving, &p.moving);
            }
            let rule = Rule {
                narrow: if names.object_words == 1 && names.movement_words == 1 {
                    narrow_rows(&rows)
                } else {
                    Vec::new()
                },
                needs,
                needs_moving,
                direction,
                rows,
                ellipses,
                has_replacements: !r.rhs.is_empty(),
                line: r.line,
                group: r.group,
                rigid: None,
                commands: r.commands.clone(),
                random: r.random,
                quiet: Vec::new(),
                free: false,
            };
            masked.push(Masked { rule: Rule { rigid: r.rigid.then_some(0), ..rule }, late: r.late, discard });
        }
    }
    let rules = groups(src, masked.iter().filter(|m| !m.late));
    let late_rules = groups(src, masked.iter().filter(|m| m.late));
    let (rules, rigid_groups) = rigid(src, rules);
    let mut creatable = bits::zero(names.object_words);
    for x in rules.iter().chain(&late_rules).flatten().flat_map(|r| r.rows.iter().flatten()).filter_map(|c| match c {
        Cell::Pattern(p) => p.replace.as_ref(),
        Cell::Ellipsis => None,
    }) {
        bits::or(&mut creatable, &x.objects_set);
        bits::or(&mut creatable, &x.random_entity);
    }
    let loops = checked_loops(src, loops);
    Compiled {
        loop_point: loop_points(src, &loops, &rules),
        late_loop_point: loop_points(src, &loops, &late_rules),
        rigid: !rigid_groups.is_empty(),
        rules,
        late_rules,
        rigid_groups,
        chance,
        creatable,
    }
}

/// Rules by group, groups in the order of their first line; a rule that needs two objects
/// on one layer is dropped (an error when its whole line goes).
fn groups<'a>(src: &mut Source, rules: impl Iterator<Item = &'a Masked>) -> Vec<Vec<Rule>> {
    let mut by_group: std::collections::BTreeMap<usize, Vec<&Masked>> = Default::default();
    for m in rules {
        by_group.entry(m.rule.group).or_default().push(m);
    }
    let mut out = Vec::new();
    for (_, mut group) in by_group {
        let mut discards: Vec<(String, String)> = Vec::new();
        let mut i = 0;
        while i < group.len() {
            let Some(d) = group[i].discard.clone() else {
                i += 1;
                continue;
            };
            let line = group[i].rule.line;
            let before = i > 0 && group[i - 1].rule.line == line;
            let after = i + 1 < group.len() && group[i + 1].rule.line == line;
            group.remove(i);
            if !discards.contains(&d) {
                discards.push(d);
            }
            if !(before || after) || group.is_empty() {
                let mut also = String::new();
                if discards.len() > 1 {
                    let rest: Vec<String> = discards[1..].iter().take(4).map(|(a, b)| format!("{a}/{b}")).collect();
                    also = format!(" (ditto for {})", rest.join(", "));
                }
                src.error(line, 1, format!("{} and {} can never overlap{also}. This rule requires that to happen, so it impossible it will ever trigger.", discards[0].0, discards[0].1));
            }
        }
        if !group.is_empty() {
            out.push(group.into_iter().map(|m| m.rule.clone()).collect());
        }
    }
    out
}

/// Numbers the groups holding rigid rules (at most 30) and gives each rigid rule its number.
fn rigid(src: &mut Source, mut rules: Vec<Vec<Rule>>) -> (Vec<Vec<Rule>>, Vec<usize>) {
    let mut rigid_groups = Vec::new();
    for (i, group) in rules.iter_mut().enumerate() {
        if group.iter().any(|r| r.rigid.is_some()) {
            let index = rigid_groups.len() + 1;
            rigid_groups.push(i);
            for r in group.iter_mut().filter(|r| r.rigid.is_some()) {
                r.rigid = Some(index);
            }
        }
    }
    if rigid_groups.len() > 30 {
        let line = rules[rigid_groups[30]][0].line;
        src.error(line, 1, "There can't be more than 30 rigid groups (rule groups containing rigid members).");
    }
    (rules, rigid_groups)
}

fn checked_loops(src: &mut Source, loops: &[(usize, i32)]) -> Vec<(usize, i32)> {
    let mut loops = loops.to_vec();
    for (i, (line, mark)) in loops.iter().enumerate() {
        if i % 2 == 0 && *mark == -1 {
            src.error(*line, 1, "Found an ENDLOOP, but I'm not in a loop?");
        }
        if i % 2 == 1 && *mark == 1 {
            src.error(
                *line,
                1,
                "Found a STARTLOOP, but I'm already inside a loop? (Puzzlescript can't nest loops, FWIW).",
            );
        }
    }
    if loops.len() % 2 == 1 {
        let line = loops[loops.len() - 1].0;
        src.error(line, 1, "Yo I found a STARTLOOP without a corresponding ENDLOOP.");
        loops.push((line, -1));
    }
    loops
}

/// For the last group inside each loop, the group the loop starts at.
fn loop_points(src: &mut Source, loops: &[(usize, i32)], groups: &[Vec<Rule>]) -> Vec<Option<usize>> {
    let mut point = vec![None; groups.len()];
    for pair in loops.chunks(2) {
        let (start, end) = (pair[0].0, pair[1].0);
        let mut first_in = None;
        for (g, group) in groups.iter().enumerate() {
            let first = group[0].line;
            let last = group[group.len() - 1].line;
            if (first <= start && start <= last) || (first <= end && end <= last) {
                src.error(
                    start,
                    1,
                    "Found a loop point in the middle of a rule. You probably don't want to do this, right?",
                );
            }
            if end < first {
                break;
            }
            if start <= first && first <= end {
                let init = *first_in.get_or_insert(g);
                if g > 0 && point[g - 1] == Some(init) {
                    point[g - 1] = None;
                }
                point[g] = Some(init);
            }
        }
    }
    point
}

/// Movement bits of a whole layer.
pub fn layer_field(words: usize, layer: usize) -> Bits {
    let mut m = bits::zero(words);
    bits::shift_or(&mut m, LAYER, 5 * layer);
    m
}
