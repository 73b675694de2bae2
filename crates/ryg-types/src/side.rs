//! The two sides: the mouse and the cats.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use thiserror::Error;

/// A side: the mouse or the cats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Side {
    Mouse,
    Cats,
}

/// Why a side name was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown side '{}': expected 'mouse' (or 'm') or 'cats' (or 'c')", crate::echo::echo(.0))]
pub struct SideError(pub String);

impl Side {
    /// The FEN letter: `m` or `c`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Side::Mouse => 'm',
            Side::Cats => 'c',
        }
    }

    /// The name used in text and JSON: `mouse` or `cats`.
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Mouse => "mouse",
            Side::Cats => "cats",
        }
    }

    /// This side as the winner, in words: "the mouse wins", "the cats win".
    pub const fn wins(self) -> &'static str {
        match self {
            Side::Mouse => "the mouse wins",
            Side::Cats => "the cats win",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::Mouse => Side::Cats,
            Side::Cats => Side::Mouse,
        }
    }
}

impl FromStr for Side {
    type Err = SideError;
    fn from_str(s: &str) -> Result<Side, SideError> {
        match s.to_ascii_lowercase().as_str() {
            "m" | "mouse" => Ok(Side::Mouse),
            "c" | "cat" | "cats" => Ok(Side::Cats),
            _ => Err(SideError(s.to_string())),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
