//! Ctrl-C and SIGTERM. The first signal asks every run to stop ([`puzzlec_facade::interrupt`]):
//! solvers are stopped, their files removed by their own runs, and `main` prints what it has
//! and exits 130. Should the runs not have ended within [`PATIENCE`] (or at a second signal),
//! the handler kills every process in flight itself, removes their folders, prints the
//! interrupt's JSON object when nothing was printed yet, and exits 130.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long the runs get to end by themselves after the first signal.
const PATIENCE: Duration = Duration::from_secs(3);

pub fn install(json: bool) {
    static SEEN: AtomicBool = AtomicBool::new(false);
    let _ = ctrlc::set_handler(move || {
        if SEEN.swap(true, Ordering::SeqCst) {
            give_up(json);
        }
        puzzlec_facade::interrupt();
        std::thread::spawn(move || {
            std::thread::sleep(PATIENCE);
            give_up(json);
        });
    });
}

/// Ends the process at once: nothing of its runs is left behind.
fn give_up(json: bool) -> ! {
    puzzlec_facade::kill_everything();
    if !json {
        eprintln!("error: {}", puzzlec_facade::Error::interrupted());
    }
    crate::render::last_words(json.then(|| format!("{}\n", puzzlec_facade::Error::interrupted().to_json())))
}
