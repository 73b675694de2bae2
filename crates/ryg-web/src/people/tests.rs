//! The players' rules and their SQLite store, without HTTP.

use ryg_ratings::{rate, Opponent, Outcome, NEWCOMER, PROVISIONAL_DEVIATION};
use ryg_wide::{Level, PlayerSpec};

use super::*;
use crate::store::players::{Rate, Settled};
use crate::store::sqlite::SqliteStore;
use crate::store::ServerStore;

#[test]
fn secrets_and_codes_have_their_shapes() {
    assert!(secret_ok(&"a".repeat(32)) && secret_ok(&"A-_9".repeat(32)));
    assert!(!secret_ok(&"a".repeat(31)) && !secret_ok(&"a".repeat(129)) && !secret_ok(&"é".repeat(32)));
    let code = new_code().unwrap();
    assert_eq!(code.len(), CODE_LEN);
    assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
    let typed = format!(" {}-{} ", code[..4].to_lowercase(), &code[4..]);
    assert_eq!(code_key(&typed), code_key(&code));
}

/// A player who wins and loses in turn against level 5 on 8x8 leaves the provisional ratings
/// once Glicko-2's deviation is 110 or less, and only then is on the leaderboard; a game is
/// settled once; deleting the player deletes their ratings and history.
#[test]
fn a_rating_joins_the_leaderboard_when_it_is_no_longer_provisional() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap();
    let players = store.players().unwrap();
    let id = players.insert_player("Abcdefghijk", &"s".repeat(64), "Ana", "2026-01-01T00:00:00Z").unwrap();
    let (level5, size) = (PlayerSpec::Level(Level::Search(5)), ryg::Size::new(8).unwrap());
    let (mut expected, mut games) = (NEWCOMER, 0i64);
    while expected.is_provisional() {
        assert!(games < 100, "still provisional after 100 games: {expected:?}");
        let outcome = if games % 2 == 0 { Outcome::Win } else { Outcome::Loss };
        let moved: Rate = Box::new(move |before| {
            before.iter().map(|&r| rate(r, size, Opponent::Computer(level5), outcome).unwrap()).collect()
        });
        let settled = vec![Settled { player: id, opponent: "5".into(), won: outcome == Outcome::Win }];
        assert!(players
            .settle(games, 8, &format!("game{games:07}"), settled, "2026-01-02T00:00:00Z", moved)
            .unwrap());
        expected = rate(expected, size, Opponent::Computer(level5), outcome).unwrap();
        games += 1;
        let listed = players.leaderboard(8, PROVISIONAL_DEVIATION, 10).unwrap();
        assert_eq!(
            listed.len(),
            usize::from(!expected.is_provisional()),
            "after {games} games: {expected:?}"
        );
    }
    assert!(games > 5, "{games} games");
    let again: Rate = Box::new(|before| before.to_vec());
    assert!(
        !players.settle(0, 8, "game0000000", Vec::new(), "2026-01-03T00:00:00Z", again).unwrap(),
        "settled once"
    );
    let kept = players.ratings_of(id).unwrap();
    assert_eq!((kept.len(), kept[0].games), (1, games));
    assert!((kept[0].rating.rating() - expected.rating()).abs() < 1e-9);
    assert_eq!(players.history_of(id).unwrap().len(), games as usize);
    players.delete_player(id).unwrap();
    assert!(players.ratings_of(id).unwrap().is_empty() && players.history_of(id).unwrap().is_empty());
    assert!(players.leaderboard(8, PROVISIONAL_DEVIATION, 10).unwrap().is_empty());
}
