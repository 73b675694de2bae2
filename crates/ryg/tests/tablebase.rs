//! Tablebase tests: known facts of the rules, a verification pass over every 8×8 position,
//! an independent recursive solver, the perfect player, and the cache format.

use crate::positions;

use std::collections::HashMap;
use std::sync::OnceLock;

use ryg::search::{NoHandler, SplitMix64};
use ryg::tablebase::{CacheError, ProbeError, CACHE_FORMAT_VERSION, CACHE_HEADER_LEN};
use ryg::{ExactResult, Level, Move, Player, Position, Side, Size, Tablebase};

/// The perfect player's move, or `None` when the game is over.
fn perfect_move(player: &mut Player, tb: &Tablebase, position: &Position) -> Option<Move> {
    player.choose(position, Some(tb), &mut NoHandler).ok().map(|choice| choice.mv)
}

fn size(n: u8) -> Size {
    Size::new(n).unwrap()
}

/// One tablebase per size, built once for all tests (8×8 single-threaded, 10×10 on two).
fn tablebase(n: u8) -> &'static Tablebase {
    static TABLES: [OnceLock<Tablebase>; 4] = [const { OnceLock::new() }; 4];
    let threads = if n == 10 { 2 } else { 1 };
    TABLES[(n / 2 - 2) as usize].get_or_init(|| Tablebase::build(size(n), threads, &mut ()))
}

fn start(n: u8) -> Position {
    Position::start(size(n), None).unwrap()
}

fn cats(plies: u32) -> ExactResult {
    ExactResult::new(Side::Cats, plies)
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The best result for the side to move given its children's results, per the rules: win if
/// some child is lost for the opponent (fastest such win), else lose (longest resistance).
fn best_of(side: Side, children: &[ExactResult]) -> ExactResult {
    let fastest_win = children.iter().filter(|r| r.winner == side).map(|r| r.plies).min();
    match fastest_win {
        Some(plies) => ExactResult::new(side, plies + 1),
        None => match children.iter().map(|r| r.plies).max() {
            Some(plies) => ExactResult::new(!side, plies + 1),
            None => ExactResult::new(!side, 0),
        },
    }
}

/// A game-end position's result per the spec, or `None` while the game goes on.
fn finished(position: &Position) -> Option<ExactResult> {
    if position.size().top_rank().contains(position.mouse()) {
        return Some(ExactResult::new(Side::Mouse, 0));
    }
    position.legal_moves().is_empty().then(|| ExactResult::new(!position.side_to_move(), 0))
}

/// An independent solver: plain memoised negamax over `Position`, searched to the game's end.
fn solve(position: &Position, memo: &mut HashMap<Position, ExactResult>) -> ExactResult {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let result = finished(position).unwrap_or_else(|| {
        let children: Vec<ExactResult> =
            position.legal_moves().iter().map(|&mv| solve(&position.play(mv).unwrap(), memo)).collect();
        best_of(position.side_to_move(), &children)
    });
    memo.insert(*position, result);
    result
}

/// Positions reached by `plies` random moves from the start (fewer if the game ends first).
fn random_positions(n: u8, count: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let mut position = start(n);
            for _ in 0..plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves[rng.below(moves.len())]).unwrap();
            }
            position
        })
        .collect()
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
    assert_eq!(tablebase(4).result(&start(4)), cats(8));
}

#[test]
fn the_mouse_wins_6x6() {
    assert_eq!(tablebase(6).result(&start(6)).winner, Side::Mouse);
}

/// Checks every position of a board size against the best over its children (and game ends
/// against the rules); returns how many positions there are and the longest result.
fn verify_every_position(tb: &Tablebase) -> (u64, u32) {
    let mut count = 0;
    let mut longest = 0;
    let mut finished_count = 0;
    positions::for_each_position(tb.size(), |position| {
        let stored = tb.result(&position);
        let expected = finished(&position).unwrap_or_else(|| {
            let children: Vec<ExactResult> = tb.move_results(&position).into_iter().map(|(_, r)| r).collect();
            best_of(position.side_to_move(), &children)
        });
        if stored.plies == 0 {
            finished_count += 1;
            let outcome = position.outcome().expect("a result in 0 plies is a finished game");
            assert_eq!(outcome.winner, stored.winner, "{position}");
        }
        assert_eq!(stored, expected, "{position}");
        longest = longest.max(stored.plies);
        count += 1;
    });
    assert!(finished_count > 0);
    (count, longest)
}

#[test]
fn every_8x8_position_equals_the_best_over_its_children() {
    let tb = tablebase(8);
    let (count, longest) = verify_every_position(tb);
    assert_eq!(count, binomial(32, 4) * 28 * 2);
    let stats = tb.stats();
    assert_eq!(stats.positions, count);
    assert_eq!(stats.longest.1.plies, longest);
    assert_eq!(tb.result(&stats.longest.0), stats.longest.1);
    let by_side: u64 = stats.by_side.iter().map(|c| c.mouse_wins + c.cats_wins).sum();
    assert_eq!(by_side, stats.positions);
}

