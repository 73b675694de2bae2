//! The game in progress at the terminal: the game, who plays which side, the computer, where
//! the game is kept, and how it is shown (the board, the players, the end).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use ryg_wide::echo::{echo_whole, escape_controls};
use ryg_wide::{Game, Move, Record, Side};

use super::engine::Engine;
use super::saving;
use super::setup::{Setup, Sides, Terminal};
use super::text::ended;
use super::text::{capitalised, GOAL};
use crate::ui;
use crate::ui::board::wide::BoardStyle;
use crate::ui::wrap::{wrap, COLUMNS};

/// The welcome's pointer to the browser app.
const BROWSER_HINT: &str = "To play in your browser instead, run: ryg serve --open";

/// The game in progress and where it is shown.
pub struct State<W: Write> {
    pub out: W,
    pub term: Terminal,
    pub game: Game,
    pub sides: Sides,
    pub engine: Engine,
    pub announced_end: bool,
    /// Ctrl-C stopped the computer's thinking: it waits for `go` before it moves again.
    pub paused: bool,
    /// Where an interactive game is saved after every move, so Ctrl-C loses nothing.
    autosave: Option<PathBuf>,
    /// Commands that failed (bad input, illegal move, save or load); a scripted game that had
    /// any ends with exit status 1.
    pub failed: u32,
}

impl<W: Write> State<W> {
    pub fn new(setup: Setup, out: W, term: Terminal) -> State<W> {
        let engine = Engine::new(&setup, term.interactive);
        let autosave = term.interactive.then(|| setup.cache.dir()).flatten().map(|d| d.join("last-game.pgn"));
        State {
            out,
            term,
            game: setup.game,
            sides: setup.sides,
            engine,
            announced_end: false,
            paused: false,
            autosave,
            failed: 0,
        }
    }

    /// Writes `text` as a line, wrapped within 80 columns.
    pub fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.out, "{}", wrap(text, COLUMNS, ""))?;
        Ok(())
    }

    /// A game autosaved earlier, finished or not (and not the one continued now), is moved to
    /// a name of its own, so this game's autosave never silently replaces it: at the start,
    /// and on `new`.
    pub fn keep_earlier_game(&mut self) -> Result<()> {
        let Some(path) = self.autosave.clone() else { return Ok(()) };
        if !saving::keep_earlier_game(&path, &self.game, &mut self.out)? {
            self.autosave = None;
        }
        Ok(())
    }

    /// Saves an interactive game in progress where `--load` can pick it up.
    pub fn autosave(&mut self) {
        let Some(path) = self.autosave.clone() else { return };
        if self.game.moves().is_empty() {
            return;
        }
        let saved = path.parent().map_or(Ok(()), std::fs::create_dir_all).map_err(anyhow::Error::from);
        if let Err(e) = saved.and_then(|()| self.save(&path)) {
            let message = escape_controls(&format!("{e:#}"));
            let _ = writeln!(
                self.out,
                "(Could not keep a copy of the game in {}: {message})",
                echo_whole(&path.to_string_lossy())
            );
            self.autosave = None;
        }
    }

    /// Where an unfinished game is kept, said when the player leaves (by `quit` or Ctrl-C).
    pub fn where_saved(&self) -> Option<String> {
        let path = self.autosave.as_ref()?;
        (self.game.outcome().is_none() && !self.game.moves().is_empty())
            .then(|| format!("The game is saved; continue it with: ryg --load {}", path.display()))
    }

    pub fn side(&self) -> Side {
        self.game.position().side_to_move()
    }

    pub fn prompt(&self) -> String {
        match self.game.outcome() {
            Some(_) => "game over".to_string(),
            None => format!("{} to move", self.side()),
        }
    }

    pub fn greet(&mut self) -> Result<()> {
        let size = self.game.start().size();
        writeln!(self.out, "ryg — El ratón y los gatos on {size}.")?;
        writeln!(self.out, "{GOAL}")?;
        let line = self.players_line();
        self.say(&line)?;
        writeln!(self.out, "Type 'help' for the commands, 'rules' for the rules.")?;
        writeln!(self.out, "{BROWSER_HINT}")?;
        Ok(())
    }

    /// Who plays which side: "Mouse: you. Cats: ryg, level 3: …".
    pub fn players_line(&self) -> String {
        let described = self.engine.describe(self.game.position().size());
        let computer = if self.engine.has_opponent() { described } else { format!("ryg, {described}") };
        match self.sides {
            Sides::Both => "Mouse: you. Cats: you.".to_string(),
            Sides::None => format!("Mouse and cats: {computer}."),
            Sides::Mouse => format!("Mouse: you. Cats: {computer}."),
            Sides::Cats => format!("Cats: you. Mouse: {computer}."),
        }
    }

    pub fn show_board(&mut self) -> Result<()> {
        let position = *self.game.position();
        let style = BoardStyle { colour: self.term.colour, last_move: self.game.last_move() };
        let board = ui::board::wide::render(&position, style);
        write!(self.out, "{board}")?;
        let moves = self.move_list();
        if !moves.is_empty() {
            // On a line of their own: the record wraps them inside 80 columns.
            writeln!(self.out, "Moves:\n{moves}")?;
        }
        match self.game.outcome() {
            // A game that has just ended is announced once, by `announce_end`.
            Some(outcome) if self.announced_end => writeln!(self.out, "Game over: {}.", ended(outcome))?,
            Some(_) => {}
            None => writeln!(self.out, "{} to move.", capitalised(self.side().name()))?,
        }
        Ok(())
    }

    fn move_list(&self) -> String {
        if self.game.moves().is_empty() {
            return String::new();
        }
        Record::new(self.game.clone()).movetext()
    }

    pub fn announce_end(&mut self) -> Result<()> {
        self.announced_end = true;
        let outcome = self.game.outcome().expect("announced only at the end");
        let plies = self.game.moves().len();
        self.say(&format!(
            "{}: {} ({}) after {}.",
            capitalised(&outcome.reason.to_string()),
            outcome.winner.wins(),
            outcome.result_token(),
            crate::ui::plies(plies)
        ))?;
        self.say(
            "Type 'new' for another game, 'save FILE' to keep the record, 'undo' to go back, or 'quit'.",
        )?;
        Ok(())
    }

    pub fn legal_moves_text(&self) -> String {
        let moves: Vec<String> = self.game.position().legal_moves().iter().map(Move::to_string).collect();
        if moves.is_empty() {
            "No legal moves: the game is over.".to_string()
        } else {
            format!("Legal moves for the {}: {}", self.side(), moves.join(" "))
        }
    }

    pub fn save(&self, path: &Path) -> Result<()> {
        let mouse =
            if self.sides.human(Side::Mouse) { "Human".to_string() } else { self.engine.player_name() };
        let cats = if self.sides.human(Side::Cats) { "Human".to_string() } else { self.engine.player_name() };
        saving::save(path, &self.game, &mouse, &cats)
    }
}
