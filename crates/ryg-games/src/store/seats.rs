//! Who sits at a game and who a request acts for: seats (a person or the computer at a
//! level), the holders of seat tokens and the kind of table (computer, hotseat, friends).

use std::str::FromStr;

use ryg_wide::{PlayerSpec, Side};

/// Who plays a side: a person at the page, or the computer (a level, or one of the articles'
/// programs at a depth).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    Human,
    Computer(PlayerSpec),
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(s: &str) -> Result<Seat, String> {
        if s.eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        s.parse::<PlayerSpec>().map(Seat::Computer).map_err(|_| {
            format!("unknown seat '{s}': expected \"human\", \"random\", \"1\" to \"9\", \"perfect\" or an engine such as \"ryg3-v10@8\"")
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
