//! What each command typed in the terminal game does (moves, take-backs, the computer's
//! settings, saving and loading).

use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use ryg_wide::echo::{echo_whole, escape_controls};
use ryg_wide::{Game, Level, Move, Side, Square};

use super::input::{Input, COMMANDS};
use super::setup::Sides;
use super::state::State;
use super::text::{ended, explain_illegal, full_moves, RULES};
use crate::ui::wrap::{wrap, COLUMNS};

impl<W: Write> State<W> {
    /// Acts on one command (`quit` is the caller's).
    pub fn handle(&mut self, input: Input) -> Result<()> {
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
            Input::Switch => self.switch_sides()?,
            Input::Level(level) => self.choose_level(level)?,
            Input::Depth(depth) => self.choose_depth(depth)?,
            Input::Time(seconds) => self.choose_time(seconds)?,
            Input::Save(path) => self.save_command(&path)?,
            Input::Load(path) => self.load_command(&path)?,
            Input::New => {
                self.paused = false;
                self.game = Game::new(*self.game.start());
                self.announced_end = false;
                writeln!(self.out, "New game.")?;
                self.keep_earlier_game()?;
                self.show_board()?;
            }
        }
        Ok(())
    }

    /// `switch`: the computer takes the other side.
    fn switch_sides(&mut self) -> Result<()> {
        match self.sides {
            Sides::Both | Sides::None => {
                self.say("Nothing to switch: use 'go' to let the computer play the side to move.")
            }
            Sides::Mouse | Sides::Cats => {
                self.sides = Sides::from_flags(!self.sides.human(Side::Mouse), !self.sides.human(Side::Cats));
                let line = self.players_line();
                self.say(&format!("Sides switched. {line}"))
            }
        }
    }

    /// `level N`: the computer's level, unless the board refuses it.
    fn choose_level(&mut self, level: Level) -> Result<()> {
        if let Some(why) = self.engine.refusal(level, self.game.position().size()) {
            self.failed += 1;
            let level = self.engine.level();
            return self.say(&format!("Cannot: {why}. The level stays {level}."));
        }
        self.engine.set_level(level);
        let text = format!("Computer: {}.", self.engine.describe(self.game.position().size()));
        self.say(&text)
    }

    /// `depth N`: the depth of the computer's search.
    fn choose_depth(&mut self, depth: u32) -> Result<()> {
        self.engine.set_depth(depth);
        let note = match self.engine.level() {
            Level::Search(_) => "",
            Level::Random | Level::Perfect | Level::Err(_) => " (a depth only matters at levels 1-9)",
        };
        let text = format!("Computer: {}.{note}", self.engine.describe(self.game.position().size()));
        self.say(&text)
    }

    /// `time S`: the computer's time a move (0: none).
    fn choose_time(&mut self, seconds: f64) -> Result<()> {
        let limit = (seconds > 0.0).then(|| Duration::from_secs_f64(seconds));
        self.engine.set_time(limit);
        let note = if limit.is_none() { " No time limit." } else { "" };
        let text = format!("Computer: {}.{note}", self.engine.describe(self.game.position().size()));
        self.say(&text)
    }

    /// `save FILE`.
    fn save_command(&mut self, path: &std::path::Path) -> Result<()> {
        match self.save(path) {
            Ok(()) => writeln!(self.out, "Saved the game to {}.", echo_whole(&path.to_string_lossy()))?,
            Err(e) => {
                self.failed += 1;
                self.say(&format!("Could not save: {}", escape_controls(&format!("{e:#}"))))?;
            }
        }
        Ok(())
    }

    /// `load FILE`: the game of a record, if the computer's level plays its board.
    fn load_command(&mut self, path: &std::path::Path) -> Result<()> {
        if path.as_os_str() == "-" {
            // Standard input carries the game's own commands: reading a record from it here
            // would wait forever for the end of the input.
            self.failed += 1;
            return self.say("Cannot load from standard input during a game: give a file name, or start with 'ryg play --load -'.");
        }
        let read = crate::files::read_wide_record(path)
            .map(|record| (self.engine.refusal(self.engine.level(), record.game().start().size()), record));
        match read {
            Ok((Some(why), _)) => {
                self.failed += 1;
                self.say(&format!("Could not load: {why}. Choose one ('level 5'), then load it again."))
            }
            Ok((None, record)) => {
                self.game = record.into_game();
                self.announced_end = false;
                let plies = self.game.moves().len();
                self.say(&format!(
                    "Loaded {} ({}, {}).",
                    echo_whole(&path.to_string_lossy()),
                    full_moves(&self.game),
                    crate::ui::plies(plies)
                ))?;
                self.show_board()
            }
            Err(e) => {
                self.failed += 1;
                self.say(&format!(
                    "Could not load: {}. The game goes on unchanged.",
                    escape_controls(&format!("{e:#}"))
                ))
            }
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
}

#[cfg(test)]
mod tests {
    use ryg_wide::Position;

    use super::*;
    use crate::cmd::play::setup::{Setup, Terminal};

    /// Every line a session writes for `script`, for each welcome variant: sizes 4-10, the
    /// levels, a fixed depth, a time limit, and who plays which side.
    fn outputs_of_every_variant(script: &[Input]) -> Vec<String> {
        let levels = ["1", "3", "9", "perfect", "random", "err:0.25"];
        let mut outputs = Vec::new();
        for size in ["4x4", "6x6", "8x8", "10x10"] {
            for level in levels {
                for depth in [None, Some(ryg_wide::MAX_PLAY_DEPTH)] {
                    for time in [None, Some(Duration::from_secs_f64(2.5))] {
                        for sides in [Sides::Mouse, Sides::Cats, Sides::Both, Sides::None] {
                            let position = Position::start(size.parse().unwrap(), None).unwrap();
                            let setup = Setup {
                                game: Game::new(position),
                                sides,
                                level: level.parse().unwrap(),
                                depth,
                                opponent: None,
                                time,
                                seed: 1,
                                cache: crate::tablebase::CacheArgs { no_cache: true, ..Default::default() },
                                delay: Duration::ZERO,
                            };
                            let term = Terminal { interactive: false, colour: false, editing: true };
                            let mut session = State::new(setup, Vec::new(), term);
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
}
