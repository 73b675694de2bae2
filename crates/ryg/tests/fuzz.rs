//! Random and mutated text fed to every parser: an error is fine, a panic never is, and what
//! is accepted prints back to something that parses to the same value.

use proptest::prelude::*;
use ryg::{Move, Position, Record, Side, Size, Square, SquareSet};

const SEEDS: &[&str] = &[
    "1c1c1c1c/8/8/8/8/8/8/4m3 m",
    "1c1c1c1c1c/10/10/10/10/10/10/10/10/4m5 c",
    "1c1c/4/4/2m1 m",
    "e1f2",
    "a10b9",
    "J10-I9",
    "10x10",
    "[Event \"x\"]\n[FEN \"1c1c/4/4/2m1 m\"]\n[Result \"0-1\"]\n\n1. c1d2 b4a3 2. d2c1 d4c3 3. c1b2 c3d2 4. b2c1 a3b2 0-1\n",
    "[FEN \"1c1c1c2/6c1/8/8/8/4m3/8/8 c\"]\n\n1... g7f6 2. e3f4 *",
];

/// Every parser on `text`; whatever is accepted must round-trip.
fn parse_everything(text: &str) {
    if let Ok(position) = text.parse::<Position>() {
        assert_eq!(position.fen().parse::<Position>(), Ok(position));
        assert_eq!(position.hash(), position.recompute_hash());
        let _ = position.outcome();
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    if let Ok(size) = text.parse::<Size>() {
        assert_eq!(size.to_string().parse::<Size>(), Ok(size));
    }
    let _ = text.parse::<Side>();
    if let Ok(record) = Record::parse(text) {
        assert_eq!(Record::parse(&record.to_pgn()), Ok(record));
    }
}

/// Characters that matter to the grammars, plus some that do not.
fn alphabet() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select("mcMC0123456789/ -.[]\"\\*abcdefghijkxyz\n\t{}µé🐭".chars().collect::<Vec<_>>()),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_strings_never_panic(s in ".{0,80}") {
        parse_everything(&s);
    }

    #[test]
    fn strings_of_grammar_characters_never_panic(chars in prop::collection::vec(alphabet(), 0..60)) {
        let s: String = chars.into_iter().collect();
        parse_everything(&s);
    }

    /// Valid strings with characters replaced, inserted or deleted.
    #[test]
    fn mutated_valid_strings_never_panic(
        seed in prop::sample::select(SEEDS.to_vec()),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, alphabet()), 1..6),
    ) {
        let mut chars: Vec<char> = seed.chars().collect();
        for (at, kind, ch) in edits {
            let i = at.index(chars.len() + 1);
            match kind {
                0 if i < chars.len() => chars[i] = ch,
                1 => chars.insert(i, ch),
                _ if i < chars.len() => { chars.remove(i); }
                _ => chars.push(ch),
            }
        }
        let s: String = chars.into_iter().collect();
        parse_everything(&s);
    }

    /// `Position::from_parts` checks any bits it is given.
    #[test]
    fn from_parts_never_panics(
        size in prop::sample::select(Size::ALL.to_vec()),
        mouse in 0u8..Square::LIMIT,
        bits in any::<u64>(),
        cats_to_move in any::<bool>(),
    ) {
        if let Some(mouse) = Square::try_new(mouse) {
            let side = if cats_to_move { Side::Cats } else { Side::Mouse };
            if let Ok(position) = Position::from_parts(size, mouse, SquareSet(bits), side) {
                prop_assert_eq!(position.fen().parse::<Position>(), Ok(position));
            }
        }
    }
}
