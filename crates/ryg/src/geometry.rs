//! Board sizes (4×4 to 10×10, even; to 14×14 in `ryg-wide`) and the square masks each size needs, built by `const fn`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::squares::Bits;
use crate::{Square, SquareSet};

/// The side length of a supported board: 4, 6, 8 or 10 (and 12 or 14 in `ryg-wide`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(transparent)]
pub struct Size(u8);

struct Masks {
    board: SquareSet,
    top: SquareSet,
}

const fn masks(n: u8) -> Masks {
    let mut board: Bits = 0;
    let mut top: Bits = 0;
    let mut rank = 0;
    while rank < n {
        let mut file = 0;
        while file < n {
            if let Some(sq) = Square::from_coords(file, rank) {
                board |= 1 << sq.index();
                if rank == n - 1 {
                    top |= 1 << sq.index();
                }
            }
            file += 1;
        }
        rank += 1;
    }
    Masks { board: SquareSet(board), top: SquareSet(top) }
}

#[cfg(not(wide))]
static MASKS: [Masks; 4] = [masks(4), masks(6), masks(8), masks(10)];
#[cfg(wide)]
static MASKS: [Masks; 6] = [masks(4), masks(6), masks(8), masks(10), masks(12), masks(14)];

#[cfg(not(wide))]
pub(crate) const SIZES: &str = "4, 6, 8 or 10";
#[cfg(wide)]
pub(crate) const SIZES: &str = "4, 6, 8, 10, 12 or 14";

/// Why a board size was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unsupported board size '{}': expected {} (optionally written 8x8)", crate::echo::echo(.0), SIZES)]
pub struct SizeError(pub String);

impl Size {
    pub const MIN: Size = Size(4);
    pub const MAX: Size = Size(crate::square::MAX_N);
    /// The largest board whose whole tablebase is built in memory (larger ones: the layered build).
    pub const MAX_IN_MEMORY: Size = Size(10);
    /// The standard 8×8 board.
    pub const STANDARD: Size = Size(8);
    /// Every supported size in words, for messages: "4, 6, 8, 10, 12 or 14" (the narrow build's
    /// "4, 6, 8 or 10").
    pub const IN_WORDS: &'static str = SIZES;
    /// Every supported size, smallest first.
    #[cfg(not(wide))]
    pub const ALL: [Size; 4] = [Size(4), Size(6), Size(8), Size(10)];
    /// Every supported size, smallest first.
    #[cfg(wide)]
    pub const ALL: [Size; 6] = [Size(4), Size(6), Size(8), Size(10), Size(12), Size(14)];
    /// The sizes whose tablebase is built in memory (4×4 to 10×10).
    pub const IN_MEMORY: [Size; 4] = [Size(4), Size(6), Size(8), Size(10)];

    /// The size with side `n`, if supported.
    pub const fn new(n: u8) -> Option<Size> {
        match n {
            4 | 6 | 8 | 10 => Some(Size(n)),
            12 | 14 if cfg!(wide) => Some(Size(n)),
            _ => None,
        }
    }

    /// The side length N.
    #[inline]
    pub const fn n(self) -> u8 {
        self.0
    }

    /// How many cats play on this board (N/2).
    #[inline]
    pub const fn cats(self) -> usize {
        (self.0 / 2) as usize
    }

    /// How many dark squares the board has (N²/2).
    #[inline]
    pub const fn dark_squares(self) -> usize {
        (self.0 as usize * self.0 as usize) / 2
    }

    #[inline]
    fn masks(self) -> &'static Masks {
        &MASKS[(self.0 / 2 - 2) as usize]
    }

    /// Every dark square of the board.
    #[inline]
    pub fn board(self) -> SquareSet {
        self.masks().board
    }

    /// The dark squares of the top rank (the cats' home rank, the mouse's goal).
    #[inline]
    pub fn top_rank(self) -> SquareSet {
        self.masks().top
    }

    /// Whether this size's whole tablebase is built in memory (4×4 to 10×10).
    #[inline]
    pub const fn in_memory_tablebase(self) -> bool {
        self.0 <= Size::MAX_IN_MEMORY.0
    }

    /// Whether `sq` is on this board.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        self.board().contains(sq)
    }

    /// The dark squares of rank `rank` (from 0).
    pub fn rank(self, rank: u8) -> SquareSet {
        self.board().filter(|sq| sq.rank() == rank).collect()
    }

    /// The default mouse start: file N/2 when that square of rank 1 is dark, else file N/2 − 1.
    pub fn default_mouse_start(self) -> Square {
        let half = self.0 / 2;
        Square::from_coords(half, 0)
            .or(Square::from_coords(half - 1, 0))
            .expect("one of two neighbouring files is dark")
    }

    /// The dense index (0..N²/2) of a square of this board: `rank · N/2 + file / 2`.
    #[inline]
    pub fn dense_index(self, sq: Square) -> usize {
        let (rank, file) = sq.rank_file();
        rank as usize * (self.0 / 2) as usize + file as usize / 2
    }

    /// The square with dense index `i` (the inverse of [`Size::dense_index`]).
    ///
    /// # Panics
    /// When `i` is not below [`Size::dark_squares`].
    #[track_caller]
    pub fn from_dense_index(self, i: usize) -> Square {
        assert!(i < self.dark_squares(), "dense index out of range");
        let half = (self.0 / 2) as usize;
        let rank = (i / half) as u8;
        let file = (2 * (i % half)) as u8 + rank % 2;
        Square::from_coords(file, rank).expect("dense index maps to a dark square")
    }
}

impl Default for Size {
    fn default() -> Size {
        Size::STANDARD
    }
}

impl FromStr for Size {
    type Err = SizeError;

    fn from_str(s: &str) -> Result<Size, SizeError> {
        let t = s.trim().to_ascii_lowercase();
        let n = match t.split_once('x') {
            Some((a, b)) if a == b => a,
            Some(_) => return Err(SizeError(s.to_string())),
            None => t.as_str(),
        };
        n.parse::<u8>().ok().and_then(Size::new).ok_or_else(|| SizeError(s.to_string()))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.0, self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_n_squared_over_two_dark_squares() {
        for size in Size::ALL {
            assert_eq!(size.board().len(), size.dark_squares());
            assert_eq!(size.top_rank().len(), size.cats());
            for i in 0..size.dark_squares() {
                let sq = size.from_dense_index(i);
                assert!(size.contains(sq));
                assert_eq!(size.dense_index(sq), i);
            }
        }
    }

    #[test]
    fn default_starts_match_the_rules() {
        let starts: Vec<String> = Size::ALL.iter().map(|s| s.default_mouse_start().to_string()).collect();
        assert_eq!(starts, ["c1", "c1", "e1", "e1", "g1", "g1"][..Size::ALL.len()]);
    }

    #[test]
    fn parses_sizes() {
        assert_eq!("8".parse::<Size>(), Ok(Size::STANDARD));
        assert_eq!("10x10".parse::<Size>(), Size::new(10).ok_or(SizeError(String::new())));
        assert!("7".parse::<Size>().is_err());
        assert!("8x6".parse::<Size>().is_err());
        assert_eq!("14x14".parse::<Size>().map(Size::n).ok(), cfg!(wide).then_some(14));
        assert!("12x14".parse::<Size>().is_err());
        assert!("16".parse::<Size>().is_err());
    }
}
