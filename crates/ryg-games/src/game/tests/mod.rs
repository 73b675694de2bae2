//! The game service without HTTP: over an in-memory store (any [`GameStore`] fits), with times
//! given by the test (over SQLite: crates/ryg-web's `store/games_over_sqlite.rs`).

use std::cell::RefCell;
use std::sync::Mutex;

use ryg_wide::{Level, Side};

use super::*;
use crate::store::{End, EndReason, StoreError};
use crate::store::{GameStore, Holder, Seat, StoredGame};
use crate::token;

/// A store in memory: the second implementation of [`GameStore`].
#[derive(Default)]
struct MemoryStore {
    games: Mutex<Vec<StoredGame>>,
}

impl GameStore for MemoryStore {
    fn insert(&self, g: &StoredGame) -> Result<i64, StoreError> {
        let mut games = self.games.lock().unwrap();
        let id = games.iter().map(|g| g.id).max().unwrap_or(0) + 1;
        games.push(StoredGame { id, ..g.clone() });
        Ok(id)
    }

    fn save(&self, g: &StoredGame) -> Result<(), StoreError> {
        let mut games = self.games.lock().unwrap();
        if let Some(slot) = games.iter_mut().find(|s| s.id == g.id) {
            if slot.version != g.version {
                return Err(StoreError::Conflict { id: g.id });
            }
            *slot = StoredGame { version: slot.version + 1, ..g.clone() };
        }
        Ok(())
    }

    fn load(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.games.lock().unwrap().iter().find(|g| g.id == id).cloned())
    }

    fn id_of(&self, public_id: &str) -> Result<Option<i64>, StoreError> {
        Ok(self.games.lock().unwrap().iter().find(|g| g.public_id == public_id).map(|g| g.id))
    }

    fn recent(&self, limit: usize, since: Option<&str>) -> Result<Vec<StoredGame>, StoreError> {
        let mut games: Vec<StoredGame> = self.games.lock().unwrap().clone();
        games.retain(|g| g.updated_at.as_str() >= since.unwrap_or(""));
        games.sort_by(|a, b| (&b.updated_at, b.id).cmp(&(&a.updated_at, a.id)));
        games.truncate(limit);
        Ok(games)
    }

    fn against_computer(&self, since: Option<&str>) -> Result<Vec<i64>, StoreError> {
        let games = self.games.lock().unwrap();
        Ok(games
            .iter()
            .filter(|g| !g.is_over() && g.has_human() && g.updated_at.as_str() >= since.unwrap_or(""))
            .map(|g| g.id)
            .collect())
    }

    fn running_clocks(&self) -> Result<Vec<i64>, StoreError> {
        let games = self.games.lock().unwrap();
        Ok(games
            .iter()
            .filter(|g| !g.is_over() && g.clock.is_some_and(|c| c.started_ms.is_some()))
            .map(|g| g.id)
            .collect())
    }

    fn count_created_by(&self, creator: &str) -> Result<usize, StoreError> {
        Ok(self.games.lock().unwrap().iter().filter(|g| g.creator.as_deref() == Some(creator)).count())
    }

    fn delete_before(&self, before: &str, unplayed_only: bool) -> Result<usize, StoreError> {
        let mut games = self.games.lock().unwrap();
        let was = games.len();
        let played = |g: &StoredGame| !g.game.moves().is_empty() || g.game.can_redo();
        games.retain(|g| g.updated_at.as_str() >= before || (unplayed_only && played(g)));
        Ok(was - games.len())
    }
}

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

const START: &str = "1c1c1c1c/8/8/8/8/8/8/4m3 m";

