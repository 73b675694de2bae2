//! Who sits at a game and who a request acts for: seats (a person or the computer at a
//! level), the seat tokens' holders and the kind of table (computer, hotseat, friends).

use std::str::FromStr;

use ryg::{Level, Side};

use super::StoredGame;
use crate::clock;

/// Who plays a side: a person at the page, or the computer at a level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    Human,
    Computer(Level),
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(s: &str) -> Result<Seat, String> {
        if s.eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        s.parse::<Level>().map(Seat::Computer).map_err(|_| {
            format!("unknown seat '{s}': expected \"human\", \"random\", \"1\" to \"9\" or \"perfect\"")
        })
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(level) => write!(f, "{level}"),
        }
    }
}

/// Who sits at a game: the computer, one person holding both seats, or two people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// At most one human seat (or none).
    Computer,
    /// Two human seats and one token for both.
    Hotseat,
    /// Two human seats, each with its own token.
    Friends,
}

impl Players {
    pub const fn code(self) -> &'static str {
        match self {
            Players::Computer => "computer",
            Players::Hotseat => "hotseat",
            Players::Friends => "friends",
        }
    }
}

/// For whom a request acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// One seat.
    Seat(Side),
    /// Both seats (a hotseat token, or a game without tokens).
    Both,
}

impl Holder {
    pub fn holds(self, side: Side) -> bool {
        match self {
            Holder::Seat(s) => s == side,
            Holder::Both => true,
        }
    }

    pub const fn code(self) -> &'static str {
        match self {
            Holder::Seat(side) => side.name(),
            Holder::Both => "both",
        }
    }
}

impl StoredGame {
    /// The seat of the side to move.
    pub fn seat_to_move(&self) -> Seat {
        self.seat(self.game.position().side_to_move())
    }

    /// The seat of `side`.
    pub fn seat(&self, side: Side) -> Seat {
        match side {
            Side::Mouse => self.mouse,
            Side::Cats => self.cats,
        }
    }

    /// Whether a person plays at least one side.
    pub fn has_human(&self) -> bool {
        self.mouse == Seat::Human || self.cats == Seat::Human
    }

    /// Who sits at the game.
    pub fn players(&self) -> Players {
        let humans = self.mouse == Seat::Human && self.cats == Seat::Human;
        match &self.tokens {
            [Some(m), Some(c)] if humans && m != c => Players::Friends,
            _ if humans => Players::Hotseat,
            _ => Players::Computer,
        }
    }

    /// Whose seats a request carrying the token hash `token` holds: a human seat without a token
    /// (stored before tokens) is held by anyone.
    pub fn holder(&self, token: Option<&str>) -> Option<Holder> {
        let holds = |side: Side| {
            self.seat(side) == Seat::Human
                && match &self.tokens[clock::index(side)] {
                    None => true,
                    Some(hash) => token == Some(hash.as_str()),
                }
        };
        match (holds(Side::Mouse), holds(Side::Cats)) {
            (true, true) => Some(Holder::Both),
            (true, false) => Some(Holder::Seat(Side::Mouse)),
            (false, true) => Some(Holder::Seat(Side::Cats)),
            (false, false) => None,
        }
    }
}
