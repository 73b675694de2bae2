//! Playing a friend: seat tokens, live updates, undo requests, resignation, rematches, clocks
//! and names, against the real `ryg serve` binary on a real port with a real SQLite file.

use crate::common;

use std::sync::mpsc;
use std::time::Duration;

use common::events::{friends_game, listen, moves, next};
use common::Server;
use ryg::{Position, Record, Size, Tablebase};
use serde_json::{json, Value};

#[test]
fn two_players_play_a_whole_game_with_their_tokens_and_nobody_else_can() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, mouse, cats) = friends_game(
        &server,
        json!({"size": 4, "mouse": "human", "cats": "human", "names": {"mouse": "Ana", "cats": "Bo"}}),
    );
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!((game["players"].as_str(), game["hotseat"].as_bool()), (Some("friends"), Some(false)));
    assert_ne!(mouse, cats);
    assert!(mouse.len() == 32 && mouse.bytes().all(|b| b.is_ascii_hexdigit()), "{mouse}");
    let base = server.url.clone();
    // links carry the public id, never the number
    let public = game["public_id"].as_str().unwrap();
    assert_eq!(game["links"]["mouse"], format!("{base}/#game={public}&token={mouse}"));
    assert_eq!(game["links"]["cats"], format!("{base}/#game={public}&token={cats}"));
    assert_eq!(game["links"]["watch"], format!("{base}/#game={public}"));
    assert_eq!(game["names"], json!({"mouse": "Ana", "cats": "Bo"}));
    // A token is shown only once: reading the game never shows it.
    let (_, seen) = server.get(&format!("/api/games/{id}"));
    assert!(seen.get("tokens").is_none() && !seen.to_string().contains(&mouse));
    assert_eq!(seen["you"], Value::Null);
    let (_, seen) = server.call_as("GET", &format!("/api/games/{id}"), None, Some(&cats));
    assert_eq!(seen["you"], "cats");

    let path = format!("/api/games/{id}/moves");
    let first = json!({"move": "c1d2"});
    // no token: 401 (authenticate first); a token that is not the right one: 403
    for (token, why, want) in [
        (None, "send your seat's token", 401),
        (Some(cats.as_str()), "needs the mouse' token: yours is the cats'", 403),
        (Some("0123456789abcdef0123456789abcdef"), "not a seat's of this game", 403),
    ] {
        let (status, err) = server.post_as(&path, first.clone(), token);
        assert_eq!(status, want, "{err}");
        assert!(err["error"].as_str().unwrap().contains(why), "{err}");
    }
    let (status, err) = server.call_as("POST", &path, Some(&first.to_string()), None);
    assert_eq!(status, 401, "{err}");
    let (status, err) =
        server.post_as(&format!("/api/games/{id}/computer"), json!({"level": "3"}), Some(&cats));
    assert_eq!(status, 403, "the cats cannot make the computer move for the mouse: {err}");
    let (_, unchanged) = server.get(&format!("/api/games/{id}"));
    assert_eq!((unchanged["version"].as_i64(), moves(&unchanged).len()), (Some(0), 0), "nothing stored");

    // The whole game: each side plays the tablebase's best move with its own token.
    let tb = Tablebase::build(Size::new(4).unwrap(), 1, &mut ());
    let mut game = unchanged;
    let mut plies = 0;
    while game["outcome"].is_null() {
        let position: Position = game["fen"].as_str().unwrap().parse().unwrap();
        let best = tb.best_moves(&position)[0].to_string();
        let (mine, theirs) = if game["to_move"] == "mouse" { (&mouse, &cats) } else { (&cats, &mouse) };
        let (status, _) = server.post_as(&path, json!({ "move": best }), Some(theirs));
        assert_eq!(status, 403, "the other seat's token never moves");
        let (status, next) = server.post_as(&path, json!({ "move": best }), Some(mine));
        assert_eq!(status, 200, "{next}");
        game = next;
        plies += 1;
    }
    assert_eq!(game["outcome"], json!({"winner": "cats", "reason": "mouse_trapped"}));
    assert_eq!(plies, tb.result(&Position::start(Size::new(4).unwrap(), None).unwrap()).plies);
    let (_, pgn) = server.get(&format!("/api/games/{id}/pgn"));
    let record = Record::parse(pgn.as_str().unwrap()).unwrap();
    assert_eq!((record.tag("Mouse"), record.tag("Cats"), record.result()), (Some("Ana"), Some("Bo"), "0-1"));
}