/// The same pass over all 190 million 10×10 positions (about a minute): `cargo test --release
/// -- --ignored every_10x10`.
#[test]
#[ignore = "about a minute in release"]
fn every_10x10_position_equals_the_best_over_its_children() {
    let tb = tablebase(10);
    let (count, longest) = verify_every_position(tb);
    assert_eq!(count, binomial(50, 5) * 45 * 2);
    assert_eq!(tb.stats().longest.1.plies, longest);
}

#[test]
fn an_independent_solver_agrees_on_every_4x4_and_6x6_position() {
    for n in [4, 6] {
        let tb = tablebase(n);
        let mut memo = HashMap::new();
        let positions = positions::all_positions(size(n));
        for position in &positions {
            assert_eq!(tb.result(position), solve(position, &mut memo), "{position}");
        }
        assert_eq!(tb.stats().positions, positions.len() as u64);
    }
}

fn solver_agrees_on_random_positions(n: u8, plies: usize) {
    let tb = tablebase(n);
    let mut memo = HashMap::new();
    for position in random_positions(n, 40, plies, 0x5eed + u64::from(n)) {
        assert_eq!(tb.result(&position), solve(&position, &mut memo), "{position}");
    }
}

#[test]
fn an_independent_solver_agrees_on_random_8x8_positions() {
    solver_agrees_on_random_positions(8, 20);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds the 10x10 table: run with --release")]
fn an_independent_solver_agrees_on_random_10x10_positions() {
    solver_agrees_on_random_positions(10, 64);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "builds the 10x10 table: run with --release")]
fn random_10x10_positions_equal_the_best_over_their_children() {
    let tb = tablebase(10);
    let mut checked = 0;
    for plies in [0, 5, 20, 40, 60] {
        for position in random_positions(10, 200, plies, 99 + plies as u64) {
            let expected = finished(&position).unwrap_or_else(|| {
                let children: Vec<ExactResult> =
                    tb.move_results(&position).into_iter().map(|(_, r)| r).collect();
                best_of(position.side_to_move(), &children)
            });
            assert_eq!(tb.result(&position), expected, "{position}");
            checked += 1;
        }
    }
    assert_eq!(checked, 1000);
}

/// Bit for bit, on 8×8 (groups of configurations shared out and waited for) and on 6×6 (small
/// enough to stay on one thread), with more threads than the build puts to work too.
#[test]
fn a_threaded_build_equals_a_single_threaded_one() {
    let six = tablebase(6);
    assert!(Tablebase::build(size(6), 2, &mut ()).cache_body() == six.cache_body());
    let one = tablebase(8);
    for threads in [2, 3, 4, 9] {
        let many = Tablebase::build(size(8), threads, &mut ());
        assert!(many.cache_body() == one.cache_body(), "{threads} threads");
    }
}

