//! A game at the terminal, turn by turn: whose turn it is, the computer's moves, the watch
//! when it plays itself, and each typed line handed to its command. Reads lines from any
//! [`Lines`] and writes to any `Write`, so tests can drive whole games through it.

use std::io::Write;
use std::time::Duration;

use anyhow::{Context, Result};
use ryg_wide::echo::echo;

use super::editor::{self, Lines, Waited};
use super::input::{self, Input};
use super::line::{Line, MAX_LINE_BYTES};
use super::setup::{Setup, Sides, Terminal};
use super::state::State;
use super::text::{THINKING_STOPPED, WATCH_PAUSED};

pub struct Session<W: Write> {
    state: State<W>,
    /// The pause before each move when the computer plays itself at a terminal.
    delay: Duration,
}

impl<W: Write> Session<W> {
    pub fn new(setup: Setup, out: W, term: Terminal) -> Session<W> {
        let delay = setup.delay;
        Session { state: State::new(setup, out, term), delay }
    }

    pub fn run(&mut self, input: &mut impl Lines) -> Result<()> {
        self.state.greet()?;
        self.state.keep_earlier_game()?;
        self.state.show_board()?;
        // While the computer plays itself at a terminal, Ctrl-C at any moment (thinking,
        // waiting, or showing a move) pauses the game instead of leaving it.
        let mut watch: Option<crate::interrupt::Busy> = None;
        loop {
            let watched = self.watching() && !self.state.paused && self.state.game.outcome().is_none();
            if watched && watch.is_none() {
                watch = Some(crate::interrupt::Busy::start());
            } else if !watched && watch.is_some() {
                watch = None;
                // A Ctrl-C just as the watch ended: it has paused the game already.
                crate::interrupt::take();
            }
            if self.state.game.outcome().is_none()
                && !self.state.sides.human(self.state.side())
                && !self.state.paused
            {
                // Saved first, so the move just played survives whatever happens while thinking.
                self.state.autosave();
                crate::interrupt::set_farewell(self.state.where_saved());
                if self.watching() {
                    match self.watch_wait()? {
                        Waited::Elapsed => {}
                        Waited::Interrupted => continue,
                        Waited::Typed => {
                            if self.take(input.read_typed()?)? {
                                return self.farewell();
                            }
                            if self.state.paused && self.state.sides == Sides::None {
                                self.state.say(WATCH_PAUSED)?;
                            }
                            continue;
                        }
                    }
                }
                if !self.computer_move()? {
                    self.state.paused = true;
                    let text = if self.state.sides == Sides::None { WATCH_PAUSED } else { THINKING_STOPPED };
                    self.state.say(text)?;
                }
                continue;
            }
            if let Some(_outcome) = self.state.game.outcome() {
                if !self.state.announced_end {
                    self.state.announce_end()?;
                }
            }
            // Saved before the prompt, so Ctrl-C at the prompt finds the game kept.
            self.state.autosave();
            crate::interrupt::set_farewell(self.state.where_saved());
            let prompt = format!("{}> ", self.state.prompt());
            let line = input.read(&prompt, &mut self.state.out)?;
            if self.take(line)? {
                return self.farewell();
            }
        }
    }

    /// Acts on one line of input; true when the player leaves (`quit`, end of input).
    fn take(&mut self, line: Line) -> Result<bool> {
        let bytes = match line {
            Line::Text(bytes) => bytes,
            Line::End => return Ok(true),
            Line::Interrupted => {
                // Ctrl-C read by the line editor: as Ctrl-C anywhere outside a search.
                self.state.out.flush()?;
                crate::interrupt::leave();
            }
            Line::TooLong => {
                self.state.failed += 1;
                writeln!(
                    self.state.out,
                    "That line is longer than {} KiB; it was ignored.",
                    MAX_LINE_BYTES / 1024
                )?;
                return Ok(false);
            }
        };
        // Bytes that are not UTF-8 become U+FFFD and then an unknown command, not an error.
        let line = String::from_utf8_lossy(&bytes);
        if !self.state.term.interactive && !line.trim().is_empty() {
            writeln!(self.state.out, "> {}", echo(line.trim()))?;
        }
        match input::parse(&line) {
            Ok(Input::Quit) => return Ok(true),
            Ok(cmd) => self.state.handle(cmd)?,
            Err(message) => {
                self.state.failed += 1;
                self.state.say(&message)?;
            }
        }
        Ok(false)
    }

    /// Whether the computer plays itself at a terminal, pausing before each move.
    fn watching(&self) -> bool {
        self.state.term.interactive && self.state.sides == Sides::None
    }

    /// The pause before a move while watching (none before the first), which Ctrl-C or a
    /// line typed at the terminal ends: either pauses the watch.
    fn watch_wait(&mut self) -> Result<Waited> {
        let delay = if self.state.game.moves().is_empty() { Duration::ZERO } else { self.delay };
        // Ctrl-C cannot end the game here: `run` marks the whole watch busy.
        let waited = editor::wait_between_moves(delay);
        match waited {
            Waited::Elapsed => {}
            Waited::Interrupted => {
                crate::interrupt::take();
                self.state.paused = true;
                // On a line of its own, after the terminal's "^C".
                writeln!(self.state.out)?;
                self.state.say(WATCH_PAUSED)?;
            }
            Waited::Typed => self.state.paused = true,
        }
        Ok(waited)
    }

    /// Leaves; an unfinished interactive game says where it was kept. A scripted game in
    /// which a command failed ends with an error (exit status 1).
    fn farewell(&mut self) -> Result<()> {
        self.say_where_saved()?;
        if !self.state.term.interactive && self.state.failed > 0 {
            let n = self.state.failed;
            anyhow::bail!("{} of the script failed", crate::ui::count(n as u64, "command", "commands"));
        }
        Ok(())
    }

    fn say_where_saved(&mut self) -> Result<()> {
        if let Some(line) = self.state.where_saved() {
            writeln!(self.state.out, "{line}")?;
        }
        Ok(())
    }

    /// Lets the computer move. Returns false when Ctrl-C stopped its thinking.
    fn computer_move(&mut self) -> Result<bool> {
        let position = *self.state.game.position();
        let Some(choice) = self.state.engine.choose(&position)? else {
            return Ok(false);
        };
        self.state.game.play(choice.mv).context("the engine chose an illegal move")?;
        self.state.say(&format!(
            "{} plays {} as the {}: {}",
            self.state.engine.who(),
            choice.mv,
            position.side_to_move(),
            choice.detail
        ))?;
        self.state.show_board()?;
        Ok(true)
    }
}
