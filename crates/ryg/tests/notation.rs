//! Notation: the files of valid and invalid positions, and round-trips of squares, moves,
//! sizes, sides and positions.

use proptest::prelude::*;
use ryg::{Move, Position, PositionError, Side, Size, Square, SquareSet};

const VALID: &str = include_str!("data/valid-positions.txt");
const INVALID: &str = include_str!("data/invalid-positions.txt");

fn entries(text: &str) -> impl Iterator<Item = (&str, Option<&str>)> {
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).map(|l| match l.split_once(" => ") {
        Some((input, expected)) => (input, Some(expected)),
        None => (l, None),
    })
}

#[test]
fn valid_positions_are_accepted_and_print_canonically() {
    let mut count = 0;
    for (input, canonical) in entries(VALID) {
        let position: Position = input.parse().unwrap_or_else(|e| panic!("{input:?}: {e}"));
        let canonical = canonical.unwrap_or(input);
        assert_eq!(position.fen(), canonical, "{input:?}");
        assert_eq!(canonical.parse::<Position>(), Ok(position));
        assert_eq!(position.hash(), position.recompute_hash());
        count += 1;
    }
    assert_eq!(count, 13);
}

#[test]
fn invalid_positions_are_refused_with_the_exact_message() {
    let mut count = 0;
    for (input, expected) in entries(INVALID) {
        let expected = expected.expect("every invalid line gives its error");
        let err = input.parse::<Position>().expect_err(input);
        assert_eq!(err.to_string(), expected, "{input:?}");
        count += 1;
    }
    assert_eq!(count, 30);
}

/// The variants no FEN can produce, reached through `Position::from_parts`.
#[test]
fn from_parts_refuses_impossible_placements() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let set = |names: &[&str]| names.iter().map(|s| sq(s)).collect::<SquareSet>();
    let four = Size::new(4).unwrap();
    let err = Position::from_parts(four, sq("e1"), set(&["b4", "d4"]), Side::Mouse).unwrap_err();
    assert_eq!(err, PositionError::OffBoard { square: sq("e1"), size: four });
    assert_eq!(err.to_string(), "square e1 is not on the 4x4 board");
    let err = Position::from_parts(four, sq("c1"), set(&["b4", "f4"]), Side::Mouse).unwrap_err();
    assert_eq!(err.to_string(), "square f4 is not on the 4x4 board");
    let err = Position::from_parts(Size::STANDARD, sq("e1"), set(&["e1", "b8", "d8", "f8"]), Side::Cats)
        .unwrap_err();
    assert_eq!(err.to_string(), "square e1 holds two pieces");
    // Bit 5 is padding in the square layout, bit 63 is past every square.
    for bit in [5u32, 63] {
        let cats = SquareSet(set(&["b8", "d8", "f8"]).0 | 1 << bit);
        let err = Position::from_parts(Size::STANDARD, sq("e1"), cats, Side::Mouse).unwrap_err();
        assert_eq!(err.to_string(), format!("bit {bit} of the cats' square set is not a square"));
    }
    let err = Position::from_parts(Size::STANDARD, sq("e1"), set(&["b8"]), Side::Cats).unwrap_err();
    assert_eq!(err.to_string(), "found 1 cats; expected 4 on a 8x8 board");
}

#[test]
fn start_squares() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let eight = Size::STANDARD;
    for name in ["a1", "c1", "e1", "g1"] {
        let p = Position::start(eight, Some(sq(name))).unwrap();
        assert_eq!(p.mouse(), sq(name));
        assert_eq!(p.side_to_move(), Side::Mouse);
    }
    let err = Position::start(eight, Some(sq("b2"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the mouse cannot start on b2: choose a dark square of rank 1 on the 8x8 board"
    );
    let err = Position::start(eight, Some(sq("i1"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the mouse cannot start on i1: choose a dark square of rank 1 on the 8x8 board"
    );
    let ten = Size::new(10).unwrap();
    assert_eq!(
        Position::start(ten, Some(sq("i1"))).unwrap().fen(),
        "1c1c1c1c1c/10/10/10/10/10/10/10/10/8m1 m"
    );
}

#[test]
fn every_square_round_trips() {
    let mut names = Vec::new();
    for rank in 0..10u8 {
        for file in 0..10u8 {
            let name = format!("{}{}", (b'a' + file) as char, rank + 1);
            match Square::from_coords(file, rank) {
                Some(sq) => {
                    assert_eq!(sq.to_string(), name);
                    assert_eq!(name.parse::<Square>(), Ok(sq));
                    assert_eq!(name.to_uppercase().parse::<Square>(), Ok(sq));
                    names.push(name);
                }
                None => assert_eq!(
                    name.parse::<Square>().unwrap_err().to_string(),
                    format!("'{name}' is a light square; pieces stand on dark squares only")
                ),
            }
        }
    }
    assert_eq!(names.len(), 50);
    for size in Size::ALL {
        assert_eq!(size.board().count(), size.dark_squares());
    }
}

#[test]
fn square_move_size_and_side_errors() {
    assert_eq!("".parse::<Square>().unwrap_err().to_string(), "empty square name");
    assert_eq!(
        "k1".parse::<Square>().unwrap_err().to_string(),
        "bad square 'k1': expected a file a-j followed by a rank 1-10"
    );
    assert_eq!(
        "a01".parse::<Square>().unwrap_err().to_string(),
        "bad square 'a01': expected a file a-j followed by a rank 1-10"
    );
    assert_eq!(
        "e1".parse::<Move>().unwrap_err().to_string(),
        "bad move 'e1': expected two squares such as e1f2"
    );
    assert_eq!(
        "e1z2".parse::<Move>().unwrap_err().to_string(),
        "bad move 'e1z2': bad square 'z2': expected a file a-j followed by a rank 1-10"
    );
    assert_eq!(
        "7".parse::<Size>().unwrap_err().to_string(),
        "unsupported board size '7': expected 4, 6, 8 or 10 (optionally written 8x8)"
    );
    assert_eq!(
        "x".parse::<Side>().unwrap_err().to_string(),
        "unknown side 'x': expected 'mouse' (or 'm') or 'cats' (or 'c')"
    );
}

#[test]
fn sizes_and_sides_round_trip() {
    for size in Size::ALL {
        assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        assert_eq!(size.n().to_string().parse::<Size>(), Ok(size));
    }
    for side in [Side::Mouse, Side::Cats] {
        assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        assert_eq!(side.letter().to_string().parse::<Side>(), Ok(side));
        assert_eq!(!!side, side);
    }
}

proptest! {
    /// Positions along random games print and parse back to the same position, and every
    /// legal move round-trips in lower and upper case.
    #[test]
    fn positions_and_moves_round_trip(
        size in prop::sample::select(Size::ALL.to_vec()),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
    ) {
        let mut position = Position::start(size, None).unwrap();
        for choice in choices {
            prop_assert_eq!(position.fen().parse::<Position>(), Ok(position));
            let moves = position.legal_moves();
            for mv in moves.iter() {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(*mv));
                prop_assert_eq!(mv.to_string().to_uppercase().parse::<Move>(), Ok(*mv));
                prop_assert_eq!(format!("{}-{}", mv.from, mv.to).parse::<Move>(), Ok(*mv));
            }
            if moves.is_empty() {
                break;
            }
            position = position.play(moves[choice.index(moves.len())]).unwrap();
        }
    }
}
