//! The movement phase on a symbolic level: every object with a movement moves where its
//! target is free, until nothing more can, as the interpreter's passes do.
//!
//! The interpreter passes over the cells in storage order, moving each object whose target
//! is free, until a pass moves nothing; a row of crates pushed against the scanning order
//! moves one crate a pass. Written pass by pass, each pass rewrites every object of every
//! cell that may move. But where no two objects of a layer move into one cell, the passes
//! come to what a fixpoint says, whatever their order: an object moves exactly when its
//! target is empty or its target's occupant moves (no one else can take the cell freed for
//! it). So the encoding works out who moves as chains along the movements (a literal per
//! movement and round, the rounds bounded as the passes were), and writes the level once.
//! Where two objects that move take one cell, the first in storage order wins, and the
//! encoding says the bound was short (`Loop::Collide`); the level's formulas are then
//! written with the passes.

use std::collections::BTreeMap;

use puzzlec_ir::{ClauseSink, Lit};

use super::circuit::{Circuit, F};
use super::turn::{Loop, Sym, Turn};

/// The cell offsets (column, row) of a layer's movement bits: up, down, left, right, and
/// `action`, which moves nothing.
const STEPS: [(isize, isize); 5] = [(0, -1), (0, 1), (-1, 0), (1, 0), (0, 0)];

/// Per cell and layer: the movements out of it (or into it), by index.
type Cells = BTreeMap<(usize, usize), Vec<usize>>;

/// A movement that may take its object to another cell: from cell `from`, in layer
/// `layer`, to cell `to`, where `m` holds.
struct Mover {
    from: usize,
    layer: usize,
    to: usize,
    m: Lit,
}

