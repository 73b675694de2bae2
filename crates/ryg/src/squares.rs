//! `SquareSet`: a bitboard over the padded square layout of [`Square`], with the diagonal
//! shifts that move generation is built from.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::Square;

/// The integer behind a [`SquareSet`]: 64 bits for the 10×10 layout (55 bit positions).
#[cfg(not(wide))]
pub type Bits = u64;
/// The integer behind a [`SquareSet`]: 128 bits for the 14×14 layout (105 bit positions).
#[cfg(wide)]
pub type Bits = u128;

/// A set of squares, one bit per square index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct SquareSet(pub Bits);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest square of the set.
    #[inline]
    pub fn first(self) -> Option<Square> {
        // A set holds squares only (boards mask off padding), so the index needs no check
        // in release builds: move generation iterates sets in its innermost loop.
        (self.0 != 0).then(|| Square::from_set_bit(self.0.trailing_zeros() as u8))
    }

    /// Every square one diagonal step up (toward the last rank) from a square of the set.
    /// The result may contain padding bits; mask it with a board.
    #[inline]
    pub const fn up(self) -> SquareSet {
        SquareSet(self.0 << Square::STEP_LEFT | self.0 << Square::STEP_RIGHT)
    }

    /// Every square one diagonal step down (toward rank 1) from a square of the set.
    #[inline]
    pub const fn down(self) -> SquareSet {
        SquareSet(self.0 >> Square::STEP_LEFT | self.0 >> Square::STEP_RIGHT)
    }

    /// The down-left and down-right steps separately, for counting moves without a loop.
    #[inline]
    pub const fn down_each(self) -> (SquareSet, SquareSet) {
        (SquareSet(self.0 >> Square::STEP_LEFT), SquareSet(self.0 >> Square::STEP_RIGHT))
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSet {}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.map(|sq| sq.to_string())).finish()
    }
}

macro_rules! bit_ops {
    ($($tr:ident $method:ident $tra:ident $ma:ident $op:tt;)*) => {$(
        impl $tr for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $method(self, rhs: SquareSet) -> SquareSet { SquareSet(self.0 $op rhs.0) }
        }
        impl $tra for SquareSet {
            #[inline]
            fn $ma(&mut self, rhs: SquareSet) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_order_with_exact_len() {
        let squares: Vec<Square> = ["a1", "c1", "b2", "j10"].iter().map(|s| s.parse().unwrap()).collect();
        let set: SquareSet = squares.iter().copied().collect();
        assert_eq!(set.len(), 4);
        assert_eq!(set.collect::<Vec<_>>(), squares);
    }
}
