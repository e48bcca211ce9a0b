//! Files worth keeping between runs (the pattern databases take seconds to build and a
//! moment to read back): under `$PUZZLEC_CACHE_DIR`, else `$XDG_CACHE_HOME/puzzlec`, else
//! `~/.cache/puzzlec`.
//!
//! Each file ends with a CRC-32 of what precedes it and its length, so a truncated or
//! corrupted file reads as missing and is rebuilt. Writes go to a temporary file renamed
//! into place, so a reader (another process building the same table at the same moment)
//! never sees half a file. A cache that cannot be written costs only the rebuild: every
//! error here is swallowed, since the caller can always compute the contents again.

use std::path::PathBuf;

/// The cache folder (not created), or `None` when no home is known.
pub fn dir() -> Option<PathBuf> {
    crate::tuning::get().cache_dir.clone()
}

/// The contents stored under `name`, when present and intact.
pub fn load(name: &str) -> Option<Vec<u8>> {
    let mut bytes = std::fs::read(dir()?.join(name)).ok()?;
    let body = bytes.len().checked_sub(12)?;
    let (crc, len) = (&bytes[body..body + 4], &bytes[body + 4..]);
    let len = u64::from_le_bytes(len.try_into().ok()?);
    if len != body as u64 || u32::from_le_bytes(crc.try_into().ok()?) != crc32fast::hash(&bytes[..body]) {
        return None;
    }
    bytes.truncate(body);
    Some(bytes)
}

/// Stores `contents` under `name`; false when the cache could not be written.
pub fn store(name: &str, contents: &[u8]) -> bool {
    let Some(dir) = dir() else { return false };
    if std::fs::create_dir_all(&dir).is_err() {
        return false;
    }
    // Unique per process and call: two threads storing the same name must not share one.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temporary = dir.join(format!(".{name}.{}.{call}.tmp", std::process::id()));
    let mut bytes = Vec::with_capacity(contents.len() + 12);
    bytes.extend_from_slice(contents);
    bytes.extend_from_slice(&crc32fast::hash(contents).to_le_bytes());
    bytes.extend_from_slice(&(contents.len() as u64).to_le_bytes());
    let written = std::fs::write(&temporary, &bytes).is_ok() && std::fs::rename(&temporary, dir.join(name)).is_ok();
    if !written {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test owns the tuning: the cache folder is process-wide.
    #[test]
    fn round_trip_and_damage_reads_as_missing() {
        let dir = std::env::temp_dir().join(format!("puzzlec-cache-test-{}", std::process::id()));
        let tuning = crate::tuning::Tuning { cache_dir: Some(dir.clone()), ..Default::default() };
        assert!(crate::tuning::install(tuning), "nothing read the tuning before");
        assert!(store("t.bin", b"tables"));
        assert_eq!(load("t.bin").as_deref(), Some(&b"tables"[..]));
        let path = dir.join("t.bin");
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[0] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(load("t.bin"), None, "a flipped bit");
        std::fs::write(&path, &bytes[..5]).unwrap();
        assert_eq!(load("t.bin"), None, "a truncated file");
        assert_eq!(load("absent.bin"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
