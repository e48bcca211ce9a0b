//! Movement: the input sets the player's movement; after the rules, every cell's movements
//! are carried out, cell by cell in storage order and layer by layer, until nothing more
//! moves; a movement a rigid rule set that is left over bans that rule's group.

use crate::lang::bits;
use crate::lang::Game;

use super::Level;

/// The cells holding a player.
pub fn players(game: &Game, level: &Level) -> Vec<usize> {
    let ow = game.object_words;
    if ow == 1 {
        // The usual game: one word a cell, tested in place.
        let p = game.player[0];
        let holds = |c: u64| if game.player_all { c & p == p } else { c & p != 0 };
        return level.cells_in(|o, _| holds(o)).filter(|&i| holds(level.cells[i])).collect();
    }
    (0..level.width * level.height)
        .filter(|&i| {
            let cell = &level.cells[i * ow..(i + 1) * ow];
            match game.player_all {
                true => bits::all_in(&game.player, cell),
                false => bits::any_in(&game.player, cell),
            }
        })
        .collect()
}

/// Sets the input's movement on every player's layer; returns where the players were.
pub fn start(game: &Game, level: &mut Level, dir: u64) -> Vec<usize> {
    let (ow, mw) = (game.object_words, game.movement_words);
    let at = players(game, level);
    let mut cell = vec![0; ow];
    for &i in &at {
        for (k, w) in cell.iter_mut().enumerate() {
            *w = level.cells[i * ow + k] & game.player[k];
        }
        for id in bits::ones(&cell).filter(|&id| id < game.objects.len()) {
            bits::shift_or(&mut level.movements[i * mw..(i + 1) * mw], dir, 5 * game.objects[id].layer);
            bits::shift_or(&mut level.moving, dir, 5 * game.objects[id].layer);
        }
        level.mark(i);
    }
    at
}

/// Moves a layer's objects out of cell `i`; whether they went.
fn move_layer(game: &Game, level: &mut Level, i: usize, layer: usize, dir: u64) -> bool {
    let (dx, dy): (isize, isize) = match dir {
        1 => (0, -1),
        2 => (0, 1),
        4 => (-1, 0),
        8 => (1, 0),
        3 | 15 | 16 => (0, 0),
        _ => return false,
    };
    let (h, w) = (level.height as isize, level.width as isize);
    let (x, y) = (i as isize / h, i as isize % h);
    if x + dx < 0 || x + dx >= w || y + dy < 0 || y + dy >= h {
        return false;
    }
    let target = (i as isize + dy + dx * h) as usize;
    let ow = game.object_words;
    let mask = &game.layer_masks[layer];
    if dir != 16 && bits::any_in(mask, &level.cells[target * ow..(target + 1) * ow]) {
        return false;
    }
    for (k, m) in mask.iter().enumerate() {
        let moving = level.cells[i * ow + k] & m;
        level.cells[i * ow + k] &= !m;
        level.cells[target * ow + k] |= moving;
    }
    level.mark(target);
    true
}

/// Carries out cell `i`'s movements, layer by layer; whether anything moved.
fn move_cell(game: &Game, level: &mut Level, i: usize) -> bool {
    let mw = game.movement_words;
    if level.movements[i * mw..(i + 1) * mw].iter().all(|w| *w == 0) {
        return false;
    }
    let mut moved = false;
    for layer in 0..game.layer_count {
        let dir = bits::field(&level.movements[i * mw..(i + 1) * mw], 5 * layer);
        if dir != 0 && move_layer(game, level, i, layer, dir) {
            bits::shift_clear(&mut level.movements[i * mw..(i + 1) * mw], dir, 5 * layer);
            moved = true;
        }
    }
    moved
}

/// Every movement carried out; returns whether a rigid group was newly banned (the turn
/// must then be run again without it).
pub fn resolve(game: &Game, level: &mut Level, banned: &mut [bool]) -> bool {
    let n = level.width * level.height;
    let mw = game.movement_words;
    // Only cells that hold movements can move, and no cell gains a movement here: passes
    // over them alone, in storage order, are the reference's passes over every cell.
    let moving: Vec<usize> = match mw {
        1 => level.cells_in(|_, m| m != 0).filter(|&i| level.movements[i] != 0).collect(),
        _ => (0..n).filter(|&i| level.movements[i * mw..(i + 1) * mw].iter().any(|w| *w != 0)).collect(),
    };
    let mut passes = 0;
    loop {
        passes += 1;
        let mut moved = false;
        for &i in &moving {
            moved |= move_cell(game, level, i);
        }
        if !moved {
            break;
        }
    }
    if let Some(u) = level.usage.as_deref_mut() {
        u.passes = u.passes.max(passes);
    }
    let mut undo = false;
    for &i in &moving {
        let range = i * mw..(i + 1) * mw;
        if game.rigid && !bits::is_zero(&level.movements[range.clone()]) {
            let left: Vec<u64> = level.movements[range.clone()]
                .iter()
                .zip(&level.rigid_applied[range.clone()])
                .map(|(m, a)| m & a)
                .collect();
            if let Some(layer) = (0..game.layer_count).find(|&l| bits::field(&left, 5 * l) != 0) {
                let index = bits::field(&level.rigid_group[range.clone()], 5 * layer) as usize;
                if let Some(&group) = index.checked_sub(1).and_then(|x| game.rigid_groups.get(x)) {
                    if !banned[group] {
                        banned[group] = true;
                        undo = true;
                    }
                }
            }
        }
        match mw {
            1 => level.movements[i] = 0,
            _ => level.movements[range].fill(0),
        }
    }
    if game.rigid {
        level.rigid_group.fill(0);
        level.rigid_applied.fill(0);
    }
    undo
}