#[test]
fn progress_reaches_every_configuration() {
    struct Log(Vec<(u64, u64)>);
    impl ryg::BuildProgress for Log {
        fn solved(&mut self, done: u64, total: u64) {
            self.0.push((done, total));
        }
    }
    let mut log = Log(Vec::new());
    Tablebase::build(size(8), 2, &mut log);
    assert!(log.0.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(log.0.last(), Some(&(binomial(32, 4), binomial(32, 4))));
}

#[test]
fn best_moves_keep_the_result_and_the_others_do_not() {
    let tb = tablebase(8);
    let start = Position::standard();
    let best: Vec<String> = tb.best_moves(&start).iter().map(|m| m.to_string()).collect();
    let all: Vec<(String, ExactResult)> =
        tb.move_results(&start).into_iter().map(|(m, r)| (m.to_string(), r)).collect();
    assert_eq!(all.len(), 2);
    for (mv, result) in &all {
        assert_eq!(result.winner, Side::Cats);
        assert_eq!(best.contains(mv), result.plies == 43, "{mv}: {result}");
    }
    for position in random_positions(8, 300, 15, 3) {
        let result = tb.result(&position);
        let best = tb.best_moves(&position);
        assert_eq!(best.is_empty(), position.outcome().is_some(), "{position}");
        for (mv, child) in tb.move_results(&position) {
            let keeps = child.winner == result.winner && child.plies + 1 == result.plies;
            assert_eq!(best.contains(&mv), keeps, "{position} {mv}");
        }
    }
}

#[test]
fn perfect_players_replay_the_44_ply_cats_win() {
    let tb = tablebase(8);
    for seed in [0, 1, 2] {
        let mut player = Player::new(Level::Perfect, seed);
        let mut position = Position::standard();
        let mut plies = 0;
        while let Some(mv) = perfect_move(&mut player, tb, &position) {
            position = position.play(mv).unwrap();
            plies += 1;
        }
        assert_eq!(plies, 44);
        assert_eq!(position.outcome().unwrap().winner, Side::Cats);
    }
}

#[test]
fn seeded_players_repeat_themselves_and_vary_between_seeds() {
    let tb = tablebase(8);
    let game = |seed: u64| {
        let mut player = Player::new(Level::Perfect, seed);
        let mut position = Position::standard();
        let mut moves = Vec::new();
        while let Some(mv) = perfect_move(&mut player, tb, &position) {
            moves.push(mv);
            position = position.play(mv).unwrap();
        }
        moves
    };
    assert_eq!(game(5), game(5));
    let distinct: std::collections::HashSet<_> = (0..8).map(game).collect();
    assert!(distinct.len() > 1);
}

#[test]
fn perfect_cats_beat_a_random_mouse_within_44_plies() {
    let tb = tablebase(8);
    let mut rng = SplitMix64::new(12345);
    let mut cats_player = Player::new(Level::Perfect, 0);
    for _ in 0..50 {
        let mut position = Position::standard();
        let mut plies = 0;
        while position.outcome().is_none() {
            let mv = match position.side_to_move() {
                Side::Mouse => {
                    let moves = position.legal_moves();
                    moves[rng.below(moves.len())]
                }
                Side::Cats => perfect_move(&mut cats_player, tb, &position).unwrap(),
            };
            position = position.play(mv).unwrap();
            plies += 1;
        }
        assert_eq!(position.outcome().unwrap().winner, Side::Cats);
        assert!(plies <= 44, "{plies}");
    }
}

#[test]
fn probing_another_size_is_an_error() {
    let err = tablebase(8).probe(&start(6)).unwrap_err();
    assert_eq!(err, ProbeError::WrongSize { found: size(6), expected: size(8) });
    assert_eq!(err.to_string(), "the position is on a 6x6 board but the tablebase solves 8x8");
}

#[test]
fn the_cache_format_round_trips() {
    let tb = tablebase(6);
    let bytes = tb.to_cache_bytes();
    assert_eq!(bytes.len(), CACHE_HEADER_LEN + tb.len());
    let back = Tablebase::from_cache_bytes(bytes, size(6)).unwrap();
    assert!(back.cache_body() == tb.cache_body());
    assert_eq!(back.result(&start(6)), tb.result(&start(6)));
}

#[test]
fn truncated_caches_are_refused() {
    let bytes = tablebase(6).to_cache_bytes();
    let short = |len: usize| Tablebase::from_cache_bytes(bytes[..len].to_vec(), size(6)).unwrap_err();
    assert_eq!(short(0), CacheError::TooShort { len: 0 });
    assert_eq!(short(31).to_string(), "truncated: 31 bytes, shorter than the 32-byte header");
    let expected = tablebase(6).len() as u64;
    assert_eq!(short(bytes.len() - 1), CacheError::Length { found: expected - 1, expected });
    assert_eq!(short(CACHE_HEADER_LEN), CacheError::Length { found: 0, expected });
    let mut long = bytes.clone();
    long.push(0);
    assert_eq!(
        Tablebase::from_cache_bytes(long, size(6)).unwrap_err(),
        CacheError::Length { found: expected + 1, expected }
    );
}

#[test]
fn corrupted_caches_are_refused() {
    let bytes = tablebase(6).to_cache_bytes();
    for at in [CACHE_HEADER_LEN, CACHE_HEADER_LEN + 1000, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[at] ^= 1;
        let err = Tablebase::from_cache_bytes(bad, size(6)).unwrap_err();
        assert!(matches!(err, CacheError::Checksum { .. }), "byte {at}: {err}");
        assert!(err.to_string().starts_with("corrupted: checksum "), "{err}");
    }
    let mut bad = bytes.clone();
    bad[24] ^= 0x80; // the stored checksum itself
    assert!(matches!(Tablebase::from_cache_bytes(bad, size(6)), Err(CacheError::Checksum { .. })));
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert_eq!(Tablebase::from_cache_bytes(bad, size(6)).unwrap_err(), CacheError::Magic);
}

#[test]
fn caches_of_another_version_or_size_are_refused() {
    let mut bytes = tablebase(6).to_cache_bytes();
    bytes[8..12].copy_from_slice(&(CACHE_FORMAT_VERSION + 1).to_le_bytes());
    assert_eq!(
        Tablebase::from_cache_bytes(bytes, size(6)).unwrap_err(),
        CacheError::Version { found: CACHE_FORMAT_VERSION + 1, expected: CACHE_FORMAT_VERSION }
    );
    let err = Tablebase::from_cache_bytes(tablebase(4).to_cache_bytes(), size(6)).unwrap_err();
    assert_eq!(err, CacheError::Size { found: 4, expected: size(6) });
    assert_eq!(err.to_string(), "holds the 4x4 board, expected 6x6");
}
