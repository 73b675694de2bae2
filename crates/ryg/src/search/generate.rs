//! Move generation in a search's chosen order: ryg's (by square) or the articles' direction
//! tables, which try the mouse's steps SW, SE, NE, NW.

use crate::{MoveList, Position, Side};

use super::GenOrder;

/// The legal moves of `position` in `order`.
pub fn generate(position: &Position, order: GenOrder) -> MoveList {
    let mut moves = position.legal_moves();
    if order == GenOrder::Articles && position.side_to_move() == Side::Mouse {
        // By square the mouse's steps come SW, SE, NW, NE; the articles try NE before NW.
        moves.sort_by_key(|mv| {
            let up = mv.to.rank() > mv.from.rank();
            let east = mv.to.file() > mv.from.file();
            match (up, east) {
                (false, false) => 0,
                (false, true) => 1,
                (true, true) => 2,
                (true, false) => 3,
            }
        });
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(position: &str, order: GenOrder) -> Vec<String> {
        generate(&position.parse().unwrap(), order).iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn the_mouse_from_d4_in_both_orders() {
        let fen = "1c1c1c1c/8/8/8/3m4/8/8/8 m";
        assert_eq!(names(fen, GenOrder::Squares), ["d4c3", "d4e3", "d4c5", "d4e5"]);
        assert_eq!(names(fen, GenOrder::Articles), ["d4c3", "d4e3", "d4e5", "d4c5"]);
        // Cats keep their order.
        let cats = "1c1c1c1c/8/8/8/3m4/8/8/8 c";
        assert_eq!(names(cats, GenOrder::Articles), names(cats, GenOrder::Squares));
        // A blocked step leaves the others in order.
        assert_eq!(names("1c1c1c2/8/8/4c3/3m4/8/8/8 m", GenOrder::Articles), ["d4c3", "d4e3", "d4c5"]);
    }
}