#[test]
fn a_legal_move_is_stored_and_an_illegal_one_changes_nothing() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let created = games.create(&NewGame { hotseat: true, ..new_game("human", "human") }, 1_000).unwrap();
    let mut g = created.game.clone();
    assert_eq!(g.game.position().fen(), START);
    let both = hash(&created, Side::Mouse);
    assert_eq!(both, hash(&created, Side::Cats), "a hotseat game has one token");
    assert_eq!(games.play(&mut g, Some(&both), "e1f2", 2_000).unwrap(), Holder::Both);
    assert_eq!(g.game.position().fen(), "1c1c1c1c/8/8/8/8/8/5m2/8 c");
    assert_eq!((g.version, seen.borrow().clone()), (1, vec![1]));
    let err = games.play(&mut g, Some(&both), "f2g3", 3_000).unwrap_err();
    assert!(matches!(err, GameError::IllegalMove(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        "illegal move f2g3 for the cats; legal moves: b8a7 b8c7 d8c7 d8e7 f8e7 f8g7 h8g7"
    );
    let err = games.play(&mut g, Some(&both), "x9", 3_000).unwrap_err();
    assert!(matches!(err, GameError::BadMove(_)), "{err:?}");
    let stored = games.load(g.id).unwrap();
    assert_eq!((moves(&stored), stored.version), (vec!["e1f2".to_string()], 1));
    assert_eq!(seen.borrow().len(), 1, "a refused move publishes nothing");
}

#[test]
fn a_move_out_of_turn_or_without_a_seat_is_refused() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let (mouse, cats) = (hash(&created, Side::Mouse), hash(&created, Side::Cats));
    let mut g = created.game;
    let err = games.play(&mut g, Some(&cats), "e1f2", 0).unwrap_err();
    assert!(matches!(err, GameError::NotYourTurn { side: Side::Mouse, you: Holder::Seat(Side::Cats) }));
    assert_eq!(err.to_string(), "a move needs the mouse' token: yours is the cats'");
    let err = games.play(&mut g, None, "e1f2", 0).unwrap_err();
    assert!(matches!(err, GameError::NotAPlayer { token_sent: false, .. }), "{err:?}");
    let err = games.play(&mut g, Some("0123"), "e1f2", 0).unwrap_err().to_string();
    assert!(err.contains("the token sent is not a seat's of this game"), "{err}");
    assert!(seen.borrow().is_empty());
    games.play(&mut g, Some(&mouse), "e1f2", 0).unwrap();
    let err = games.play(&mut g, Some(&mouse), "f2e3", 0).unwrap_err();
    assert!(matches!(err, GameError::NotYourTurn { side: Side::Cats, .. }), "{err:?}");
    // Against the computer, its turn is nobody's.
    let created = games.create(&new_game("human", "2"), 0).unwrap();
    let mut g = created.game.clone();
    games.play(&mut g, Some(&hash(&created, Side::Mouse)), "e1d2", 0).unwrap();
    let err = games.play(&mut g, Some(&hash(&created, Side::Mouse)), "d2e3", 0).unwrap_err();
    assert_eq!(err.to_string(), "it is the computer's turn: level 2 plays the cats");
    assert_eq!(computer_to_answer(&g), Some(ryg_wide::PlayerSpec::Level(Level::Search(2))));
}

/// A move sent with its ply, sent again after a lost answer, is played once: the retry answers
/// that it is there (even once the computer is to move, or the game ended by it); a move for a
/// ply the game has passed with another move is refused, and nothing changes.
#[test]
fn a_move_sent_again_with_its_ply_is_played_once() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let created = games.create(&new_game("human", "2"), 0).unwrap();
    let mouse = hash(&created, Side::Mouse);
    let mut g = created.game.clone();
    assert_eq!(
        games.play_at(&mut g, Some(&mouse), "e1d2", Some(0), 0).unwrap(),
        (Holder::Seat(Side::Mouse), false)
    );
    let mut again = games.load(g.id).unwrap();
    assert_eq!(
        games.play_at(&mut again, Some(&mouse), "e1d2", Some(0), 0).unwrap(),
        (Holder::Seat(Side::Mouse), true)
    );
    assert_eq!((moves(&again), again.version), (vec!["e1d2".to_string()], 1));
    let err = games.play_at(&mut again, Some(&mouse), "e1f2", Some(0), 0).unwrap_err();
    assert!(matches!(err, GameError::WrongPly { asked: 0, now: 1 }), "{err:?}");
    let err = games.play_at(&mut again, Some(&mouse), "d2e3", Some(3), 0).unwrap_err();
    assert!(matches!(err, GameError::WrongPly { asked: 3, now: 1 }), "{err:?}");
    // without a ply, the retry is a move of its own: refused, it is not the mouse's turn
    assert!(games.play(&mut again, Some(&mouse), "e1d2", 0).is_err());
    // another seat's token is refused before anything is said of the game
    let err = games.play_at(&mut again, Some("0123"), "e1d2", Some(0), 0).unwrap_err();
    assert!(matches!(err, GameError::NotAPlayer { .. }), "{err:?}");
    assert_eq!(seen.borrow().len(), 1, "one move stored, one change published");
}

