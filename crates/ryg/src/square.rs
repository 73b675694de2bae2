//! Squares of the board. One `Square` type serves every board size: squares are numbered on a
//! padded diagonal layout (`(11·rank + file) / 2`) in which every diagonal step is a constant
//! shift (±5, ±6), so move generation is the same code for 4×4 and 10×10.
//!
//! Built as `ryg-wide` (the `wide` configuration) the layout is 15 wide (`(15·rank + file) / 2`,
//! steps ±7, ±8) and holds boards up to 14×14 in 128-bit sets; the default build keeps 64-bit
//! sets, as fast as before, for boards up to 10×10.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The widest board supported (10×10; 14×14 in `ryg-wide`); the layout stride is `MAX_N + 1`.
#[cfg(not(wide))]
pub const MAX_N: u8 = 10;
/// The widest board supported (14×14); the layout stride is `MAX_N + 1`.
#[cfg(wide)]
pub const MAX_N: u8 = 14;
/// What a square name may hold, for messages.
#[cfg(not(wide))]
const NAMES: &str = "a file a-j followed by a rank 1-10";
#[cfg(wide)]
const NAMES: &str = "a file a-n followed by a rank 1-14";
const STRIDE: u8 = MAX_N + 1;

/// A dark square of a board of any supported size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The number of bit positions squares occupy (including padding); every square index is below it.
    pub const LIMIT: u8 = (STRIDE * (MAX_N - 1) + MAX_N - 1) / 2 + 1;
    /// The layout's row stride (`MAX_N + 1`): square index = (stride · rank + file) / 2.
    pub const STRIDE: u8 = STRIDE;
    /// The index distance of a diagonal step towards the a-file (up) or away from it (down).
    pub const STEP_LEFT: u8 = (STRIDE - 1) / 2;
    /// The index distance of a diagonal step away from the a-file (up) or towards it (down).
    pub const STEP_RIGHT: u8 = STRIDE.div_ceil(2);

    /// The dark square at `file` and `rank` (both from 0), if it exists on the widest board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_N && rank < MAX_N && (file + rank).is_multiple_of(2) {
            Some(Square((STRIDE * rank + file) / 2))
        } else {
            None
        }
    }

    /// The square with bit index `index`, if that index is a square and not padding.
    pub const fn try_new(index: u8) -> Option<Square> {
        if index < Self::LIMIT && (2 * index) % STRIDE != MAX_N {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with bit index `index`.
    ///
    /// # Panics
    /// When `index` is padding or out of range.
    #[track_caller]
    pub const fn new(index: u8) -> Square {
        match Self::try_new(index) {
            Some(sq) => sq,
            None => panic!("square index out of range"),
        }
    }

    /// The square of a bit of a [`SquareSet`](crate::SquareSet), which holds no padding:
    /// checked in debug builds only.
    #[inline]
    pub(crate) const fn from_set_bit(index: u8) -> Square {
        debug_assert!(Self::try_new(index).is_some(), "a square set holds a padding bit");
        Square(index)
    }

    /// The bit index of this square in a [`SquareSet`](crate::SquareSet).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// File from 0 (`a`).
    #[inline]
    pub const fn file(self) -> u8 {
        (2 * self.0) % STRIDE
    }

    /// Rank from 0 (rank `1`).
    #[inline]
    pub const fn rank(self) -> u8 {
        (2 * self.0) / STRIDE
    }

    /// Rank and file from 0, with one division (where both are needed: encodings, indexes).
    #[inline]
    pub const fn rank_file(self) -> (u8, u8) {
        // in a machine word: a byte's division by a constant compiles to more instructions
        let twice = 2 * self.0 as u32;
        let rank = twice / STRIDE as u32;
        (rank as u8, (twice - rank * STRIDE as u32) as u8)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SquareError {
    #[error("empty square name")]
    Empty,
    #[error("bad square '{}': expected {}", crate::echo::echo(.0), NAMES)]
    Malformed(String),
    #[error("'{}' is a light square; pieces stand on dark squares only", crate::echo::echo(.0))]
    Light(String),
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        let bytes = s.as_bytes();
        let Some(&first) = bytes.first() else {
            return Err(SquareError::Empty);
        };
        let malformed = || SquareError::Malformed(s.to_string());
        if !first.is_ascii_alphabetic() {
            return Err(malformed());
        }
        let file = first.to_ascii_lowercase().wrapping_sub(b'a');
        let digits = &s[1..];
        if file >= MAX_N
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(malformed());
        }
        let rank: u8 = digits.parse().map_err(|_| malformed())?;
        if rank == 0 || rank > MAX_N {
            return Err(malformed());
        }
        Square::from_coords(file, rank - 1).ok_or_else(|| SquareError::Light(s.to_ascii_lowercase()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        let mut count = 0;
        for index in 0..Square::LIMIT {
            if let Some(sq) = Square::try_new(index) {
                count += 1;
                assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
                assert_eq!(sq.rank_file(), (sq.rank(), sq.file()), "{sq}");
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            }
        }
        assert_eq!(count, usize::from(MAX_N) * usize::from(MAX_N) / 2);
    }

    #[test]
    fn names() {
        assert_eq!("e1".parse::<Square>().unwrap().to_string(), "e1");
        assert_eq!("J10".parse::<Square>().unwrap().to_string(), "j10");
        assert_eq!("a10".parse::<Square>(), Err(SquareError::Light("a10".into())));
        assert_eq!("e2".parse::<Square>(), Err(SquareError::Light("e2".into())));
        if cfg!(wide) {
            assert_eq!("n14".parse::<Square>().unwrap().to_string(), "n14");
            assert_eq!("l12".parse::<Square>().unwrap().to_string(), "l12");
            assert_eq!("o1".parse::<Square>(), Err(SquareError::Malformed("o1".into())));
            assert_eq!("a15".parse::<Square>(), Err(SquareError::Malformed("a15".into())));
        } else {
            assert_eq!("k1".parse::<Square>(), Err(SquareError::Malformed("k1".into())));
            assert_eq!("a11".parse::<Square>(), Err(SquareError::Malformed("a11".into())));
        }
        assert_eq!("a0".parse::<Square>(), Err(SquareError::Malformed("a0".into())));
        assert_eq!("".parse::<Square>(), Err(SquareError::Empty));
        assert_eq!("é1".parse::<Square>(), Err(SquareError::Malformed("é1".into())));
    }
}