#[test]
fn the_event_stream_delivers_every_change_once_also_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let mut server = Server::start(&db);
    let (game, mouse, cats) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    let id = game["id"].as_str().unwrap().to_owned();
    let watcher = listen(&server.url, &game, None);
    let first = next(&watcher);
    assert_eq!((first.id, moves(&first.game).len()), (0, 0));
    let path = format!("/api/games/{id}/moves");
    let script = ["e1f2", "h8g7", "f2e3", "g7f6"];
    let mut answered = Vec::new();
    for (i, mv) in script.iter().enumerate() {
        let token = if i % 2 == 0 { &mouse } else { &cats };
        let (status, _) = server.post_as(&path, json!({ "move": mv }), Some(token));
        assert_eq!(status, 200);
        answered.push(mv.to_string());
        let event = next(&watcher);
        assert_eq!(event.id, i as i64 + 1, "one event per change, numbered by version");
        assert_eq!(moves(&event.game), answered, "each event holds every move so far");
        assert_eq!(event.game["last_move"], *mv);
    }
    assert!(watcher.recv_timeout(Duration::from_millis(300)).is_err(), "no event twice");

    // The server dies (SIGKILL) and comes back on the same file: every answered move is there,
    // and a stream resumed from the last event id sends nothing old.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    let tokens = server.tokens.take();
    drop(server);
    let server = Server::start(&db);
    server.tokens.replace(tokens);
    let resumed = listen(&server.url, &game, Some(4));
    assert!(resumed.recv_timeout(Duration::from_millis(500)).is_err(), "nothing newer than event 4 yet");
    let (status, _) = server.post_as(&path, json!({"move": "e3d4"}), Some(&mouse));
    assert_eq!(status, 200);
    let event = next(&resumed);
    assert_eq!(event.id, 5);
    assert_eq!(moves(&event.game), ["e1f2", "h8g7", "f2e3", "g7f6", "e3d4"]);
    // A stream opened from an older id gets the current game at once.
    let behind = listen(&server.url, &game, Some(2));
    assert_eq!(next(&behind).id, 5);
}

#[test]
fn undo_is_a_request_the_other_seat_answers() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, mouse, cats) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    let id = game["id"].as_str().unwrap().to_owned();
    let at = |what: &str| format!("/api/games/{id}/{what}");
    let (status, err) = server.post_as(&at("undo"), json!({}), Some(&mouse));
    assert_eq!((status, err["error"].as_str()), (409, Some("nothing to undo: the game is at its start")));
    server.post_as(&at("moves"), json!({"move": "e1f2"}), Some(&mouse));
    server.post_as(&at("moves"), json!({"move": "h8g7"}), Some(&cats));
    let (status, asked) = server.post_as(&at("undo"), json!({}), Some(&mouse));
    assert_eq!((status, asked["undo_request"].as_str()), (202, Some("mouse")), "{asked}");
    assert_eq!(moves(&asked).len(), 2, "nothing is taken back before the answer");
    let (status, _) = server.post_as(&at("undo/accept"), json!({}), Some(&mouse));
    assert_eq!(status, 409, "the asker cannot accept its own request");
    let (status, _) = server.post_as(&at("redo"), json!({}), Some(&mouse));
    assert_eq!(status, 409, "no redo between two players");
    let (status, undone) = server.post_as(&at("undo/accept"), json!({}), Some(&cats));
    assert_eq!(status, 200, "{undone}");
    assert_eq!((moves(&undone).len(), undone["to_move"].as_str()), (0, Some("mouse")));
    assert_eq!(undone["undo_request"], Value::Null);
    // Declined: nothing changes but the request; a move also cancels a request.
    server.post_as(&at("moves"), json!({"move": "e1d2"}), Some(&mouse));
    let (status, _) = server.post_as(&at("undo"), json!({}), Some(&cats));
    assert_eq!(status, 409, "the cats made no move yet");
    server.post_as(&at("undo"), json!({}), Some(&mouse));
    let (_, declined) = server.post_as(&at("undo/decline"), json!({}), Some(&cats));
    assert_eq!((moves(&declined), declined["undo_request"].clone()), (vec!["e1d2".to_string()], Value::Null));
    server.post_as(&at("undo"), json!({}), Some(&mouse));
    let (_, moved) = server.post_as(&at("moves"), json!({"move": "b8a7"}), Some(&cats));
    assert_eq!(moved["undo_request"], Value::Null);
    let (status, _) = server.post_as(&at("undo/accept"), json!({}), Some(&cats));
    assert_eq!(status, 409);
}

