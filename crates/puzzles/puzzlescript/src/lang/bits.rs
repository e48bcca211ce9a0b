//! Bit sets over words: a cell's objects (one bit per object) and its movements (five bits
//! per collision layer: up, down, left, right, action), as the compiled game and the
//! interpreter keep them.

/// A bit set of a fixed number of words.
pub type Bits = Box<[u64]>;

/// The movement bits of one direction.
pub const UP: u64 = 0b00001;
pub const DOWN: u64 = 0b00010;
pub const LEFT: u64 = 0b00100;
pub const RIGHT: u64 = 0b01000;
pub const ACTION: u64 = 0b10000;
/// All five movement bits of a layer.
pub const LAYER: u64 = 0b11111;

pub fn zero(words: usize) -> Bits {
    vec![0; words.max(1)].into_boxed_slice()
}

pub fn set(bits: &mut [u64], bit: usize) {
    bits[bit / 64] |= 1 << (bit % 64);
}

pub fn get(bits: &[u64], bit: usize) -> bool {
    bits.get(bit / 64).is_some_and(|w| w >> (bit % 64) & 1 == 1)
}

/// ORs `mask` (at most 5 bits) in at bit `shift`, across a word boundary when it must.
pub fn shift_or(bits: &mut [u64], mask: u64, shift: usize) {
    let (w, b) = (shift / 64, shift % 64);
    bits[w] |= mask << b;
    if b > 59 {
        bits[w + 1] |= mask >> (64 - b);
    }
}

/// The 5 bits at `shift`.
pub fn field(bits: &[u64], shift: usize) -> u64 {
    let (w, b) = (shift / 64, shift % 64);
    let mut v = bits[w] >> b;
    if b > 59 {
        v |= bits.get(w + 1).map_or(0, |n| n << (64 - b));
    }
    v & LAYER
}

/// Clears the bits of `mask` (at most 5 bits) at `shift`.
pub fn shift_clear(bits: &mut [u64], mask: u64, shift: usize) {
    let (w, b) = (shift / 64, shift % 64);
    bits[w] &= !(mask << b);
    if b > 59 {
        bits[w + 1] &= !(mask >> (64 - b));
    }
}

/// Every bit of `mask` is set in `cell`.
pub fn all_in(mask: &[u64], cell: &[u64]) -> bool {
    mask.iter().zip(cell).all(|(m, c)| m & c == *m)
}

/// Some bit of `mask` is set in `cell`.
pub fn any_in(mask: &[u64], cell: &[u64]) -> bool {
    mask.iter().zip(cell).any(|(m, c)| m & c != 0)
}

pub fn or(into: &mut [u64], other: &[u64]) {
    into.iter_mut().zip(other).for_each(|(a, b)| *a |= b);
}

pub fn clear(into: &mut [u64], other: &[u64]) {
    into.iter_mut().zip(other).for_each(|(a, b)| *a &= !b);
}

pub fn is_zero(bits: &[u64]) -> bool {
    bits.iter().all(|w| *w == 0)
}

/// The set bits, lowest first.
pub fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            let b = rest.trailing_zeros() as usize;
            rest &= rest.wrapping_sub(1);
            (b < 64).then_some(w * 64 + b)
        })
    })
}