impl Turn<'_> {
    /// The movement phase; every movement is cleared after it.
    ///
    /// # Errors
    /// The formula's deadline passed.
    pub(super) fn movement(&mut self, c: &mut Circuit<impl ClauseSink>, level: &mut Sym) -> Result<(), String> {
        if self.bounds.ordered {
            self.in_order(c, level)?;
        } else {
            self.chains(c, level);
        }
        for i in 0..level.cells() {
            for b in 0..level.bits_per_cell() {
                level.set_mov(i, b, F);
            }
        }
        Ok(())
    }

    /// The movement phase as the fixpoint of who moves (see the module documentation):
    /// round by round, a movement goes where its target is empty or its occupant goes; the
    /// last round written only tells whether one more would change who moves (the
    /// overflow), and the level is written once from the round before it.
    fn chains(&mut self, c: &mut Circuit<impl ClauseSink>, level: &mut Sym) {
        let st = &*level;
        let (w, h, layers) = (st.w as isize, st.h as isize, st.layers);
        let in_layer: Vec<Vec<usize>> =
            (0..layers).map(|l| (0..st.k).filter(|&o| st.layer_of[o] == l).collect()).collect();
        let mut movers = Vec::new();
        for from in 0..st.cells() {
            let (x, y) = (from as isize / h, from as isize % h);
            for layer in 0..layers {
                for (d, (dx, dy)) in STEPS.into_iter().enumerate().take(4) {
                    let m = st.mov(from, 5 * layer + d);
                    if m != F && (0..w).contains(&(x + dx)) && (0..h).contains(&(y + dy)) {
                        let to = (from as isize + dy + dx * h) as usize;
                        movers.push(Mover { from, layer, to, m });
                    }
                }
            }
        }
        // Per cell and layer: the movements out of it and into it.
        let (mut out, mut into) = (Cells::new(), Cells::new());
        for (n, mv) in movers.iter().enumerate() {
            out.entry((mv.from, mv.layer)).or_default().push(n);
            into.entry((mv.to, mv.layer)).or_default().push(n);
        }
        let empty: BTreeMap<(usize, usize), Lit> = into
            .keys()
            .map(|&(t, l)| {
                let there: Vec<Lit> = in_layer[l].iter().map(|&o| st.obj(t, o)).collect();
                ((t, l), -c.or_all(&there))
            })
            .collect();
        let mut goes = vec![F; movers.len()];
        let mut short = F;
        for round in 0..self.bounds.passes.max(2) {
            let leaves = |c: &mut Circuit<_>, goes: &[Lit], key: (usize, usize)| {
                let ns: Vec<Lit> = out.get(&key).map_or(Vec::new(), |ns| ns.iter().map(|&n| goes[n]).collect());
                c.or_all(&ns)
            };
            let next: Vec<Lit> = movers
                .iter()
                .map(|mv| {
                    let key = (mv.to, mv.layer);
                    let freed = leaves(c, &goes, key);
                    let free = c.or(empty[&key], freed);
                    c.and(mv.m, free)
                })
                .collect();
            if next == goes {
                break;
            }
            if round + 1 == self.bounds.passes.max(2) {
                let more: Vec<Lit> = next.iter().zip(&goes).map(|(&a, &b)| c.and(a, -b)).collect();
                short = c.or_all(&more);
                break;
            }
            goes = next;
        }
        self.overflow.push((short, Loop::Passes));
        // Two movements that go into one cell: the interpreter's order decides. (A layer of
        // a cell moves one way at most: an input sets one direction on a level with no
        // movement, and a replacement that writes a direction clears its layer's first.)
        let mut collide = Vec::new();
        for ns in into.values().filter(|ns| ns.len() > 1) {
            for (a, &x) in ns.iter().enumerate() {
                for &y in &ns[a + 1..] {
                    collide.push(c.and(goes[x], goes[y]));
                }
            }
        }
        let collide = c.or_all(&collide);
        self.overflow.push((collide, Loop::Collide));
        let mut after = st.clone();
        let keys: std::collections::BTreeSet<(usize, usize)> = out.keys().chain(into.keys()).copied().collect();
        for (i, l) in keys {
            let gone: Vec<Lit> = out.get(&(i, l)).map_or(Vec::new(), |ns| ns.iter().map(|&n| goes[n]).collect());
            let gone = c.or_all(&gone);
            for &o in &in_layer[l] {
                let mut now = vec![c.and(st.obj(i, o), -gone)];
                for &n in into.get(&(i, l)).map_or(&[][..], |ns| &ns[..]) {
                    now.push(c.and(goes[n], st.obj(movers[n].from, o)));
                }
                let v = c.or_all(&now);
                after.set_obj(i, o, v);
            }
        }
        *level = after;
    }

    /// The movement passes, cell by cell in storage order, layer by layer. The last pass
    /// written only tells whether something still moved (the overflow), and moves nothing:
    /// the first move of a pass meets the level as the pass found it (every cell before it
    /// left it as it was), so something moves exactly when some movement's target is free
    /// before the pass (see [`Turn::group`] for why the turn may go on from that level).
    fn in_order(&mut self, c: &mut Circuit<impl ClauseSink>, level: &mut Sym) -> Result<(), String> {
        let (w, h) = (level.w as isize, level.h as isize);
        let mut moved_last = F;
        for n in 0..self.bounds.passes {
            if puzzlec_core::stop::overdue() {
                return Err("the formula's deadline passed".into());
            }
            let probing = n + 1 == self.bounds.passes;
            let st = &mut *level;
            let mut moved = Vec::new();
            for i in 0..st.cells() {
                let (x, y) = (i as isize / h, i as isize % h);
                for l in 0..st.layers {
                    for (d, (dx, dy)) in STEPS.into_iter().enumerate() {
                        let m = st.mov(i, 5 * l + d);
                        if m == F || x + dx < 0 || x + dx >= w || y + dy < 0 || y + dy >= h {
                            continue;
                        }
                        let t = (i as isize + dy + dx * h) as usize;
                        let layer: Vec<usize> = (0..st.k).filter(|&o| self.game.objects[o].layer == l).collect();
                        let can = if d == 4 {
                            m
                        } else {
                            let occupied: Vec<Lit> = layer.iter().map(|&o| st.obj(t, o)).collect();
                            let occupied = c.or_all(&occupied);
                            c.and(m, -occupied)
                        };
                        if can == F {
                            continue;
                        }
                        moved.push(can);
                        if probing {
                            continue;
                        }
                        if d != 4 {
                            for &o in &layer {
                                let went = c.and(can, st.obj(i, o));
                                let to = c.or(st.obj(t, o), went);
                                st.set_obj(t, o, to);
                                let from = c.and(st.obj(i, o), -can);
                                st.set_obj(i, o, from);
                            }
                        }
                        st.set_mov(i, 5 * l + d, c.and(m, -can));
                    }
                }
            }
            moved_last = c.or_all(&moved);
            if moved_last == F {
                break;
            }
        }
        self.overflow.push((moved_last, Loop::Passes));
        Ok(())
    }
}
