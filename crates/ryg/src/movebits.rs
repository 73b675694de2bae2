//! The bit operations that find a piece's moves, one at a time, for showing how bitboards
//! work: the piece as one bit, its diagonal neighbours as shifts by [`Square::STEP_LEFT`] and
//! [`Square::STEP_RIGHT`] (5 and 6 on the padded layout of [`Square`] in the default build, 7 and
//! 8 in `ryg-wide`'s), the board's empty squares, and the `and` of the two.

use crate::{Position, Side, Square, SquareSet};

/// How the moves of the piece on one square are found with bit operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveBits {
    pub square: Square,
    /// Whose piece stands there.
    pub side: Side,
    /// The piece as a set: `1 << index`.
    pub piece: SquareSet,
    /// One diagonal step up: `piece << 5 | piece << 6` in the default build (the mouse only;
    /// empty for a cat).
    pub up: SquareSet,
    /// One diagonal step down: `piece >> 5 | piece >> 6` in the default build.
    pub down: SquareSet,
    /// The board's dark squares.
    pub board: SquareSet,
    /// The squares nobody stands on: `board & !(cats | mouse)`.
    pub empty: SquareSet,
    /// Where the piece may go: `(up | down) & empty` (the padding bits of the shifts fall out,
    /// as they are not on the board). Its moves, when its side is to move and the game goes on.
    pub targets: SquareSet,
}

impl Position {
    /// The bit operations behind the moves of the piece on `square`; `None` on an empty square.
    pub fn move_bits(&self, square: Square) -> Option<MoveBits> {
        let side = if self.mouse() == square {
            Side::Mouse
        } else if self.cats().contains(square) {
            Side::Cats
        } else {
            return None;
        };
        let piece = SquareSet::from_square(square);
        let up = if side == Side::Mouse { piece.up() } else { SquareSet::EMPTY };
        let down = piece.down();
        let empty = self.empty();
        Some(MoveBits {
            square,
            side,
            piece,
            up,
            down,
            board: self.size().board(),
            empty,
            targets: (up | down) & empty,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Size;

    #[test]
    fn the_targets_are_the_moves_of_the_side_to_move() {
        for fen in ["1c1c1c1c/8/8/8/8/8/8/4m3 m", "1c1c1c1c/8/8/8/8/8/5m2/8 c", "8/8/3c4/2m5/1c1c4/c7/8/8 m"]
        {
            let position: Position = fen.parse().unwrap();
            let mover = position.side_to_move();
            for square in position.size().board() {
                let Some(bits) = position.move_bits(square) else { continue };
                let from_here: SquareSet =
                    position.legal_moves().iter().filter(|m| m.from == square).map(|m| m.to).collect();
                if bits.side == mover {
                    assert_eq!(bits.targets, from_here, "{fen} {square}");
                } else {
                    assert!(from_here.is_empty());
                }
                assert_eq!(bits.piece.len(), 1);
                assert!((bits.targets & !bits.board).is_empty());
            }
        }
        let position = Position::standard();
        assert_eq!(position.move_bits("a1".parse().unwrap()), None);
        let cat = position.move_bits("b8".parse().unwrap()).unwrap();
        assert_eq!((cat.side, cat.up), (Side::Cats, SquareSet::EMPTY));
        assert_eq!(cat.targets.len(), 2);
        assert_eq!(Size::new(8).unwrap().board(), cat.board);
    }

    /// The shifts the comments above and the Learn lesson name: 5 and 6 in the default build.
    #[test]
    #[cfg(not(wide))]
    fn a_diagonal_step_is_a_shift_by_5_or_6() {
        assert_eq!((Square::STEP_LEFT, Square::STEP_RIGHT), (5, 6));
        let b2: Square = "b2".parse().unwrap();
        let up = SquareSet::from_square(b2).up();
        assert_eq!(up, SquareSet(1 << (b2.index() + 5) | 1 << (b2.index() + 6)));
        assert_eq!(up.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a3", "c3"]);
    }
}