#[test]
fn resigning_ends_the_game_and_a_rematch_swaps_the_sides() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, mouse, cats) = friends_game(
        &server,
        json!({"size": 6, "mouse": "human", "cats": "human", "names": {"mouse": "Ana"}, "clock": {"minutes": 5, "increment": 2}}),
    );
    let id = game["id"].as_str().unwrap().to_owned();
    let at = |what: &str| format!("/api/games/{id}/{what}");
    let (status, _) = server.post_as(&at("rematch"), json!({}), Some(&mouse));
    assert_eq!(status, 409, "no rematch before the end");
    let (status, _) = server.post_as(&at("resign"), json!({}), None);
    assert_eq!(status, 401, "no token: authenticate first");
    let (status, over) = server.post_as(&at("resign"), json!({}), Some(&cats));
    assert_eq!(status, 200, "{over}");
    assert_eq!(over["outcome"], json!({"winner": "mouse", "reason": "resigned"}));
    assert_eq!((over["result"].as_str(), over["legal_moves"].clone()), (Some("1-0"), json!([])));
    assert_eq!(over["clock"]["running"], Value::Null);
    let (status, err) = server.post_as(&at("moves"), json!({"move": "c1b2"}), Some(&mouse));
    assert_eq!(status, 409);
    assert!(
        err["error"].as_str().unwrap().starts_with("the game is over: the mouse wins (resigned)"),
        "{err}"
    );
    let (_, pgn) = server.get(&at("pgn"));
    let record = Record::parse(pgn.as_str().unwrap()).unwrap();
    assert_eq!((record.tag("Termination"), record.result()), (Some("the cats resigned"), "*"));
    let (status, offered) = server.post_as(&at("rematch"), json!({}), Some(&mouse));
    assert_eq!((status, offered["rematch"].clone()), (202, json!({"offered_by": "mouse"})));
    let (status, new) = server.post_as(&at("rematch"), json!({}), Some(&cats));
    assert_eq!(status, 201, "{new}");
    let new_id = new["id"].as_str().unwrap().to_owned();
    assert_ne!(new_id, id);
    // Each player keeps their token, on the other side; names and clock follow.
    assert_eq!(
        (new["you"].as_str(), new["names"].clone()),
        (Some("mouse"), json!({"mouse": null, "cats": "Ana"}))
    );
    assert_eq!(new["clock"]["mouse_ms"], 300_000);
    let (_, as_mouse) = server.call_as("GET", &format!("/api/games/{new_id}"), None, Some(&mouse));
    assert_eq!(as_mouse["you"], "cats");
    let (_, old) = server.get(&format!("/api/games/{id}"));
    // the rematch's id is for its players; a watcher learns only that there is one
    assert_eq!((old["rematch_id"].as_str(), old["rematched"].as_bool()), (None, Some(true)), "{old}");
    let (_, old) = server.call_as("GET", &format!("/api/games/{id}"), None, Some(&mouse));
    assert_eq!((old["rematch_id"].as_str(), old["rematch"].clone()), (Some(new_id.as_str()), Value::Null));
    let (status, again) = server.post_as(&at("rematch"), json!({}), Some(&mouse));
    assert_eq!(
        (status, again["id"].as_str()),
        (201, Some(new_id.as_str())),
        "the offerer finds the same new game"
    );
    let first = new["legal_moves"][0].clone();
    let (status, _) =
        server.post_as(&format!("/api/games/{new_id}/moves"), json!({ "move": first }), Some(&cats));
    assert_eq!(status, 200, "the old cats' token now moves the mouse");
}

