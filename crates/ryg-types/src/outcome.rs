//! How a game ends: who won and why.

use std::fmt;

use crate::Side;

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// The mouse reached the top rank.
    MouseEscaped,
    /// The mouse is to move and cannot.
    MouseTrapped,
    /// The cats are to move and none can.
    CatsBlocked,
}

impl Reason {
    /// The side that wins when the game ends this way.
    #[inline]
    pub const fn winner(self) -> Side {
        match self {
            Reason::MouseEscaped | Reason::CatsBlocked => Side::Mouse,
            Reason::MouseTrapped => Side::Cats,
        }
    }

    /// A short identifier for machine-readable output: `mouse_escaped`, `mouse_trapped`,
    /// `cats_blocked`.
    pub const fn code(self) -> &'static str {
        match self {
            Reason::MouseEscaped => "mouse_escaped",
            Reason::MouseTrapped => "mouse_trapped",
            Reason::CatsBlocked => "cats_blocked",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::MouseEscaped => "the mouse escaped to the top rank",
            Reason::MouseTrapped => "the mouse is trapped",
            Reason::CatsBlocked => "the cats cannot move",
        })
    }
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    pub winner: Side,
    pub reason: Reason,
}

impl Outcome {
    #[inline]
    pub const fn new(reason: Reason) -> Outcome {
        Outcome { winner: reason.winner(), reason }
    }

    /// The record's result token: `1-0` when the mouse wins, `0-1` when the cats win.
    pub const fn result_token(self) -> &'static str {
        match self.winner {
            Side::Mouse => "1-0",
            Side::Cats => "0-1",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.winner.wins(), self.reason)
    }
}
