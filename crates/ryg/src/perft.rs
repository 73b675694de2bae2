//! perft: the number of move sequences of a given length, the standard check of move generation.

use crate::{Move, Position, Side, Square, SquareSet};

/// The number of legal move sequences of exactly `depth` plies from `position` (bulk-counted at
/// the last ply). A sequence that reaches a finished game early does not count.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves() as u64,
        2 => count_grandchildren(position),
        _ => {
            let mut total = 0;
            position.for_each_move(|mv| {
                let mut child = *position;
                child.play_unchecked(mv);
                total += perft(&child, depth - 1);
            });
            total
        }
    }
}

/// The sum of `count_moves` over the children of `position`, without making the moves
/// (bulk counting one ply deeper: each child differs from `position` by one square).
fn count_grandchildren(position: &Position) -> u64 {
    if position.mouse_escaped() {
        return 0;
    }
    let size = position.size();
    let cats = position.cats();
    let mouse = SquareSet::from_square(position.mouse());
    match position.side_to_move() {
        Side::Mouse => {
            // Child after the mouse steps to t: the cats' targets, less t.
            let free = size.board() & !cats;
            let (left, right) = cats.down_each();
            let (left, right) = (left & free, right & free);
            let targets = position.mouse_targets() & !size.top_rank();
            (targets.len() * (left.len() + right.len()) - (left & targets).len() - (right & targets).len())
                as u64
        }
        Side::Cats => {
            // Child after a cat steps c→d: the mouse's free neighbours, plus c, less d.
            let empty = position.empty();
            let (left, right) = cats.down_each();
            let (left, right) = (left & empty, right & empty);
            let near = (mouse.up() | mouse.down()) & size.board();
            let moves = left.len() + right.len();
            let vacated = (SquareSet(left.0 << Square::STEP_LEFT) & near).len()
                + (SquareSet(right.0 << Square::STEP_RIGHT) & near).len();
            let filled = (left & near).len() + (right & near).len();
            (moves * (near & !cats).len() + vacated - filled) as u64
        }
    }
}

/// perft split by the first move, in move-generation order.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_start_shallow() {
        let start = Position::standard();
        let counts: Vec<u64> = (0..=4).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [1, 2, 14, 56, 344]);
        let divide = perft_divide(&start, 3);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 56);
    }
}