#[test]
fn a_clock_that_runs_out_ends_the_game_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, mouse, cats) =
        friends_game(&server, json!({"mouse": "human", "cats": "human", "clock": {"minutes": 0.05}}));
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(
        game["clock"],
        json!({"initial_ms": 3000, "increment_ms": 0, "mouse_ms": 3000, "cats_ms": 3000, "running": null})
    );
    let watcher = listen(&server.url, &game, None);
    next(&watcher);
    let (_, moved) = server.post_as(&format!("/api/games/{id}/moves"), json!({"move": "e1f2"}), Some(&mouse));
    assert_eq!(
        (moved["clock"]["running"].as_str(), moved["clock"]["mouse_ms"].as_i64()),
        (Some("cats"), Some(3000))
    );
    next(&watcher);
    // Nobody moves: the server ends the game when the cats' 3 s are gone and says so.
    let flagged = next(&watcher);
    assert_eq!(flagged.game["outcome"], json!({"winner": "mouse", "reason": "time"}));
    assert_eq!(
        (flagged.game["clock"]["cats_ms"].as_i64(), flagged.game["result"].as_str()),
        (Some(0), Some("1-0"))
    );
    let (status, err) =
        server.post_as(&format!("/api/games/{id}/moves"), json!({"move": "h8g7"}), Some(&cats));
    assert_eq!(status, 409, "{err}");
}

#[test]
fn names_are_checked_and_kept_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, mouse, _) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    let name = format!("/api/games/{}/name", game["id"].as_str().unwrap());
    let script = "<script>alert(1)</script>";
    let (status, named) = server.post_as(&name, json!({ "name": script }), Some(&mouse));
    assert_eq!((status, named["names"]["mouse"].as_str()), (200, Some(script)));
    for (body, message) in [
        (json!({"name": "x".repeat(33)}), "a name has at most 32 characters"),
        (json!({"name": "a\u{1b}[2Jb"}), "a name may not hold control characters"),
        (json!({"name": "Ana\u{202E}1-0"}), "direction overrides or invisible characters"),
        (json!({"name": "An\u{2067}a"}), "direction overrides or invisible characters"),
        (json!({"name": "A\u{200B}na"}), "direction overrides or invisible characters"),
        (json!({"name": "\u{FEFF}Ana"}), "direction overrides or invisible characters"),
        // every format character (Cf), line or paragraph separator (Zl, Zp) and default-ignorable
        // code point
        (json!({"name": "Ana\u{061C}1"}), "direction overrides or invisible characters"),
        (json!({"name": "A\u{2060}na"}), "direction overrides or invisible characters"),
        (json!({"name": "An\u{2028}a"}), "direction overrides or invisible characters"),
        (json!({"name": "An\u{2029}a"}), "direction overrides or invisible characters"),
        (json!({"name": "A\u{00AD}na"}), "direction overrides or invisible characters"),
        (json!({"name": "Ana\u{180E}"}), "direction overrides or invisible characters"),
        (json!({"name": "\u{3164}"}), "direction overrides or invisible characters"),
        (json!({"name": "Ana\u{E0041}"}), "direction overrides or invisible characters"),
        (json!({"name": "A\u{1D173}na"}), "direction overrides or invisible characters"),
        // and every blank-looking one: spaces but the plain one, Braille (U+2800 shows nothing)
        (json!({"name": "\u{2800}"}), "direction overrides or invisible characters"),
        (json!({"name": "Ana\u{2800}"}), "direction overrides or invisible characters"),
        (json!({"name": "\u{115F}\u{1160}"}), "direction overrides or invisible characters"),
        (json!({"name": "\u{FFA0}"}), "direction overrides or invisible characters"),
        (json!({"name": "Ana\u{00A0}Pérez"}), "direction overrides or invisible characters"),
        (json!({"name": "A\u{3000}na"}), "direction overrides or invisible characters"),
        (json!({"name": "Ana", "side": "cats"}), "needs the cats' token"),
    ] {
        let (status, err) = server.post_as(&name, body, Some(&mouse));
        assert!(status == 400 || status == 403, "{err}");
        assert!(err["error"].as_str().unwrap().contains(message), "{err}");
    }
    let (status, _) = server.post("/api/games", json!({"names": {"mouse": "é".repeat(33)}}));
    assert_eq!(status, 400);
    let (status, err) = server.post("/api/games", json!({"names": {"cats": "Gatos\u{202D}"}}));
    assert_eq!((status, err["code"].as_str()), (400, Some("bad_request")), "{err}");
    let (status, _) = server.post_as(&name, json!({"name": "é".repeat(32)}), Some(&mouse));
    assert_eq!(status, 200, "32 characters, not bytes");
    for fine in ["Zoë Ångström", "مريم", "Đặng 🐭"] {
        let (status, named) = server.post_as(&name, json!({ "name": fine }), Some(&mouse));
        assert_eq!((status, named["names"]["mouse"].as_str()), (200, Some(fine)));
    }
}

