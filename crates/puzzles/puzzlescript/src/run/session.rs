//! A session of play, turn by turn, as the reference engine plays it under its test harness:
//! an input is a turn (rules, movement, rigid retries, late rules, then the queued commands:
//! `cancel`, `restart`, win, `checkpoint`, `again`); `again` turns follow without input and
//! belong to the same input; winning loads the next level.

use crate::lang::{Command, Entry, Game};

use super::{moves, rules, Input, Level};

/// One step a player (or the reference suite) takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Input(Input),
    Tick,
    Undo,
    Restart,
}

pub struct Session<'g> {
    pub game: &'g Game,
    pub level: Level,
    /// The entry of LEVELS being played (messages count).
    pub current: usize,
    /// The entry the session started or resumed at: where [`Session::reset`] goes back to,
    /// even after a win loaded the next one.
    home: usize,
    /// A message or the title shows: inputs still run on the last level, but nobody wins.
    pub text_mode: bool,
    /// An `again` turn is due.
    pub againing: bool,
    /// How many times a level was won.
    pub wins: usize,
    backups: Vec<Vec<u64>>,
    restart_target: Vec<u64>,
    restarting: bool,
    /// Levels before each input are kept for `undo` (a search has no use for them).
    pub keep_undo: bool,
    /// A buffer for the level before a turn.
    spare: Vec<u64>,
    /// The level as the last win left it (before the next level loaded).
    pub won_level: Option<Vec<u64>>,
    /// When `again` turns must stop whether or not they are done (a search's limit).
    pub deadline: Option<std::time::Instant>,
    /// `again` turns did not stop (a cap of [`AGAIN_CAP`] was reached).
    pub runaway: bool,
    /// The `again` turns the last step played.
    pub agains: usize,
    /// The seed of the random numbers, given again to each level loaded.
    seed: Option<String>,
}

/// The most `again` turns one input may cause before the session gives up on them.
pub const AGAIN_CAP: usize = 10_000;

