//! A game at the terminal: whose turn it is, who plays which side, and what each typed
//! command does. Reads lines from any `BufRead` and writes to any `Write`, so tests can drive
//! whole games through it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use ryg::echo::{echo, echo_whole, escape_controls};
use ryg::{Game, Level, Move, Position, Record, Side, Square};

use super::editor::{self, Lines, Waited};
use super::engine::{ended, Engine};
use super::input::{self, Input, COMMANDS};
use super::line::{Line, MAX_LINE_BYTES};
use crate::ui;
use crate::ui::board::BoardStyle;
use crate::ui::wrap::{wrap, COLUMNS};

/// Which sides the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sides {
    Mouse,
    Cats,
    Both,
    None,
}

impl Sides {
    fn from_flags(mouse: bool, cats: bool) -> Sides {
        match (mouse, cats) {
            (true, true) => Sides::Both,
            (true, false) => Sides::Mouse,
            (false, true) => Sides::Cats,
            (false, false) => Sides::None,
        }
    }

    pub fn human(self, side: Side) -> bool {
        matches!((self, side), (Sides::Both, _) | (Sides::Mouse, Side::Mouse) | (Sides::Cats, Side::Cats))
    }
}

/// What a session starts from (`new` restarts from the game's start position).
pub struct Setup {
    pub game: Game,
    pub sides: Sides,
    pub level: Level,
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub seed: u64,
    pub cache: crate::tablebase::CacheArgs,
    /// The pause before each move when the computer plays itself at a terminal.
    pub delay: Duration,
}

/// Terminal facts: whether to prompt and animate, and whether to colour.
#[derive(Clone, Copy)]
pub struct Terminal {
    pub interactive: bool,
    pub colour: bool,
    /// Lines are read by the line editor (arrow keys, history).
    pub editing: bool,
}

pub struct Session<W: Write> {
    out: W,
    term: Terminal,
    game: Game,
    sides: Sides,
    engine: Engine,
    announced_end: bool,
    /// Ctrl-C stopped the computer's thinking: it waits for `go` before it moves again.
    paused: bool,
    /// The pause before each move when the computer plays itself at a terminal.
    delay: Duration,
    /// Where an interactive game is saved after every move, so Ctrl-C loses nothing.
    autosave: Option<PathBuf>,
    /// Commands that failed (bad input, illegal move, save or load); a scripted game that had
    /// any ends with exit status 1.
    failed: u32,
}

impl<W: Write> Session<W> {
    pub fn new(setup: Setup, out: W, term: Terminal) -> Session<W> {
        let engine = Engine::new(&setup, term.interactive);
        let autosave = term.interactive.then(|| setup.cache.dir()).flatten().map(|d| d.join("last-game.pgn"));
        Session {
            out,
            term,
            game: setup.game,
            sides: setup.sides,
            engine,
            announced_end: false,
            paused: false,
            delay: setup.delay,
            autosave,
            failed: 0,
        }
    }

