//! Numbers as binary LRAT (and binary DRAT) write them: 7-bit groups, low first, the high
//! bit saying more follow. A literal l is 2|l| + (l < 0); a clause id i is 2i.

use std::io::{BufRead, ErrorKind};

pub(crate) fn put(out: &mut Vec<u8>, mut x: u64) {
    while x > 127 {
        out.push((x & 127) as u8 | 128);
        x >>= 7;
    }
    out.push(x as u8);
}

pub(crate) fn lit(l: i32) -> u64 {
    2 * u64::from(l.unsigned_abs()) + u64::from(l < 0)
}

pub(crate) fn unlit(x: u64) -> i32 {
    let v = (x / 2) as i32;
    if x & 1 == 1 {
        -v
    } else {
        v
    }
}

/// The next number, `None` at a clean end of the input (before its first byte).
pub(crate) fn get(r: &mut impl BufRead) -> std::io::Result<Option<u64>> {
    let (mut x, mut shift) = (0u64, 0);
    loop {
        let byte = {
            let buf = r.fill_buf()?;
            let Some(&b) = buf.first() else {
                return if shift == 0 { Ok(None) } else { Err(ErrorKind::UnexpectedEof.into()) };
            };
            b
        };
        r.consume(1);
        if shift > 63 {
            return Err(std::io::Error::new(ErrorKind::InvalidData, "a number beyond 64 bits"));
        }
        x |= u64::from(byte & 127) << shift;
        if byte < 128 {
            return Ok(Some(x));
        }
        shift += 7;
    }
}

/// The next number, which must be there.
pub(crate) fn need(r: &mut impl BufRead) -> std::io::Result<u64> {
    get(r)?.ok_or_else(|| ErrorKind::UnexpectedEof.into())
}

/// Numbers up to the next 0.
pub(crate) fn until_zero(r: &mut impl BufRead, into: &mut Vec<u64>) -> std::io::Result<()> {
    into.clear();
    loop {
        match need(r)? {
            0 => return Ok(()),
            x => into.push(x),
        }
    }
}
