//! Play levels by name: `1` to `9`, `perfect`, `random`, `err:F` — what a player is asked to
//! be. What each level plays lives in the engine's
//! `ryg::levels::policy`; the player in its `player.rs`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::ErrRate;

/// How strong a computer player is. Every level but `random` reads the tablebase; its move
/// distribution in a position depends on the position and the level only (see
/// `ryg::levels::policy`), so its strength is known exactly (`ryg levels`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// A level from 1 (weakest) to 9: the perfect choice, or with a tuned probability (per
    /// board size and side) a plausible or random move.
    Search(u8),
    /// Perfect play from the tablebase, choosing among best moves the one that leaves the
    /// opponent the least room (winning) or the most chances to go wrong (losing).
    Perfect,
    /// The human model: a tablebase-best move, or with this probability a random move.
    Err(ErrRate),
}

/// Why a level name was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level '{}': expected 1 to 9, 'perfect', 'random' or 'err:F' with F from 0 to 1", crate::echo::echo(.0))]
pub struct LevelError(pub String);

impl Level {
    /// The levels a human chooses from, weakest first.
    pub const ALL: [Level; 11] = [
        Level::Random,
        Level::Search(1),
        Level::Search(2),
        Level::Search(3),
        Level::Search(4),
        Level::Search(5),
        Level::Search(6),
        Level::Search(7),
        Level::Search(8),
        Level::Search(9),
        Level::Perfect,
    ];

    /// Whether the level reads the tablebase (every level but `random`).
    pub fn needs_tablebase(self) -> bool {
        self != Level::Random
    }

    /// Whether the level cannot play without the tablebase (`perfect` and `err:F`; levels 1–9
    /// search when it is missing), so not on boards above 10×10.
    pub fn only_with_tablebase(self) -> bool {
        matches!(self, Level::Perfect | Level::Err(_))
    }
}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        let t = s.trim().to_ascii_lowercase();
        if let Some(rate) = t.strip_prefix("err:") {
            return rate.parse().map(Level::Err).map_err(|_| LevelError(s.to_string()));
        }
        match t.as_str() {
            "perfect" | "p" => Ok(Level::Perfect),
            "random" => Ok(Level::Random),
            _ => match t.parse::<u8>() {
                Ok(n @ 1..=9) => Ok(Level::Search(n)),
                _ => Err(LevelError(s.to_string())),
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Random => f.write_str("random"),
            Level::Search(n) => write!(f, "{n}"),
            Level::Perfect => f.write_str("perfect"),
            Level::Err(rate) => write!(f, "err:{rate}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_print() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("PERFECT".parse::<Level>(), Ok(Level::Perfect));
        assert_eq!("0".parse::<Level>(), Err(LevelError("0".into())));
        assert_eq!(
            "10".parse::<Level>().unwrap_err().to_string(),
            "unknown level '10': expected 1 to 9, 'perfect', 'random' or 'err:F' with F from 0 to 1"
        );
        assert_eq!("ERR:0.050".parse::<Level>().unwrap().to_string(), "err:0.05");
        assert_eq!("err:2".parse::<Level>(), Err(LevelError("err:2".into())));
    }
}
