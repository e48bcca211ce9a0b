//! The tables as a cache file: a header that names exactly what they were built for (shape,
//! goal, groups), then each table's bytes. The file's name carries a hash of the header so
//! different goals live side by side; the header itself is compared on reading, so a
//! collision or a file of another version reads as missing, never as the wrong tables.
//!
//! The excess lists ([`super::table::Excess`]) go to a second file of the same name with
//! `.excess` after it, read only for certificates: the same header with `excess` after it,
//! then per group a count (four bytes, little-endian) and per entry the placement's index
//! (four bytes), the region's lowest cell and the excess (a byte each), sorted by index and
//! cell.
//!
//! In memory the tables stay in the file's bytes (no copy: reading 33 MB back is most of
//! what a run on a cached 15-puzzle costs).

use super::table::{Built, DIGIT};
use super::{mirror, Board, PatternDb};

const MAGIC: &[u8] = b"puzzlec pattern databases 2\n";

fn header(goal: &Board, groups: &[Vec<u8>]) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
    h.extend([goal.rows() as u8, goal.cols() as u8, groups.len() as u8]);
    h.extend_from_slice(goal.cells());
    for g in groups {
        h.push(g.len() as u8);
        h.extend_from_slice(g);
    }
    h
}

/// The cache file's name for these tables.
pub(super) fn name(goal: &Board, groups: &[Vec<u8>]) -> String {
    format!("pdb-{}x{}-{:08x}.bin", goal.rows(), goal.cols(), crc32fast::hash(&header(goal, groups)))
}

/// The tables as one file's bytes.
pub(super) fn assemble(goal: &Board, groups: &[Vec<u8>], tables: &[Built]) -> PatternDb {
    let mut bytes = header(goal, groups);
    for t in tables {
        bytes.extend_from_slice(&t.table);
    }
    decode(bytes, goal, groups).expect("tables of the right sizes")
}

/// The excess file's name for these tables.
pub(super) fn excess_name(goal: &Board, groups: &[Vec<u8>]) -> String {
    format!("{}.excess", name(goal, groups))
}

/// The excess lists as the excess file's bytes.
pub(super) fn excess(goal: &Board, groups: &[Vec<u8>], tables: &[Built]) -> Vec<u8> {
    let mut bytes = header(goal, groups);
    bytes.extend_from_slice(b"excess\n");
    for t in tables {
        bytes.extend_from_slice(&(t.excess.len() as u32).to_le_bytes());
        for e in &t.excess {
            bytes.extend_from_slice(&e.index.to_le_bytes());
            bytes.extend([e.cell, e.by]);
        }
    }
    bytes
}

/// True when `bytes` start as the excess file of these tables.
pub(super) fn is_excess_of(bytes: &[u8], goal: &Board, groups: &[Vec<u8>]) -> bool {
    let mut h = header(goal, groups);
    h.extend_from_slice(b"excess\n");
    bytes.starts_with(&h)
}

/// The tables in `bytes`, when they are the ones for `goal` and `groups`.
pub(super) fn decode(bytes: Vec<u8>, goal: &Board, groups: &[Vec<u8>]) -> Option<PatternDb> {
    let mut at = header(goal, groups).len();
    if !bytes.starts_with(&header(goal, groups)) {
        return None;
    }
    let mut spans = Vec::new();
    for g in groups {
        let len = 1usize << (DIGIT * g.len());
        spans.push((g.clone(), at..at + len));
        at += len;
    }
    (at == bytes.len()).then(|| PatternDb {
        rows: goal.rows(),
        cols: goal.cols(),
        goal: goal.cells().to_vec(),
        bytes: std::sync::Arc::new(bytes),
        groups: spans,
        mirror: mirror(goal),
        next_to: super::table::neighbours(goal.rows(), goal.cols()),
    })
}