    /// Plays until `quit` or the end of the input.
    pub fn run(&mut self, input: &mut impl Lines) -> Result<()> {
        self.greet()?;
        self.keep_earlier_game()?;
        self.show_board()?;
        // While the computer plays itself at a terminal, Ctrl-C at any moment (thinking,
        // waiting, or showing a move) pauses the game instead of leaving it.
        let mut watch: Option<crate::interrupt::Busy> = None;
        loop {
            let watched = self.watching() && !self.paused && self.game.outcome().is_none();
            if watched && watch.is_none() {
                watch = Some(crate::interrupt::Busy::start());
            } else if !watched && watch.is_some() {
                watch = None;
                // A Ctrl-C just as the watch ended: it has paused the game already.
                crate::interrupt::take();
            }
            if self.game.outcome().is_none() && !self.sides.human(self.side()) && !self.paused {
                // Saved first, so the move just played survives whatever happens while thinking.
                self.autosave();
                crate::interrupt::set_farewell(self.where_saved());
                if self.watching() {
                    match self.watch_wait()? {
                        Waited::Elapsed => {}
                        Waited::Interrupted => continue,
                        Waited::Typed => {
                            if self.take(input.read_typed()?)? {
                                return self.farewell();
                            }
                            if self.paused && self.sides == Sides::None {
                                self.say(WATCH_PAUSED)?;
                            }
                            continue;
                        }
                    }
                }
                if !self.computer_move()? {
                    self.paused = true;
                    let text = if self.sides == Sides::None { WATCH_PAUSED } else { THINKING_STOPPED };
                    self.say(text)?;
                }
                continue;
            }
            if let Some(_outcome) = self.game.outcome() {
                if !self.announced_end {
                    self.announce_end()?;
                }
            }
            // Saved before the prompt, so Ctrl-C at the prompt finds the game kept.
            self.autosave();
            crate::interrupt::set_farewell(self.where_saved());
            let prompt = format!("{}> ", self.prompt());
            let line = input.read(&prompt, &mut self.out)?;
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
                self.out.flush()?;
                crate::interrupt::leave();
            }
            Line::TooLong => {
                self.failed += 1;
                writeln!(
                    self.out,
                    "That line is longer than {} KiB; it was ignored.",
                    MAX_LINE_BYTES / 1024
                )?;
                return Ok(false);
            }
        };
        // Bytes that are not UTF-8 become U+FFFD and then an unknown command, not an error.
        let line = String::from_utf8_lossy(&bytes);
        if !self.term.interactive && !line.trim().is_empty() {
            writeln!(self.out, "> {}", echo(line.trim()))?;
        }
        match input::parse(&line) {
            Ok(Input::Quit) => return Ok(true),
            Ok(cmd) => self.handle(cmd)?,
            Err(message) => {
                self.failed += 1;
                self.say(&message)?;
            }
        }
        Ok(false)
    }

    /// Whether the computer plays itself at a terminal, pausing before each move.
    fn watching(&self) -> bool {
        self.term.interactive && self.sides == Sides::None
    }

    /// The pause before a move while watching (none before the first), which Ctrl-C or a
    /// line typed at the terminal ends: either pauses the watch.
    fn watch_wait(&mut self) -> Result<Waited> {
        let delay = if self.game.moves().is_empty() { Duration::ZERO } else { self.delay };
        // Ctrl-C cannot end the game here: `run` marks the whole watch busy.
        let waited = editor::wait_between_moves(delay);
        match waited {
            Waited::Elapsed => {}
            Waited::Interrupted => {
                crate::interrupt::take();
                self.paused = true;
                // On a line of its own, after the terminal's "^C".
                writeln!(self.out)?;
                self.say(WATCH_PAUSED)?;
            }
            Waited::Typed => self.paused = true,
        }
        Ok(waited)
    }

    /// Writes `text` as a line, wrapped within 80 columns.
    fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.out, "{}", wrap(text, COLUMNS, ""))?;
        Ok(())
    }

    /// A game autosaved earlier, finished or not (and not the one continued now), is moved to
    /// a name of its own (`finished-DATE-N.pgn`, `unfinished-DATE-N.pgn`), so this game's
    /// autosave never silently replaces it: at the start, and on `new`.
    fn keep_earlier_game(&mut self) -> Result<()> {
        let Some(path) = self.autosave.clone() else { return Ok(()) };
        let Ok(earlier) = crate::files::read_record(&path) else { return Ok(()) };
        let earlier = earlier.into_game();
        if earlier.moves().is_empty() || earlier == self.game {
            return Ok(());
        }
        let finished = earlier.outcome().is_some();
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let date = today().replace('.', "-");
        let kind = if finished { "finished" } else { "unfinished" };
        let Some(kept) = (1..1000).map(|n| dir.join(format!("{kind}-{date}-{n}.pgn"))).find(|p| !p.exists())
        else {
            return Ok(());
        };
        match std::fs::rename(&path, &kept) {
            Ok(()) if finished => {
                writeln!(self.out, "Your finished game from before is kept in:\n  {}", kept.display())?
            }
            Ok(()) => writeln!(
                self.out,
                "Your unfinished game from before is kept; continue it with:\n  ryg --load {}",
                kept.display()
            )?,
            Err(e) => {
                writeln!(
                    self.out,
                    "(Could not keep your earlier game {}: {e}; this game is not saved.)",
                    path.display()
                )?;
                self.autosave = None;
            }
        }
        Ok(())
    }

    /// Saves an interactive game in progress where `--load` can pick it up.
    fn autosave(&mut self) {
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

    /// Leaves; an unfinished interactive game says where it was kept. A scripted game in
    /// which a command failed ends with an error (exit status 1).
    fn farewell(&mut self) -> Result<()> {
        self.say_where_saved()?;
        if !self.term.interactive && self.failed > 0 {
            let n = self.failed;
            anyhow::bail!("{} of the script failed", crate::ui::count(n as u64, "command", "commands"));
        }
        Ok(())
    }

    fn say_where_saved(&mut self) -> Result<()> {
        if let Some(line) = self.where_saved() {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    /// Where an unfinished game is kept, said when the player leaves (by `quit` or Ctrl-C).
    fn where_saved(&self) -> Option<String> {
        let path = self.autosave.as_ref()?;
        (self.game.outcome().is_none() && !self.game.moves().is_empty())
            .then(|| format!("The game is saved; continue it with: ryg --load {}", path.display()))
    }

    fn side(&self) -> Side {
        self.game.position().side_to_move()
    }

    fn prompt(&self) -> String {
        match self.game.outcome() {
            Some(_) => "game over".to_string(),
            None => format!("{} to move", self.side()),
        }
    }

    fn greet(&mut self) -> Result<()> {
        let size = self.game.start().size();
        writeln!(self.out, "ryg — El ratón y los gatos on {size}.")?;
        writeln!(self.out, "{GOAL}")?;
        let line = self.players_line();
        self.say(&line)?;
        writeln!(self.out, "Type 'help' for the commands, 'rules' for the rules.")?;
        Ok(())
    }

    /// Who plays which side: "Mouse: you. Cats: ryg, level 3: …".
    fn players_line(&self) -> String {
        let computer = format!("ryg, {}", self.engine.describe());
        match self.sides {
            Sides::Both => "Mouse: you. Cats: you.".to_string(),
            Sides::None => format!("Mouse and cats: {computer}."),
            Sides::Mouse => format!("Mouse: you. Cats: {computer}."),
            Sides::Cats => format!("Cats: you. Mouse: {computer}."),
        }
    }

    fn show_board(&mut self) -> Result<()> {
        let position = *self.game.position();
        let style = BoardStyle { colour: self.term.colour, last_move: self.game.last_move() };
        let board = ui::board::render(&position, style);
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

    /// Lets the computer move. Returns false when Ctrl-C stopped its thinking.
    fn computer_move(&mut self) -> Result<bool> {
        let position = *self.game.position();
        let Some(choice) = self.engine.choose(&position)? else {
            return Ok(false);
        };
        self.game.play(choice.mv).context("the engine chose an illegal move")?;
        self.say(&format!("ryg plays {} as the {}: {}", choice.mv, position.side_to_move(), choice.detail))?;
        self.show_board()?;
        Ok(true)
    }

    fn announce_end(&mut self) -> Result<()> {
        self.announced_end = true;
        let outcome = self.game.outcome().expect("announced only at the end");
        let plies = self.game.moves().len();
        self.say(&format!(
            "{}: {} ({}) after {}.",
            capitalised(&outcome.reason.to_string()),
            if outcome.winner == Side::Mouse { "the mouse wins" } else { "the cats win" },
            outcome.result_token(),
            crate::ui::plies(plies)
        ))?;
        self.say(
            "Type 'new' for another game, 'save FILE' to keep the record, 'undo' to go back, or 'quit'.",
        )?;
        Ok(())
    }

    fn handle(&mut self, input: Input) -> Result<()> {
        if matches!(input, Input::Undo | Input::Redo | Input::Switch | Input::Off | Input::Load(_)) {
            self.paused = false;
        }
        match input {
            Input::Empty => {}
            Input::Quit => unreachable!("handled by the loop"),
            Input::Move(mv) => self.human_move(mv)?,
            Input::To(to) => self.move_to(to)?,
            Input::Help => self.help()?,
            Input::Rules => write!(self.out, "{}", wrap(RULES, COLUMNS, "    "))?,
            Input::Board => self.show_board()?,
            Input::Moves => {
                let text = self.legal_moves_text();
                self.say(&text)?;
            }
            Input::Undo => self.undo()?,
            Input::Redo => self.redo()?,
            Input::Hint => {
                let text = self.engine.hint(self.game.position())?;
                self.say(&text)?;
            }
            Input::Eval => {
                let text = self.engine.eval_report(self.game.position())?;
                write!(self.out, "{text}")?;
            }
            Input::History => {
                let text = wrap(&self.engine.history_report(), COLUMNS, "");
                write!(self.out, "{text}")?;
            }
            Input::Table => {
                let text = wrap(&self.engine.table_report(), COLUMNS, "");
                write!(self.out, "{text}")?;
            }
            Input::Tree(depth) => {
                let text = self.engine.tree(self.game.position(), depth)?;
                write!(self.out, "{text}")?;
            }
            Input::Go => {
                self.paused = false;
                let side = self.side();
                self.sides = Sides::from_flags(side != Side::Mouse, side != Side::Cats);
                let line = self.players_line();
                self.say(&line)?;
            }
            Input::Side(sides) => {
                self.paused = false;
                self.sides = sides;
                let line = self.players_line();
                self.say(&line)?;
            }
            Input::Off => {
                self.sides = Sides::Both;
                writeln!(self.out, "Computer off: you play both sides.")?;
            }
            Input::Switch => match self.sides {
                Sides::Both | Sides::None => {
                    self.say("Nothing to switch: use 'go' to let the computer play the side to move.")?
                }
                Sides::Mouse | Sides::Cats => {
                    self.sides =
                        Sides::from_flags(!self.sides.human(Side::Mouse), !self.sides.human(Side::Cats));
                    let line = self.players_line();
                    self.say(&format!("Sides switched. {line}"))?;
                }
            },
            Input::Level(level) => {
                self.engine.set_level(level);
                let text = format!("Computer: {}.", self.engine.describe());
                self.say(&text)?;
            }
            Input::Depth(depth) => {
                self.engine.set_depth(depth);
                let note = match self.engine.level() {
                    Level::Search(_) => "",
                    Level::Random | Level::Perfect | Level::Err(_) => " (a depth only matters at levels 1-9)",
                };
                let text = format!("Computer: {}.{note}", self.engine.describe());
                self.say(&text)?;
            }
            Input::Time(seconds) => {
                let limit = (seconds > 0.0).then(|| Duration::from_secs_f64(seconds));
                self.engine.set_time(limit);
                let note = if limit.is_none() { " No time limit." } else { "" };
                let text = format!("Computer: {}.{note}", self.engine.describe());
                self.say(&text)?;
            }
            Input::New => {
                self.paused = false;
                self.game = Game::new(*self.game.start());
                self.announced_end = false;
                writeln!(self.out, "New game.")?;
                self.keep_earlier_game()?;
                self.show_board()?;
            }
            Input::Save(path) => match self.save(&path) {
                Ok(()) => writeln!(self.out, "Saved the game to {}.", echo_whole(&path.to_string_lossy()))?,
                Err(e) => {
                    self.failed += 1;
                    self.say(&format!("Could not save: {}", escape_controls(&format!("{e:#}"))))?;
                }
            },
            Input::Load(path) if path.as_os_str() == "-" => {
                // Standard input carries the game's own commands: reading a record from it
                // here would wait forever for the end of the input.
                self.failed += 1;
                self.say("Cannot load from standard input during a game: give a file name, or start with 'ryg play --load -'.")?;
            }
            Input::Load(path) => match crate::files::read_record(&path) {
                Ok(record) => {
                    self.game = record.into_game();
                    self.announced_end = false;
                    let plies = self.game.moves().len();
                    self.say(&format!(
                        "Loaded {} ({}, {}).",
                        echo_whole(&path.to_string_lossy()),
                        full_moves(&self.game),
                        crate::ui::plies(plies)
                    ))?;
                    self.show_board()?;
                }
                Err(e) => {
                    self.failed += 1;
                    self.say(&format!(
                        "Could not load: {}. The game goes on unchanged.",
                        escape_controls(&format!("{e:#}"))
                    ))?;
                }
            },
        }
        Ok(())
    }

    fn legal_moves_text(&self) -> String {
        let moves: Vec<String> = self.game.position().legal_moves().iter().map(Move::to_string).collect();
        if moves.is_empty() {
            "No legal moves: the game is over.".to_string()
        } else {
            format!("Legal moves for the {}: {}", self.side(), moves.join(" "))
        }
    }

    /// A destination alone: the mouse, or the only cat that can go there, moves there.
    fn move_to(&mut self, to: Square) -> Result<()> {
        let position = *self.game.position();
        let candidates: Vec<Move> = position.legal_moves().iter().copied().filter(|m| m.to == to).collect();
        match candidates.as_slice() {
            [mv] => return self.human_move(*mv),
            [] if position.outcome().is_some() || !self.sides.human(self.side()) => {
                return self.human_move(Move::new(position.mouse(), to));
            }
            [] => {
                let who = if self.side() == Side::Mouse { "The mouse cannot" } else { "No cat can" };
                let legal = self.legal_moves_text();
                self.say(&format!("{who} move to {to}. {legal}"))?;
            }
            several => {
                let moves: Vec<String> = several.iter().map(Move::to_string).collect();
                self.say(&format!(
                    "More than one cat can move to {to} ({}): type the whole move.",
                    moves.join(", ")
                ))?;
            }
        }
        self.failed += 1;
        Ok(())
    }

    fn human_move(&mut self, mv: Move) -> Result<()> {
        if let Some(outcome) = self.game.outcome() {
            self.failed += 1;
            self.say(&format!(
                "The game is over: {}. Type 'new' for another game or 'undo'.",
                ended(outcome)
            ))?;
            return Ok(());
        }
        if !self.sides.human(self.side()) {
            self.failed += 1;
            let text = if self.sides == Sides::None {
                "It is the computer's turn: type 'side mouse' or 'side cats' to play a side, or 'side none' to watch on."
            } else {
                "It is the computer's turn: type 'go' to let it move, or 'off' to play both sides."
            };
            self.say(text)?;
            return Ok(());
        }
        match self.game.play(mv) {
            Ok(()) => {
                // When the computer replies at once, its board shows this move too.
                if self.sides.human(self.side()) || self.game.outcome().is_some() {
                    self.show_board()?;
                } else {
                    writeln!(self.out, "You play {mv}.")?;
                }
            }
            Err(_) => {
                self.failed += 1;
                let why = explain_illegal(self.game.position(), mv);
                let legal = self.legal_moves_text();
                self.say(&format!("{why} {legal}"))?;
            }
        }
        Ok(())
    }

    fn undo(&mut self) -> Result<()> {
        // Take back to the last position where a human was to move, so the computer does not
        // simply replay its move.
        let positions = self.game.positions();
        let human_turns = positions[..positions.len() - 1].iter().any(|p| self.sides.human(p.side_to_move()));
        if !human_turns || self.game.moves().is_empty() {
            writeln!(self.out, "Nothing to undo.")?;
            return Ok(());
        }
        let mut taken = Vec::new();
        while let Some(mv) = self.game.undo() {
            taken.push(mv.to_string());
            if self.sides.human(self.side()) {
                break;
            }
        }
        self.announced_end = false;
        writeln!(self.out, "Took back {}.", taken.join(" "))?;
        self.show_board()
    }

    fn redo(&mut self) -> Result<()> {
        let mut replayed = Vec::new();
        while let Some(mv) = self.game.redo() {
            replayed.push(mv.to_string());
            if self.sides.human(self.side()) || self.game.outcome().is_some() {
                break;
            }
        }
        if replayed.is_empty() {
            writeln!(self.out, "Nothing to redo.")?;
            return Ok(());
        }
        writeln!(self.out, "Replayed {}.", replayed.join(" "))?;
        self.show_board()
    }

    fn help(&mut self) -> Result<()> {
        writeln!(self.out, "Type a move or a command:")?;
        for (usage, what) in COMMANDS {
            let entry = wrap(&format!("  {usage:<14} {what}"), COLUMNS, &" ".repeat(17));
            writeln!(self.out, "{entry}")?;
        }
        if self.term.editing {
            writeln!(
                self.out,
                "Keys: arrows edit the line, up and down recall earlier lines, Ctrl-L clears."
            )?;
        }
        let line = self.players_line();
        self.say(&line)?;
        Ok(())
    }

    fn save(&self, path: &Path) -> Result<()> {
        let mouse =
            if self.sides.human(Side::Mouse) { "Human".to_string() } else { self.engine.player_name() };
        let cats = if self.sides.human(Side::Cats) { "Human".to_string() } else { self.engine.player_name() };
        let mut record = Record::new(self.game.clone());
        for (name, value) in
            [("Event", "Casual game"), ("Date", &today()), ("Mouse", &mouse), ("Cats", &cats)]
        {
            record.set_tag(name, value).map_err(|e| anyhow::anyhow!("{e}"))?;
        }
        crate::files::write_atomically(path, record.to_string().as_bytes())
    }
}

/// Why `mv` is not legal here, in words.
fn explain_illegal(position: &Position, mv: Move) -> String {
    let side = position.side_to_move();
    let own = match side {
        Side::Mouse => position.mouse() == mv.from,
        Side::Cats => position.cats().contains(mv.from),
    };
    let reason = if !position.size().contains(mv.from) || !position.size().contains(mv.to) {
        format!("a square of {mv} is not on the {} board", position.size())
    } else if !own {
        format!("there is no {} on {}", if side == Side::Mouse { "mouse" } else { "cat" }, mv.from)
    } else if position.occupied().contains(mv.to) {
        format!("{} is occupied", mv.to)
    } else if mv.from.file().abs_diff(mv.to.file()) != 1 || mv.from.rank().abs_diff(mv.to.rank()) != 1 {
        "pieces move one square diagonally".to_string()
    } else {
        "cats move only forward (down the board)".to_string()
    };
    format!("Illegal move {mv}: {reason}.")
}

/// Said when Ctrl-C stops the computer's thinking.
const THINKING_STOPPED: &str =
    "Stopped the computer's thinking: 'go' lets it move, 'off' gives you its side.";

/// Said when Ctrl-C or a typed line pauses the computer playing itself.
const WATCH_PAUSED: &str = "Paused: 'side mouse' or 'side cats' takes over a side, 'side none' watches on.";

/// One line on the goal, for the welcome.
const GOAL: &str = "The mouse wins by reaching the cats' home rank; the cats win by trapping it.";

/// The `rules` command.
const RULES: &str = "\
Rules of El ratón y los gatos (Fox and Hounds):
  - One mouse and N/2 cats stand on the dark squares of an NxN board; the mouse moves first.
  - The mouse moves one square diagonally, forward or backward.
  - A cat moves one square diagonally forward only (down the board); one cat moves a turn.
  - No captures, no passing: a move goes to an empty square.
  - The mouse wins on reaching the top rank, or when the cats cannot move.
  - The cats win when the mouse cannot move (it is trapped).
  - Every game ends: there are no draws.
";

/// "22 moves": how many moves the record numbers (a move is the mouse's and the cats' turn).
fn full_moves(game: &Game) -> String {
    let plies = game.moves().len();
    let offset = usize::from(game.start().side_to_move() == Side::Cats);
    let moves = if plies == 0 { 0 } else { 1 + (plies - 1 + offset) / 2 };
    crate::ui::count(moves as u64, "move", "moves")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Today's date as the record's `Date` tag (`YYYY.MM.DD`), from the system clock.
fn today() -> String {
    let secs =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a (year, month, day) date in the proleptic Gregorian calendar.
// CITE: Howard Hinnant's civil_from_days algorithm.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    /// Every line a session writes for `script`, for each welcome variant: sizes 4-10, the
    /// levels, a fixed depth, a time limit, and who plays which side.
    fn outputs_of_every_variant(script: &[Input]) -> Vec<String> {
        let levels = ["1", "3", "9", "perfect", "random", "err:0.25"];
        let mut outputs = Vec::new();
        for size in ["4x4", "6x6", "8x8", "10x10"] {
            for level in levels {
                for depth in [None, Some(ryg::MAX_PLAY_DEPTH)] {
                    for time in [None, Some(Duration::from_secs_f64(2.5))] {
                        for sides in [Sides::Mouse, Sides::Cats, Sides::Both, Sides::None] {
                            let position = Position::start(size.parse().unwrap(), None).unwrap();
                            let setup = Setup {
                                game: Game::new(position),
                                sides,
                                level: level.parse().unwrap(),
                                depth,
                                time,
                                seed: 1,
                                cache: crate::tablebase::CacheArgs { no_cache: true, ..Default::default() },
                                delay: Duration::ZERO,
                            };
                            let term = Terminal { interactive: false, colour: false, editing: true };
                            let mut session = Session::new(setup, Vec::new(), term);
                            session.greet().unwrap();
                            for input in script {
                                session.handle(input.clone()).unwrap();
                            }
                            outputs.push(String::from_utf8(session.out).unwrap());
                        }
                    }
                }
            }
        }
        outputs
    }

    fn assert_within_80_columns(outputs: &[String]) {
        for output in outputs {
            for line in output.lines() {
                assert!(
                    line.chars().count() <= COLUMNS,
                    "{} columns: {line}\n{output}",
                    line.chars().count()
                );
            }
        }
    }

    #[test]
    fn every_welcome_keeps_within_80_columns() {
        let outputs = outputs_of_every_variant(&[]);
        assert_eq!(outputs.len(), 4 * 6 * 2 * 2 * 4);
        assert_within_80_columns(&outputs);
        // The long level description is wrapped, not cut.
        assert!(outputs[0].contains(
            "Mouse: you. Cats: ryg, level 1: mostly perfect moves, more often plausible or\nrandom ones at low levels; see `ryg levels`.\n"
        ), "{}", outputs[0]);
    }

    #[test]
    fn help_and_the_computer_settings_keep_within_80_columns() {
        let script = [
            Input::Help,
            Input::Level(Level::Search(4)),
            Input::Depth(9),
            Input::Time(1.5),
            Input::Switch,
            Input::Rules,
            Input::History,
            Input::Table,
        ];
        assert_within_80_columns(&outputs_of_every_variant(&script));
    }

    #[test]
    fn illegal_moves_are_explained() {
        let start = Position::standard();
        let mv = |s: &str| s.parse::<Move>().unwrap();
        assert_eq!(explain_illegal(&start, mv("c1d2")), "Illegal move c1d2: there is no mouse on c1.");
        assert_eq!(
            explain_illegal(&start, mv("e1g3")),
            "Illegal move e1g3: pieces move one square diagonally."
        );
        let cats_turn = start.play(mv("e1f2")).unwrap();
        assert_eq!(explain_illegal(&cats_turn, mv("f2e3")), "Illegal move f2e3: there is no cat on f2.");
        let p: Position = "1c1c1c2/6c1/8/8/8/8/8/4m3 c".parse().unwrap();
        assert_eq!(
            explain_illegal(&p, mv("g7h8")),
            "Illegal move g7h8: cats move only forward (down the board)."
        );
        assert_eq!(explain_illegal(&p, mv("f8g7")), "Illegal move f8g7: g7 is occupied.");
    }
}
