//! What a game at the terminal starts from: the game, who plays which side, the computer's
//! settings, and the terminal's facts.

use std::time::Duration;

use ryg_wide::{Game, Level, Side};

/// Which sides the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sides {
    Mouse,
    Cats,
    Both,
    None,
}

impl Sides {
    pub fn from_flags(mouse: bool, cats: bool) -> Sides {
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
    /// One of the articles' programs in place of the level (its depth: `depth`, or its own).
    pub opponent: Option<ryg::Engine>,
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
