//! A matched cell rewritten by its replacement: objects cleared then set, movements cleared
//! (with the layers the rule moves) then set, and for a rigid rule the record of which rigid
//! group set which layer's movement, so that a failed rigid movement can ban its group.

use crate::lang::bits;
use crate::lang::{Game, Pattern, Replacement, Rule};

use super::Level;

/// Rewrites cell `pos`; whether anything changed.
pub fn replace(game: &Game, level: &mut Level, rule: &Rule, p: &Pattern, pos: usize) -> bool {
    let Some(x) = &p.replace else { return false };
    if !bits::is_zero(&x.random_entity) || !bits::is_zero(&x.random_dir) {
        return replace_by_chance(game, level, rule, x, pos);
    }
    write(game, level, rule, x, pos, &x.objects_set, &x.objects_clear, &x.movements_set, None)
}

/// Writes the new cell and movements; `extra_clear` adds movement bits to clear.
#[allow(clippy::too_many_arguments)]
fn write(
    game: &Game,
    level: &mut Level,
    rule: &Rule,
    x: &Replacement,
    pos: usize,
    set: &[u64],
    clear: &[u64],
    moves_set: &[u64],
    extra_clear: Option<&[u64]>,
) -> bool {
    let (ow, mw) = (game.object_words, game.movement_words);
    let new_object = |w: usize, old: u64| (old & !clear[w]) | set[w];
    let new_move = |w: usize, old: u64| {
        let c = x.movements_clear[w] | x.movements_layer[w] | extra_clear.map_or(0, |e| e[w]);
        (old & !c) | moves_set[w]
    };
    let mut changed = (0..ow).any(|w| new_object(w, level.cells[pos * ow + w]) != level.cells[pos * ow + w])
        || (0..mw).any(|w| new_move(w, level.movements[pos * mw + w]) != level.movements[pos * mw + w]);
    if let (Some(index), true) = (rule.rigid, game.rigid) {
        changed |= rigid(game, level, x, pos, index);
    }
    if !changed {
        return false;
    }
    for w in 0..ow {
        let v = new_object(w, level.cells[pos * ow + w]);
        level.cells[pos * ow + w] = v;
        level.present[w] |= v;
    }
    for w in 0..mw {
        let v = new_move(w, level.movements[pos * mw + w]);
        level.movements[pos * mw + w] = v;
        level.moving[w] |= v;
    }
    level.mark(pos);
    true
}

/// A rigid rule records, for each layer it moves, its rigid group (once per cell and turn).
fn rigid(game: &Game, level: &mut Level, x: &Replacement, pos: usize, index: usize) -> bool {
    let mw = game.movement_words;
    let mut mask = bits::zero(mw);
    for layer in 0..game.layer_count {
        bits::shift_or(&mut mask, index as u64, 5 * layer);
    }
    mask.iter_mut().zip(x.movements_layer.iter()).for_each(|(r, l)| *r &= l);
    let range = pos * mw..(pos + 1) * mw;
    if bits::all_in(&mask, &level.rigid_group[range.clone()])
        || bits::all_in(&x.movements_layer, &level.rigid_applied[range.clone()])
    {
        return false;
    }
    bits::or(&mut level.rigid_group[range.clone()], &mask);
    bits::or(&mut level.rigid_applied[range], &x.movements_layer);
    true
}

/// A replacement that spawns a random object or gives a random direction. The solvers
/// refuse such games; the interpreter takes the first object and the first direction.
fn replace_by_chance(game: &Game, level: &mut Level, rule: &Rule, x: &Replacement, pos: usize) -> bool {
    let mut set = x.objects_set.to_vec();
    let mut clear = x.objects_clear.to_vec();
    let mut moves_set = x.movements_set.to_vec();
    let mut extra = vec![0; game.movement_words];
    let choices: Vec<usize> = bits::ones(&x.random_entity).filter(|&id| id < game.objects.len()).collect();
    let pick = match (&mut level.rng, choices.len()) {
        (_, 0) => None,
        (Some(rng), n) => Some(choices[rng.below(n)]),
        (None, _) => Some(choices[0]),
    };
    if let Some(id) = pick {
        bits::set(&mut set, id);
        let layer = game.objects[id].layer;
        bits::or(&mut clear, &game.layer_masks[layer]);
        bits::shift_or(&mut extra, bits::LAYER, 5 * layer);
    }
    for layer in 0..game.layer_count {
        if bits::get(&x.random_dir, 5 * layer) {
            let dir = level.rng.as_mut().map_or(0, |r| r.below(4));
            bits::set(&mut moves_set, dir + 5 * layer);
        }
    }
    write(game, level, rule, x, pos, &set, &clear, &moves_set, Some(&extra))
}

/// A `random` group applies one of all its rules' matches, chosen by chance (the first,
/// in a session without a seed); the solvers refuse such games.
pub fn apply_random_group(game: &Game, level: &mut Level, group: &[Rule]) -> bool {
    let mut all = Vec::new();
    for (r, rule) in group.iter().enumerate() {
        let matches = super::matches::find_matches(game, level, rule);
        if !matches.is_empty() {
            all.extend(super::rules::tuples(&matches).into_iter().map(|t| (r, t)));
        }
    }
    if all.is_empty() {
        return false;
    }
    let pick = match &mut level.rng {
        Some(rng) => rng.below(all.len()),
        None => 0,
    };
    let (r, tuple) = &all[pick];
    let changed = super::rules::apply_at(game, level, &group[*r], tuple, false);
    super::rules::queue_commands(level, &group[*r].commands);
    changed
}
