//! The game service over SQLite: the same rules as over the game service's own store in memory
//! (crates/ryg-games' `game/tests.rs`), stored and read back, with times given by the test.

use std::cell::RefCell;

use ryg_games::game::{abort_due, record, Created, GameError, Games, NewGame, ABORT_AFTER_MS};
use ryg_games::token;
use ryg_wide::Side;

use super::sqlite::SqliteStore;
use super::{Holder, StoredGame};

/// `$games`: the service over `$store`; `$seen` collects the version of every change it stored.
macro_rules! service {
    ($store:ident, $seen:ident, $games:ident) => {
        let $seen = RefCell::new(Vec::<i64>::new());
        let changed = |g: &StoredGame| $seen.borrow_mut().push(g.version);
        let $games = Games::new(&$store, &changed);
    };
}

fn new_game(mouse: &str, cats: &str) -> NewGame {
    NewGame { mouse: Some(mouse.into()), cats: Some(cats.into()), seed: Some(1), ..NewGame::default() }
}

/// The token hash of `side` in `created`.
fn hash(created: &Created, side: Side) -> String {
    token::hash(&created.tokens.iter().find(|(s, _)| *s == side).unwrap().1)
}

fn moves(g: &StoredGame) -> Vec<String> {
    g.game.moves().iter().map(ToString::to_string).collect()
}

#[test]
fn the_service_runs_the_same_over_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap();
    service!(store, seen, games);
    let created = games.create(&new_game("human", "human"), 86_400_000).unwrap();
    let (mouse, cats) = (hash(&created, Side::Mouse), hash(&created, Side::Cats));
    let mut g = created.game;
    games.play(&mut g, Some(&mouse), "e1f2", 86_401_000).unwrap();
    games.play(&mut g, Some(&cats), "h8g7", 86_402_000).unwrap();
    games.undo(&mut g, Some(&cats), 86_403_000).unwrap();
    games.answer_undo(&mut g, Some(&mouse), true, 86_404_000).unwrap();
    let stored = games.load(g.id).unwrap();
    assert_eq!(stored, g);
    assert_eq!((moves(&stored), stored.version), (vec!["e1f2".to_string()], 4));
    assert_eq!(
        (stored.created_at.as_str(), stored.updated_at.as_str()),
        ("1970-01-02T00:00:00Z", "1970-01-02T00:00:04Z")
    );
    assert_eq!(games.list(10, true, 86_404_000).unwrap(), [stored]);
    let listed = games.list(10, false, 86_404_000 + 29 * 86_400_000).unwrap();
    assert_eq!(listed.len(), 1, "unchanged for 29 days: listed");
    assert!(
        games.list(10, false, 86_404_000 + 31 * 86_400_000).unwrap().is_empty(),
        "unchanged for 31 days: archived"
    );
    assert_eq!(*seen.borrow(), [1, 2, 3, 4]);
}

#[test]
fn a_friend_game_nobody_begins_is_aborted_in_time_and_a_seat_may_abort_before_the_first_move() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap();
    service!(store, seen, games);
    let created = games.create(&new_game("human", "human"), 60_000).unwrap();
    let mouse = hash(&created, Side::Mouse);
    let mut g = created.game;
    assert_eq!(abort_due(&g), Some(60_000 + ABORT_AFTER_MS));
    assert!(!games.abort_if_unstarted(&mut g, 60_000 + ABORT_AFTER_MS - 1).unwrap());
    assert!(games.abort_if_unstarted(&mut g, 60_000 + ABORT_AFTER_MS).unwrap());
    let stored = games.load(g.id).unwrap();
    assert!(stored.aborted() && stored.is_over());
    assert_eq!((stored.outcome(), stored.result_token(), abort_due(&stored)), (None, "*", None));
    assert_eq!(record(&stored).unwrap().tag("Termination"), Some("aborted: no move was made"));
    let err = games.play(&mut g, Some(&mouse), "e1f2", 60_000 + ABORT_AFTER_MS).unwrap_err();
    assert_eq!(err.to_string(), "the game was aborted: no move was made");
    // a late first move after a restart (no alarm) finds the game aborted too
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let mut g = created.game.clone();
    let err = games.play(&mut g, Some(&hash(&created, Side::Mouse)), "e1f2", ABORT_AFTER_MS + 5).unwrap_err();
    assert!(matches!(err, GameError::Aborted));
    assert!(games.load(g.id).unwrap().aborted());
    // a seat aborts before the first move; once a move is made, it resigns instead
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let mut g = created.game.clone();
    let cats = hash(&created, Side::Cats);
    assert_eq!(games.abort(&mut g, Some(&cats), 1).unwrap(), Holder::Seat(Side::Cats));
    assert!(g.aborted());
    assert!(matches!(games.abort(&mut g, Some(&cats), 2), Err(GameError::Aborted)));
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let mut g = created.game.clone();
    games.play(&mut g, Some(&hash(&created, Side::Mouse)), "e1f2", 1).unwrap();
    assert_eq!(abort_due(&g), None, "a begun game is never aborted");
    let err = games.abort(&mut g, Some(&hash(&created, Side::Cats)), 2).unwrap_err();
    assert!(err.to_string().contains("resign it"), "{err}");
    // a game against the computer is never aborted by time
    let g = games.create(&new_game("human", "3"), 0).unwrap().game;
    assert_eq!(abort_due(&g), None);
    assert!(!seen.borrow().is_empty());
}