#[test]
fn games_against_the_computer_have_a_token_for_the_human_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, game) = server.post("/api/games", json!({"mouse": "human", "cats": "2", "seed": 1}));
    assert_eq!(status, 201);
    assert_eq!(game["tokens"].as_object().unwrap().keys().collect::<Vec<_>>(), ["mouse"]);
    assert_eq!(game["players"], "computer");
    let id = game["id"].as_str().unwrap().to_owned();
    for (what, body) in [
        ("moves", json!({"move": "e1f2"})),
        ("undo", json!({})),
        ("computer", json!({})),
        ("resign", json!({})),
    ] {
        let (status, _) = server.post_as(&format!("/api/games/{id}/{what}"), body, None);
        assert_eq!(status, 401, "{what} without a token");
    }
    let (status, hot) = server.post("/api/games", json!({"mouse": "2", "cats": "3", "hotseat": true}));
    assert_eq!((status, hot["error"].as_str()), (400, Some("\"hotseat\" needs two human seats")));
}

#[test]
fn event_streams_are_limited_per_client() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start_with(&db, &["--max-streams-per-client", "2"]);
    let (game, _, _) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    let id = game["id"].as_str().unwrap().to_owned();
    let a = listen(&server.url, &game, None);
    let b = listen(&server.url, &game, None);
    next(&a);
    next(&b);
    let (status, err) = server.get(&format!("/api/games/{id}/events"));
    assert_eq!(status, 429, "{err}");
    assert!(err["error"].as_str().unwrap().starts_with("too many event streams from 127.0.0.1: at most 2"));
    // a number names the game only with a seat's token (an event stream carries none)
    let number = common::number_of(&db, &id);
    let (status, _) = server.call_as("GET", &format!("/api/games/{number}/events"), None, None);
    assert_eq!(status, 404);
}

#[test]
fn a_stream_whose_game_stays_unchanged_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("games.sqlite3"), &["--stream-idle", "1"]);
    let (game, _, _) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    let events = listen(&server.url, &game, None);
    assert_eq!(next(&events).id, 0);
    assert_eq!(
        events.recv_timeout(Duration::from_secs(20)).unwrap_err(),
        mpsc::RecvTimeoutError::Disconnected,
        "the server ends the stream after a second without a change"
    );
}

