//! Moves (`e1f2`), their notation, and a fixed-capacity move list.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use thiserror::Error;

use crate::square::{Square, SquareError};

/// One diagonal step of one piece: origin and destination.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

/// Why a move could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("bad move '{}': expected two squares such as e1f2", crate::echo::echo(.0))]
    Malformed(String),
    #[error("bad move '{t}': {source}", t = crate::echo::echo(.text))]
    Square {
        text: String,
        #[source]
        source: SquareError,
    },
}

impl FromStr for Move {
    type Err = MoveError;

    /// Reads `e1f2`; case is ignored and a `-` or spaces may stand between the squares.
    fn from_str(s: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(s.to_string());
        let t = s.trim();
        // The destination starts at the second letter.
        let split = t
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, _)| i)
            .ok_or_else(malformed)?;
        let head = t[..split].trim_end();
        let from = head.strip_suffix('-').unwrap_or(head).trim_end();
        let to = &t[split..];
        let square = |text: &str| {
            text.parse::<Square>().map_err(|source| MoveError::Square { text: s.to_string(), source })
        };
        if from.is_empty() || to.chars().any(|c| c.is_whitespace() || c == '-') {
            return Err(malformed());
        }
        Ok(Move::new(square(from)?, square(to)?))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// The most legal moves a position can have (N/2 cats with two moves each on the widest board).
pub const MAX_MOVES: usize = crate::square::MAX_N as usize;

/// The legal moves of a position, without allocation.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: u8,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        let filler = Move::new(Square::new(0), Square::new(0));
        MoveList { moves: [filler; MAX_MOVES], len: 0 }
    }

    /// Writes `mv` at `i`, beyond the length (see [`MoveList::truncate`]).
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, mv: Move) {
        self.moves[i] = mv;
    }

    /// Sets the length to `len`, the moves before it written by [`MoveList::set`].
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        debug_assert!(len <= MAX_MOVES);
        self.len = len as u8;
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|m| m.to_string())).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_is_lenient_on_input() {
        for text in ["e1f2", "E1F2", "e1-f2", "e1 f2", " e1f2 "] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), "e1f2", "{text}");
        }
        assert_eq!("b10a9".parse::<Move>().unwrap().to_string(), "b10a9");
        assert_eq!("i9j10".parse::<Move>().unwrap().to_string(), "i9j10");
    }

    #[test]
    fn rejects_garbage() {
        for text in ["", "e1", "e1f", "e1f2g3", "11f2", "e1--f2", "e2f3"] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
        assert_eq!(
            "e2f3".parse::<Move>().unwrap_err().to_string(),
            "bad move 'e2f3': 'e2' is a light square; pieces stand on dark squares only"
        );
    }
}
