//! The reference engine's random numbers (an RC4 stream seeded by text), so that a game
//! played with the same seed makes the same choices: which match of a `random` group, which
//! object a `random` spawns, which way `randomdir` goes. The solvers refuse games that use
//! them; the interpreter uses them to replay the reference's own recordings.

/// An RC4 stream, as the reference seeds and reads it.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u8; 256],
    i: u8,
    j: u8,
}

impl Rng {
    /// Seeded by `seed`'s UTF-16 code units, each as its bytes, high byte first.
    pub fn new(seed: &str) -> Rng {
        let mut s = [0u8; 256];
        for (k, v) in s.iter_mut().enumerate() {
            *v = k as u8;
        }
        let mut input = Vec::new();
        for unit in seed.encode_utf16() {
            let (mut c, mut bytes) = (unit as u32, Vec::new());
            loop {
                bytes.push((c & 0xff) as u8);
                c >>= 8;
                if c == 0 {
                    break;
                }
            }
            input.extend(bytes.into_iter().rev());
        }
        let mut j = 0usize;
        if !input.is_empty() {
            for i in 0..256 {
                j = (j + s[i] as usize + input[i % input.len()] as usize) % 256;
                s.swap(i, j);
            }
        }
        Rng { s, i: 0, j: 0 }
    }

    fn next_byte(&mut self) -> u8 {
        self.i = self.i.wrapping_add(1);
        self.j = self.j.wrapping_add(self.s[self.i as usize]);
        self.s.swap(self.i as usize, self.j as usize);
        self.s[(self.s[self.i as usize].wrapping_add(self.s[self.j as usize])) as usize]
    }

    /// A number in [0, 1] from seven bytes, computed in floating point as the reference does.
    pub fn uniform(&mut self) -> f64 {
        let mut out = 0.0f64;
        for _ in 0..7 {
            out = out * 256.0 + f64::from(self.next_byte());
        }
        out / (2f64.powi(56) - 1.0)
    }

    /// An index below `n`, as `Math.floor(uniform() * n)`.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.uniform() * n as f64).floor() as usize).min(n.saturating_sub(1))
    }
}
