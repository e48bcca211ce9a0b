//! What a replacement does to a cell its pattern matches: the bits it sets and clears
//! there, less those the match already fixes. An object the pattern requires is there
//! (setting it changes nothing), and no other object shares its layer (a cell holds one
//! object per layer, so clearing them changes nothing); an object it requires missing is
//! not there; a movement it requires is the only one of its layer, and a stationary layer
//! has none. Written where the pattern holds, these bits are the whole change.

use super::bits::{self, Bits};
use super::Pattern;

/// Bits set and cleared (objects, then movements, as the cell stores them).
pub struct Effect {
    pub set: Bits,
    pub clear: Bits,
    pub moves_set: Bits,
    pub moves_clear: Bits,
}

impl Effect {
    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        [&self.set, &self.clear, &self.moves_set, &self.moves_clear].iter().all(|b| bits::is_zero(b))
    }
}

/// The effect of `p`'s replacement on a cell `p` matches; `layers[o]` is object `o`'s layer.
pub fn of(layers: &[usize], p: &Pattern) -> Effect {
    let mut e = Effect {
        set: bits::zero(p.present.len()),
        clear: bits::zero(p.present.len()),
        moves_set: bits::zero(p.moving.len()),
        moves_clear: bits::zero(p.moving.len()),
    };
    let Some(x) = &p.replace else { return e };
    let required: Vec<usize> = bits::ones(&p.present).collect();
    let full = |o: usize| required.iter().any(|&r| layers[r] == layers[o]);
    let mut touched = x.objects_set.to_vec();
    bits::or(&mut touched, &x.objects_clear);
    for o in bits::ones(&touched) {
        let (set, there) = (bits::get(&x.objects_set, o), bits::get(&p.present, o));
        if set && !there {
            bits::set(&mut e.set, o);
        } else if !set && !bits::get(&p.missing, o) && (there || !full(o)) {
            bits::set(&mut e.clear, o);
        }
    }
    let moving: Vec<usize> = bits::ones(&p.moving).collect();
    // The layer's movement is known: the one required, or none.
    let known = |b: usize| bits::get(&p.still, b) || moving.iter().any(|&m| m / 5 == b / 5);
    let mut touched = x.movements_set.to_vec();
    bits::or(&mut touched, &x.movements_clear);
    bits::or(&mut touched, &x.movements_layer);
    for b in bits::ones(&touched) {
        let (set, there) = (bits::get(&x.movements_set, b), bits::get(&p.moving, b));
        if set && !there {
            bits::set(&mut e.moves_set, b);
        } else if !set && (there || !known(b)) {
            bits::set(&mut e.moves_clear, b);
        }
    }
    e
}
