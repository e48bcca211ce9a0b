//! The positions a breadth-first search has met, each stored once: every position's anchors
//! sit end to end in one vector, and the hash table holds only numbers into it. Keys kept as
//! boxed slices cost an allocation per position, twice the memory, and seconds of freeing
//! when a search of millions stops at its time limit; this costs none of that. Beside each
//! number the table keeps 32 bits of the position's hash (spread to 64 when used), so that
//! growing the table moves entries without hashing or reading a position again: that growth
//! is the longest pause a search cannot interrupt.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

/// Positions of `width` anchors each, numbered in the order they were met.
pub struct Seen {
    width: usize,
    anchors: Vec<u16>,
    /// (number, kept hash) of each position.
    table: HashTable<(u32, u32)>,
    hasher: DefaultHashBuilder,
}

impl Seen {
    pub fn new(width: usize) -> Seen {
        Seen { width, anchors: Vec::new(), table: HashTable::new(), hasher: DefaultHashBuilder::default() }
    }

    pub fn len(&self) -> usize {
        self.anchors.len() / self.width.max(1)
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.anchors.is_empty()
    }

    /// The anchors of position `k`.
    pub fn at(&self, k: usize) -> &[u16] {
        &self.anchors[k * self.width..(k + 1) * self.width]
    }

    /// The 32 bits of `position`'s hash that are kept.
    fn short_hash(&self, position: &[u16]) -> u32 {
        self.hasher.hash_one(position) as u32
    }

    /// The table's 64-bit hash of a kept one: the table takes its bucket from the low bits
    /// and a tag from the top seven, so both must vary.
    fn spread(short: u32) -> u64 {
        u64::from(short).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The number of `position`, if it was met.
    pub fn find(&self, position: &[u16]) -> Option<usize> {
        let (anchors, width) = (&self.anchors, self.width);
        self.table
            .find(Seen::spread(self.short_hash(position)), |&(k, _)| {
                &anchors[k as usize * width..(k as usize + 1) * width] == position
            })
            .map(|&(k, _)| k as usize)
    }

    /// Adds `position` (not met before) and returns its number.
    pub fn insert(&mut self, position: &[u16]) -> usize {
        debug_assert_eq!(position.len(), self.width);
        let k = self.len();
        let short = self.short_hash(position);
        self.table.insert_unique(Seen::spread(short), (k as u32, short), |&(_, h)| Seen::spread(h));
        self.anchors.extend_from_slice(position);
        k
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;

    #[test]
    fn positions_are_found_by_their_anchors_and_numbered_in_order() {
        let mut seen = Seen::new(3);
        assert!(seen.is_empty());
        let positions: Vec<[u16; 3]> = (0..5000u16).map(|k| [k % 7, k / 7, k % 13]).collect();
        for (k, p) in positions.iter().enumerate() {
            assert_eq!(seen.find(p), None, "{p:?} not met yet");
            assert_eq!(seen.insert(p), k);
        }
        assert_eq!(seen.len(), positions.len());
        assert!(!seen.is_empty());
        for (k, p) in positions.iter().enumerate() {
            assert_eq!(seen.find(p), Some(k));
            assert_eq!(seen.at(k), p);
        }
        assert_eq!(seen.find(&[7, 0, 0]), None);
    }
}