impl<'g> Session<'g> {
    /// Starts at entry `index` of LEVELS (the reference's level index, which counts
    /// messages), with its turns at level start and their `again` turns played.
    pub fn new(game: &'g Game, index: usize) -> Option<Session<'g>> {
        Session::seeded(game, index, None)
    }

    /// As [`Session::new`], with the reference's random numbers seeded by `seed` at each
    /// level's load (its test suite records games of chance so).
    pub fn seeded(game: &'g Game, index: usize, seed: Option<&str>) -> Option<Session<'g>> {
        let board = game.boards().map(|(_, b)| b).next()?;
        let level = Level::new(game, board);
        let mut s = Session {
            game,
            restart_target: level.cells.clone(),
            level,
            current: index,
            home: index,
            text_mode: true,
            againing: false,
            wins: 0,
            backups: Vec::new(),
            restarting: false,
            keep_undo: true,
            spare: Vec::new(),
            deadline: None,
            won_level: None,
            runaway: false,
            agains: 0,
            seed: seed.map(String::from),
        };
        s.load(index);
        s.settle();
        Some(s)
    }

    /// A session on entry `index` resumed at a state of its level (cells, and the restart
    /// point a checkpoint set), with no turn played.
    pub fn resume(game: &'g Game, index: usize, cells: &[u64], restart: &[u64]) -> Option<Session<'g>> {
        let Some(Entry::Level(board)) = game.levels.get(index) else { return None };
        let mut level = Level::new(game, board);
        level.cells.copy_from_slice(cells);
        for cell in cells.chunks(game.object_words) {
            crate::lang::bits::or(&mut level.present, cell);
        }
        Some(Session {
            game,
            level,
            current: index,
            home: index,
            text_mode: false,
            againing: false,
            wins: 0,
            backups: Vec::new(),
            restart_target: restart.to_vec(),
            restarting: false,
            keep_undo: true,
            spare: Vec::new(),
            deadline: None,
            won_level: None,
            runaway: false,
            agains: 0,
            seed: None,
        })
    }

    /// Puts the session back at a state of its level (as [`Session::resume`] does), the level
    /// loaded again if a win moved the session on to the next.
    pub fn reset(&mut self, cells: &[u64], restart: &[u64]) {
        if self.current != self.home || self.text_mode {
            if let Some(Entry::Level(board)) = self.game.levels.get(self.home) {
                let usage = self.level.usage.take();
                self.level = Level::new(self.game, board);
                self.level.usage = usage;
                self.current = self.home;
                self.restart_target.clone_from(&self.level.cells);
            }
        }
        self.level.cells.copy_from_slice(cells);
        self.level.movements.fill(0);
        self.level.commands.clear();
        self.restart_target.copy_from_slice(restart);
        self.backups.clear();
        (self.text_mode, self.againing, self.wins, self.runaway) = (false, false, 0, false);
    }

    /// The restart point (the level's start, or the last checkpoint).
    pub fn restart_point(&self) -> &[u64] {
        &self.restart_target
    }

    fn load(&mut self, index: usize) {
        self.current = index;
        self.againing = false;
        match self.game.levels.get(index) {
            Some(Entry::Level(board)) => {
                self.text_mode = false;
                self.level = Level::new(self.game, board);
                self.level.rng = self.seed.as_deref().filter(|s| !s.is_empty()).map(super::rng::Rng::new);
                self.backups.clear();
                self.restart_target = self.level.cells.clone();
                if self.game.meta("run_rules_on_level_start").is_some() {
                    self.turn(None, true, false);
                }
            }
            _ => self.text_mode = true,
        }
    }

    /// Plays the `again` turns that are due.
    pub fn settle(&mut self) {
        let mut count = 0;
        while self.againing {
            count += 1;
            let late = count % 64 == 0 && self.deadline.is_some_and(|d| std::time::Instant::now() >= d);
            if count > AGAIN_CAP || late {
                self.runaway = true;
                self.againing = false;
                break;
            }
            self.againing = false;
            self.turn(None, false, false);
        }
        self.agains = count;
        if let Some(u) = self.level.usage.as_deref_mut() {
            u.agains = u.agains.max(count);
        }
    }

    /// One step and its `again` turns, as the reference suite plays it.
    pub fn step(&mut self, step: Step) {
        match step {
            Step::Input(i) => {
                self.turn(Some(i), false, false);
            }
            Step::Tick => {
                self.turn(None, false, false);
            }
            Step::Undo => self.undo(false, true),
            Step::Restart => self.restart(false),
        }
        self.settle();
    }

    fn restore(&mut self, cells: Vec<u64>) {
        self.spare = std::mem::replace(&mut self.level.cells, cells);
        self.level.movements.fill(0);
        self.level.rigid_group.fill(0);
        self.level.rigid_applied.fill(0);
        self.againing = false;
        self.level.commands.clear();
    }

    fn undo(&mut self, force: bool, skip_same: bool) {
        if self.game.meta("noundo").is_some() && !force {
            return;
        }
        if skip_same {
            while self.backups.last().is_some_and(|b| *b == self.level.cells) {
                self.backups.pop();
            }
        }
        if let Some(b) = self.backups.pop() {
            self.restore(b);
        }
    }

    fn restart(&mut self, force: bool) {
        if self.restarting || (!force && self.game.meta("norestart").is_some()) {
            return;
        }
        if self.againing {
            self.undo(force, true);
        }
        self.restarting = true;
        if !force {
            self.backups.push(self.level.cells.clone());
        }
        self.restore(self.restart_target.clone());
        if self.game.meta("run_rules_on_level_start").is_some() {
            self.turn(None, true, false);
        }
        self.level.commands.clear();
        self.restarting = false;
    }

    /// One turn (the reference's `processInput`); whether the level changed.
    pub fn turn(&mut self, input: Option<Input>, dont_win: bool, dont_modify: bool) -> bool {
        let game = self.game;
        self.againing = false;
        let mut bak = std::mem::take(&mut self.spare);
        bak.clone_from(&self.level.cells);
        self.level.moving.fill(0);
        self.level.survey(game);
        let players = input.map(|i| moves::start(game, &mut self.level, i.mask())).unwrap_or_default();
        self.level.commands.clear();
        // A rigid group's failure runs the turn again from here without it.
        let (start_cells, start_moves) = match game.rigid {
            true => (self.level.cells.clone(), self.level.movements.clone()),
            false => (Vec::new(), Vec::new()),
        };
        let mut banned = vec![false; if game.rigid { game.rules.len() } else { 0 }];
        for _ in 0..50 {
            rules::apply_rules(
                game,
                &mut self.level,
                (&game.rules, 0),
                &game.loop_point,
                &game.once,
                Some(banned.as_slice()).filter(|b| !b.is_empty()),
            );
            if !moves::resolve(game, &mut self.level, &mut banned) {
                rules::apply_rules(
                    game,
                    &mut self.level,
                    (&game.late_rules, 1),
                    &game.late_loop_point,
                    &game.late_once,
                    None,
                );
                break;
            }
            self.level.cells.clone_from(&start_cells);
            self.level.movements.clone_from(&start_moves);
            self.level.commands.clear();
        }
        if !players.is_empty() && game.meta("require_player_movement").is_some() {
            let ow = game.object_words;
            let moved = players
                .iter()
                .any(|&p| !crate::lang::bits::any_in(&game.player, &self.level.cells[p * ow..(p + 1) * ow]));
            if !moved {
                self.restore(bak);
                self.text_mode = false;
                return false;
            }
        }
        self.commands(bak, dont_modify, dont_win, input.is_some())
    }

    /// The queued commands carried out (the reference's `processCommandQueue`).
    fn commands(&mut self, bak: Vec<u64>, dont_modify: bool, dont_win: bool, had_input: bool) -> bool {
        let queued = |s: &Session, c: &Command| s.level.commands.iter().any(|x| x.word() == c.word());
        if queued(self, &Command::Cancel) {
            let left = self.level.commands.len() > 1;
            self.restore(bak);
            return left;
        }
        if queued(self, &Command::Restart) {
            if self.keep_undo {
                self.backups.push(bak.clone());
            }
            if !dont_modify {
                self.restart(true);
            }
        }
        let modified = self.level.cells != bak;
        if modified {
            if dont_modify {
                self.restore(bak);
                return true;
            }
            if had_input && self.keep_undo {
                self.backups.push(bak);
                return self.after_change(dont_modify, dont_win, modified);
            }
        }
        self.spare = bak;
        self.after_change(dont_modify, dont_win, modified)
    }

    /// The commands after the level's change was recorded: win, `checkpoint`, `again`.
    fn after_change(&mut self, dont_modify: bool, dont_win: bool, modified: bool) -> bool {
        let queued = |s: &Session, c: &Command| s.level.commands.iter().any(|x| x.word() == c.word());
        if dont_modify && (queued(self, &Command::Win) || queued(self, &Command::Restart)) {
            return true;
        }
        if !self.text_mode {
            self.check_win(dont_win);
        }
        if queued(self, &Command::Checkpoint) {
            self.restart_target = self.level.cells.clone();
        }
        if queued(self, &Command::Again) && modified && self.turn(None, true, true) {
            self.againing = true;
        }
        self.level.commands.clear();
        modified
    }

    fn check_win(&mut self, dont_win: bool) {
        let won = self.level.commands.contains(&Command::Win) || self.level.wins(self.game);
        if won && !dont_win {
            self.wins += 1;
            self.won_level = Some(self.level.cells.clone());
            self.next_level();
        }
    }

    fn next_level(&mut self) {
        self.againing = false;
        if self.current + 1 < self.game.levels.len() {
            self.text_mode = false;
            self.load(self.current + 1);
        } else {
            self.current = 0;
            self.text_mode = true;
        }
    }

    /// The level as the reference prints it.
    pub fn text(&self) -> String {
        self.level.text(self.game)
    }
}
