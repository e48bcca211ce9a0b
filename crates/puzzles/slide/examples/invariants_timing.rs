//! Times `prove invariants` per property and size (for the docs).
use std::time::Duration;

use puzzlec_slide::prove::invariants::{prove, Property};
use puzzlec_solve::{Backend, Registry};

fn main() {
    let z3 = Backend::resolve("z3", &Registry::parse("", "none".into(), None).unwrap()).unwrap();
    let sizes: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    for &n in &sizes {
        for p in Property::ALL {
            let (v, secs) = prove(p, n, n, &z3, Duration::from_secs(600)).unwrap();
            println!("{n}x{n} {p:?} {v:?} {secs:.2}s");
        }
    }
}
