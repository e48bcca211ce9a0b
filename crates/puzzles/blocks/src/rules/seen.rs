//! The positions a breadth-first search has met, each stored once: every position's anchors
//! sit end to end in one vector, and the hash table holds only their numbers. Keys kept as
//! boxed slices cost an allocation per position, twice the memory, and seconds of freeing
//! when a search of millions stops at its time limit; this costs none of that.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

/// Positions of `width` anchors each, numbered in the order they were met.
pub struct Seen {
    width: usize,
    anchors: Vec<u16>,
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl Seen {
    pub fn new(width: usize) -> Seen {
        Seen { width, anchors: Vec::new(), table: HashTable::new(), hasher: DefaultHashBuilder::default() }
    }

    pub fn len(&self) -> usize {
        self.anchors.len() / self.width.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.anchors.is_empty()
    }

    /// The anchors of position `k`.
    pub fn at(&self, k: usize) -> &[u16] {
        &self.anchors[k * self.width..(k + 1) * self.width]
    }

    /// The number of `position`, if it was met.
    pub fn find(&self, position: &[u16]) -> Option<usize> {
        let (anchors, width) = (&self.anchors, self.width);
        self.table
            .find(self.hasher.hash_one(position), |&k| {
                &anchors[k as usize * width..(k as usize + 1) * width] == position
            })
            .map(|&k| k as usize)
    }

    /// Adds `position` (not met before) and returns its number.
    pub fn insert(&mut self, position: &[u16]) -> usize {
        debug_assert_eq!(position.len(), self.width);
        let k = self.len();
        let (anchors, width, hasher) = (&self.anchors, self.width, &self.hasher);
        self.table.insert_unique(hasher.hash_one(position), k as u32, |&j| {
            hasher.hash_one(&anchors[j as usize * width..(j as usize + 1) * width])
        });
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