#[test]
fn undo_takes_back_the_computer_reply_and_redo_replays_it() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let created = games.create(&new_game("human", "3"), 0).unwrap();
    let me = hash(&created, Side::Mouse);
    let mut g = created.game;
    assert!(matches!(games.undo(&mut g, Some(&me), 0), Err(GameError::AtStart)));
    games.play(&mut g, Some(&me), "e1f2", 10).unwrap();
    assert!(games.computer_played(&mut g, "h8g7".parse().unwrap(), 20).unwrap());
    assert_eq!(computer_to_answer(&g), None, "the person is to move");
    assert_eq!(games.undo(&mut g, Some(&me), 30).unwrap(), (Holder::Seat(Side::Mouse), Undo::TakenBack));
    assert_eq!(g.game.position().fen(), START);
    assert_eq!(g.game.redo_moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["e1f2", "h8g7"]);
    games.redo(&mut g, Some(&me), 40).unwrap();
    assert_eq!(moves(&g), ["e1f2", "h8g7"]);
    assert_eq!(g.game.position().fen(), "1c1c1c2/6c1/8/8/8/8/5m2/8 m");
    assert!(matches!(games.redo(&mut g, Some(&me), 50), Err(GameError::NothingToRedo)));
    assert_eq!(*seen.borrow(), [1, 2, 3, 4]);
    assert_eq!(games.load(g.id).unwrap(), g, "what the service returns is what it stored");
}

#[test]
fn an_undo_request_is_accepted_or_declined_by_the_other_seat() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let (mouse, cats) = (hash(&created, Side::Mouse), hash(&created, Side::Cats));
    let mut g = created.game;
    games.play(&mut g, Some(&mouse), "e1f2", 0).unwrap();
    games.play(&mut g, Some(&cats), "h8g7", 0).unwrap();
    assert_eq!(games.undo(&mut g, Some(&mouse), 0).unwrap().1, Undo::Asked);
    assert_eq!((g.undo_request, moves(&g).len()), (Some(Side::Mouse), 2));
    assert!(matches!(games.answer_undo(&mut g, Some(&mouse), true, 0), Err(GameError::NoUndoRequest)));
    assert!(matches!(games.redo(&mut g, Some(&mouse), 0), Err(GameError::NoRedoBetweenPlayers)));
    assert_eq!(games.answer_undo(&mut g, Some(&cats), true, 0).unwrap(), Holder::Seat(Side::Cats));
    assert_eq!((g.game.position().fen(), g.undo_request), (START.to_string(), None));
    games.play(&mut g, Some(&mouse), "e1d2", 0).unwrap();
    let err = games.undo(&mut g, Some(&cats), 0).unwrap_err();
    assert_eq!(err.to_string(), "nothing to undo: the cats made no move yet");
    games.undo(&mut g, Some(&mouse), 0).unwrap();
    games.answer_undo(&mut g, Some(&cats), false, 0).unwrap();
    assert_eq!((moves(&g), g.undo_request), (vec!["e1d2".to_string()], None));
    games.undo(&mut g, Some(&mouse), 0).unwrap();
    games.play(&mut g, Some(&cats), "b8a7", 0).unwrap();
    assert_eq!(g.undo_request, None, "a move cancels a request");
    assert_eq!(seen.borrow().len(), 9);
}

