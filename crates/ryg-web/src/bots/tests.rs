//! The bots' rules over SQLite, without HTTP: the games a bot plays and the seat it acts for,
//! what its stream says, and the stream itself over the hub and the inbox.

use std::sync::Arc;

use ryg_wide::Side;
use serde_json::Value;

use super::events::{challenge, game_start, game_state};
use super::feed::{answer, Ask, Feed, Load};
use super::inbox::{Inbox, Notice};
use super::seats::{playing, seat_token};
use crate::events::{Change, Hub, StreamLimits};
use crate::game::{Created, Games, NewGame};
use crate::people::{People, PeopleError};
use crate::store::players::{PlayerStore, SeatHeld};
use crate::store::sqlite::SqliteStore;
use crate::store::{ServerStore, StoredGame};

fn friends() -> NewGame {
    NewGame { mouse: Some("human".into()), cats: Some("human".into()), seed: Some(1), ..NewGame::default() }
}

fn token_hash(created: &Created, side: Side) -> String {
    crate::token::hash(&created.tokens.iter().find(|(s, _)| *s == side).unwrap().1)
}

/// A store with a bot holding the mouse's seat of a new friends' game, the game and the bot.
fn seated_bot(store: &SqliteStore) -> (Created, i64) {
    let players = store.players().unwrap();
    let (bot, _) = People::new(players).join_as(Some(&"b".repeat(64)), "Robot", true, 0).unwrap();
    assert!(bot.bot);
    let none = |_: &StoredGame| {};
    let created = Games::new(store, &none).create(&friends(), 1000).unwrap();
    players.hold_seat(SeatHeld { game: created.game.id, side: 0, player: bot.id, rated: true }).unwrap();
    (created, bot.id)
}

#[test]
fn a_bot_plays_the_games_it_holds_a_seat_of_and_acts_with_that_seats_token() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap();
    let players = store.players().unwrap();
    let (created, bot) = seated_bot(&store);
    let seated = playing(players, &store, bot).unwrap();
    assert_eq!(seated.len(), 1);
    assert_eq!((seated[0].side, seated[0].rated, seated[0].to_move()), (Side::Mouse, true, true));
    let mouse = token_hash(&created, Side::Mouse);
    assert_eq!(seat_token(players, &created.game, bot).unwrap(), Some(mouse.clone()));
    assert_eq!(seat_token(players, &created.game, bot + 1).unwrap(), None, "no seat, no token");

    // what the stream says of it, before and after the bot's move, and at its end
    let start = game_start(&seated[0]);
    assert_eq!((start["type"].as_str(), start["game"]["side"].as_str()), (Some("gameStart"), Some("mouse")));
    let state = game_state(&seated[0], 1000);
    assert_eq!((state["type"].as_str(), state["your_turn"].as_bool()), (Some("gameState"), Some(true)));
    assert!(!state["game"]["legal_moves"].as_array().unwrap().is_empty(), "{state}");
    let none = |_: &StoredGame| {};
    let games = Games::new(&store, &none);
    let mut g = created.game.clone();
    let mv = g.game.position().legal_moves()[0].to_string();
    games.play(&mut g, Some(&mouse), &mv, 2000).unwrap();
    let after = &playing(players, &store, bot).unwrap()[0];
    assert_eq!(game_state(after, 2000)["your_turn"], false);
    games.resign(&mut g, Some(&token_hash(&created, Side::Cats)), 3000).unwrap();
    let finished = super::seats::seat_in(players, g, bot).unwrap().unwrap();
    let end = game_state(&finished, 3000);
    assert_eq!((end["type"].as_str(), end["won"].as_bool()), (Some("gameFinish"), Some(true)), "{end}");
    let unheard = playing(players, &store, bot).unwrap();
    assert_eq!(unheard.len(), 1, "an end not sent yet is kept for the bot's next stream");
    assert_eq!(game_state(&unheard[0], 3000)["type"], "gameFinish");
    players.end_sent(finished.game.id, bot).unwrap();
    assert!(playing(players, &store, bot).unwrap().is_empty(), "a finished game is played no longer");
    assert_eq!(challenge(&serde_json::json!({"id": "c1"}))["challenge"]["id"], "c1");
}

