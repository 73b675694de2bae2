//! Positions for tests, made with the library: random playouts and every legal position of a
//! board size. (The independent model in `common/` deliberately shares nothing with these.)
#![allow(dead_code)]

use ryg::{Position, Side, Size, Square, SquareSet};

/// The position after a random playout: the mouse starts on the `start`-th dark square of
/// rank 1 (modulo their number), then `choices` pick each move (modulo the legal moves),
/// stopping early if the game ends.
pub fn playout(size: Size, start: usize, choices: &[u8]) -> Position {
    let starts: Vec<Square> = size.rank(0).collect();
    let mut position = Position::start(size, Some(starts[start % starts.len()])).unwrap();
    for &c in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[usize::from(c) % moves.len()]);
    }
    position
}

/// Calls `f` with every legal position of a board size, both sides to move.
pub fn for_each_position(size: Size, mut f: impl FnMut(Position)) {
    fn combos(squares: &[Square], k: usize, chosen: SquareSet, f: &mut dyn FnMut(SquareSet)) {
        if k == 0 {
            return f(chosen);
        }
        for (i, &sq) in squares.iter().enumerate() {
            combos(&squares[i + 1..], k - 1, chosen | SquareSet::from_square(sq), f);
        }
    }
    let squares: Vec<Square> = size.board().collect();
    combos(&squares, size.cats(), SquareSet::EMPTY, &mut |cats| {
        for &mouse in squares.iter().filter(|&&sq| !cats.contains(sq)) {
            for side in [Side::Mouse, Side::Cats] {
                f(Position::from_parts(size, mouse, cats, side).unwrap());
            }
        }
    });
}

/// Every legal position of a board size, both sides to move.
pub fn all_positions(size: Size) -> Vec<Position> {
    let mut positions = Vec::new();
    for_each_position(size, |p| positions.push(p));
    positions
}
