//! A matched cell rewritten by its replacement: objects cleared then set, movements cleared
//! (with the layers the rule moves) then set, and for a rigid rule the record of which rigid
//! group set which layer's movement, so that a failed rigid movement can ban its group.

use crate::lang::bits;
use crate::lang::{Game, Pattern, Rule};

use super::Level;

/// Rewrites cell `pos`; whether anything changed.
pub fn replace(game: &Game, level: &mut Level, rule: &Rule, p: &Pattern, pos: usize) -> bool {
    let Some(x) = &p.replace else { return false };
    let (ow, mw) = (game.object_words, game.movement_words);
    let mut objects_set = x.objects_set.clone();
    let mut objects_clear = x.objects_clear.clone();
    let mut movements_set = x.movements_set.clone();
    let mut movements_clear: Vec<u64> =
        x.movements_clear.iter().zip(x.movements_layer.iter()).map(|(a, b)| a | b).collect();
    if !bits::is_zero(&x.random_entity) {
        // Chance: the game is refused by the solvers; the interpreter takes the first object.
        if let Some(id) = bits::ones(&x.random_entity).find(|&id| id < game.objects.len()) {
            bits::set(&mut objects_set, id);
            let layer = game.objects[id].layer;
            bits::or(&mut objects_clear, &game.layer_masks[layer]);
            bits::shift_or(&mut movements_clear, bits::LAYER, 5 * layer);
        }
    }
    if !bits::is_zero(&x.random_dir) {
        for layer in 0..game.layer_count {
            if bits::get(&x.random_dir, 5 * layer) {
                bits::set(&mut movements_set, 5 * layer);
            }
        }
    }
    let old = &level.cells[pos * ow..(pos + 1) * ow];
    let new: Vec<u64> =
        old.iter().zip(objects_clear.iter()).zip(objects_set.iter()).map(|((o, c), s)| (o & !c) | s).collect();
    let old_moves = &level.movements[pos * mw..(pos + 1) * mw];
    let new_moves: Vec<u64> =
        old_moves.iter().zip(&movements_clear).zip(movements_set.iter()).map(|((o, c), s)| (o & !c) | s).collect();
    let mut rigid_change = false;
    if let (Some(index), true) = (rule.rigid, game.rigid) {
        let mut rigid_mask = bits::zero(mw);
        for layer in 0..game.layer_count {
            bits::shift_or(&mut rigid_mask, index as u64, 5 * layer);
        }
        rigid_mask.iter_mut().zip(x.movements_layer.iter()).for_each(|(r, l)| *r &= l);
        let group = &level.rigid_group[pos * mw..(pos + 1) * mw];
        let applied = &level.rigid_applied[pos * mw..(pos + 1) * mw];
        if !bits::all_in(&rigid_mask, group) && !bits::all_in(&x.movements_layer, applied) {
            bits::or(&mut level.rigid_group[pos * mw..(pos + 1) * mw], &rigid_mask);
            bits::or(&mut level.rigid_applied[pos * mw..(pos + 1) * mw], &x.movements_layer);
            rigid_change = true;
        }
    }
    if old == new.as_slice() && old_moves == new_moves.as_slice() && !rigid_change {
        return false;
    }
    level.cells[pos * ow..(pos + 1) * ow].copy_from_slice(&new);
    level.movements[pos * mw..(pos + 1) * mw].copy_from_slice(&new_moves);
    true
}

/// A `random` group applies one of all its rules' matches, chosen by chance; the solvers
/// refuse such games, and the interpreter takes the first.
pub fn apply_random_group(game: &Game, level: &mut Level, group: &[Rule]) -> bool {
    for rule in group {
        let matches = super::rules::find_matches(game, level, rule);
        if matches.is_empty() {
            continue;
        }
        let tuple = super::rules::tuples(&matches).swap_remove(0);
        let changed = super::rules::apply_at(game, level, rule, &tuple, false);
        super::rules::queue_commands(level, &rule.commands);
        return changed;
    }
    false
}