#[test]
fn a_clock_at_zero_ends_the_game_on_time() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let spec =
        NewGame { clock: Some(ClockSpec { minutes: 0.05, increment: 1.0 }), ..new_game("human", "human") };
    let created = games.create(&spec, 0).unwrap();
    let (mouse, cats) = (hash(&created, Side::Mouse), hash(&created, Side::Cats));
    let mut g = created.game;
    assert!(!games.flag_if_due(&mut g, 1_000_000).unwrap(), "no clock runs before the first move");
    games.play(&mut g, Some(&mouse), "e1f2", 1_000).unwrap();
    assert_eq!(store.running_clocks().unwrap(), [g.id]);
    assert!(!games.flag_if_due(&mut g, 3_999).unwrap());
    // The cats' 3 s ran from 1 s: at 4 s their move is too late, and the game ends on time.
    let err = games.play(&mut g, Some(&cats), "h8g7", 4_000).unwrap_err();
    assert_eq!(err.to_string(), "the cats' time ran out: the game is over");
    assert_eq!(g.end, Some(End { winner: Some(Side::Mouse), reason: EndReason::Time }));
    let stored = games.load(g.id).unwrap();
    assert_eq!((stored.result_token(), stored.clock.unwrap().left_ms), ("1-0", [3_000, 0]));
    assert_eq!(moves(&stored), ["e1f2"]);
    let err = games.play(&mut g, Some(&cats), "h8g7", 5_000).unwrap_err();
    assert_eq!(err.to_string(), "the game is over: the mouse wins (time)");
    assert!(store.running_clocks().unwrap().is_empty());
    assert_eq!(*seen.borrow(), [1, 2]);
}

#[test]
fn an_undo_gives_back_the_time_of_the_moves_it_takes_back() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let mut spec =
        NewGame { clock: Some(ClockSpec { minutes: 1.0, increment: 5.0 }), ..new_game("human", "human") };
    spec.hotseat = true;
    let created = games.create(&spec, 0).unwrap();
    let both = hash(&created, Side::Mouse);
    let mut g = created.game;
    games.play(&mut g, Some(&both), "e1f2", 1_000).unwrap();
    games.play(&mut g, Some(&both), "h8g7", 11_000).unwrap();
    assert_eq!(g.clock.unwrap().left_ms, [60_000, 55_000]);
    // ten moves taken back, each after 2 s of thought and 1 s before the undo: the times stay
    let mut now = 11_000;
    for _ in 0..10 {
        games.play(&mut g, Some(&both), "f2e3", now + 2_000).unwrap();
        assert_eq!(g.clock.unwrap().left_ms, [63_000, 55_000], "the mover's 2 s, plus 5 s");
        games.undo(&mut g, Some(&both), now + 3_000).unwrap();
        now += 3_000;
        let clock = games.load(g.id).unwrap().clock.unwrap();
        assert_eq!((clock.left_ms, clock.started_ms), ([60_000, 55_000], Some(now)));
    }
    // back to the start: no clock runs, both full
    games.undo(&mut g, Some(&both), now).unwrap();
    games.undo(&mut g, Some(&both), now).unwrap();
    let clock = g.clock.unwrap();
    assert_eq!((clock.left_ms, clock.started_ms, g.clock_history.len()), ([60_000; 2], None, 1));
    assert_eq!(seen.borrow().len(), 24);
}

#[test]
fn resigning_ends_the_game_and_a_finished_game_refuses_moves() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let (mouse, cats) = (hash(&created, Side::Mouse), hash(&created, Side::Cats));
    let mut g = created.game;
    assert!(matches!(games.resign(&mut g, None, 0), Err(GameError::NotAPlayer { .. })));
    assert_eq!(games.resign(&mut g, Some(&cats), 0).unwrap(), Holder::Seat(Side::Cats));
    assert_eq!((g.outcome(), g.result_token()), (Some((Side::Mouse, "resigned")), "1-0"));
    let err = games.play(&mut g, Some(&mouse), "e1f2", 0).unwrap_err();
    assert_eq!(err.to_string(), "the game is over: the mouse wins (resigned)");
    assert!(matches!(games.resign(&mut g, Some(&mouse), 0), Err(GameError::Over { .. })));
    assert_eq!(record(&g).unwrap().tag("Termination"), Some("the cats resigned"));
    // A game the rules ended (an imported record) refuses moves too.
    let pgn = "[FEN \"1c1c/4/4/2m1 m\"]\n\n1. c1d2 b4a3 2. d2c1 d4c3 3. c1b2 c3d2 4. b2c1 a3b2 0-1\n";
    let spec = NewGame { pgn: Some(pgn.into()), hotseat: true, ..new_game("human", "human") };
    let created = games.create(&spec, 0).unwrap();
    let mut g = created.game.clone();
    let err = games.play(&mut g, Some(&hash(&created, Side::Mouse)), "c1d2", 0).unwrap_err();
    assert_eq!(err.to_string(), "the game is over: the cats win (mouse trapped)");
    assert_eq!(seen.borrow().len(), 1);
}

