//! The perfect index: every position of a board size maps to one slot of a dense array.
//! The cats' squares are ranked by the combinatorial number system (colex order), then the
//! mouse's dense square and the side to move pick the slot inside that configuration's block.

use crate::{Position, Side, Size, Square, SquareSet};

/// The most dark squares of a supported board (10×10).
const MAX_SQUARES: usize = 50;
/// The most cats of a supported board (10×10).
const MAX_CATS: usize = 5;

/// `BINOMIAL[n][k]` = n choose k for n ≤ 50, k ≤ 5.
static BINOMIAL: [[u32; MAX_CATS + 1]; MAX_SQUARES + 1] = binomials();

const fn binomials() -> [[u32; MAX_CATS + 1]; MAX_SQUARES + 1] {
    let mut table = [[0u32; MAX_CATS + 1]; MAX_SQUARES + 1];
    let mut n = 0;
    while n <= MAX_SQUARES {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_CATS {
            table[n][k] = if n == 0 { 0 } else { table[n - 1][k - 1] + table[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    table
}

/// n choose k (k ≤ 5, n ≤ 50).
#[inline]
pub(crate) fn binomial(n: usize, k: usize) -> usize {
    BINOMIAL[n][k] as usize
}

/// The colex rank of a set of dense squares given in increasing order
/// (CITE: combinatorial number system). Any cat move lowers it.
#[inline]
pub(crate) fn rank_sorted(squares: &[u8]) -> usize {
    squares.iter().enumerate().map(|(i, &d)| BINOMIAL[d as usize][i + 1] as usize).sum()
}

/// The geometry of one board size as the tablebase sees it: dense squares, configurations of
/// cats, and where each position's entry lives.
#[derive(Clone, Debug)]
pub(crate) struct Index {
    size: Size,
    /// Dark squares (N²/2): the mouse's dense squares.
    squares: usize,
    /// Cats (N/2).
    cats: usize,
    /// Cat configurations: squares choose cats.
    configs: usize,
    /// Square bit index → dense index (255 off the board).
    dense: [u8; Square::LIMIT as usize],
}

impl Index {
    pub(crate) fn new(size: Size) -> Index {
        let squares = size.dark_squares();
        let cats = size.cats();
        let mut dense = [u8::MAX; Square::LIMIT as usize];
        for sq in size.board() {
            dense[sq.index() as usize] = size.dense_index(sq) as u8;
        }
        Index { size, squares, cats, configs: binomial(squares, cats), dense }
    }

    #[inline]
    pub(crate) fn size(&self) -> Size {
        self.size
    }

    /// Dark squares of the board (M).
    #[inline]
    pub(crate) fn squares(&self) -> usize {
        self.squares
    }

    /// Cats on the board.
    #[inline]
    pub(crate) fn cats(&self) -> usize {
        self.cats
    }

    /// Bytes of one configuration's block: M mouse squares × 2 sides.
    #[inline]
    pub(crate) fn block(&self) -> usize {
        2 * self.squares
    }

    /// Entries of the whole table.
    #[inline]
    pub(crate) fn entries(&self) -> usize {
        self.configs * self.block()
    }

    /// The dense index of a square of this board.
    #[inline]
    pub(crate) fn dense(&self, sq: Square) -> usize {
        self.dense[sq.index() as usize] as usize
    }

    /// The configuration index of a set of N/2 cats on this board.
    #[inline]
    pub(crate) fn config(&self, cats: SquareSet) -> usize {
        // Squares iterate in increasing bit index, which is increasing dense index.
        cats.enumerate().map(|(i, sq)| binomial(self.dense(sq), i + 1)).sum()
    }

    /// Where a side's entries start inside a block.
    #[inline]
    pub(crate) fn side_offset(&self, side: Side) -> usize {
        match side {
            Side::Mouse => 0,
            Side::Cats => self.squares,
        }
    }

    /// The entry of a position of this board's size.
    #[inline]
    pub(crate) fn entry(&self, position: &Position) -> usize {
        self.config(position.cats()) * self.block()
            + self.side_offset(position.side_to_move())
            + self.dense(position.mouse())
    }

    /// The dense squares of configuration `config`, increasing (the inverse of the ranking).
    pub(crate) fn unrank(&self, mut config: usize, out: &mut [u8]) {
        for k in (1..=self.cats).rev() {
            let mut d = k - 1;
            while binomial(d + 1, k) <= config {
                d += 1;
            }
            out[k - 1] = d as u8;
            config -= binomial(d, k);
        }
    }

    /// The cats of configuration `config` as a square set.
    pub(crate) fn cat_set(&self, config: usize) -> SquareSet {
        let mut squares = [0u8; MAX_CATS];
        self.unrank(config, &mut squares);
        squares[..self.cats].iter().map(|&d| self.size.from_dense_index(d as usize)).collect()
    }

    /// The position stored at `entry`, or `None` for an impossible slot (mouse on a cat).
    pub(crate) fn position(&self, entry: usize) -> Option<Position> {
        let config = entry / self.block();
        let rest = entry % self.block();
        let side = if rest < self.squares { Side::Mouse } else { Side::Cats };
        let mouse = self.size.from_dense_index(rest % self.squares);
        Position::from_parts(self.size, mouse, self.cat_set(config), side).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_the_issue() {
        let entries: Vec<usize> = Size::IN_MEMORY.iter().map(|&s| Index::new(s).entries()).collect();
        assert_eq!(entries, [2 * 8 * 28, 2 * 18 * 816, 2 * 32 * 35_960, 2 * 50 * 2_118_760]);
    }

    #[test]
    fn ranking_is_a_bijection_on_6x6() {
        let index = Index::new(Size::new(6).unwrap());
        let mut squares = [0u8; MAX_CATS];
        for config in 0..index.entries() / index.block() {
            index.unrank(config, &mut squares);
            let set = &squares[..index.cats()];
            assert!(set.windows(2).all(|w| w[0] < w[1]), "{set:?}");
            assert_eq!(rank_sorted(set), config);
            assert_eq!(index.config(index.cat_set(config)), config);
        }
    }

    #[test]
    fn entries_round_trip_through_positions() {
        let index = Index::new(Size::STANDARD);
        let start = Position::standard();
        let entry = index.entry(&start);
        assert_eq!(index.position(entry), Some(start));
        let mut impossible = 0;
        for entry in (0..index.entries()).step_by(97) {
            match index.position(entry) {
                Some(p) => assert_eq!(index.entry(&p), entry),
                None => impossible += 1,
            }
        }
        assert!(impossible > 0);
    }
}
