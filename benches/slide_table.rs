//! The sliding-tile table (issue C): filled in with the `compact` encoding.

pub fn run() {
    println!("## sliding tiles: see issue C (not measured yet)");
}