#[test]
fn a_rematch_swaps_the_seats_tokens_and_names() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    // Against the computer: at once.
    let spec =
        NewGame { names: Some(Names { mouse: Some("Ana".into()), cats: None }), ..new_game("human", "3") };
    let created = games.create(&spec, 0).unwrap();
    let me = hash(&created, Side::Mouse);
    let mut g = created.game;
    assert!(matches!(games.rematch(&mut g, Some(&me), 0), Err(GameError::NotOverYet)));
    games.resign(&mut g, Some(&me), 0).unwrap();
    let Rematch::Ready(new) = games.rematch(&mut g, Some(&me), 0).unwrap() else { panic!("no rematch") };
    assert_eq!(
        (new.mouse, new.cats),
        (Seat::Computer(ryg_wide::PlayerSpec::Level(Level::Search(3))), Seat::Human)
    );
    assert_eq!(new.tokens, [None, Some(me.clone())]);
    assert_eq!(new.names, [None, Some("Ana".to_string())]);
    assert_eq!(
        (new.game.position().fen(), new.holder(Some(&me))),
        (START.to_string(), Some(Holder::Seat(Side::Cats)))
    );
    assert_eq!(g.rematch_id, Some(new.id));
    assert_eq!(
        computer_to_answer(&new),
        Some(ryg_wide::PlayerSpec::Level(Level::Search(3))),
        "the computer now opens"
    );
    let Rematch::Ready(again) = games.rematch(&mut g, Some(&me), 0).unwrap() else { panic!() };
    assert_eq!(again.id, new.id, "asked again: the same new game");
    // Between two people: an offer, then the other seat's acceptance.
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let (mouse, cats) = (hash(&created, Side::Mouse), hash(&created, Side::Cats));
    let mut g = created.game;
    games.resign(&mut g, Some(&mouse), 0).unwrap();
    assert!(matches!(games.rematch(&mut g, Some(&mouse), 0).unwrap(), Rematch::Offered));
    assert_eq!(g.rematch_offer, Some(Side::Mouse));
    assert!(
        matches!(games.rematch(&mut g, Some(&mouse), 0).unwrap(), Rematch::Offered),
        "not by the offerer"
    );
    let Rematch::Ready(new) = games.rematch(&mut g, Some(&cats), 0).unwrap() else { panic!() };
    assert_eq!(new.tokens, [Some(cats), Some(mouse)]);
    assert_eq!((g.rematch_offer, g.rematch_id), (None, Some(new.id)));
    assert_eq!(seen.borrow().len(), 6);
}

#[test]
fn a_rematch_is_a_game_its_asker_created_and_counts_towards_the_cap() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let by = Some(("client", 2));
    let created = games.create_by(&NewGame { hotseat: true, ..new_game("human", "human") }, 0, by).unwrap();
    let both = hash(&created, Side::Mouse);
    let mut g = created.game;
    assert!(!rematch_creates(&g, Some(&both)), "not over yet");
    games.abort(&mut g, Some(&both), 0).unwrap();
    assert!(rematch_creates(&g, Some(&both)) && !rematch_creates(&g, Some("another")));
    let Rematch::Ready(mut new) = games.rematch_by(&mut g, Some(&both), 0, by).unwrap() else { panic!() };
    assert_eq!(new.creator.as_deref(), Some("client"));
    assert!(!rematch_creates(&g, Some(&both)), "asked again: the same game, none created");
    games.abort(&mut new, Some(&both), 0).unwrap();
    assert!(matches!(
        games.rematch_by(&mut new, Some(&both), 0, by),
        Err(GameError::TooManyGames { max: 2 })
    ));
    assert_eq!((new.rematch_id, store.count_created_by("client").unwrap()), (None, 2));
    assert_eq!(seen.borrow().len(), 3, "two aborts and a rematch stored");
}

