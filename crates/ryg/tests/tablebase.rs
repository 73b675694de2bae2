//! Tablebase tests: known facts of the rules, a verification pass over every 8×8 position,
//! an independent recursive solver, the perfect player, and the cache format.

use std::collections::HashMap;
use std::sync::OnceLock;

use ryg::tablebase::{CacheError, CACHE_FORMAT_VERSION, CACHE_HEADER_LEN};
use ryg::{ExactResult, Move, PerfectPlayer, Position, Side, Size, Square, SquareSet, Tablebase};

fn size(n: u8) -> Size {
    Size::new(n).unwrap()
}

fn tablebase(n: u8) -> &'static Tablebase {
    static TABLES: [OnceLock<Tablebase>; 4] = [const { OnceLock::new() }; 4];
    TABLES[(n / 2 - 2) as usize].get_or_init(|| Tablebase::build(size(n), 1, &mut ()))
}

fn start(n: u8, square: &str) -> Position {
    Position::start(size(n), Some(square.parse().unwrap())).unwrap()
}

fn cats(plies: u32) -> ExactResult {
    ExactResult::new(Side::Cats, plies)
}

#[test]
fn the_standard_start_is_a_cats_win_in_44_plies() {
    let tb = tablebase(8);
    assert_eq!(tb.result(&Position::standard()), cats(44));
    assert_eq!(tb.result(&Position::standard()).to_string(), "cats win in 44 plies");
}

#[test]
fn cats_win_8x8_from_every_start_square() {
    let stats = tablebase(8).stats();
    let starts: Vec<(String, Side)> =
        stats.starts.iter().map(|s| (s.square.to_string(), s.result.winner)).collect();
    let expected: Vec<(String, Side)> =
        ["a1", "c1", "e1", "g1"].iter().map(|s| (s.to_string(), Side::Cats)).collect();
    assert_eq!(starts, expected);
}

#[test]
fn cats_win_4x4_in_8_plies() {
    assert_eq!(tablebase(4).result(&Position::start(size(4), None).unwrap()), cats(8));
}

#[test]
fn the_mouse_wins_6x6() {
    let result = tablebase(6).result(&Position::start(size(6), None).unwrap());
    assert_eq!(result.winner, Side::Mouse);
}