#[test]
fn games_unchanged_for_30_days_are_archived_not_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start_with(&db, &["--public-games"]);
    let (old, _, _) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    let (new, _, _) = friends_game(&server, json!({"mouse": "human", "cats": "human"}));
    common::execute(
        &db,
        &format!("UPDATE games SET updated_at = '2026-10-01T00:00:00Z' WHERE public_id = {}", old["id"])
            .replace('"', "'"),
    );
    let ids = |path: &str| -> Vec<String> {
        let (_, list) = server.get(path);
        list["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(ids("/api/games"), [new["id"].as_str().unwrap().to_owned()]);
    assert_eq!(
        ids("/api/games?archived=true"),
        [new["id"].as_str().unwrap().to_owned(), old["id"].as_str().unwrap().to_owned()]
    );
    let (status, kept) = server.get(&format!("/api/games/{}", old["id"].as_str().unwrap()));
    assert_eq!((status, kept["id"].clone()), (200, old["id"].clone()));
    let (status, _) = server.get("/api/games?archived=maybe");
    assert_eq!(status, 400);
}

#[test]
fn move_and_undo_cycles_cannot_raise_a_clock() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (status, game) = server.post(
        "/api/games",
        json!({"mouse": "human", "cats": "human", "hotseat": true, "clock": {"minutes": 1, "increment": 5}}),
    );
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    for mv in ["e1f2", "h8g7"] {
        assert_eq!(server.post(&format!("/api/games/{id}/moves"), json!({"move": mv})).0, 200);
    }
    let (_, after_cats) = server.get(&format!("/api/games/{id}"));
    let cats_ms = after_cats["clock"]["cats_ms"].as_i64().unwrap();
    assert!(cats_ms > 60_000, "the cats got their increment: {cats_ms}");
    for _ in 0..10 {
        let (status, moved) = server.post(&format!("/api/games/{id}/moves"), json!({"move": "f2e3"}));
        assert_eq!(status, 200, "{moved}");
        let (status, undone) = server.post(&format!("/api/games/{id}/undo"), json!({}));
        assert_eq!(status, 200, "{undone}");
    }
    let (_, now) = server.get(&format!("/api/games/{id}"));
    assert_eq!(now["moves"].as_array().unwrap().len(), 2);
    assert_eq!(now["clock"]["cats_ms"].as_i64().unwrap(), cats_ms, "the cats' time is as it was");
    let mouse_ms = now["clock"]["mouse_ms"].as_i64().unwrap();
    assert!((50_000..=60_000).contains(&mouse_ms), "the mouse has its time, no increments: {mouse_ms}");
}

pub(crate) fn enc(fen: &str) -> String {
    fen.replace(' ', "%20").replace('/', "%2F")
}

/// A game between two people on 6×6 from a set-up position (two plies after the start: a game
/// from a start position closes nothing in its opening) and the mouse's token.
pub(crate) fn set_up_friends_game(server: &Server) -> (Value, String) {
    let (status, start) = server.post("/api/games", json!({"size": 6, "mouse": "human", "cats": "3"}));
    assert_eq!(status, 201, "{start}");
    let mut p: Position = start["fen"].as_str().unwrap().parse().unwrap();
    for _ in 0..2 {
        p = p.play(p.legal_moves()[0]).unwrap();
    }
    let (game, mouse, _) = friends_game(server, json!({"fen": p.fen(), "mouse": "human", "cats": "human"}));
    (game, mouse)
}

/// [`set_up_friends_game`] with the mouse's first move played: the game as created, its public
/// id, the mouse's token and the game after the move.
pub(crate) fn friends_game_one_move_in(server: &Server) -> (Value, String, String, Value) {
    let (game, mouse) = set_up_friends_game(server);
    let public = game["public_id"].as_str().unwrap().to_owned();
    let first = json!({"move": game["legal_moves"][0]}).to_string();
    let (status, g) =
        server.call_as("POST", &format!("/api/games/{public}/moves"), Some(&first), Some(&mouse));
    assert_eq!(status, 200, "{g}");
    (game, public, mouse, g)
}

/// The opening is everyone's: a game between two people from a start position closes nothing
/// in its first `OPEN_PLIES` (8) plies, so a friend game just begun does not close the start
/// position to every other visitor's analysis, hints and lessons; from then on it closes its
/// positions. (Before: creating a friend game closed the start position and every first move.)
#[test]
fn a_live_friends_games_opening_is_not_closed() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, mouse, cats) = friends_game(&server, json!({"size": 6, "mouse": "human", "cats": "human"}));
    let public = game["public_id"].as_str().unwrap().to_owned();
    let start = game["fen"].as_str().unwrap().to_owned();
    let mut fen = start.clone();
    for ply in 0..8 {
        for at in [&start, &fen] {
            let (status, body) = server.get(&format!("/api/solve?fen={}", enc(at)));
            assert_eq!(status, 200, "ply {ply}: {body}");
        }
        let board: Position = fen.parse().unwrap();
        let token = if ply % 2 == 0 { &mouse } else { &cats };
        // the mouse keeps away from the corner, so the game lasts past its opening
        let moves = board.legal_moves();
        let chosen = if ply % 2 == 0 { moves[moves.len() - 1] } else { moves[0] };
        let mv = json!({"move": chosen.to_string()}).to_string();
        let (status, g) =
            server.call_as("POST", &format!("/api/games/{public}/moves"), Some(&mv), Some(token));
        assert_eq!(status, 200, "{g}");
        fen = g["fen"].as_str().unwrap().to_owned();
    }
    let (status, body) = server.get(&format!("/api/solve?fen={}", enc(&fen)));
    assert_eq!((status, body["code"].as_str()), (403, Some("live_game")), "after 8 plies: {body}");
    let (status, body) = server.get(&format!("/api/solve?fen={}", enc(&start)));
    assert_eq!(status, 200, "{body}");
}