#[test]
fn a_player_becomes_a_bot_only_before_their_first_game() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap();
    let people = People::new(store.players().unwrap());
    let (ana, bo) = ("a".repeat(64), "o".repeat(64));
    let (p, _) = people.join(Some(&ana), "Ana", 0).unwrap();
    assert!(matches!(people.bot(Some(&ana)), Err(PeopleError::NotABot)));
    let none = |_: &StoredGame| {};
    let created = Games::new(&store, &none).create(&friends(), 1000).unwrap();
    let seat = SeatHeld { game: created.game.id, side: 1, player: p.id, rated: true };
    store.players().unwrap().hold_seat(seat).unwrap();
    assert!(matches!(people.become_bot(Some(&ana)), Err(PeopleError::NotNow(_))));
    people.join(Some(&bo), "Bo", 0).unwrap();
    assert!(people.become_bot(Some(&bo)).unwrap().bot);
    assert!(people.bot(Some(&bo)).unwrap().bot, "the mark is stored");
}

#[test]
fn an_inbox_reaches_the_players_listening_only() {
    let inbox = Inbox::default();
    inbox.deliver(1, Notice::Seated(5));
    let mut one = inbox.subscribe(1);
    let mut two = inbox.subscribe(2);
    inbox.deliver(1, Notice::Seated(6));
    inbox.challenge(2, &serde_json::json!({"id": "c"}));
    assert_eq!(one.try_recv().unwrap(), Notice::Seated(6), "nothing before it listened");
    assert_eq!(two.try_recv().unwrap(), Notice::Challenge(Arc::from(r#"{"id":"c"}"#)));
    drop(one);
    assert_eq!(inbox.listening(), 1);
}

fn load(store: &Arc<SqliteStore>, player: i64) -> Load {
    let store = Arc::clone(store);
    Arc::new(move |ask: Ask| {
        let found = answer(store.players().unwrap(), &*store, player, ask)
            .map_err(|e| crate::error::ApiError::internal(e.to_string()));
        Box::pin(async move { found })
    })
}

async fn line(feed: &mut Feed) -> Value {
    let text = tokio::time::timeout(std::time::Duration::from_secs(5), feed.next()).await.unwrap().unwrap();
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn a_bots_stream_gives_its_games_their_changes_new_seats_and_challenges() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open(&dir.path().join("games.sqlite3")).unwrap());
    let (created, bot) = seated_bot(&store);
    let (hub, inbox) = (Arc::new(Hub::new(StreamLimits::default())), Inbox::default());
    let ip: std::net::IpAddr = "127.0.0.1".parse().unwrap();
    let mut feed = Feed::open(Arc::clone(&hub), &inbox, (bot, ip), load(&store, bot)).await.unwrap();
    assert_eq!(hub.open_streams(), 1, "a bot's stream holds one place");
    assert_eq!(line(&mut feed).await["type"], "gameStart");
    assert_eq!(line(&mut feed).await["your_turn"], true);

    // a move stored and published: the game's new state
    let mut g = created.game.clone();
    let mv = g.game.position().legal_moves()[0].to_string();
    let publish = |g: &StoredGame| hub.publish(g.id, Change { version: g.version, json: Arc::from("{}") });
    Games::new(&*store, &publish).play(&mut g, Some(&token_hash(&created, Side::Mouse)), &mv, 2000).unwrap();
    let state = line(&mut feed).await;
    assert_eq!((state["your_turn"].as_bool(), state["game"]["moves"][0].as_str()), (Some(false), Some(&*mv)));

    // a seat taken for it in another game, and a challenge
    let none = |_: &StoredGame| {};
    let other = Games::new(&*store, &none).create(&friends(), 3000).unwrap();
    store.hold_seat(SeatHeld { game: other.game.id, side: 1, player: bot, rated: false }).unwrap();
    inbox.deliver(bot, Notice::Seated(other.game.id));
    let start = line(&mut feed).await;
    assert_eq!(
        (start["type"].as_str(), start["game"]["id"].as_str()),
        (Some("gameStart"), Some(&*other.game.public_id))
    );
    assert_eq!(line(&mut feed).await["your_turn"], false, "the mouse moves first");
    inbox.challenge(bot, &serde_json::json!({"id": "c9"}));
    assert_eq!(line(&mut feed).await["challenge"]["id"], "c9");

    // reconnecting gives both games again, as they stand
    drop(feed);
    assert_eq!(hub.open_streams(), 0, "its place is given back");
    let mut again = Feed::open(hub, &inbox, (bot, ip), load(&store, bot)).await.unwrap();
    let kinds: Vec<Value> = [line(&mut again).await, line(&mut again).await, line(&mut again).await].into();
    assert_eq!(kinds[1]["game"]["moves"][0].as_str(), Some(&*mv), "no move lost: {kinds:?}");
    assert_eq!(kinds[2]["type"], "gameStart");
}
