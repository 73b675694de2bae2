//! Move generation in a search's chosen order: ryg's (by square), or one of the articles'
//! programs' direction tables for the mouse — RYG's (article 001) or RYG3's (article 003).

use crate::{MoveList, Position, Side};

use super::GenOrder;

/// The legal moves of `position` in `order`.
pub fn generate(position: &Position, order: GenOrder) -> MoveList {
    let mut moves = position.legal_moves();
    if order != GenOrder::Squares && position.side_to_move() == Side::Mouse {
        // By square the mouse's steps come SW, SE, NW, NE.
        let rank =
            |order: [(bool, bool); 4], up: bool, east: bool| order.iter().position(|&d| d == (up, east));
        // (north, east) in the program's order.
        let directions = match order {
            // RYG3's DIR_SW, DIR_SE, DIR_NE, DIR_NW («Generación de jugadas I»).
            GenOrder::Articles => [(false, false), (false, true), (true, true), (true, false)],
            // RYG's tblRatonF/tblRatonC: (-1, -1), (-1, +1), (+1, +1), (+1, -1) as (row, column)
            // with row 0 the cats' side («RYG: jugadas del ratón – rutina básica»): NW, NE, SE,
            // SW on its screen. Its board is the mirror image of ryg's (its mouse starts on
            // (7,3), ryg's on e1), so in ryg's files: NE, NW, SW, SE.
            GenOrder::Ryg => [(true, true), (true, false), (false, false), (false, true)],
            GenOrder::Squares => unreachable!(),
        };
        moves
            .sort_by_key(|mv| rank(directions, mv.to.rank() > mv.from.rank(), mv.to.file() > mv.from.file()));
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
    fn the_mouse_from_d4_in_every_order() {
        let fen = "1c1c1c1c/8/8/8/3m4/8/8/8 m";
        assert_eq!(names(fen, GenOrder::Squares), ["d4c3", "d4e3", "d4c5", "d4e5"]);
        assert_eq!(names(fen, GenOrder::Articles), ["d4c3", "d4e3", "d4e5", "d4c5"]);
        assert_eq!(names(fen, GenOrder::Ryg), ["d4e5", "d4c5", "d4c3", "d4e3"]);
        // Cats keep their order.
        let cats = "1c1c1c1c/8/8/8/3m4/8/8/8 c";
        assert_eq!(names(cats, GenOrder::Articles), names(cats, GenOrder::Squares));
        assert_eq!(names(cats, GenOrder::Ryg), names(cats, GenOrder::Squares));
        // A blocked step leaves the others in order.
        assert_eq!(names("1c1c1c2/8/8/4c3/3m4/8/8/8 m", GenOrder::Articles), ["d4c3", "d4e3", "d4c5"]);
        assert_eq!(names("1c1c1c2/8/8/4c3/3m4/8/8/8 m", GenOrder::Ryg), ["d4c5", "d4c3", "d4e3"]);
    }

    #[test]
    fn rygs_first_step_from_its_start_is_the_mirror_of_the_articles_7_3_to_6_2() {
        // «(6, 2)» («RYG: jugadas del ratón – nuevo programa principal») is the first of the
        // mouse's steps from (7, 3); mirrored, (7, 3) is e1 and (6, 2) is f2.
        assert_eq!(names("1c1c1c1c/8/8/8/8/8/8/4m3 m", GenOrder::Ryg), ["e1f2", "e1d2"]);
    }
}