#[test]
fn new_games_are_checked() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let cases = [
        (NewGame { fen: Some("1c1c/4/4/2m1".into()), ..NewGame::default() }, "invalid fen '1c1c/4/4/2m1'"),
        (NewGame { size: Some(7), ..NewGame::default() }, "unsupported board size 7"),
        (NewGame { fen: Some(START.into()), size: Some(8), ..NewGame::default() }, "give one of"),
        (new_game("2", "3"), "\"hotseat\" needs two human seats"),
        (new_game("human", "11"), "unknown seat '11'"),
    ];
    for (i, (mut spec, message)) in cases.into_iter().enumerate() {
        spec.hotseat = i == 3;
        let err = games.create(&spec, 0).unwrap_err().to_string();
        assert!(err.starts_with(message), "{err}");
    }
    assert!(matches!(
        games.create(&NewGame { fen: Some("x".into()), ..NewGame::default() }, 0),
        Err(GameError::BadFen { .. })
    ));
    assert!(store.recent(10, None).unwrap().is_empty(), "nothing was stored");
    assert!(matches!(games.load(1), Err(GameError::NotFound(1))));
    let created = games.create(&new_game("human", "2"), 0).unwrap();
    let err = games.computer_request(&created.game, Some(&hash(&created, Side::Mouse)), None).unwrap_err();
    assert!(matches!(err, GameError::NeedsLevel(Side::Mouse)));
    assert!(seen.borrow().is_empty(), "creating publishes nothing");
}

#[test]
fn cleaning_drops_unplayed_games_after_a_day_and_all_after_keep_days() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    let day = 86_400_000;
    let unplayed = games.create(&new_game("human", "human"), 0).unwrap().game.id;
    let mut spec = new_game("human", "human");
    spec.moves = vec!["e1d2".into()];
    let played = games.create(&spec, 0).unwrap().game.id;
    let fresh = games.create(&new_game("human", "human"), 2 * day).unwrap().game.id;
    // two days later: the game nobody moved in goes, the played one and the fresh one stay
    assert_eq!(games.clean(2 * day + 1, None).unwrap(), (1, 0));
    assert!(matches!(games.load(unplayed), Err(GameError::NotFound(_))));
    assert!(games.load(played).is_ok() && games.load(fresh).is_ok());
    // with --keep-days 1, on day 3 the played game (unchanged since day 0) goes too
    assert_eq!(games.clean(3 * day, Some(1)).unwrap(), (0, 1));
    assert!(matches!(games.load(played), Err(GameError::NotFound(_))));
    assert!(games.load(fresh).is_ok());
    assert!(seen.borrow().is_empty(), "cleaning is no change of a game");
}

#[test]
fn a_new_games_parts_are_objects_never_arrays_of_their_fields() {
    let read = |json: &str| serde_json::from_str::<NewGame>(json).map_err(|e| e.to_string());
    for json in [r#"{"names": [null, null]}"#, r#"{"clock": [5, 2]}"#, r#"{"mouse": ["ryg1", 3]}"#] {
        assert!(read(json).is_err(), "{json} was accepted");
    }
    let spec =
        read(r#"{"names": {"mouse": "Ana"}, "clock": {"minutes": 5}, "mouse": {"engine": "ryg1"}}"#).unwrap();
    assert_eq!(spec.names.unwrap().mouse.as_deref(), Some("Ana"));
    assert_eq!(spec.clock.map(|c| c.minutes), Some(5.0));
    assert_eq!(spec.mouse, Some(SeatSpec::Engine(EngineSeat { engine: "ryg1".into(), depth: None })));
    let left_out = read(r#"{"names": null, "clock": null, "cats": "3"}"#).unwrap();
    assert!(left_out.names.is_none() && left_out.clock.is_none());
}

#[test]
fn a_player_seat_that_is_no_side_is_refused_rated_or_not() {
    let store = MemoryStore::default();
    service!(store, seen, games);
    for rated in [false, true] {
        let spec = NewGame { player_seat: Some("AAA".into()), rated, ..new_game("human", "human") };
        let err = games.create(&spec, 0).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("invalid \"player_seat\""), "rated {rated}: {err}");
    }
    assert!(seen.borrow().is_empty(), "nothing stored");
}

mod seats;