/// A game between two people is not analysed while it is played, from its page or through the
/// API: every route that judges a position (`/api/solve`, `…/analyze`, `…/eval`, `…/tree`,
/// `…/think`, `…/techniques`, `…/weights`) refuses the position on its board, every position
/// one move from it and the one before its last move with `403 live_game`, to anyone, as does
/// the game's review; once the game is over they are answered. (Before: `/api/analyze` and the
/// review answered anyone, and the watch page's Analysis mode opened on the live position.)
#[test]
fn a_live_friends_games_positions_are_not_analysed_until_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.sqlite3"));
    let (game, public, mouse, g) = friends_game_one_move_in(&server);
    let board: Position = g["fen"].as_str().unwrap().parse().unwrap();
    let before: Position = game["fen"].as_str().unwrap().parse().unwrap();
    let next = board.play(board.legal_moves()[0]).unwrap();
    let farther = next.play(next.legal_moves()[0]).unwrap();
    let judge = |fen: &str| {
        [
            format!("/api/solve?fen={}", enc(fen)),
            format!("/api/analyze?fen={}&depth=2", enc(fen)),
            format!("/api/eval?fen={}", enc(fen)),
            format!("/api/tree?fen={}&depth=1", enc(fen)),
            format!("/api/think?fen={}&depth=1", enc(fen)),
            format!("/api/techniques?fen={}&depth=1", enc(fen)),
            format!("/api/weights?fen={}&depth=1", enc(fen)),
        ]
    };
    // the board's position, written as the page writes it and otherwise (upper case, spaces)
    let shouted = format!("  {}  ", board.fen().to_uppercase());
    for fen in [board.fen(), shouted, next.fen(), before.fen()] {
        for path in judge(&fen) {
            for token in [None, Some(mouse.as_str())] {
                let (status, body) = server.call_as("GET", &path, None, token);
                assert_eq!((status, body["code"].as_str()), (403, Some("live_game")), "{path}: {body}");
            }
        }
    }
    let (status, body) = server.get(&format!("/api/games/{public}/review"));
    assert_eq!((status, body["code"].as_str()), (403, Some("live_game")), "{body}");
    // what judges nothing is answered, and so are positions farther away
    let (status, body) = server.get(&format!("/api/moves?fen={}", enc(&board.fen())));
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.get(&format!("/api/solve?fen={}", enc(&farther.fen())));
    assert_eq!(status, 200, "{body}");
    // a game against the computer closes nothing
    let (status, computer) = server.post("/api/games", json!({"size": 8, "mouse": "human", "cats": "3"}));
    assert_eq!(status, 201, "{computer}");
    let (status, body) = server.get(&format!("/api/solve?fen={}", enc(computer["fen"].as_str().unwrap())));
    assert_eq!(status, 200, "{body}");

    // over: everything is answered
    let (status, g) =
        server.call_as("POST", &format!("/api/games/{public}/resign"), Some("{}"), Some(&mouse));
    assert_eq!(status, 200, "{g}");
    for fen in [board.fen(), next.fen(), before.fen()] {
        for path in judge(&fen) {
            let (status, body) = server.get(&path);
            assert_eq!(status, 200, "{path}: {body}");
        }
    }
    let (status, body) = server.get(&format!("/api/games/{public}/review"));
    assert_eq!(status, 200, "{body}");
}

/// The positions of a game between two people stay closed after a server restart (the server
/// reads the games played within the last day when it starts).
#[test]
fn a_live_friends_game_stays_closed_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(&db);
    let (_, _, _, g) = friends_game_one_move_in(&server);
    drop(server);
    let server = Server::start(&db);
    let (status, body) = server.get(&format!("/api/solve?fen={}", enc(g["fen"].as_str().unwrap())));
    assert_eq!((status, body["code"].as_str()), (403, Some("live_game")), "{body}");
}
